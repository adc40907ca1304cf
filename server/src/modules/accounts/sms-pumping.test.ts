import { randomBytes } from "node:crypto";
import { OTP_RESEND_SECONDS } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS, type RateLimits } from "../../lib/rate-limit.ts";
import { makeAccount, testClock } from "../../testing/accounts.ts";
import { RecordingMailer, RecordingMessenger } from "../../testing/recorders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { NEAR_PREFIX_MAX } from "./phone-sign-in.ts";

/**
 * SMS pumping: requests for codes to many numbers, to be paid for the messages. The range limit
 * holds, the shop's budget of codes an hour and a day stops them (the owner mailed once), near the
 * budget the ranges and prefixes pumping uses are refused, and requests at once for one number
 * send one code.
 */

const REQUEST = "/api/users/otp/request/";
const VERIFY = "/api/users/otp/verify/";
const OWNER = "owner@shop.test";
const BUDGET_SUBJECT = "Krishi Bazaar: the sign-in code budget is spent, codes are paused";

/** Generous per-IP and per-number limits: these tests are about ranges, prefixes and the budget. */
const LIMITS: RateLimits["otp"] = {
  ...DEFAULT_RATE_LIMITS.otp,
  perIp: { max: 10_000, windowMs: 60_000 },
  verifyPerIp: { max: 10_000, windowMs: 60_000 },
};

const mailer = new RecordingMailer();
let messenger: RecordingMessenger;
let sequence = 0;

/** An app of the test's own (its budget, counters and clock), at 05:00 UTC so an hour later is the same day. */
async function shop(env: Record<string, string> = {}) {
  messenger = new RecordingMessenger();
  const time = testClock(new Date("2026-03-10T05:00:00.000Z"));
  const app = await createTestApp(
    { OWNER_EMAIL: OWNER, ...env },
    {},
    {
      mailer,
      messenger,
      clock: time.clock,
      rateLimit: { limits: { otp: LIMITS } },
    },
  );
  return { ...app, time };
}

const prefixBase = randomBytes(2).readUInt16BE() % 5000;
let prefixes = 0;
/** A prefix (all but the last five digits) of the test's own, never one given before: "9" and four digits. */
function freshPrefix(): string {
  return `9${String(prefixBase + ++prefixes).padStart(4, "0")}`;
}
/** A number in `prefix`, its range (all but the last three digits) `rangeDigits`. */
const numberIn = (prefix: string, rangeDigits: string, last = "000") => `${prefix}${rangeDigits}${last}`;
const freshIp = () => {
  const n = ++sequence;
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
};

const ask = (app: TestApp, phone: string, ip = freshIp(), headers: Record<string, string> = {}) =>
  app.app.inject({ method: "POST", url: REQUEST, remoteAddress: ip, headers, payload: { phone } });

describe("requests at once for one number", () => {
  let t: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    t = await shop();
  });
  afterAll(() => t.close());

  it("send one code: the 30 s between codes holds however many requests arrive together", async () => {
    const phone = numberIn(freshPrefix(), "00");
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask(t, phone)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    expect(messenger.to(`+91${phone}`)).toHaveLength(1);
    // The code that went is the one stored: it signs in.
    const code = messenger.lastCode(`+91${phone}`);
    const signedIn = await t.app.inject({ method: "POST", url: VERIFY, remoteAddress: freshIp(), payload: { phone, code } });
    expect(signedIn.statusCode).toBe(200);
  });
});

describe("the range limit", () => {
  let t: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    t = await shop({ OTP_BUDGET_PER_HOUR: "100000", OTP_BUDGET_PER_DAY: "100000" });
  });
  afterAll(() => t.close());

  it("holds: 120 numbers of one thousand from 6 addresses get the range's 30 codes and one more, not one each", async () => {
    const prefix = freshPrefix();
    const ips = Array.from({ length: 6 }, freshIp);
    const numbers = Array.from({ length: 120 }, (_, i) => numberIn(prefix, "42", String(i).padStart(3, "0")));
    const answers = await Promise.all(numbers.map((phone, i) => ask(t, phone, ips[i % ips.length])));
    const sent = answers.filter((a) => a.statusCode === 200).length;
    expect(sent).toBe(LIMITS.perRange.max + 1);
    expect(messenger.sent).toHaveLength(sent);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
    // The next range is another matter.
    expect((await ask(t, numberIn(prefix, "43"))).statusCode).toBe(200);
  });
});

