import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import {
  type Language,
  OTP_LENGTH,
  OTP_MAX_TRIES,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  type OtpChannel,
  type OtpRequestAnswer,
  type PhoneCountry,
  readPhone,
} from "@krishi/contract";
import type { Db } from "../../db/database.ts";
import { toIso } from "../../db/dialect.ts";
import type { Clock } from "../../lib/clock.ts";
import type { QueuedMessage } from "../../lib/mail-queue.ts";
import type { MessageChannel } from "../../lib/messenger.ts";
import type { FailureLimit, RateLimiting } from "../../lib/rate-limit.ts";
import { fail, ok, type Result } from "../../lib/result.ts";
import * as repo from "./repository.ts";
import type { SignInGuard, SignInSource } from "./sign-in-guard.ts";

/**
 * Sign-in codes of mobile numbers: six digits sent by SMS or WhatsApp, stored only as an HMAC
 * (under a key of the server's secret, bound to the number), alive 5 minutes, and one at a time
 * per number: a new code replaces the old, no sooner than 30 s after it. Tries are counted per
 * source (see check()): 5 for each IP or own device, a total for everyone else.
 *
 * Codes cost money and reach a person's phone, so their sending is limited: per IP (a guard on the
 * route), and here per number (3 in 10 minutes, 10 a day), per range of a thousand numbers (30 an
 * hour) and by the shop's budget (OTP_BUDGET_PER_HOUR and _PER_DAY, counted in the database by
 * every server process). SMS pumping sends codes to ranges of numbers that pay the sender:
 * - past the range's limit, the whole range gets one code every 15 minutes (not each number);
 * - near the budget (NEAR_BUDGET of it spent), a range that was asked for in the last hour, or a
 *   hundred-thousand-number prefix asked for NEAR_PREFIX_MAX times, is refused;
 * - past the budget, no code goes until its hour or day is over, and the owner is mailed, once a
 *   day (the mail queue's key decides, whatever the number of processes).
 * So that a stranger cannot lock an owner out with those limits:
 * - a request from an IP or device the number's account signed in from in the last 30 days is not
 *   counted against them, nor refused by the budget (the SignInGuard's recognition, as for
 *   passwords: pumping wants numbers without such accounts);
 * - past the day's limit, a number still gets one code every 15 minutes — the hardening's longest
 *   wait — so nobody waits longer for a code of their own.
 * The 30 s between two codes of a number is held by a conditional write (savePhoneCode): of
 * requests at once, one sends.
 */
export const PHONE_MESSAGES = {
  sent: "If the number can receive messages, a code is on its way.",
  invalid: "Enter a 10-digit mobile number.",
  countryUnsupported: "We can send codes only to mobile numbers of the countries we deliver to.",
  wrongCode: "That code is not right.",
  expired: "This code has expired or has been used. Ask for a new code.",
  staffPassword: "Staff accounts sign in with their code and their password.",
  taken: "This mobile number belongs to another account.",
} as const;

/** Past the day's limit a number, and past its limit a range, gets one code per this long (the hardening's cap). */
const TRICKLE_MS = 15 * 60_000;
const HOUR_MS = 3600_000;

/** The share of the hour's or the day's budget past which pumping's patterns are refused. */
export const NEAR_BUDGET = 0.8;
/** Near the budget: codes a range of a thousand numbers may be asked for in its window (one). */
export const NEAR_RANGE_MAX = 1;
/** Near the budget: codes a prefix of a hundred thousand numbers may be asked for in an hour. */
export const NEAR_PREFIX_MAX = 5;

/** Which budget was spent: the hour's or the day's. */
export type BudgetWindowName = "hour" | "day";

/** The budget windows of a moment, UTC: `h:2026-01-02T10` and `d:2026-01-02`. */
function budgetWindows(at: Date): { hour: string; day: string } {
  const iso = at.toISOString();
  return { hour: `h:${iso.slice(0, 13)}`, day: `d:${iso.slice(0, 10)}` };
}

/**
 * Tries of one code from all sources but the account's own devices (each source has OTP_MAX_TRIES
 * of its own): two strangers' worth, so one stranger cannot use up the owner's.
 */
export const OTP_CODE_MAX_TRIES = 2 * OTP_MAX_TRIES;

