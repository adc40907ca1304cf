import { hkdfSync, randomUUID } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Clock } from "./clock.ts";

/**
 * The JWTs of DESIGN §5: HS256, a `token_type` claim ("access" or "refresh", as Simple JWT
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

  /** Verifies signature, issuer, audience, expiry and, when given, the token type. */
  async verify(token: string, expected?: TokenType): Promise<TokenClaims> {
    let payload: Awaited<ReturnType<typeof jwtVerify>>["payload"];
    try {
      ({ payload } = await jwtVerify(token, this.#key, {
        algorithms: ["HS256"],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.clock(),
        requiredClaims: ["sub", "jti", "iat", "exp"],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.code);
      throw error;
    }
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
