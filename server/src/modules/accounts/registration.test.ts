import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxDir } from "../../lib/mail.ts";
import { AUTH, bearer, login, makeAccount, RELAXED_LIMITS, testClock } from "../../testing/accounts.ts";
import { TestMailbox } from "../../testing/smtp.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

const SITE = "http://shop.test";
const CONFIRM_LINK = /http:\/\/shop\.test\/dj-rest-auth\/registration\/account-confirm-email\/([^/\s]+)\//;

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

const post = (url: string, payload: unknown) => t.app.inject({ method: "POST", url: `${AUTH}${url}`, payload: payload as object });
const register = (email: string, password = "Groundnut-Harvest-42", extra: object = {}) =>
  post("/registration/", { email, password1: password, password2: password, ...extra });
const keyFromMail = async (email: string) => {
  const mail = await mailbox.waitFor((m) => m.to.includes(email));
  return CONFIRM_LINK.exec(mail.text)?.[1] as string;
};

describe("registration → verification e-mail → verify → login", () => {
  it("registers, mails a confirmation link, refuses login until verified, then signs in", async () => {
    const res = await register("Meera.Iyer@Example.IN", "Groundnut-Harvest-42", { first_name: "Meera", last_name: "Iyer" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: "Verification e-mail sent." });

    const row = await t.database.db.selectFrom("users").selectAll().where("email", "=", "meera.iyer@example.in").executeTakeFirstOrThrow();
    expect(Boolean(row.email_verified)).toBe(false);
    expect(row.password_hash).toMatch(/^scrypt\$4096\$8\$1\$/); // the tests' cost (TEST_SCRYPT); production hashes at DEFAULT_SCRYPT
    expect(row.password_hash).not.toContain("Groundnut");

    const mail = await mailbox.waitFor((m) => m.to.includes("meera.iyer@example.in"));
    expect(mail.subject).toBe("Confirm your e-mail address for Krishi Bazaar");
    expect(mail.text).toContain("Namaste Meera Iyer,");
    expect(mail.text).toMatch(CONFIRM_LINK);
    expect(mail.html).toMatch(CONFIRM_LINK);
    expect(mail.html).toContain("<a href=");

    const early = await post("/login/", { email: "meera.iyer@example.in", password: "Groundnut-Harvest-42" });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ non_field_errors: ["E-mail is not verified."], detail: "E-mail is not verified." });

    const key = CONFIRM_LINK.exec(mail.text)?.[1] as string;
    const verified = await post("/registration/verify-email/", { key });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ detail: "ok" });

    const session = await login(t.app, "MEERA.IYER@example.in", "Groundnut-Harvest-42");
    expect(session.user).toEqual({
      _id: row.id,
      pk: row.id,
      id: row.id,
      email: "meera.iyer@example.in",
      first_name: "Meera",
      last_name: "Iyer",
      name: "Meera Iyer",
      is_staff: false,
      isAdmin: false,
      addresses: [],
      language: "en",
      phone: null,
      whatsapp: false,
      offers: false,
    });
    const me = await t.app.inject({ url: `${AUTH}/user/`, headers: bearer(session.access) });
    expect(me.json().email).toBe("meera.iyer@example.in");
    const after = await t.database.db.selectFrom("users").select("last_login").where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(after.last_login).not.toBeNull();
  });

  it("accepts the registration under the dj_rest_auth spelling the register screen uses", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users/dj_rest_auth/registration/",
      payload: { email: "underscore@example.in", password1: "Paddy-Field-2024", password2: "Paddy-Field-2024" },
    });
    expect(res.statusCode).toBe(201);
  });

  it("verifying twice is harmless", async () => {
    await register("twice@example.in");
    const key = await keyFromMail("twice@example.in");
    expect((await post("/registration/verify-email/", { key })).statusCode).toBe(200);
    expect((await post("/registration/verify-email/", { key })).statusCode).toBe(200);
  });

  it("refuses a forged, truncated or unknown key with 404 Not found.", async () => {
    await register("forged@example.in");
    const key = await keyFromMail("forged@example.in");
    const [uid, issued, signature] = key.split(".") as [string, string, string];
    const other = Buffer.from("999999").toString("base64url");
    for (const bad of [
      `${uid}.${issued}.${signature.slice(0, -2)}xx`,
      `${other}.${issued}.${signature}`,
      `${uid}.${(Number.parseInt(issued, 36) + 100).toString(36)}.${signature}`,
      key.slice(0, 20),
      "nonsense",
    ]) {
      const res = await post("/registration/verify-email/", { key: bad });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toEqual({ detail: "Not found.", message: "Not found.", code: "verification_link_invalid" });
    }
    const row = await t.database.db
      .selectFrom("users")
      .select("email_verified")
      .where("email", "=", "forged@example.in")
      .executeTakeFirstOrThrow();
    expect(Boolean(row.email_verified)).toBe(false);
  });

  it("refuses a key older than 3 days", async () => {
    await register("late@example.in");
    const key = await keyFromMail("late@example.in");
    time.advance(3 * 24 * 3600_000 + 60_000);
    const res = await post("/registration/verify-email/", { key });
    expect(res.statusCode).toBe(404);
  });
});

