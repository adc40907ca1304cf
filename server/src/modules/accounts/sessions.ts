import { randomUUID } from "node:crypto";
import type { TokenPair } from "@krishi/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database.ts";
import type { Clock } from "../../lib/clock.ts";
import { done, fail, ok, type Result } from "../../lib/result.ts";
import { InvalidTokenError, type TokenClaims, type TokenService, type TokenType } from "../../lib/tokens.ts";
import * as repo from "./repository.ts";

/**
 * Sessions: a sign-in starts a family of refresh tokens. Each refresh token is used once — the
 * refresh marks it revoked and names its successor — so a token presented a second time was
 * copied: the whole family is revoked and the thief and the owner both sign in again. Logout
 * revokes the family; a password change revokes every family of the user.
 */
/** Why a token is refused: not one of ours, expired, revoked, its user gone or disabled; or a used refresh token presented again. */
export type SessionFailure = { kind: "token-invalid" } | { kind: "token-reused" };

const TOKEN_INVALID = fail({ kind: "token-invalid" } as const);

export interface SessionsDeps {
  db: Db;
  tokens: TokenService;
  clock: Clock;
  log: Pick<FastifyBaseLogger, "warn">;
}

/** How long after a refresh another request with the same token still gets the same successor. */
export const REFRESH_GRACE_MS = 30_000;

export class Sessions {
  constructor(private readonly deps: SessionsDeps) {}

  /** A new family: its first refresh token recorded, an access token signed. */
  async start(userId: number): Promise<TokenPair> {
    const { db, tokens } = this.deps;
    const refresh = await tokens.sign("refresh", userId);
    const family = randomUUID();
    await repo.insertRefreshToken(db, {
      jti: refresh.jti,
      userId,
      family,
      expiresAt: refresh.expiresAt.toISOString(),
      createdAt: this.#now(),
    });
    const access = await tokens.sign("access", userId, undefined, family);
    return { access: access.token, refresh: refresh.token };
  }

  /** Exchanges a live refresh token for a new pair; a used or revoked one revokes its family. */
  async rotate(refreshToken: string): Promise<Result<TokenPair, SessionFailure>> {
    const { db, tokens } = this.deps;
    const claims = await this.#claims(refreshToken, "refresh");
    if (!claims) return TOKEN_INVALID;
    const row = await repo.findRefreshToken(db, claims.jti);
    if (!row || row.user_id !== claims.userId) return TOKEN_INVALID;
    if (row.revoked_at !== null) {
      const graced = await this.#graced(row);
      return graced ? ok(graced) : this.#reused(row.family, row.user_id);
    }

    const user = await repo.findUserById(db, row.user_id);
    if (!user?.is_active) return TOKEN_INVALID;
    const next = await tokens.sign("refresh", user.id);
    const now = this.#now();
    const rotated = await db.transaction().execute(async (trx) => {
      if (!(await repo.rotateRefreshToken(trx, row.jti, next.jti, now))) return false;
      await repo.insertRefreshToken(trx, {
        jti: next.jti,
        userId: user.id,
        family: row.family,
        expiresAt: next.expiresAt.toISOString(),
        createdAt: now,
      });
      return true;
    });
    // Someone else exchanged this very token a moment ago (another tab): within the grace period
    // this client gets the same successor; later it would be reuse.
    if (!rotated) {
      const fresh = await repo.findRefreshToken(db, row.jti);
      const graced = fresh && (await this.#graced(fresh));
      return graced ? ok(graced) : this.#reused(row.family, row.user_id);
    }
    const access = await tokens.sign("access", user.id, undefined, row.family);
    return ok({ access: access.token, refresh: next.token });
  }

  /** Revokes the family of a refresh token, when one is given and valid; never fails. */
  async end(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    try {
      const claims = await this.deps.tokens.verify(refreshToken, "refresh");
      const row = await repo.findRefreshToken(this.deps.db, claims.jti);
      if (row) await repo.revokeFamily(this.deps.db, row.family, this.#now());
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
    }
  }

  /**
   * Revokes the session an access token belongs to (a logout that names no refresh token), when
   * the token is a valid access token; never fails.
   */
  async endOf(accessToken: string | undefined): Promise<void> {
    if (!accessToken) return;
    try {
      const { sessionId } = await this.deps.tokens.verify(accessToken, "access");
      if (sessionId) await repo.revokeFamily(this.deps.db, sessionId, this.#now());
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
    }
  }

  /** Any valid token; a refresh token must also still be live. */
  async check(token: string): Promise<Result<void, SessionFailure>> {
    const claims = await this.#claims(token);
    if (!claims) return TOKEN_INVALID;
    if (claims.type === "refresh") {
      const row = await repo.findRefreshToken(this.deps.db, claims.jti);
      if (!row || row.revoked_at !== null) return TOKEN_INVALID;
    }
    return done;
  }

  /**
   * Whether an access token's session is still open: logout, a password change and a replayed
   * refresh token end it, and its access tokens with it (checked on every request, in the
   * database every server process shares).
   */
  async isLive(sessionId: string | null): Promise<boolean> {
    return sessionId !== null && (await repo.isFamilyLive(this.deps.db, sessionId, this.#now()));
  }

  /** Every session of the user ends (password changed). */
  async revokeAll(userId: number): Promise<void> {
    await repo.revokeUserTokens(this.deps.db, userId, this.#now());
  }

  /** Expired rows prove nothing any more: cleared at each sign-in, so the table stays small. */
  async forgetExpired(userId: number): Promise<void> {
    await repo.deleteExpiredTokens(this.deps.db, userId, this.#now());
  }

  #now(): string {
    return this.deps.clock().toISOString();
  }

  /** The token's claims, or null for one that is not valid. */
  async #claims(token: string, expected?: TokenType): Promise<TokenClaims | null> {
    try {
      return await this.deps.tokens.verify(token, expected);
    } catch (error) {
      if (error instanceof InvalidTokenError) return null;
      throw error;
    }
  }

  /**
   * Two tabs refreshing with the same token at once: the one that loses, asking within
   * REFRESH_GRACE_MS of the rotation, is given the successor the winner got (re-signed, same
   * jti) while that successor is still live — so neither tab is signed out. Later, or once the
   * successor is used or revoked, presenting the old token again is reuse.
   */
  async #graced(row: NonNullable<Awaited<ReturnType<typeof repo.findRefreshToken>>>): Promise<TokenPair | null> {
    if (!row.replaced_by || row.revoked_at === null) return null;
    if (this.deps.clock().getTime() - new Date(row.revoked_at).getTime() > REFRESH_GRACE_MS) return null;
    const successor = await repo.findRefreshToken(this.deps.db, row.replaced_by);
    if (!successor || successor.revoked_at !== null) return null;
    const { tokens } = this.deps;
    const refresh = await tokens.sign("refresh", successor.user_id, successor.jti, undefined, new Date(successor.expires_at));
    const access = await tokens.sign("access", successor.user_id, undefined, successor.family);
    return { access: access.token, refresh: refresh.token };
  }

  /** A used refresh token presented again: its family is revoked (committed), and the token refused. */
  async #reused(family: string, userId: number): Promise<Result<never, SessionFailure>> {
    await repo.revokeFamily(this.deps.db, family, this.#now());
    this.deps.log.warn({ userId, family }, "a used refresh token was presented again: its session is revoked");
    return fail({ kind: "token-reused" });
  }
}
