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
import { badRequest, fieldError, problem } from "../../lib/errors.ts";
import type { QueuedMessage } from "../../lib/mail-queue.ts";
import type { MessageChannel } from "../../lib/messenger.ts";
import type { FailureLimit, RateLimiting } from "../../lib/rate-limit.ts";
import * as repo from "./repository.ts";
import type { SignInGuard, SignInSource } from "./sign-in-guard.ts";

/**
 * Sign-in codes of mobile numbers: six digits sent by SMS or WhatsApp, stored only as an HMAC
 * (under a key of the server's secret, bound to the number), alive 5 minutes, and one at a time
 * per number: a new code replaces the old, no sooner than 30 s after it. Tries are counted per
 * source (see check()): 5 for each IP or own device, a total for everyone else.
 *
 * Codes cost money and reach a person's phone, so their sending is limited: per IP (a guard on the
 * route), and here per number (3 in 10 minutes, 10 a day) and per range of a thousand numbers. So
 * that a stranger cannot lock an owner out with those limits:
 * - a request from an IP or device the number's account signed in from in the last 30 days is not
 *   counted against them (the SignInGuard's recognition, as for passwords);
 * - past the day's or the range's limit, a number still gets one code every 15 minutes — the
 *   hardening's longest wait — so nobody waits longer for a code of their own.
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

/** Past the day's or the range's limit, a number gets one code per this long (the hardening's cap). */
const TRICKLE_MS = 15 * 60_000;

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
}

export type CodeRequestResult = OtpRequestAnswer | { retryAfterSeconds: number };

export class PhoneCodes {
  readonly #perNumber: FailureLimit;
  readonly #perNumberDay: FailureLimit;
  readonly #perRange: FailureLimit;
  readonly #trickle: FailureLimit;
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
  }

  /** The number as stored (E.164), or a 400 on the field `phone`. */
  read(typed: string): string {
    const reading = readPhone(typed, this.deps.countries);
    if ("phone" in reading) return reading.phone;
    const message = reading.error === "phone_invalid" ? PHONE_MESSAGES.invalid : PHONE_MESSAGES.countryUnsupported;
    throw badRequest(reading.error, message, { phone: [problem(reading.error, message)] });
  }

  /**
   * Sends a new code to the number, or answers the seconds to wait. The answer is the same whether
   * or not the number has an account.
   */
  /** `asked`: the language of the screen that asked; else the account's, else English. */
  async request(phone: string, channel: OtpChannel, asked: Language | undefined, source: SignInSource): Promise<CodeRequestResult> {
    const { db } = this.deps;
    const now = this.deps.clock();
    const previous = await repo.findPhoneCode(db, phone);
    const resendAt = previous ? new Date(previous.sent_at).getTime() + OTP_RESEND_SECONDS * 1000 : 0;
    if (resendAt > now.getTime()) return { retryAfterSeconds: Math.ceil((resendAt - now.getTime()) / 1000) };

    const owner = await repo.findUserByPhone(db, phone);
    if (!(owner && (await this.deps.signIn.recognises(owner.id, source)))) {
      const wait = await this.#limitWait(phone);
      if (wait !== null) return { retryAfterSeconds: wait };
    }

    const language = asked ?? owner?.language ?? "en";
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
    const sentAt = now.toISOString();
    await repo.savePhoneCode(db, {
      phone,
      code_hash: this.#hash(phone, code),
      channel,
      sent_at: sentAt,
      expires_at: new Date(now.getTime() + OTP_TTL_SECONDS * 1000).toISOString(),
    });
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
   * Counts a try of `code` against the number's live code: a 400 otp_invalid (with the tries left
   * to this source) when wrong, otp_expired when there is no code this source may try. The seconds
   * to wait when the number's tries for the day are used up, else null. The code stays until
   * consume().
   *
   * Tries are counted per source, so a stranger's wrong guesses do not cost the owner their code:
   * OTP_MAX_TRIES for each IP (in the rate-limit counters, keyed by the code), or for a device the
   * number's account signed in from lately (its cookie: a stranger cannot have it), which alone is
   * not held by the caps on everyone else: OTP_CODE_MAX_TRIES per code (the table's `tries`) and
   * `triesPerNumber` a day (a counter), which keep guessing hopeless (see the README's odds).
   */
  async check(phone: string, code: string, source: SignInSource): Promise<number | null> {
    const { db } = this.deps;
    const now = this.deps.clock();
    const stored = await repo.findPhoneCode(db, phone);
    if (!stored || new Date(stored.expires_at).getTime() <= now.getTime()) throw codeExpired();
    const owner = await repo.findUserByPhone(db, phone);
    const ownDevice = owner !== undefined && (await this.deps.signIn.recognisesDevice(owner.id, source));
    const place = ownDevice ? `device:${source.device}` : `ip:${source.ip}`;
    const mine = await this.#sourceTries.fail(`${phone}:${toIso(stored.sent_at)}:${place}`);
    if (mine.count > OTP_MAX_TRIES) throw codeExpired();
    let triesLeft = OTP_MAX_TRIES - mine.count;
    if (!ownDevice) {
      const today = await this.#numberTries.fail(phone);
      if (today.count > this.deps.limits.triesPerNumber.max) return today.retryAfterSeconds;
      const tries = await repo.countCodeTry(db, phone, stored.code_hash, OTP_CODE_MAX_TRIES, now.toISOString());
      if (tries === null) throw codeExpired();
      triesLeft = Math.min(triesLeft, OTP_CODE_MAX_TRIES - tries);
    }
    if (!this.#matches(stored.code_hash, phone, code)) {
      throw fieldError("otp_invalid", "code", problem("otp_invalid", PHONE_MESSAGES.wrongCode, { tries_left: triesLeft }), {
        tries_left: triesLeft,
      });
    }
    return null;
  }

  /** Uses the code up; false when another request used it first. */
  consume(phone: string, code: string): Promise<boolean> {
    return repo.consumePhoneCode(this.deps.db, phone, this.#hash(phone, code));
  }

  /** Counts a code to the number against its limits; the seconds to wait when one is passed. */
  async #limitWait(phone: string): Promise<number | null> {
    const range = phone.slice(0, -3);
    const [number, day, inRange] = await Promise.all([
      this.#perNumber.fail(phone),
      this.#perNumberDay.fail(phone),
      this.#perRange.fail(range),
    ]);
    if (number.count > this.deps.limits.perNumber.max) return number.retryAfterSeconds;
    if (day.count <= this.deps.limits.perNumberDay.max && inRange.count <= this.deps.limits.perRange.max) return null;
    // Over the day's or the range's limit: one code per TRICKLE_MS still goes.
    const trickle = await this.#trickle.fail(phone);
    return trickle.count > 1 ? trickle.retryAfterSeconds : null;
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

/** No code to try: never asked for, expired, used, or out of tries. */
export const codeExpired = () => fieldError("otp_expired", "code", problem("otp_expired", PHONE_MESSAGES.expired));
