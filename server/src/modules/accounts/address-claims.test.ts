import { randomBytes } from "node:crypto";
import { OTP_RESEND_SECONDS } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH, bearer, login, makeAccount, RELAXED_LIMITS, testClock } from "../../testing/accounts.ts";
import { RecordingMailer, RecordingMessenger } from "../../testing/recorders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { encodeUid, LinkSigner } from "./links.ts";

/**
 * Account pre-hijacking: an address counts for an account only once that account has verified it.
 * Until then it blocks nobody, it is dropped when its owner registers it or verifies it elsewhere,
 * and no reset hands an account over through it.
 */

const SITE = "http://shop.test";
const CONFIRM_LINK = /\/dj-rest-auth\/registration\/account-confirm-email\/([^/\s?]+)\//;
const RESET_LINK = /\/reset\/password\/confirm\//;
const CONFIRM_SUBJECT = "Confirm your e-mail address for Krishi Bazaar";
const TRIED_SUBJECT = "Someone tried to register at Krishi Bazaar with your e-mail address";
const IN_USE_SUBJECT = "Someone tried to add your e-mail address to another Krishi Bazaar account";
const PASSWORD = "Groundnut-Harvest-42";

const mailer = new RecordingMailer();
const messenger = new RecordingMessenger();
const time = testClock();
let t: TestApp;
let optional: TestApp;

const deps = { mailer, messenger, clock: time.clock, rateLimit: { limits: RELAXED_LIMITS } };
beforeAll(async () => {
  t = await createTestApp({ SITE_URL: SITE }, {}, deps);
  optional = await createTestApp({ SITE_URL: SITE, EMAIL_VERIFICATION: "optional" }, {}, deps);
});
afterAll(async () => {
  await t.close();
  await optional.close();
});

let sequence = 0;
const freshPhone = () =>
  `9${String(10_000 + (randomBytes(2).readUInt16BE() % 80_000)).padStart(5, "0")}${String(++sequence).padStart(4, "0")}`;
const freshAddress = (name: string) => `${name}.${randomBytes(4).toString("hex")}@example.in`;

