import { hkdfSync, randomUUID } from "node:crypto";
import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";
import type { Clock } from "./clock.ts";

/**
 * The API's JWTs: HS256, a `token_type` claim ("access" or "refresh", as Simple JWT
 * writes it), a unique `jti`, the user id in `sub`, and our issuer and audience. Access tokens
 * live 15 minutes and are checked by signature alone; refresh tokens live 7 days and are also
 * recorded in the database (rotation and reuse detection live in the accounts module).
 */
export type TokenType = "access" | "refresh";

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;

const ISSUER = "krishi-bazaar";
const AUDIENCE = "krishi-bazaar-api";
const LIFETIME: Record<TokenType, number> = { access: ACCESS_TOKEN_SECONDS, refresh: REFRESH_TOKEN_SECONDS };

export interface TokenClaims {
  type: TokenType;
  userId: number;
  jti: string;
  /** The session (refresh-token family) an access token belongs to: ending it revokes the token. */
  sessionId: string | null;
  issuedAt: Date;
  expiresAt: Date;
}

export interface SignedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

/** Any reason a token is not acceptable: forged, expired, malformed, or of the other type. */
export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "InvalidTokenError";
  }
}

/** A key of its own for each use of the one configured secret. */
export function deriveKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", secret, "krishi-bazaar", purpose, 32));
}

export class TokenService {
  readonly #key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.#key = deriveKey(secret, "jwt-hs256");
  }

  /** `expiresAt` re-issues an existing token (same jti) with its original end. */
  async sign(type: TokenType, userId: number, jti: string = randomUUID(), sessionId?: string, expiresAt?: Date): Promise<SignedToken> {
    const now = Math.floor(this.clock().getTime() / 1000);
    const exp = expiresAt ? Math.floor(expiresAt.getTime() / 1000) : now + LIFETIME[type];
    const token = await new SignJWT(sessionId ? { token_type: type, sid: sessionId } : { token_type: type })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(userId))
      .setJti(jti)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.#key);
    return { token, jti, expiresAt: new Date(exp * 1000) };
  }

  /** Verifies signature, issuer, audience, expiry and, when given, the token type (see `verifyHs256`). */
  async verify(token: string, expected?: TokenType): Promise<TokenClaims> {
    const payload = await verifyHs256(token, this.#key, this.clock());
    const type = payload.token_type;
    if (type !== "access" && type !== "refresh") throw new InvalidTokenError("unknown token type");
    if (expected && type !== expected) throw new InvalidTokenError(`expected an ${expected} token`);
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId < 1) throw new InvalidTokenError("bad subject");
    return {
      type,
      userId,
      jti: String(payload.jti),
      sessionId: typeof payload.sid === "string" ? payload.sid : null,
      issuedAt: new Date((payload.iat as number) * 1000),
      expiresAt: new Date((payload.exp as number) * 1000),
    };
  }
}

/** Base64url without padding, as JWS writes it (RFC 7515 §2): nothing else is accepted. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * A compact JWS signed with HMAC-SHA256 under `key` (RFC 7515, 7519), checked by jose: header
 * `alg` exactly HS256 and no critical extensions (jose would take `b64`); then our issuer and
 * audience, `sub` and `jti` (strings), `iat` and `exp` present, not expired at `now` (to the
 * second), not before its `nbf`. Answers the payload.
 */
export async function verifyHs256(token: string, key: Uint8Array, now: Date): Promise<Record<string, unknown>> {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) throw new InvalidTokenError("malformed token");
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(
      token,
      (header) => {
        if (header.crit !== undefined) throw new InvalidTokenError("unsupported critical header");
        return key;
      },
      { algorithms: ["HS256"], issuer: ISSUER, audience: AUDIENCE, currentDate: now, requiredClaims: ["sub", "jti", "iat", "exp"] },
    ));
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    if (error instanceof errors.JOSEError) throw new InvalidTokenError(error.message);
    throw error;
  }
  if (typeof payload.sub !== "string" || typeof payload.jti !== "string") throw new InvalidTokenError("missing claim");
  return payload;
}