describe("registration of an address that already has an account (EMAIL_VERIFICATION=mandatory)", () => {
  const userRow = (email: string) => t.database.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

  it("answers byte for byte as for a new address, mails the owner instead, and changes nothing of the account", async () => {
    const owner = await makeAccount(t.database.db, { email: "ravi.kumar@example.in", first_name: "Ravi", last_name: "Kumar" });
    const before = await userRow(owner.email);
    const fresh = await register("somebody.new@example.in", "Groundnut-Harvest-42", { first_name: "Mallory" });
    for (const email of ["ravi.kumar@example.in", "Ravi.Kumar@EXAMPLE.in"]) {
      const again = await register(email, "Groundnut-Harvest-42", { first_name: "Mallory", last_name: "Intruder" });
      expect(again.statusCode).toBe(fresh.statusCode);
      expect(again.body).toBe(fresh.body);
    }
    expect(fresh.statusCode).toBe(201);
    expect(fresh.body).toBe(JSON.stringify({ detail: "Verification e-mail sent." }));

    const mail = await mailbox.waitFor((m) => m.to.includes(owner.email));
    expect(mail.subject).toBe("Someone tried to register at Krishi Bazaar with your e-mail address");
    expect(mail.text).toContain("Namaste Ravi Kumar,");
    expect(mail.text).toContain(`${SITE}/login`);
    expect(mail.text).toContain(`${SITE}/reset/password/`);
    expect(mail.html).toContain(`<a href="${SITE}/login"`);
    expect(mail.html).toContain(`<a href="${SITE}/reset/password/"`);
    expect(mail.text).not.toMatch(CONFIRM_LINK);
    await mailbox.waitFor(() => mailbox.to(owner.email).length >= 2);
    expect(mailbox.to(owner.email)).toHaveLength(2);

    expect(await userRow(owner.email)).toEqual(before);
    const count = await t.database.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email", "=", owner.email)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    await login(t.app, owner.email, owner.password);
  });

  it("treats a staff account the same, and mails its owner in the account's language", async () => {
    const staff = await makeAccount(t.database.db, { email: "mukhiya@example.in", is_staff: true, language: "hi" });
    const fresh = await register("another.new@example.in");
    const again = await register(staff.email);
    expect([again.statusCode, again.body]).toEqual([fresh.statusCode, fresh.body]);
    const mail = await mailbox.waitFor((m) => m.to.includes(staff.email));
    expect(mail.subject).toBe("किसी ने आपके ई-मेल पते से Krishi Bazaar पर पंजीकरण करने की कोशिश की");
    expect(mail.text).toContain(`${SITE}/login`);
    expect(mail.text).toContain(`${SITE}/reset/password/`);
    const row = await userRow(staff.email);
    expect(Boolean(row.is_staff)).toBe(true);
    expect(row.password_hash).toBe(staff.password_hash);
    await login(t.app, staff.email, staff.password);
  });

  it("answers a bad password or two different ones as for a new address, and mails nobody", async () => {
    const owner = await makeAccount(t.database.db, { email: "meena.bai@example.in" });
    for (const [password1, password2] of [
      ["Kh3t!", "Kh3t!"],
      ["password123", "password123"],
      ["Sugarcane-Crop-9", "Sugarcane-Crop-8"],
    ]) {
      const fresh = await post("/registration/", { email: "meena.bai.new@example.in", password1, password2 });
      const again = await post("/registration/", { email: owner.email, password1, password2 });
      expect(fresh.statusCode).toBe(400);
      expect([again.statusCode, again.body]).toEqual([fresh.statusCode, fresh.body]);
    }
    await t.app.services.accounts.drain();
    expect(mailbox.to(owner.email)).toHaveLength(0);
  });
});

