import { randomBytes, randomUUID } from "node:crypto";
import type { Language } from "@krishi/contract";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Db } from "../db/database.ts";
import { type Clock, systemClock } from "../lib/clock.ts";
import { hashPassword } from "../lib/passwords.ts";
import type { RateLimits } from "../lib/rate-limit.ts";
import { TokenService } from "../lib/tokens.ts";
import { TEST_SCRYPT } from "./test-app.ts";

/** Helpers for tests that sign in. */

export const AUTH = "/api/users/dj-rest-auth";

/** Limits no test file reaches by accident (the rate-limit tests set their own). */
const plenty = { max: 10_000, windowMs: 60_000 };
export const RELAXED_LIMITS: RateLimits = {
  login: { perIp: plenty, perEmail: plenty, perAccount: plenty },
  registration: { perIp: plenty, perEmail: plenty },
  passwordReset: { perIp: plenty, perEmail: plenty },
  resendEmail: { perIp: plenty, perEmail: plenty },
  tokenRefresh: { perIp: plenty },
  otp: { perIp: plenty, verifyPerIp: plenty, perNumber: plenty, perNumberDay: plenty, perRange: plenty, triesPerNumber: plenty },
};

/** A clock the test moves forward. */
export function testClock(start = new Date()): { clock: Clock; advance(ms: number): void; now(): Date } {
  let offset = 0;
  const started = Date.now();
  const now = () => new Date(start.getTime() + offset + (Date.now() - started));
  return {
    clock: now,
    now,
    advance(ms) {
      offset += ms;
    },
  };
}

let sequence = 0;
const randomLetters = () => Array.from(randomBytes(10), (b) => String.fromCharCode(97 + (b % 26))).join("");

export interface AccountInput {
  email?: string;
  password?: string | null;
  first_name?: string;
  last_name?: string;
  is_staff?: boolean;
  is_active?: boolean;
  email_verified?: boolean;
  google_sub?: string | null;
  language?: Language;
}

/** A user with a real password hash; answers the row and the password. */
export async function makeAccount(db: Db, input: AccountInput = {}) {
  const n = ++sequence;
  const password = input.password === undefined ? `Harvest-${n}-Monsoon!` : input.password;
  const row = await db
    .insertInto("users")
    .values({
      // Letters only: digits in the address would make numeric test passwords "similar" to it.
      email: input.email ?? `farmer.${randomLetters()}@example.in`,
      password_hash: password === null ? null : await hashPassword(password, TEST_SCRYPT),
      first_name: input.first_name ?? "Asha",
      last_name: input.last_name ?? `Farmer${n}`,
      is_staff: input.is_staff ?? false,
      is_active: input.is_active ?? true,
      email_verified: input.email_verified ?? true,
      google_sub: input.google_sub ?? null,
      language: input.language ?? "en",
      created_at: new Date().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // Made with an address, so it has one.
  return { ...row, email: row.email ?? "", password: password ?? "" };
}

export interface Session {
  access: string;
  refresh: string;
  user: Record<string, unknown>;
}

/** Signs in through the API and answers the login info (fails the test unless 200). */
export async function login(app: FastifyInstance, email: string, password: string): Promise<Session> {
  const res = await app.inject({ method: "POST", url: `${AUTH}/login/`, payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The Authorization header of a user, minted with the app's own secret (no sign-in round trip),
 * for a session of its own recorded as a sign-in records it.
 */
export async function authHeaders(
  t: { config: { jwtSecret: string }; database: { db: Db } },
  userId: number,
  clock: Clock = systemClock,
): Promise<{ authorization: string }> {
  const tokens = new TokenService(t.config.jwtSecret, clock);
  const refresh = await tokens.sign("refresh", userId);
  const session = randomUUID();
  await t.database.db
    .insertInto("refresh_tokens")
    .values({
      jti: refresh.jti,
      user_id: userId,
      family: session,
      expires_at: refresh.expiresAt.toISOString(),
      created_at: clock().toISOString(),
    })
    .execute();
  const { token } = await tokens.sign("access", userId, undefined, session);
  return bearer(token);
}

/** The path of a link inside a text (for links to the test SITE_URL). */
export function linkIn(text: string, pattern: RegExp): string {
  const match = pattern.exec(text);
  if (!match) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return match[0];
}
