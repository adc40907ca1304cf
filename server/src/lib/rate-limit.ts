import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import type { Guard } from "./auth.ts";
import { HttpError } from "./errors.ts";

/**
 * Rate limits for the sensitive endpoints (sign-in, registration, password reset, verification
 * e-mails, token refresh), per IP and per e-mail address. Counters live in Redis when REDIS_URL
 * is set, so every server instance shares them; otherwise in this process's memory.
 *
 * @fastify/rate-limit applies one limit per request through its hooks, so each guard here checks
 * several counters itself with `createRateLimit`. The guards run as preHandlers, after the body
 * is parsed and validated, which is what lets a key include the e-mail address. No limit doubles
 * its wait: a wait that grows with every attempt is one anybody can stretch to lock a person out.
 *
 * The limit per account counts failed sign-ins only, so it is not a guard: the accounts service
 * asks it (`signInFailures`) before checking a password and tells it of each failure.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /**
   * perIp and perEmail count every attempt, from one IP, and from one IP for one address.
   * perAccount counts FAILED sign-ins to one address across all IPs, so rotating addresses (or
   * proxies) does not buy more guesses at one password; past it, a sign-in waits out the rest of
   * its window (at most 15 minutes, whatever windowMs says) unless it comes from an IP or device
   * that signed in to the account in the last 30 days (see modules/accounts/sign-in-guard.ts).
   */
  login: { perIp: Limit; perEmail: Limit; perAccount: Limit };
  registration: { perIp: Limit; perEmail: Limit };
  /**
   * perEmail counts across all IPs and caps how many e-mails one address is sent: past it the
   * answer stays the same and no mail goes (a 429 would let anyone lock a person out of reset).
   */
  passwordReset: { perIp: Limit; perEmail: Limit };
  resendEmail: { perIp: Limit; perEmail: Limit };
  tokenRefresh: { perIp: Limit };
  /**
   * Sign-in codes of mobile numbers. perIp counts requests for codes and tries of them from one IP
   * (generous: Indian mobile networks put many people behind one address). The others are the
   * accounts service's to apply (see modules/accounts/phone-sign-in.ts): perNumber, perNumberDay
   * and perRange count codes sent, to one number and to the thousand numbers that share all but
   * the last three digits (SMS pumping walks through ranges); triesPerNumber counts tries of a
   * number's codes from everywhere but the account's own devices (what bounds guessing).
   */
  otp: { perIp: Limit; verifyPerIp: Limit; perNumber: Limit; perNumberDay: Limit; perRange: Limit; triesPerNumber: Limit };
}

const MINUTE = 60_000;

/** The longest a sign-in waits because of the per-account limit. */
export const MAX_ACCOUNT_LOCK_MS = 15 * MINUTE;

/**
 * Sign-in: 30 attempts a minute from one IP, 10 a minute from one IP for one address, and 30
 * FAILED sign-ins to one address in 15 minutes from anywhere (past them, sign-ins from unfamiliar
 * places wait out those 15 minutes; the owner's familiar IPs and devices do not). The mail caps
 * (5 an address) bound what anyone can make the shop send to a person.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { perIp: { max: 30, windowMs: MINUTE }, perEmail: { max: 10, windowMs: MINUTE }, perAccount: { max: 30, windowMs: 15 * MINUTE } },
  registration: { perIp: { max: 10, windowMs: MINUTE }, perEmail: { max: 5, windowMs: 10 * MINUTE } },
  passwordReset: { perIp: { max: 10, windowMs: MINUTE }, perEmail: { max: 5, windowMs: 60 * MINUTE } },
  resendEmail: { perIp: { max: 10, windowMs: MINUTE }, perEmail: { max: 5, windowMs: 60 * MINUTE } },
  tokenRefresh: { perIp: { max: 60, windowMs: MINUTE } },
  otp: {
    perIp: { max: 30, windowMs: 10 * MINUTE },
    verifyPerIp: { max: 60, windowMs: 10 * MINUTE },
    perNumber: { max: 3, windowMs: 10 * MINUTE },
    perNumberDay: { max: 10, windowMs: 24 * 60 * MINUTE },
    perRange: { max: 30, windowMs: 60 * MINUTE },
    triesPerNumber: { max: 20, windowMs: 24 * 60 * MINUTE },
  },
};

export interface RateLimitSettings {
  /** Overrides per endpoint (tests use low limits). */
  limits?: Partial<RateLimits>;
  /** Prefix of the Redis keys; instances that share limits share it. */
  namespace?: string;
}

export type RateLimitGuards = Record<Exclude<keyof RateLimits, "otp">, Guard> & { otpRequest: Guard; otpVerify: Guard };

/** Where a failure limit stands for one key: whether it is reached, and for how long yet. */
export interface FailureState {
  reached: boolean;
  retryAfterSeconds: number;
  /** Failures counted in the current window. */
  count: number;
}

