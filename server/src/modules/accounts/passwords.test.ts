import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH, bearer, login, makeAccount, RELAXED_LIMITS, testClock } from "../../testing/accounts.ts";
import { TestMailbox } from "../../testing/smtp.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

const SITE = "http://shop.test";
const RESET_LINK = /http:\/\/shop\.test\/reset\/password\/confirm\/([A-Za-z0-9_-]+)\/([0-9a-z]+-[A-Za-z0-9_-]+)/;

let mailbox: TestMailbox;
let t: TestApp;
const time = testClock();

beforeAll(async () => {
  mailbox = await TestMailbox.start();
  t = await createTestApp({ SMTP_URL: mailbox.url, SITE_URL: SITE }, {}, { clock: time.clock, rateLimit: { limits: RELAXED_LIMITS } });
});
afterAll(async () => {
  await t.close();
  await mailbox.stop();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: `${AUTH}${url}`, headers, payload: payload as object });
const loginStatus = async (email: string, password: string) => (await post("/login/", { email, password })).statusCode;

describe("password/change/", () => {
  it("changes the password, revokes older sessions and answers a fresh pair", async () => {
    const user = await makeAccount(t.database.db);
    const session = await login(t.app, user.email, user.password);
    const otherDevice = await login(t.app, user.email, user.password);

    const res = await post(
      "/password/change/",
      { old_password: user.password, new_password1: "Wheat-Rust-Resistant-7", new_password2: "Wheat-Rust-Resistant-7" },
      bearer(session.access),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ detail: "New password has been saved.", access: expect.any(String), refresh: expect.any(String) });

    expect(await loginStatus(user.email, user.password)).toBe(400);
    expect(await loginStatus(user.email, "Wheat-Rust-Resistant-7")).toBe(200);
    for (const refresh of [session.refresh, otherDevice.refresh]) {
      expect((await post("/token/refresh/", { refresh })).statusCode).toBe(401);
    }
    expect((await post("/token/refresh/", { refresh: body.refresh })).statusCode).toBe(200);
    // The old access tokens end with their sessions (a stolen one is worth nothing now); the new one works.
    const whoAmI = (access: string) => t.app.inject({ url: `${AUTH}/user/`, headers: bearer(access) });
    for (const access of [session.access, otherDevice.access]) expect((await whoAmI(access)).statusCode).toBe(401);
    expect((await whoAmI(body.access)).statusCode).toBe(200);
  });

  it("refuses a wrong old password under old_password and keeps the password", async () => {
    const user = await makeAccount(t.database.db);
    const session = await login(t.app, user.email, user.password);
    const res = await post(
      "/password/change/",
      { old_password: "Not-My-Password-1", new_password1: "Wheat-Rust-Resistant-7", new_password2: "Wheat-Rust-Resistant-7" },
      bearer(session.access),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ old_password: ["Your old password was entered incorrectly. Please enter it again."] });
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });

  it.each([
    ["different passwords", "Wheat-Rust-Resistant-7", "Wheat-Rust-Resistant-8", "The two password fields didn't match."],
    ["a short password", "Jowar1!", "Jowar1!", "This password is too short. It must contain at least 8 characters."],
    ["a common password", "iloveyou", "iloveyou", "This password is too common."],
    ["a numeric password", "908172635", "908172635", "This password is entirely numeric."],
  ])("refuses %s under new_password2", async (_what, new_password1, new_password2, message) => {
    const user = await makeAccount(t.database.db);
    const session = await login(t.app, user.email, user.password);
    const res = await post("/password/change/", { old_password: user.password, new_password1, new_password2 }, bearer(session.access));
    expect(res.statusCode).toBe(400);
    expect(res.json().new_password2).toContain(message);
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });

  it("needs a signed-in user", async () => {
    const res = await post("/password/change/", { old_password: "a", new_password1: "b", new_password2: "b" });
    expect(res.statusCode).toBe(401);
  });
});