/** Signs a number in by its code (a new account for a new number); answers its bearer header and user. */
async function signInByCode(app: TestApp, phone: string, headers: Record<string, string> = {}) {
  time.advance(OTP_RESEND_SECONDS * 1000);
  const asked = await app.app.inject({ method: "POST", url: "/api/users/otp/request/", payload: { phone } });
  expect(asked.statusCode, asked.body).toBe(200);
  const code = messenger.lastCode(`+91${phone}`);
  const res = await app.app.inject({ method: "POST", url: "/api/users/otp/verify/", headers, payload: { phone, code } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { headers: body.access ? bearer(body.access) : headers, user: body.user };
}

const addEmail = (app: TestApp, headers: Record<string, string>, email: string) =>
  app.app.inject({ method: "PUT", url: "/api/users/profile/email/", headers, payload: { email } });
const register = (app: TestApp, email: string, password = PASSWORD) =>
  app.app.inject({ method: "POST", url: `${AUTH}/registration/`, payload: { email, password1: password, password2: password } });
const post = (app: TestApp, url: string, payload: object) => app.app.inject({ method: "POST", url: `${AUTH}${url}`, payload });
const profile = async (app: TestApp, headers: Record<string, string>) =>
  (await app.app.inject({ url: "/api/users/profile/", headers })).json();

/** The mails sent to an address so far, once the ones being sent in the background are out. */
async function mailsTo(app: TestApp, address: string) {
  await app.app.services.accounts.drain();
  return mailer.to(address);
}
async function confirmKey(app: TestApp, address: string): Promise<string> {
  const mail = (await mailsTo(app, address)).findLast((m) => m.subject === CONFIRM_SUBJECT);
  const key = mail && CONFIRM_LINK.exec(mail.text)?.[1];
  if (!key) throw new Error(`no confirmation link was mailed to ${address}`);
  return key;
}

describe("an address added to an account made with a mobile number", () => {
  it("does not let the number's holder take over the account its real owner registers (the issue's attack)", async () => {
    const victim = freshAddress("meera");
    const attacker = await signInByCode(t, freshPhone());
    expect((await addEmail(t, attacker.headers, victim)).statusCode).toBe(200);

    // The owner registers: an ordinary registration, not "this address already has an account".
    const registered = await register(t, victim);
    expect(registered.statusCode).toBe(201);
    expect((await mailsTo(t, victim)).map((m) => m.subject)).not.toContain(TRIED_SUBJECT);
    expect((await post(t, "/registration/verify-email/", { key: await confirmKey(t, victim) })).statusCode).toBe(200);
    const owner = await login(t.app, victim, PASSWORD);
    expect(owner.user).toMatchObject({ email: victim, phone: null });
    expect(owner.user.id).not.toBe(attacker.user.id);

    // The attacker's number signs into the attacker's own account, which has no address.
    const again = await signInByCode(t, attacker.user.phone.slice(3));
    expect(again.user).toMatchObject({ id: attacker.user.id, email: "" });
    // The address's link, mailed when the attacker added it, is dead: the owner's account has the address.
    const attackersKey = (await mailsTo(t, victim))
      .map((m) => CONFIRM_LINK.exec(m.text)?.[1])
      .find((key) => key?.startsWith(encodeUid(attacker.user.id)));
    expect(attackersKey).toBeDefined();
    expect((await post(t, "/registration/verify-email/", { key: attackersKey as string })).statusCode).toBe(404);
    expect((await profile(t, again.headers)).email).toBe("");
  });

  it("answers the same whether or not the address has an account, and its owner is told instead of sent a link", async () => {
    const owner = await makeAccount(t.database.db, { first_name: "Ravi", last_name: "Kumar" });
    const before = await t.database.db.selectFrom("users").selectAll().where("id", "=", owner.id).executeTakeFirstOrThrow();
    const one = await signInByCode(t, freshPhone());
    const two = await signInByCode(t, freshPhone());
    const unknown = freshAddress("nobody");

    const taken = await addEmail(t, one.headers, owner.email.toUpperCase());
    const free = await addEmail(t, two.headers, unknown);
    expect([taken.statusCode, free.statusCode]).toEqual([200, 200]);
    const sameness = (body: Record<string, unknown>) => ({ ...body, _id: 0, pk: 0, id: 0, phone: "", name: "" });
    expect(sameness(taken.json())).toEqual(sameness(free.json()));
    expect(taken.json().email).toBe("");

    // The owner gets no link that would join their address to the stranger's account.
    const toOwner = await mailsTo(t, owner.email);
    expect(toOwner.map((m) => m.subject)).toEqual([IN_USE_SUBJECT]);
    expect(toOwner[0]?.text).not.toMatch(CONFIRM_LINK);
    expect((await mailsTo(t, unknown)).map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);
    expect(await t.database.db.selectFrom("users").selectAll().where("id", "=", owner.id).executeTakeFirstOrThrow()).toEqual(before);
    await login(t.app, owner.email, owner.password);
  });

  it("becomes the account's when its link is opened; a second address waits for its own link", async () => {
    const customer = await signInByCode(t, freshPhone());
    const address = freshAddress("kisan");
    expect((await addEmail(t, customer.headers, address)).json().email).toBe("");
    expect((await post(t, "/registration/verify-email/", { key: await confirmKey(t, address) })).statusCode).toBe(200);
    expect(await profile(t, customer.headers)).toMatchObject({ email: address, phone: customer.user.phone });
    const row = await t.database.db.selectFrom("users").selectAll().where("id", "=", customer.user.id).executeTakeFirstOrThrow();
    expect(Boolean(row.email_verified)).toBe(true);
    expect((await addEmail(t, customer.headers, freshAddress("other"))).json().code).toBe("email_already_set");
  });

  it("is dropped when its owner verifies it on another account first", async () => {
    const address = freshAddress("sunita");
    const one = await signInByCode(t, freshPhone());
    const two = await signInByCode(t, freshPhone());
    await addEmail(t, two.headers, address);
    const twosKey = await confirmKey(t, address);
    await addEmail(t, one.headers, address);
    const onesKey = await confirmKey(t, address);
    expect(onesKey).not.toBe(twosKey);
    // Only the mailbox's owner has the links; the one they open decides.
    expect((await post(t, "/registration/verify-email/", { key: onesKey })).statusCode).toBe(200);
    expect((await post(t, "/registration/verify-email/", { key: twosKey })).statusCode).toBe(404);
    expect((await profile(t, one.headers)).email).toBe(address);
    expect((await profile(t, two.headers)).email).toBe("");
    const row = await t.database.db.selectFrom("users").select("pending_email").where("id", "=", two.user.id).executeTakeFirstOrThrow();
    expect(row.pending_email).toBeNull();
  });
});

describe("an address registered and never verified", () => {
  it("blocks no one: its owner's registration is a new account, mailed a link, and the first password no longer opens it", async () => {
    const address = freshAddress("anita");
    expect((await register(t, address, "Squatters-Password-1")).statusCode).toBe(201);
    const registered = await register(t, address);
    expect(registered.json()).toEqual({ detail: "Verification e-mail sent." });
    const subjects = (await mailsTo(t, address)).map((m) => m.subject);
    expect(subjects).toEqual([CONFIRM_SUBJECT, CONFIRM_SUBJECT]);
    expect((await post(t, "/registration/verify-email/", { key: await confirmKey(t, address) })).statusCode).toBe(200);
    await login(t.app, address, PASSWORD);
    const squatter = await post(t, "/login/", { email: address, password: "Squatters-Password-1" });
    expect(squatter.json().code).toBe("credentials_invalid");
    const holders = await t.database.db.selectFrom("users").select("id").where("email", "=", address).execute();
    expect(holders).toHaveLength(1);
  });

  it("with optional verification, is taken from an account that signed in with it (and added a number) when its owner registers", async () => {
    const address = freshAddress("gurpreet");
    const squatter = await register(optional, address, "Squatters-Password-1");
    const squatterAccount = squatter.json().user;
    const squatterPhone = freshPhone();
    await signInByCode(optional, squatterPhone, bearer(squatter.json().access));

    const registered = await register(optional, address);
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().user).toMatchObject({ email: address, phone: null });
    expect(registered.json().user.id).not.toBe(squatterAccount.id);
    // The squatter keeps their number and their account, without the address.
    const squatterAgain = await signInByCode(optional, squatterPhone);
    expect(squatterAgain.user).toMatchObject({ id: squatterAccount.id, email: "", phone: `+91${squatterPhone}` });
  });

  it("gets no reset link: a reset never hands over an account through an address it never verified", async () => {
    const address = freshAddress("lakshmi");
    const squatter = await register(optional, address, "Squatters-Password-1");
    const squatterId = squatter.json().user.id as number;
    await signInByCode(optional, freshPhone(), bearer(squatter.json().access));
    const answer = await post(optional, "/password/reset/", { email: address });
    const unknown = await post(optional, "/password/reset/", { email: freshAddress("nobody") });
    expect([answer.statusCode, answer.body]).toEqual([unknown.statusCode, unknown.body]);
    expect((await mailsTo(optional, address)).map((m) => m.text).filter((text) => RESET_LINK.test(text))).toEqual([]);

    // A link made for it anyway (before this rule, or forged with the key) sets no password.
    const row = await optional.database.db.selectFrom("users").selectAll().where("id", "=", squatterId).executeTakeFirstOrThrow();
    const token = new LinkSigner(optional.config.jwtSecret, time.clock).resetToken(row);
    const reset = await post(optional, "/password/reset/confirm/", {
      uid: encodeUid(squatterId),
      token,
      new_password1: PASSWORD,
      new_password2: PASSWORD,
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe("reset_link_invalid");
    const after = await optional.database.db.selectFrom("users").selectAll().where("id", "=", squatterId).executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(row.password_hash);
    expect(Boolean(after.email_verified)).toBe(false);
  });
});