const codeText: Record<Language, (code: string, host: string) => string> = {
  // The last line is the WebOTP format ("@" and the site's host name, no port): Chrome on Android offers the code to the shop's page itself.
  en: (code, host) =>
    `${code} is your Krishi Bazaar sign-in code. It expires in 5 minutes. Do not share it with anyone.\n\n@${host} #${code}`,
  hi: (code, host) => `${code} आपका कृषि बाज़ार साइन-इन कोड है। यह 5 मिनट में समाप्त हो जाएगा। इसे किसी के साथ साझा न करें।\n\n@${host} #${code}`,
};

export interface PhoneCodesDeps {
  db: Db;
  clock: Clock;
  /** The HMAC key of stored codes (derived from the server's secret). */
  key: Uint8Array;
  siteUrl: string;
  countries: readonly PhoneCountry[];
  /** The channels the shop's messenger sends on (WhatsApp needs its own provider). */
  channels: readonly MessageChannel[];
  limits: RateLimiting["limits"]["otp"];
  counter: RateLimiting["counter"];
  signIn: SignInGuard;
  /** Queues the message and sends it now; a failed send stays queued for the worker's retries. */
  sendMessage: (message: QueuedMessage) => Promise<void>;
  /** Codes the shop sends an hour and a day at most (to numbers whose account did not recognise the asker). */
  budget: { perHour: number; perDay: number };
  /** Told each time a code is refused because a budget is spent (the owner is mailed once a day). */
  budgetSpent: (window: BudgetWindowName, day: string) => void;
}

export type CodeRequestResult = OtpRequestAnswer | { retryAfterSeconds: number };

/** Why a number or its code is refused. */
export type PhoneCodeFailure =
  /** Not a mobile number (`phone_invalid`), or not one of the countries the shop sends codes to. */
  | { kind: "phone-unreadable"; reason: "phone_invalid" | "phone_country_unsupported" }
  /** No code this source may try: never asked for, expired, used, or out of tries. */
  | { kind: "code-expired" }
  /** A wrong code; `triesLeft` to this source. */
  | { kind: "code-wrong"; triesLeft: number };

const CODE_EXPIRED = fail({ kind: "code-expired" } as const);

export class PhoneCodes {
  readonly #perNumber: FailureLimit;
  readonly #perNumberDay: FailureLimit;
  readonly #perRange: FailureLimit;
  readonly #trickle: FailureLimit;
  readonly #rangeTrickle: FailureLimit;
  readonly #perPrefix: FailureLimit;
  readonly #sourceTries: FailureLimit;
  readonly #numberTries: FailureLimit;

  constructor(private readonly deps: PhoneCodesDeps) {
    const { counter, limits } = deps;
    this.#sourceTries = counter("otp:source-tries", { max: OTP_MAX_TRIES, windowMs: OTP_TTL_SECONDS * 1000 });
    this.#numberTries = counter("otp:number-tries", limits.triesPerNumber);
    this.#perNumber = counter("otp:number", limits.perNumber);
    this.#perNumberDay = counter("otp:number-day", limits.perNumberDay);
    this.#perRange = counter("otp:range", limits.perRange);
    this.#trickle = counter("otp:trickle", { max: 1, windowMs: TRICKLE_MS });
    this.#rangeTrickle = counter("otp:range-trickle", { max: 1, windowMs: TRICKLE_MS });
    this.#perPrefix = counter("otp:prefix", { max: NEAR_PREFIX_MAX, windowMs: HOUR_MS });
  }

  /** The number as stored (E.164), or why it is not one. */
  read(typed: string): Result<string, PhoneCodeFailure> {
    const reading = readPhone(typed, this.deps.countries);
    return "phone" in reading ? ok(reading.phone) : fail({ kind: "phone-unreadable", reason: reading.error });
  }