/**
 * Failures counted per key in a fixed window, apart from the attempts themselves: `peek` asks
 * whether the limit is reached without counting, `fail` counts one failure.
 */
export interface FailureLimit {
  peek(key: string): Promise<FailureState>;
  fail(key: string): Promise<FailureState>;
}

export interface RateLimiting {
  /** The preHandlers of the accounts API. */
  guards: RateLimitGuards;
  /** Failed sign-ins per account (e-mail address), across all IPs. */
  signInFailures: FailureLimit;
  /** The limits in force (defaults with the overrides of the settings). */
  limits: RateLimits;
  /**
   * A fixed-window counter shared like the others (Redis when set): `fail` counts one event,
   * `reached` once `limit.max` are counted; a wait is at most `capMs` (default: the window).
   */
  counter(name: string, limit: Limit, capMs?: number): FailureLimit;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by a mail cap: answer as usual, but send this address no more mail for now. */
    mailCapped: boolean;
  }
}

/** throttle: 429 when over; cap: mark the request (request.mailCapped) and let it through. */
type Rule = [string, Limit, (request: FastifyRequest) => string | null, ("throttle" | "cap")?];

/** The 429 of every limit, its wait in Retry-After. */
export function throttled(reply: FastifyReply, retryAfterSeconds: number): HttpError {
  const error = throttledError(retryAfterSeconds);
  reply.header("Retry-After", String(error.params?.seconds));
  return error;
}

/** The 429 of a limit a service applies; the error handler puts its wait (params.seconds) in Retry-After. */
export function throttledError(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, retryAfterSeconds);
  return new HttpError(
    429,
    "throttled",
    `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? "" : "s"}.`,
    {},
    { seconds },
  );
}

/**
 * Registers @fastify/rate-limit (no global limit) and answers the guards of the accounts API and
 * the per-account count of failed sign-ins.
 */
export async function installRateLimits(
  app: FastifyInstance,
  redisUrl: string | null,
  settings: RateLimitSettings = {},
): Promise<RateLimiting> {
  let redis: Redis | null = null;
  if (redisUrl) {
    // Fail fast while Redis is away (no offline queue): the guards then count in memory instead.
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000, enableOfflineQueue: false });
    redis.on("error", (err) => app.log.warn({ err }, "rate-limit store (Redis) unavailable"));
    const client = redis;
    // Start counting in Redis from the first request: wait (briefly) for the connection.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2_000);
      const done = () => {
        clearTimeout(timer);
        client.off("ready", done);
        client.off("error", done);
        resolve();
      };
      client.once("ready", done);
      client.once("error", done);
    });
    app.addHook("onClose", async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: settings.namespace ?? "krishi-rl:",
    // A broken Redis must neither lock everyone out nor switch the limits off: the guards catch
    // the error and count in this process's memory until Redis answers again.
    skipOnError: false,
  });
  const fallback = new MemoryCounters();
  let warned = false;
  const onStoreError = (err: unknown) => {
    if (!warned) app.log.warn({ err }, "rate-limit store (Redis) failed: counting in this process's memory until it is back");
    warned = true;
  };

  const limits = { ...DEFAULT_RATE_LIMITS, ...settings.limits };
  const ip = (request: FastifyRequest) => request.ip;
  const email = (request: FastifyRequest) => {
    const value = (request.body as { email?: unknown } | undefined)?.email;
    return typeof value === "string" ? value.trim().toLowerCase() : null;
  };
  const ipAndEmail = (request: FastifyRequest) => {
    const address = email(request);
    return address === null ? null : `${request.ip} ${address}`;
  };
  app.decorateRequest("mailCapped", false);
  const guard = (name: string, rules: Rule[]) => limitGuard(app, name, rules, { fallback, onStoreError });
  const { max, windowMs } = limits.login.perAccount;
  const counter = (name: string, limit: Limit, capMs = limit.windowMs) =>
    new FailureCounter(`${settings.namespace ?? "krishi-rl:"}${name}:`, limit, capMs, redis, { fallback, onStoreError });
  const signInFailures = counter("login:account-failures", { max, windowMs: Math.min(windowMs, MAX_ACCOUNT_LOCK_MS) }, MAX_ACCOUNT_LOCK_MS);

  const guards: RateLimitGuards = {
    login: guard("login", [
      ["ip", limits.login.perIp, ip],
      ["ip+email", limits.login.perEmail, ipAndEmail],
    ]),
    registration: guard("registration", [
      ["ip", limits.registration.perIp, ip],
      ["email", limits.registration.perEmail, email, "cap"],
    ]),
    passwordReset: guard("password-reset", [
      ["ip", limits.passwordReset.perIp, ip],
      ["email", limits.passwordReset.perEmail, email, "cap"],
    ]),
    resendEmail: guard("resend-email", [
      ["ip", limits.resendEmail.perIp, ip],
      ["email", limits.resendEmail.perEmail, email, "cap"],
    ]),
    tokenRefresh: guard("token-refresh", [["ip", limits.tokenRefresh.perIp, ip]]),
    otpRequest: guard("otp-request", [["ip", limits.otp.perIp, ip]]),
    otpVerify: guard("otp-verify", [["ip", limits.otp.verifyPerIp, ip]]),
  };
  return { guards, signInFailures, limits, counter };
}