describe("the shop's budget of codes", () => {
  it("stops codes past the hour's budget, mails the owner once, and still sends to a customer on their own device", async () => {
    const t = await shop({ OTP_BUDGET_PER_HOUR: "10", OTP_BUDGET_PER_DAY: "1000" });
    try {
      // A customer who signed in on their phone earlier.
      const customer = numberIn(freshPrefix(), "11");
      await ask(t, customer);
      const first = await t.app.inject({
        method: "POST",
        url: VERIFY,
        remoteAddress: freshIp(),
        payload: { phone: customer, code: messenger.lastCode(`+91${customer}`) },
      });
      const cookie = `kb_device=${first.cookies.find((c) => c.name === "kb_device")?.value}`;

      // Strangers ask for codes to numbers of different prefixes, fifteen at once: the budget lets nine more through, exactly.
      const numbers = Array.from({ length: 15 }, () => numberIn(freshPrefix(), "00"));
      const answers = await Promise.all(numbers.map((phone) => ask(t, phone)));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(9);
      expect(messenger.sent).toHaveLength(10);
      const refused = answers.find((a) => a.statusCode === 429);
      expect(refused?.json().code).toBe("throttled");
      expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
      expect((await ask(t, numberIn(freshPrefix(), "00"))).statusCode).toBe(429);

      // The owner hears of it once, however many requests were refused.
      await t.app.services.accounts.drain();
      const mails = mailer.to(OWNER);
      expect(mails.map((m) => m.subject)).toEqual([BUDGET_SUBJECT]);
      expect(mails[0]?.text).toContain("OTP_BUDGET_PER_HOUR");

      // A customer on a device they signed in from is not a pumper's number: their code goes.
      t.time.advance(OTP_RESEND_SECONDS * 1000);
      expect((await ask(t, customer, freshIp(), { cookie })).statusCode).toBe(200);
      expect(messenger.to(`+91${customer}`)).toHaveLength(2);

      // The next hour has a budget of its own; the owner, told today, is not mailed again.
      t.time.advance(3600_000);
      expect((await ask(t, numberIn(freshPrefix(), "00"))).statusCode).toBe(200);
      for (let n = 0; n < 12; n++) await ask(t, numberIn(freshPrefix(), "00"));
      await t.app.services.accounts.drain();
      expect(mailer.to(OWNER)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it("stops codes past the day's budget, and mails the active staff when no OWNER_EMAIL is set", async () => {
    const t = await shop({ OWNER_EMAIL: "", OTP_BUDGET_PER_HOUR: "1000", OTP_BUDGET_PER_DAY: "3" });
    try {
      const staff = await makeAccount(t.database.db, { is_staff: true, first_name: "Mukhiya", language: "hi" });
      const unverified = await makeAccount(t.database.db, { is_staff: true, email_verified: false });
      const answers: number[] = [];
      for (let n = 0; n < 5; n++) answers.push((await ask(t, numberIn(freshPrefix(), "00"))).statusCode);
      expect(answers).toEqual([200, 200, 200, 429, 429]);
      await t.app.services.accounts.drain();
      const mails = mailer.to(staff.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe("Krishi Bazaar: साइन-इन कोड का बजट खत्म, कोड रुके हुए हैं");
      expect(mails[0]?.text).toContain("OTP_BUDGET_PER_DAY");
      expect(mailer.to(unverified.email)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it("near the budget, refuses a range asked for this hour and a prefix asked for often, not a new one", async () => {
    // Near: 8 of the hour's 10.
    const t = await shop({ OTP_BUDGET_PER_HOUR: "10", OTP_BUDGET_PER_DAY: "1000" });
    try {
      const busy = freshPrefix();
      const other = freshPrefix();
      // Before: a prefix gets codes to five ranges, and a range two numbers, as customers might.
      const before = [
        ...Array.from({ length: NEAR_PREFIX_MAX }, (_, i) => numberIn(busy, String(10 + i))),
        numberIn(other, "20", "001"),
        numberIn(other, "20", "002"),
        numberIn(freshPrefix(), "00"),
      ];
      for (const phone of before) expect((await ask(t, phone)).statusCode, phone).toBe(200);

      // Now near: the busy prefix (a sixth range), and a range asked for this hour, are refused.
      expect((await ask(t, numberIn(busy, "30"))).statusCode).toBe(429);
      expect((await ask(t, numberIn(other, "20", "003"))).statusCode).toBe(429);
      // A number of a new prefix and range still gets its code, until the budget is spent.
      expect((await ask(t, numberIn(freshPrefix(), "00"))).statusCode).toBe(200);
      expect((await ask(t, numberIn(freshPrefix(), "00"))).statusCode).toBe(200);
      expect((await ask(t, numberIn(freshPrefix(), "00"))).statusCode).toBe(429);
      expect(messenger.sent).toHaveLength(10);
    } finally {
      await t.close();
    }
  });
});
