import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from "node:crypto";
import { SignJWT } from "jose";
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

  /**
   * Verifies signature, issuer, audience, expiry and, when given, the token type. Synchronous
   * (node:crypto's HMAC, not WebCrypto's, which answers from the thread pool): checking the token
   * of a signed-in request costs it no extra turn of a busy event loop.
   */
  async verify(token: string, expected?: TokenType): Promise<TokenClaims> {
    const payload = verifyHs256(token, this.#key, Math.floor(this.clock().getTime() / 1000));
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

function jsonPart(part: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    throw new InvalidTokenError("malformed token");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new InvalidTokenError("malformed token");
  return value as Record<string, unknown>;
}

const isTime = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/**
 * A compact JWS signed with HMAC-SHA256 under `key` (RFC 7515, 7519): header `alg` exactly HS256
 * and no critical extensions; the signature compared in constant time, as the exact base64url
 * text the key gives; then our issuer and audience, `sub`, `jti`, `iat` and `exp` present, not
 * expired at `now` (seconds), not before its `nbf`. Answers the payload.
 */
export function verifyHs256(token: string, key: Uint8Array, now: number): Record<string, unknown> {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) throw new InvalidTokenError("malformed token");
  const [header, payload, signature] = parts as [string, string, string];
  const protectedHeader = jsonPart(header);
  if (protectedHeader.alg !== "HS256") throw new InvalidTokenError("unexpected algorithm");
  if (protectedHeader.crit !== undefined) throw new InvalidTokenError("unsupported critical header");
  const expected = Buffer.from(createHmac("sha256", key).update(`${header}.${payload}`).digest("base64url"));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new InvalidTokenError("signature verification failed");
  const claims = jsonPart(payload);
  if (claims.iss !== ISSUER) throw new InvalidTokenError("unexpected issuer");
  const audience = claims.aud;
  if (audience !== AUDIENCE && !(Array.isArray(audience) && audience.includes(AUDIENCE)))
    throw new InvalidTokenError("unexpected audience");
  if (typeof claims.sub !== "string" || typeof claims.jti !== "string") throw new InvalidTokenError("missing claim");
  if (!isTime(claims.iat) || !isTime(claims.exp)) throw new InvalidTokenError("missing claim");
  if (claims.exp <= now) throw new InvalidTokenError("expired");
  if (claims.nbf !== undefined && (!isTime(claims.nbf) || claims.nbf > now)) throw new InvalidTokenError("not yet valid");
  return claims;
}