/**
 * Fixed-window counters in this process: the fallback while the shared store is down, and the
 * store of the failure counter without Redis.
 */
class MemoryCounters {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();

  hit(key: string, limit: Limit): { isAllowed: boolean; isExceeded: boolean; ttlInSeconds: number; count: number } {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.#windows.size > 100_000) this.#windows.clear();
      window = { count: 0, resetAt: now + limit.windowMs };
      this.#windows.set(key, window);
    }
    window.count++;
    const exceeded = window.count > limit.max;
    return { isAllowed: !exceeded, isExceeded: exceeded, ttlInSeconds: Math.ceil((window.resetAt - now) / 1000), count: window.count };
  }

  /** The count of a key's current window and the milliseconds left of it, without counting. */
  peek(key: string): { count: number; ttlMs: number } {
    const window = this.#windows.get(key);
    const ttlMs = window ? window.resetAt - Date.now() : 0;
    return ttlMs > 0 && window ? { count: window.count, ttlMs } : { count: 0, ttlMs: 0 };
  }
}

/**
 * A FailureLimit in Redis when there is one (INCR in a window set by the first failure, in one
 * MULTI), else, and while Redis fails, in this process's memory.
 */
class FailureCounter implements FailureLimit {
  constructor(
    private readonly prefix: string,
    private readonly limit: Limit,
    private readonly capMs: number,
    private readonly redis: Redis | null,
    private readonly store: { fallback: MemoryCounters; onStoreError: (err: unknown) => void },
  ) {}

  async peek(key: string): Promise<FailureState> {
    const fullKey = this.prefix + key;
    if (this.redis) {
      try {
        const [count, ttlMs] = results(await this.redis.multi().get(fullKey).pttl(fullKey).exec());
        return this.#state(Number(count ?? 0), Number(ttlMs));
      } catch (err) {
        this.store.onStoreError(err);
      }
    }
    const { count, ttlMs } = this.store.fallback.peek(fullKey);
    return this.#state(count, ttlMs);
  }

  async fail(key: string): Promise<FailureState> {
    const fullKey = this.prefix + key;
    if (this.redis) {
      try {
        const multi = this.redis.multi().set(fullKey, "0", "PX", this.limit.windowMs, "NX").incr(fullKey).pttl(fullKey);
        const [, count, ttlMs] = results(await multi.exec());
        return this.#state(Number(count), Number(ttlMs));
      } catch (err) {
        this.store.onStoreError(err);
      }
    }
    const { count, ttlInSeconds } = this.store.fallback.hit(fullKey, this.limit);
    return this.#state(count, ttlInSeconds * 1000);
  }

  #state(count: number, ttlMs: number): FailureState {
    // A window without its expiry (ttl -1) cannot happen through fail(); waiting the window is the safe answer.
    const left = ttlMs > 0 ? ttlMs : this.limit.windowMs;
    return { reached: count >= this.limit.max, retryAfterSeconds: Math.ceil(Math.min(left, this.capMs) / 1000), count };
  }
}

/** The replies of a MULTI, or the error of the first command that failed. */
function results(replies: [Error | null, unknown][] | null): unknown[] {
  if (!replies) throw new Error("Redis discarded the transaction");
  return replies.map(([err, value]) => {
    if (err) throw err;
    return value;
  });
}

function limitGuard(
  app: FastifyInstance,
  name: string,
  rules: Rule[],
  { fallback, onStoreError }: { fallback: MemoryCounters; onStoreError: (err: unknown) => void },
): Guard {
  const checks = rules.map(([rule, limit, key, mode = "throttle"]) => {
    const fullKey = (request: FastifyRequest) => `${name}:${rule}:${key(request)}`;
    const shared = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: fullKey });
    return {
      key,
      mode,
      check: async (request: FastifyRequest) => {
        try {
          return await shared(request);
        } catch (err) {
          onStoreError(err);
          return fallback.hit(fullKey(request), limit);
        }
      },
    };
  });
  return async (request, reply) => {
    for (const { key, mode, check } of checks) {
      if (key(request) === null) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded && mode === "cap") {
        request.mailCapped = true;
      } else if (!result.isAllowed && result.isExceeded) {
        throw throttled(reply, result.ttlInSeconds);
      }
    }
  };
}