  /**
   * Sends a new code to the number, or answers the seconds to wait. The answer is the same whether
   * or not the number has an account. `asked`: the language of the screen that asked; else the
   * account's, else English.
   */
  async request(phone: string, channel: OtpChannel, asked: Language | undefined, source: SignInSource): Promise<CodeRequestResult> {
    const { db } = this.deps;
    const now = this.deps.clock();
    const previous = await repo.findPhoneCode(db, phone);
    const resendAt = previous ? new Date(previous.sent_at).getTime() + OTP_RESEND_SECONDS * 1000 : 0;
    if (resendAt > now.getTime()) return { retryAfterSeconds: Math.ceil((resendAt - now.getTime()) / 1000) };

    const owner = await repo.findUserByPhone(db, phone);
    const recognised = owner !== undefined && (await this.deps.signIn.recognises(owner.id, source));
    if (!recognised) {
      const wait = await this.#limitWait(phone, now);
      if (wait !== null) return { retryAfterSeconds: wait };
    }

    const language = asked ?? owner?.language ?? "en";
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
    const codeHash = this.#hash(phone, code);
    const sentAt = now.toISOString();
    const saved = await repo.savePhoneCode(
      db,
      { phone, code_hash: codeHash, channel, sent_at: sentAt, expires_at: new Date(now.getTime() + OTP_TTL_SECONDS * 1000).toISOString() },
      new Date(now.getTime() - OTP_RESEND_SECONDS * 1000).toISOString(),
    );
    // Another request sent the number a code meanwhile.
    if (!saved) return { retryAfterSeconds: OTP_RESEND_SECONDS };
    if (!recognised) {
      const wait = await this.#spend(now);
      if (wait !== null) {
        await repo.deletePhoneCode(db, phone, codeHash);
        return { retryAfterSeconds: wait };
      }
    }
    const sendOn = this.deps.channels.includes(channel) ? channel : "sms";
    await this.deps.sendMessage({
      key: `otp:${phone}:${sentAt}`,
      channel: sendOn,
      to: phone,
      kind: "otp",
      language,
      params: [code],
      text: codeText[language](code, new URL(this.deps.siteUrl).hostname),
    });
    return { detail: PHONE_MESSAGES.sent, resend_after: OTP_RESEND_SECONDS, expires_in: OTP_TTL_SECONDS };
  }