describe("password/reset/ and password/reset/confirm/", () => {
  const reset = (email: string) => post("/password/reset/", { email });
  const linkFor = async (email: string, nth = 0) => {
    await t.app.services.accounts.drain();
    const mail = mailbox.to(email)[nth];
    if (!mail) throw new Error(`no reset e-mail #${nth} for ${email}`);
    const [, uid, token] = RESET_LINK.exec(mail.text) as RegExpExecArray;
    return { uid: uid as string, token: token as string, mail };
  };
  const confirm = (uid: string, token: string, password = "Cotton-Bollworm-Guard-3", again = password) =>
    post("/password/reset/confirm/", { uid, token, new_password1: password, new_password2: again });

  it("gives the same answer for known and unknown addresses, and mails only the known one", async () => {
    const user = await makeAccount(t.database.db);
    const known = await reset(user.email.toUpperCase());
    const unknown = await reset("no.such.farmer@example.in");
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: "Password reset e-mail has been sent." });
    }
    const { mail } = await linkFor(user.email);
    expect(mail.subject).toBe("Reset your Krishi Bazaar password");
    expect(mail.html).toMatch(RESET_LINK);
    expect(mailbox.to("no.such.farmer@example.in")).toHaveLength(0);
  });

  it("sets the new password with the link once, revoking every session", async () => {
    const user = await makeAccount(t.database.db);
    const session = await login(t.app, user.email, user.password);
    await reset(user.email);
    const { uid, token } = await linkFor(user.email);

    const res = await confirm(uid, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: "Password has been reset with the new password." });
    expect(await loginStatus(user.email, "Cotton-Bollworm-Guard-3")).toBe(200);
    expect(await loginStatus(user.email, user.password)).toBe(400);
    expect((await post("/token/refresh/", { refresh: session.refresh })).statusCode).toBe(401);

    const again = await confirm(uid, token, "Another-Fresh-Password-9");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ token: ["Invalid value"] });
    expect(await loginStatus(user.email, "Cotton-Bollworm-Guard-3")).toBe(200);
  });

  it("refuses a link older than 3 days", async () => {
    const user = await makeAccount(t.database.db);
    await reset(user.email);
    const { uid, token } = await linkFor(user.email);
    time.advance(3 * 24 * 3600_000 + 60_000);
    const res = await confirm(uid, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ token: ["Invalid value"] });
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });

  it("refuses a link once the password changed some other way", async () => {
    const user = await makeAccount(t.database.db);
    await reset(user.email);
    const { uid, token } = await linkFor(user.email);
    const session = await login(t.app, user.email, user.password);
    const changed = await post(
      "/password/change/",
      { old_password: user.password, new_password1: "Changed-Meanwhile-5", new_password2: "Changed-Meanwhile-5" },
      bearer(session.access),
    );
    expect(changed.statusCode).toBe(200);
    const res = await confirm(uid, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ token: ["Invalid value"] });
  });

  it("lets only one of two simultaneous uses of a link succeed", async () => {
    const user = await makeAccount(t.database.db);
    await reset(user.email);
    const { uid, token } = await linkFor(user.email);
    const answers = await Promise.all([confirm(uid, token, "First-Racer-Password-1"), confirm(uid, token, "Second-Racer-Password-2")]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it("refuses a forged token, another user's token and a bad uid", async () => {
    const user = await makeAccount(t.database.db);
    const other = await makeAccount(t.database.db);
    await reset(user.email);
    await reset(other.email);
    const mine = await linkFor(user.email);
    const theirs = await linkFor(other.email);

    const forged = await confirm(mine.uid, `${mine.token.slice(0, -3)}abc`);
    expect(forged.json()).toMatchObject({ token: ["Invalid value"] });
    const swapped = await confirm(mine.uid, theirs.token);
    expect(swapped.json()).toMatchObject({ token: ["Invalid value"] });
    for (const uid of ["", "%%%", "MTIzNDU2Nzg5MDEyMw", Buffer.from("0").toString("base64url"), Buffer.from("abc").toString("base64url")]) {
      const res = await confirm(uid, mine.token);
      expect(res.statusCode, uid).toBe(400);
    }
    const badUid = await confirm(Buffer.from("99999").toString("base64url"), mine.token);
    expect(badUid.json()).toMatchObject({ uid: ["Invalid value"] });
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });

  it("applies the password rules under new_password2, keeping the link usable", async () => {
    const user = await makeAccount(t.database.db);
    await reset(user.email);
    const { uid, token } = await linkFor(user.email);
    const mismatch = await confirm(uid, token, "Cotton-Bollworm-Guard-3", "Cotton-Bollworm-Guard-4");
    expect(mismatch.json()).toMatchObject({ new_password2: ["The two password fields didn't match."] });
    const weak = await confirm(uid, token, "12345678");
    expect(weak.json().new_password2).toEqual(["This password is too common.", "This password is entirely numeric."]);
    expect((await confirm(uid, token)).statusCode).toBe(200);
  });

  it("sends no link to an address its account never verified: a reset must not hand over an account someone else made", async () => {
    const user = await makeAccount(t.database.db, { email_verified: false });
    expect((await reset(user.email)).statusCode).toBe(200);
    await t.app.services.accounts.drain();
    expect(mailbox.to(user.email)).toHaveLength(0);
    expect(await loginStatus(user.email, user.password)).toBe(400);
  });

  it("lets a Google-only account set a password through the link", async () => {
    const user = await makeAccount(t.database.db, { password: null, google_sub: "google-only-reset" });
    await reset(user.email);
    const { uid, token } = await linkFor(user.email);
    expect((await confirm(uid, token)).statusCode).toBe(200);
    expect(await loginStatus(user.email, "Cotton-Bollworm-Guard-3")).toBe(200);
  });

  it("sends nothing for a deactivated account", async () => {
    const user = await makeAccount(t.database.db, { is_active: false });
    expect((await reset(user.email)).statusCode).toBe(200);
    await t.app.services.accounts.drain();
    expect(mailbox.to(user.email)).toHaveLength(0);
  });
});

describe("sign-in with a hash made at an older, lower cost", () => {
  it("rehashes the password at the current cost, once, and the password still works", async () => {
    const stronger = await createTestApp({}, {}, { rateLimit: { limits: RELAXED_LIMITS }, passwordCost: { N: 2 ** 13, r: 8, p: 1 } });
    try {
      const user = await makeAccount(stronger.database.db); // hashed at the tests' N=2^12
      const hashOf = async () =>
        (await stronger.database.db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow())
          .password_hash;
      expect((await hashOf())?.startsWith("scrypt$4096$")).toBe(true);
      await login(stronger.app, user.email, user.password);
      const upgraded = await hashOf();
      expect(upgraded?.startsWith("scrypt$8192$8$1$")).toBe(true);
      await login(stronger.app, user.email, user.password);
      expect(await hashOf()).toBe(upgraded);
    } finally {
      await stronger.close();
    }
  });
});
