import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
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
 * is parsed and validated, which is what lets a key include the e-mail address.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /**
   * perEmail counts attempts from one IP for one address; perAccount counts one address across
   * all IPs, so rotating addresses (or proxies) does not buy more guesses at one password.
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
}

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { perIp: { max: 30, windowMs: MINUTE }, perEmail: { max: 10, windowMs: MINUTE }, perAccount: { max: 30, windowMs: 15 * MINUTE } },
  registration: { perIp: { max: 10, windowMs: MINUTE }, perEmail: { max: 5, windowMs: 10 * MINUTE } },
  passwordReset: { perIp: { max: 10, windowMs: MINUTE }, perEmail: { max: 5, windowMs: 60 * MINUTE } },
  resendEmail: { perIp: { max: 10, windowMs: MINUTE }, perEmail: { max: 5, windowMs: 60 * MINUTE } },
  tokenRefresh: { perIp: { max: 60, windowMs: MINUTE } },
};

export interface RateLimitSettings {
  /** Overrides per endpoint (tests use low limits). */
  limits?: Partial<RateLimits>;
  /** Prefix of the Redis keys; instances that share limits share it. */
  namespace?: string;
}

export type RateLimitGuards = Record<keyof RateLimits, Guard>;

declare module "fastify" {
  interface FastifyRequest {
    /** Set by a mail cap: answer as usual, but send this address no more mail for now. */
    mailCapped: boolean;
  }
}

/**
 * throttle: 429 when over; backoff: 429, and each further attempt doubles the wait; cap: mark the
 * request (request.mailCapped) and let it through.
 */
type Rule = [string, Limit, (request: FastifyRequest) => string | null, ("throttle" | "backoff" | "cap")?];

/** Registers @fastify/rate-limit (no global limit) and answers the guards of the accounts API. */
export async function installRateLimits(
  app: FastifyInstance,
  redisUrl: string | null,
  settings: RateLimitSettings = {},
): Promise<RateLimitGuards> {
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

  return {
    login: guard("login", [
      ["ip", limits.login.perIp, ip],
      ["ip+email", limits.login.perEmail, ipAndEmail],
      ["account", limits.login.perAccount, email, "backoff"],
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
  };
}

/** Fixed-window counters in this process: the fallback while the shared store is down. */
class MemoryCounters {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();

  hit(key: string, limit: Limit): { isAllowed: boolean; isExceeded: boolean; ttlInSeconds: number } {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.#windows.size > 100_000) this.#windows.clear();
      window = { count: 0, resetAt: now + limit.windowMs };
      this.#windows.set(key, window);
    }
    window.count++;
    const exceeded = window.count > limit.max;
    return { isAllowed: !exceeded, isExceeded: exceeded, ttlInSeconds: Math.ceil((window.resetAt - now) / 1000) };
  }
}

function limitGuard(
  app: FastifyInstance,
  name: string,
  rules: Rule[],
  { fallback, onStoreError }: { fallback: MemoryCounters; onStoreError: (err: unknown) => void },
): Guard {
  const checks = rules.map(([rule, limit, key, mode = "throttle"]) => {
    const fullKey = (request: FastifyRequest) => `${name}:${rule}:${key(request)}`;
    // exponentialBackoff is honoured per limiter (the store's child takes it) but missing from the types.
    const options = { max: limit.max, timeWindow: limit.windowMs, keyGenerator: fullKey, exponentialBackoff: mode === "backoff" };
    const shared = app.createRateLimit(options as Parameters<FastifyInstance["createRateLimit"]>[0]);
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
        const seconds = Math.max(1, result.ttlInSeconds);
        reply.header("Retry-After", String(seconds));
        throw new HttpError(429, `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? "" : "s"}.`);
      }
    }
  };
}
