import { randomBytes } from "node:crypto";
import { OTP_MAX_TRIES, OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutboxMessages } from "../../lib/messenger.ts";
import { DEFAULT_RATE_LIMITS, type RateLimits } from "../../lib/rate-limit.ts";
import { authHeaders, makeAccount, testClock } from "../../testing/accounts.ts";
import { fakeDltTemplateId, useFakeMessaging } from "../../testing/fake-messaging.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

const REQUEST = "/api/users/otp/request/";
const VERIFY = "/api/users/otp/verify/";

const { msg91, whatsapp, env } = useFakeMessaging();
const time = testClock();
let t: TestApp;

/** Low per-number limits (the per-IP ones stay out of the way: each test has its own IP too). */
const OTP_LIMITS: RateLimits["otp"] = {
  ...DEFAULT_RATE_LIMITS.otp,
  perIp: { max: 1000, windowMs: 60_000 },
  verifyPerIp: { max: 1000, windowMs: 60_000 },
};

beforeAll(async () => {
  t = await createTestApp(env(), {}, { clock: time.clock, rateLimit: { limits: { otp: OTP_LIMITS } } });
});
afterAll(() => t.close());

let sequence = 0;
/** A number and an IP of the test's own, so limits of one test never reach another. */
function fresh() {
  const n = ++sequence;
  const block = randomBytes(2).readUInt16BE() % 9000;
  return { phone: `9${String(1000 + block).padStart(4, "0")}${String(n).padStart(5, "0")}`, ip: `198.19.${n >> 8}.${n & 255}` };
}
const e164 = (phone: string) => `+91${phone}`;

const request = (phone: string, ip: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: REQUEST, remoteAddress: ip, headers, payload: { phone, ...extra } });
const verify = (payload: Record<string, unknown>, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: VERIFY, remoteAddress: ip, headers, payload });

/** The code of the last SMS to a number, as MSG91 received it. */
function lastCode(phone: string): string {
  const sent = msg91.recipients.filter((r) => r.mobiles === `91${phone}`);
  const code = sent.at(-1)?.var1;
  if (!code) throw new Error(`no SMS to ${phone}`);
  return code;
}