  /**
   * Counts a try of `code` against the number's live code: refused as wrong (with the tries left
   * to this source), or expired when there is no code this source may try. The seconds to wait
   * when the number's tries for the day are used up, else null. The code stays until consume().
   *
   * Tries are counted per source, so a stranger's wrong guesses do not cost the owner their code:
   * OTP_MAX_TRIES for each IP (in the rate-limit counters, keyed by the code), or for a device the
   * number's account signed in from lately (its cookie: a stranger cannot have it), which alone is
   * not held by the caps on everyone else: OTP_CODE_MAX_TRIES per code (the table's `tries`) and
   * `triesPerNumber` a day (a counter), which keep guessing hopeless (see the README's odds).
   */
  async check(phone: string, code: string, source: SignInSource): Promise<Result<number | null, PhoneCodeFailure>> {
    const { db } = this.deps;
    const now = this.deps.clock();
    const stored = await repo.findPhoneCode(db, phone);
    if (!stored || new Date(stored.expires_at).getTime() <= now.getTime()) return CODE_EXPIRED;
    const owner = await repo.findUserByPhone(db, phone);
    const ownDevice = owner !== undefined && (await this.deps.signIn.recognisesDevice(owner.id, source));
    // The device's id is a secret (its cookie): the counters' keys carry its HMAC.
    const place = ownDevice ? `device:${this.#hash(phone, `device:${source.device}`)}` : `ip:${source.ip}`;
    const mine = await this.#sourceTries.fail(`${phone}:${toIso(stored.sent_at)}:${place}`);
    if (mine.count > OTP_MAX_TRIES) return CODE_EXPIRED;
    let triesLeft = OTP_MAX_TRIES - mine.count;
    if (!ownDevice) {
      const today = await this.#numberTries.fail(phone);
      if (today.count > this.deps.limits.triesPerNumber.max) return ok(today.retryAfterSeconds);
      const tries = await repo.countCodeTry(db, phone, stored.code_hash, OTP_CODE_MAX_TRIES, now.toISOString());
      if (tries === null) return CODE_EXPIRED;
      triesLeft = Math.min(triesLeft, OTP_CODE_MAX_TRIES - tries);
    }
    if (!this.#matches(stored.code_hash, phone, code)) return fail({ kind: "code-wrong", triesLeft });
    return ok(null);
  }

  /** Uses the code up; false when another request used it first. */
  consume(phone: string, code: string): Promise<boolean> {
    return repo.consumePhoneCode(this.deps.db, phone, this.#hash(phone, code));
  }

  /**
   * Counts a code to the number against its limits; the seconds to wait when one is passed, or
   * when the budget is spent or near and the number's range or prefix is one pumping uses.
   */
  async #limitWait(phone: string, now: Date): Promise<number | null> {
    const range = phone.slice(0, -3);
    const prefix = phone.slice(0, -5);
    const budget = await this.#budgetState(now);
    if (budget.spent) {
      this.deps.budgetSpent(budget.spent.window, budgetWindows(now).day);
      return budget.spent.wait;
    }
    const [number, day, inRange, inPrefix] = await Promise.all([
      this.#perNumber.fail(phone),
      this.#perNumberDay.fail(phone),
      this.#perRange.fail(range),
      this.#perPrefix.fail(prefix),
    ]);
    if (number.count > this.deps.limits.perNumber.max) return number.retryAfterSeconds;
    if (budget.near) {
      if (inRange.count > NEAR_RANGE_MAX) return inRange.retryAfterSeconds;
      if (inPrefix.count > NEAR_PREFIX_MAX) return inPrefix.retryAfterSeconds;
    }
    // Over the day's limit, one code per TRICKLE_MS still goes to the number; over the range's, one
    // to the range, whichever number. Neither allowance is taken while the other one refuses.
    const allowances = [
      ...(day.count > this.deps.limits.perNumberDay.max ? [{ trickle: this.#trickle, key: phone }] : []),
      ...(inRange.count > this.deps.limits.perRange.max ? [{ trickle: this.#rangeTrickle, key: range }] : []),
    ];
    for (const { trickle, key } of allowances) {
      const state = await trickle.peek(key);
      if (state.reached) return state.retryAfterSeconds;
    }
    for (const { trickle, key } of allowances) {
      const taken = await trickle.fail(key);
      if (taken.count > 1) return taken.retryAfterSeconds;
    }
    return null;
  }

  /** How much of the hour's and the day's budget is spent: which is used up (and the wait), or whether one is near. */
  async #budgetState(now: Date): Promise<{ spent: { window: BudgetWindowName; wait: number } | null; near: boolean }> {
    const { perHour, perDay } = this.deps.budget;
    const keys = budgetWindows(now);
    const spent = await repo.budgetSpent(this.deps.db, [keys.hour, keys.day]);
    const hour = spent.get(keys.hour) ?? 0;
    const day = spent.get(keys.day) ?? 0;
    const full = day >= perDay ? "day" : hour >= perHour ? "hour" : null;
    return {
      spent: full ? { window: full, wait: this.#budgetWait(full, now) } : null,
      near: hour >= NEAR_BUDGET * perHour || day >= NEAR_BUDGET * perDay,
    };
  }

  /** Counts a code against the budget, atomically; the seconds to wait when a window is full. */
  async #spend(now: Date): Promise<number | null> {
    const { perHour, perDay } = this.deps.budget;
    const keys = budgetWindows(now);
    const forget = budgetWindows(new Date(now.getTime() - 2 * 24 * HOUR_MS));
    const windows = [
      { key: keys.day, max: perDay },
      { key: keys.hour, max: perHour },
    ];
    if (await repo.spendBudget(this.deps.db, windows, forget)) return null;
    const state = await this.#budgetState(now);
    const window = state.spent?.window ?? "hour";
    this.deps.budgetSpent(window, keys.day);
    return this.#budgetWait(window, now);
  }

  /** Until the window is over, at most the hardening's longest wait (the client may ask again). */
  #budgetWait(window: BudgetWindowName, now: Date): number {
    const length = window === "hour" ? HOUR_MS : 24 * HOUR_MS;
    const left = length - (now.getTime() % length);
    return Math.ceil(Math.min(left, TRICKLE_MS) / 1000);
  }

  #hash(phone: string, code: string): string {
    return createHmac("sha256", this.deps.key).update(`${phone}\n${code}`).digest("hex");
  }

  #matches(storedHash: string, phone: string, code: string): boolean {
    const expected = Buffer.from(storedHash, "hex");
    const actual = Buffer.from(this.#hash(phone, code), "hex");
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}