describe("registration refuses bad input", () => {
  it("refuses two different passwords with non_field_errors", async () => {
    const res = await post("/registration/", {
      email: "mismatch@example.in",
      password1: "Sugarcane-Crop-9",
      password2: "Sugarcane-Crop-8",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ non_field_errors: ["The two password fields didn't match."] });
  });

  it.each([
    ["short", "Kh3t!", "This password is too short. It must contain at least 8 characters."],
    ["entirely numeric", "73519284", "This password is entirely numeric."],
    ["common", "password123", "This password is too common."],
    ["similar to the e-mail", "ramesh.patil@example", "The password is too similar to the email address."],
  ])("refuses a %s password with Django's message", async (_rule, password, message) => {
    const res = await register("ramesh.patil@example.in", password);
    expect(res.statusCode).toBe(400);
    expect(res.json().password1).toContain(message);
    expect(res.json().detail).toBe(res.json().password1[0]);
    const row = await t.database.db.selectFrom("users").select("id").where("email", "=", "ramesh.patil@example.in").executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("lists every rule a password breaks", async () => {
    const res = await register("numbers@example.in", "123456");
    expect(res.json().password1).toEqual([
      "This password is too short. It must contain at least 8 characters.",
      "This password is too common.",
      "This password is entirely numeric.",
    ]);
  });

  it.each([
    [{ password1: "Paddy-Field-2024", password2: "Paddy-Field-2024" }, "email", "This field is required."],
    [{ email: "not-an-address", password1: "Paddy-Field-2024", password2: "Paddy-Field-2024" }, "email", "Enter a valid email address."],
    [{ email: "a@example.in", password2: "Paddy-Field-2024" }, "password1", "This field is required."],
    [{ email: "a@example.in", password1: { text: "x" }, password2: "x" }, "password1", "Not a valid string."],
    [{ email: `${"a".repeat(250)}@example.in`, password1: "Paddy-Field-2024", password2: "Paddy-Field-2024" }, "email", null],
  ])("refuses the body %o naming the field", async (payload, field, message) => {
    const res = await post("/registration/", payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body[field]).toHaveLength(1);
    if (message) expect(body[field]).toEqual([message]);
  });
});

describe("resending the verification e-mail", () => {
  it("sends a new link to an unverified address, and nothing to others, with the same answer", async () => {
    await register("resend@example.in");
    await keyFromMail("resend@example.in");
    const verified = await makeAccount(t.database.db, { email: "already@example.in", email_verified: true });

    for (const email of ["resend@example.in", "nobody@example.in", verified.email]) {
      const res = await post("/registration/resend-email/", { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: "ok" });
    }
    await t.app.services.accounts.drain();
    expect(mailbox.to("resend@example.in")).toHaveLength(2);
    expect(mailbox.to("nobody@example.in")).toHaveLength(0);
    expect(mailbox.to(verified.email)).toHaveLength(0);

    const key = CONFIRM_LINK.exec(mailbox.to("resend@example.in")[1]?.text ?? "")?.[1] as string;
    expect((await post("/registration/verify-email/", { key })).statusCode).toBe(200);
  });
});

describe("login", () => {
  it("answers the same non_field_errors for a wrong password, an unknown e-mail and an inactive account", async () => {
    const user = await makeAccount(t.database.db);
    const inactive = await makeAccount(t.database.db, { is_active: false });
    const googleOnly = await makeAccount(t.database.db, { password: null, google_sub: "g-only" });
    for (const payload of [
      { email: user.email, password: "Wrong-Password-1" },
      { email: "unknown@example.in", password: user.password },
      { email: inactive.email, password: inactive.password },
      { email: googleOnly.email, password: "" },
      { email: googleOnly.email, password: "anything-at-all" },
    ]) {
      const res = await post("/login/", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const expected = payload.password === "" ? undefined : ["Unable to log in with provided credentials."];
      if (expected) {
        expect(res.json()).toEqual({
          non_field_errors: expected,
          detail: expected[0],
          message: expected[0],
          code: "credentials_invalid",
          field_errors: { non_field_errors: [{ code: "credentials_invalid" }] },
        });
      }
    }
  });
});

describe("other verification modes", () => {
  it.each(["optional", "none"])(
    "refuses an address already registered, in any case, with EMAIL_VERIFICATION=%s (a new account is signed in at once)",
    async (mode) => {
      const other = await createTestApp({ SMTP_URL: mailbox.url, EMAIL_VERIFICATION: mode }, {}, { rateLimit: { limits: RELAXED_LIMITS } });
      try {
        const owner = await makeAccount(other.database.db, { email: `taken.${mode}@example.in` });
        for (const email of [owner.email, owner.email.toUpperCase()]) {
          const res = await other.app.inject({
            method: "POST",
            url: `${AUTH}/registration/`,
            payload: { email, password1: "Mango-Orchard-77", password2: "Mango-Orchard-77" },
          });
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({ email: ["A user is already registered with this e-mail address."] });
        }
        await login(other.app, owner.email, owner.password);
      } finally {
        await other.close();
      }
    },
  );

  it("answers login info at registration with EMAIL_VERIFICATION=none, and sends no mail", async () => {
    const other = await createTestApp({ SMTP_URL: mailbox.url, EMAIL_VERIFICATION: "none" }, {}, { rateLimit: { limits: RELAXED_LIMITS } });
    try {
      const res = await other.app.inject({
        method: "POST",
        url: `${AUTH}/registration/`,
        payload: { email: "instant@example.in", password1: "Mango-Orchard-77", password2: "Mango-Orchard-77" },
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ access: expect.any(String), refresh: expect.any(String), user: { email: "instant@example.in" } });
      const me = await other.app.inject({ url: `${AUTH}/user/`, headers: bearer(body.access) });
      expect(me.statusCode).toBe(200);
      expect(mailbox.to("instant@example.in")).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it("lets an unverified user sign in with EMAIL_VERIFICATION=optional, and still mails the link", async () => {
    const other = await createTestApp(
      { SMTP_URL: mailbox.url, EMAIL_VERIFICATION: "optional" },
      {},
      { rateLimit: { limits: RELAXED_LIMITS } },
    );
    try {
      const res = await other.app.inject({
        method: "POST",
        url: `${AUTH}/registration/`,
        payload: { email: "optional@example.in", password1: "Mango-Orchard-77", password2: "Mango-Orchard-77" },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().access).toEqual(expect.any(String));
      await login(other.app, "optional@example.in", "Mango-Orchard-77");
      await mailbox.waitFor((m) => m.to.includes("optional@example.in"));
    } finally {
      await other.close();
    }
  });
});

describe("without SMTP_URL", () => {
  it("writes the e-mail to DATA_DIR/outbox/ as JSON with text, html and links", async () => {
    const offline = await createTestApp({ SITE_URL: SITE }, {}, { rateLimit: { limits: RELAXED_LIMITS } });
    try {
      const res = await offline.app.inject({
        method: "POST",
        url: `${AUTH}/registration/`,
        payload: { email: "offline@example.in", password1: "Mango-Orchard-77", password2: "Mango-Orchard-77" },
      });
      expect(res.statusCode).toBe(201);
      const dir = outboxDir(offline.dataDir);
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      const message = JSON.parse(readFileSync(path.join(dir, files[0] as string), "utf8"));
      expect(message).toMatchObject({ to: "offline@example.in", subject: "Confirm your e-mail address for Krishi Bazaar" });
      expect(message.links).toEqual([expect.stringMatching(CONFIRM_LINK)]);
      expect(message.html).toContain(message.links[0]);
      const key = CONFIRM_LINK.exec(message.links[0])?.[1] as string;
      const verified = await offline.app.inject({ method: "POST", url: `${AUTH}/registration/verify-email/`, payload: { key } });
      expect(verified.statusCode).toBe(200);
    } finally {
      await offline.close();
    }
  });
});