describe("signing in with a mobile number", () => {
  it("sends a 6-digit code by SMS through the number's DLT template, and signs a new number up as a customer with no e-mail", async () => {
    const { phone, ip } = fresh();
    const asked = await request(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, ip);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ detail: expect.any(String), resend_after: OTP_RESEND_SECONDS, expires_in: OTP_TTL_SECONDS });

    const [sms] = msg91.requests;
    expect(sms?.headers.authkey).toBe(msg91.authKey);
    expect(sms?.body).toMatchObject({
      template_id: fakeDltTemplateId("otp", "en"),
      sender: "KRSHIB",
      recipients: [{ mobiles: `91${phone}` }],
    });
    const code = lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    // Only its HMAC is stored.
    const row = await t.database.db.selectFrom("phone_codes").selectAll().where("phone", "=", e164(phone)).executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);

    const signedIn = await verify({ phone, code, name: "Ramesh Kumar Patil" }, ip);
    expect(signedIn.statusCode).toBe(200);
    const info = signedIn.json();
    expect(info).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });
    expect(info.user).toMatchObject({
      email: "",
      phone: e164(phone),
      first_name: "Ramesh",
      last_name: "Kumar Patil",
      is_staff: false,
      whatsapp: false,
    });
    expect(signedIn.cookies.find((c) => c.name === "kb_device")?.httpOnly).toBe(true);

    // The session is a real one, and the code is used up.
    const profile = await t.app.inject({ method: "GET", url: "/api/users/profile/", headers: { authorization: `Bearer ${info.access}` } });
    expect(profile.json()).toMatchObject({ id: info.user.id, phone: e164(phone), email: "" });
    const again = await verify({ phone, code }, ip);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("otp_expired");
  });

  it("signs a known number into its own account, answering exactly as for an unknown number when the code is asked for", async () => {
    const known = fresh();
    const unknown = fresh();
    const owner = await makeAccount(t.database.db, { first_name: "Sunita" });
    await t.database.db
      .updateTable("users")
      .set({ phone: e164(known.phone) })
      .where("id", "=", owner.id)
      .execute();

    const forKnown = await request(known.phone, known.ip);
    const forUnknown = await request(unknown.phone, unknown.ip);
    expect(forKnown.statusCode).toBe(forUnknown.statusCode);
    expect(forKnown.body).toBe(forUnknown.body);

    const signedIn = await verify(
      { phone: `0${known.phone}`, code: lastCode(known.phone), name: "Someone Else", whatsapp: true },
      known.ip,
    );
    expect(signedIn.statusCode).toBe(200);
    // The name of a new account is not taken; the WhatsApp opt-in ticked at sign-in is.
    expect(signedIn.json().user).toMatchObject({ id: owner.id, email: owner.email, first_name: "Sunita", whatsapp: true });
    time.advance(OTP_RESEND_SECONDS * 1000);
    await request(known.phone, known.ip);
    const unticked = await verify({ phone: known.phone, code: lastCode(known.phone), whatsapp: false }, known.ip);
    expect(unticked.json().user.whatsapp).toBe(true);
  });

  it("refuses a wrong code with the tries left, and kills the code after five wrong tries", async () => {
    const { phone, ip } = fresh();
    await request(phone, ip);
    const code = lastCode(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let tried = 1; tried <= OTP_MAX_TRIES; tried++) {
      const res = await verify({ phone, code: wrong }, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "otp_invalid", params: { tries_left: OTP_MAX_TRIES - tried } });
      expect(res.json().field_errors.code[0].code).toBe("otp_invalid");
    }
    const right = await verify({ phone, code }, ip);
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe("otp_expired");
  });

  it("counts wrong tries per source: a stranger's guesses use up the stranger's tries, not the owner's code", async () => {
    const { phone, ip } = fresh();
    await request(phone, ip);
    const code = lastCode(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    const stranger = fresh().ip;
    for (let tried = 1; tried <= OTP_MAX_TRIES + 2; tried++) {
      const res = await verify({ phone, code: wrong }, stranger);
      expect(res.json().code).toBe(tried <= OTP_MAX_TRIES ? "otp_invalid" : "otp_expired");
    }
    expect((await verify({ phone, code }, stranger)).json().code).toBe("otp_expired");
    // The owner's phone has all its tries, and the code.
    const mine = await verify({ phone, code: wrong }, ip);
    expect(mine.json()).toMatchObject({ code: "otp_invalid", params: { tries_left: OTP_MAX_TRIES - 1 } });
    expect((await verify({ phone, code }, ip)).statusCode).toBe(200);
  });

  it("gives a code's tries from all sources a total, past which only a device the account signed in from may try it", async () => {
    const { phone, ip } = fresh();
    await request(phone, ip);
    const signedIn = await verify({ phone, code: lastCode(phone) }, ip);
    const cookie = `kb_device=${signedIn.cookies.find((c) => c.name === "kb_device")?.value}`;
    time.advance(OTP_RESEND_SECONDS * 1000);
    await request(phone, ip, {}, { cookie });
    const code = lastCode(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    // Strangers at two addresses use up every try the code has for anyone but the owner's devices.
    for (const stranger of [fresh().ip, fresh().ip]) {
      for (let n = 0; n < OTP_MAX_TRIES; n++) expect((await verify({ phone, code: wrong }, stranger)).json().code).toBe("otp_invalid");
    }
    expect((await verify({ phone, code }, fresh().ip)).json().code).toBe("otp_expired");
    // The owner's IP is not enough (many people share one); the owner's device is.
    expect((await verify({ phone, code }, ip)).json().code).toBe("otp_expired");
    const owner = await verify({ phone, code }, fresh().ip, { cookie });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it("caps the tries of a number's codes in a day from everywhere but its account's devices", async () => {
    const limits: RateLimits["otp"] = { ...OTP_LIMITS, triesPerNumber: { max: 3, windowMs: 24 * 3600_000 } };
    const clock = testClock();
    const app = await createTestApp(msg91.env(), {}, { clock: clock.clock, rateLimit: { limits: { otp: limits } } });
    try {
      const ask = (phone: string, ip: string, headers: Record<string, string> = {}) =>
        app.app.inject({ method: "POST", url: REQUEST, remoteAddress: ip, headers, payload: { phone } });
      const check = (payload: object, ip: string, headers: Record<string, string> = {}) =>
        app.app.inject({ method: "POST", url: VERIFY, remoteAddress: ip, headers, payload });
      const { phone, ip } = fresh();
      await ask(phone, ip);
      const signedIn = await check({ phone, code: lastCode(phone) }, ip);
      const cookie = `kb_device=${signedIn.cookies.find((c) => c.name === "kb_device")?.value}`;
      clock.advance(OTP_RESEND_SECONDS * 1000);
      await ask(phone, ip);
      const code = lastCode(phone);
      const wrong = code === "000000" ? "111111" : "000000";
      // The sign-in above was the day's first try; two more wrong ones, from anywhere, and the day's are used.
      expect((await check({ phone, code: wrong }, fresh().ip)).json().code).toBe("otp_invalid");
      expect((await check({ phone, code: wrong }, fresh().ip)).json().code).toBe("otp_invalid");
      const refused = await check({ phone, code }, fresh().ip);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await check({ phone, code }, ip)).statusCode).toBe(429);
      // A new code changes nothing for strangers; the owner's device signs in.
      clock.advance(OTP_RESEND_SECONDS * 1000);
      await ask(phone, ip);
      expect((await check({ phone, code: lastCode(phone) }, fresh().ip)).statusCode).toBe(429);
      expect((await check({ phone, code: lastCode(phone) }, fresh().ip, { cookie })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("lets no more than five guesses through when they arrive at once", async () => {
    const { phone, ip } = fresh();
    await request(phone, ip);
    const code = lastCode(phone);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const answers = await Promise.all(guesses.map((guess) => verify({ phone, code: guess }, ip)));
    expect(answers.filter((a) => a.json().code === "otp_invalid")).toHaveLength(OTP_MAX_TRIES);
    expect(answers.filter((a) => a.json().code === "otp_expired")).toHaveLength(12 - OTP_MAX_TRIES);
  });

  it("lets a code live five minutes (the injected clock)", async () => {
    const { phone, ip } = fresh();
    await request(phone, ip);
    const code = lastCode(phone);
    time.advance(OTP_TTL_SECONDS * 1000 + 1000);
    const res = await verify({ phone, code }, ip);
    expect(res.json().code).toBe("otp_expired");
  });

  it("sends a new code only 30 s after the last, and the new code replaces the old", async () => {
    const { phone, ip } = fresh();
    await request(phone, ip);
    const first = lastCode(phone);
    const tooSoon = await request(phone, ip);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: "throttled", params: { seconds: expect.any(Number) } });
    expect(Number(tooSoon.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(tooSoon.headers["retry-after"])).toBeLessThanOrEqual(OTP_RESEND_SECONDS);

    time.advance(OTP_RESEND_SECONDS * 1000);
    expect((await request(phone, ip)).statusCode).toBe(200);
    const second = lastCode(phone);
    if (second !== first) expect((await verify({ phone, code: first }, ip)).json().code).toBe("otp_invalid");
    expect((await verify({ phone, code: second }, ip)).statusCode).toBe(200);
  });

  it("sends in Hindi when asked, and by WhatsApp through its authentication template", async () => {
    const { phone, ip } = fresh();
    await request(phone, ip, { language: "hi" });
    expect(msg91.requests[0]?.body?.template_id).toBe(fakeDltTemplateId("otp", "hi"));

    time.advance(OTP_RESEND_SECONDS * 1000);
    await request(phone, ip, { channel: "whatsapp", language: "hi" });
    const [template] = whatsapp.templates as { name: string; language: { code: string }; components: unknown[] }[];
    expect(template).toMatchObject({ name: "kb_otp", language: { code: "hi" } });
    const body = template?.components[0] as { parameters: { text: string }[] } | undefined;
    const code = body?.parameters[0]?.text ?? "";
    expect(code).toMatch(/^\d{6}$/);
    expect((await verify({ phone, code, language: "hi" }, ip)).json().user.language).toBe("hi");
  });

  it("writes the code's whole text to the sandbox without a provider, ending in WebOTP's line for the site's host", async () => {
    const sandboxed = await createTestApp({ SITE_URL: "http://shop.example.in:8080" });
    try {
      const { phone } = fresh();
      expect((await sandboxed.app.inject({ method: "POST", url: REQUEST, payload: { phone, language: "hi" } })).statusCode).toBe(200);
      const [sms] = await readOutboxMessages(sandboxed.dataDir, "sms");
      const code = sms?.params[0] ?? "";
      expect(sms).toMatchObject({ to: e164(phone), kind: "otp", language: "hi" });
      expect(sms?.text).toMatch(new RegExp(`^${code} आपका कृषि बाज़ार साइन-इन कोड है।`));
      expect(sms?.text.endsWith(`\n\n@shop.example.in #${code}`)).toBe(true);
    } finally {
      await sandboxed.close();
    }
  });

  it("refuses what is not a mobile number, and other countries unless OTP_COUNTRIES allows them", async () => {
    const { ip } = fresh();
    for (const phone of ["12345", "5876543210", "98765 4321", "+91 58765 43210", "phone"]) {
      const res = await request(phone, ip);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toMatchObject({ code: "phone_invalid", field_errors: { phone: [{ code: "phone_invalid" }] } });
    }
    const nepal = await request("+977 9812345678", ip);
    expect(nepal.statusCode).toBe(400);
    expect(nepal.json().code).toBe("phone_country_unsupported");
    expect(msg91.requests).toHaveLength(0);

    const nepalToo = await createTestApp({ ...msg91.env(), OTP_COUNTRIES: "IN,NP" });
    try {
      const res = await nepalToo.app.inject({ method: "POST", url: REQUEST, payload: { phone: "+977 9812345678" } });
      expect(res.statusCode).toBe(200);
      expect(msg91.recipients.at(-1)?.mobiles).toBe("9779812345678");
    } finally {
      await nepalToo.close();
    }
  });

  it("adds a verified number to the signed-in account, and refuses one that another account holds (409)", async () => {
    const { phone, ip } = fresh();
    const customer = await makeAccount(t.database.db);
    const headers = await authHeaders(t, customer.id);
    await request(phone, ip);
    const added = await verify({ phone, code: lastCode(phone), whatsapp: true }, ip, headers);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({
      user: expect.objectContaining({ id: customer.id, phone: e164(phone), whatsapp: true, email: customer.email }),
    });

    const other = await makeAccount(t.database.db);
    time.advance(OTP_RESEND_SECONDS * 1000);
    await request(phone, ip);
    const taken = await verify({ phone, code: lastCode(phone) }, ip, await authHeaders(t, other.id));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("phone_taken");
  });

  it("does not open a staff account with a code alone: its password is needed too, under the per-account limit", async () => {
    const { phone, ip } = fresh();
    const staff = await makeAccount(t.database.db, { is_staff: true });
    await t.database.db
      .updateTable("users")
      .set({ phone: e164(phone) })
      .where("id", "=", staff.id)
      .execute();
    await request(phone, ip);
    const code = lastCode(phone);

    const codeOnly = await verify({ phone, code }, ip);
    expect(codeOnly.statusCode).toBe(403);
    expect(codeOnly.json().code).toBe("staff_password_required");
    const wrongPassword = await verify({ phone, code, password: "not-the-password" }, ip);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().code).toBe("credentials_invalid");
    const both = await verify({ phone, code, password: staff.password }, ip);
    expect(both.statusCode).toBe(200);
    expect(both.json().user).toMatchObject({ id: staff.id, is_staff: true });
  });

  it("keeps a code whose SMS could not go out queued, retries it, and sends each message once", async () => {
    const { phone, ip } = fresh();
    msg91.failNext(1);
    expect((await request(phone, ip)).statusCode).toBe(200);
    expect(msg91.requests).toHaveLength(1);
    const queued = await t.database.db.selectFrom("mail_queue").selectAll().where("to_address", "=", e164(phone)).executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ channel: "sms", status: "queued", attempts: 1 });

    time.advance(60_000);
    await t.app.services.mailQueue.drain();
    await t.app.services.mailQueue.drain();
    expect(msg91.requests).toHaveLength(2);
    const code = lastCode(phone);
    expect((await verify({ phone, code }, ip)).statusCode).toBe(200);
  });
});

describe("a customer made with a mobile number", () => {
  /** Signs a new number up through its code; answers its bearer header. */
  async function phoneCustomer() {
    const { phone, ip } = fresh();
    await request(phone, ip);
    const info = (await verify({ phone, code: lastCode(phone) }, ip)).json();
    return { phone, ip, headers: { authorization: `Bearer ${info.access}` } };
  }
  const put = (url: string, headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: "PUT", url: `/api/users/profile/${url}/`, headers, payload: payload as object });

  it("gets its code in its account's language when the screen names none", async () => {
    const { phone, ip, headers } = await phoneCustomer();
    expect(
      (await t.app.inject({ method: "PUT", url: "/api/users/profile/language/", headers, payload: { language: "hi" } })).statusCode,
    ).toBe(200);
    time.advance(OTP_RESEND_SECONDS * 1000);
    await request(phone, ip);
    expect(msg91.requests.at(-1)?.body?.template_id).toBe(fakeDltTemplateId("otp", "hi"));
  });

  it("adds an e-mail address once its link is opened; refuses a malformed one (a taken one: see address-claims.test.ts)", async () => {
    const { headers } = await phoneCustomer();
    expect((await put("email", headers, { email: "not-an-address" })).json().field_errors.email[0].code).toBe("invalid_email");

    const address = `farmer.${randomBytes(4).toString("hex")}@example.in`;
    const added = await put("email", headers, { email: address.toUpperCase() });
    expect(added.statusCode, added.body).toBe(200);
    // Not the account's until the link proves the mailbox is the customer's.
    expect(added.json()).toMatchObject({ email: "" });
    const mail = await t.database.db
      .selectFrom("mail_queue")
      .select(["text_body"])
      .where("to_address", "=", address)
      .executeTakeFirstOrThrow();
    const key = /\/dj-rest-auth\/registration\/account-confirm-email\/([^/\s?]+)\//.exec(mail.text_body)?.[1] ?? "";
    const verified = await t.app.inject({ method: "POST", url: "/api/users/dj-rest-auth/registration/verify-email/", payload: { key } });
    expect(verified.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/users/profile/", headers })).json().email).toBe(address);
    const again = await put("email", headers, { email: `other.${address}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("email_already_set");
  });

  it("turns order news on WhatsApp on and off; refuses anything but a boolean and a stranger", async () => {
    const { headers } = await phoneCustomer();
    expect((await put("notices", headers, { whatsapp: true })).json().whatsapp).toBe(true);
    expect((await put("notices", headers, { whatsapp: false })).json().whatsapp).toBe(false);
    expect((await put("notices", headers, { whatsapp: "yes" })).statusCode).toBe(400);
    expect((await put("notices", {}, { whatsapp: true })).statusCode).toBe(401);
  });

  it("refuses a malformed code or a missing number before anything is counted", async () => {
    const { phone, ip } = fresh();
    await request(phone, ip);
    for (const payload of [{ phone, code: "12ab56" }, { phone, code: "12345" }, { code: "123456" }, { phone, code: 123456 }]) {
      const res = await verify(payload, ip);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe("field_invalid");
    }
    // The code is untouched: all five tries are still there.
    const row = await t.database.db.selectFrom("phone_codes").select("tries").where("phone", "=", e164(phone)).executeTakeFirstOrThrow();
    expect(Number(row.tries)).toBe(0);
    expect((await verify({ phone, code: lastCode(phone) }, ip)).statusCode).toBe(200);
  });
});

describe("the limits on codes sent", () => {
  it("sends three codes to a number in ten minutes, then asks to wait", async () => {
    const { phone, ip } = fresh();
    for (let n = 0; n < OTP_LIMITS.perNumber.max; n++) {
      expect((await request(phone, ip)).statusCode).toBe(200);
      time.advance(OTP_RESEND_SECONDS * 1000);
    }
    const refused = await request(phone, fresh().ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().params.seconds).toBeLessThanOrEqual(10 * 60);
    expect(msg91.requests).toHaveLength(OTP_LIMITS.perNumber.max);
  });

  it("does not count codes asked from a device the number's owner signed in from, so a stranger cannot lock the owner out", async () => {
    const { phone, ip } = fresh();
    // The owner signs in once from their phone: the device cookie is theirs.
    await request(phone, ip);
    const first = await verify({ phone, code: lastCode(phone) }, ip);
    const device = first.cookies.find((c) => c.name === "kb_device")?.value ?? "";
    // A stranger uses up the number's limit from elsewhere.
    for (let n = 0; n < OTP_LIMITS.perNumber.max + 1; n++) {
      time.advance(OTP_RESEND_SECONDS * 1000);
      await request(phone, fresh().ip);
    }
    expect((await request(phone, fresh().ip)).statusCode).toBe(429);
    time.advance(OTP_RESEND_SECONDS * 1000);
    const owner = await request(phone, fresh().ip, {}, { cookie: `kb_device=${device}` });
    expect(owner.statusCode).toBe(200);
    expect((await verify({ phone, code: lastCode(phone) }, ip, { cookie: `kb_device=${device}` })).statusCode).toBe(200);
  });

  it("past the day's limit and the range's, still sends one code per 15 minutes", async () => {
    const limits: RateLimits["otp"] = {
      ...OTP_LIMITS,
      perNumber: { max: 100, windowMs: 60_000 },
      perNumberDay: { max: 2, windowMs: 24 * 3600_000 },
      perRange: { max: 3, windowMs: 3600_000 },
    };
    const clock = testClock();
    const app = await createTestApp(msg91.env(), {}, { clock: clock.clock, rateLimit: { limits: { otp: limits } } });
    try {
      const ask = (phone: string) => app.app.inject({ method: "POST", url: REQUEST, payload: { phone }, remoteAddress: fresh().ip });
      const { phone } = fresh();
      const answers: number[] = [];
      for (let n = 0; n < 4; n++) {
        answers.push((await ask(phone)).statusCode);
        clock.advance(OTP_RESEND_SECONDS * 1000);
      }
      // Two within the day's limit, one more as the 15-minute allowance, then a wait.
      expect(answers).toEqual([200, 200, 200, 429]);
      // Its neighbours of the same thousand share the range's limit (3): the first is past it, but gets its allowance.
      const neighbour = `${phone.slice(0, -3)}${phone.endsWith("999") ? "998" : "999"}`;
      expect((await ask(neighbour)).statusCode).toBe(200);
      clock.advance(OTP_RESEND_SECONDS * 1000);
      expect((await ask(neighbour)).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it("limits requests from one IP (a guard on the route)", async () => {
    const limits: RateLimits["otp"] = { ...OTP_LIMITS, perIp: { max: 2, windowMs: 60_000 } };
    const app = await createTestApp(msg91.env(), {}, { rateLimit: { limits: { otp: limits } } });
    try {
      const ask = () => app.app.inject({ method: "POST", url: REQUEST, payload: { phone: fresh().phone }, remoteAddress: "198.18.200.1" });
      expect([(await ask()).statusCode, (await ask()).statusCode, (await ask()).statusCode]).toEqual([200, 200, 429]);
    } finally {
      await app.close();
    }
  });

  it.runIf(Boolean(process.env.REDIS_URL))("are shared by two server processes through Redis", async () => {
    const namespace = `kb-test-otp-${randomBytes(4).toString("hex")}:`;
    const limits: RateLimits["otp"] = { ...OTP_LIMITS, perNumber: { max: 2, windowMs: 600_000 } };
    const one = await createTestApp(msg91.env(), {}, { rateLimit: { limits: { otp: limits }, namespace } });
    const two = await createTestApp(msg91.env(), {}, { rateLimit: { limits: { otp: limits }, namespace } });
    try {
      const { phone } = fresh();
      const ask = (app: TestApp) => app.app.inject({ method: "POST", url: REQUEST, payload: { phone }, remoteAddress: fresh().ip });
      // Each process has its own database (so no resend timer between them): only Redis joins them.
      expect((await ask(one)).statusCode).toBe(200);
      expect((await ask(two)).statusCode).toBe(200);
      expect((await ask(one)).statusCode).toBe(429);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
