import { createHmac, timingSafeEqual } from "node:crypto";
import type { Clock } from "../../lib/clock.ts";
import { deriveKey } from "../../lib/tokens.ts";

/**
 * The keys in e-mailed links, stateless (see migration 0002 for why there are no tables):
 *
 * - e-mail verification key `{uid}.{issued}.{signature}` signs the user id, the e-mail address
 *   and the issue time; it expires, and dies if the address changes;
 * - password reset token `{issued}-{signature}` (uid travels beside it, as in Django's links)
 *   signs the user id, the e-mail address, the current password hash and the issue time; it
 *   expires, and dies as soon as the password changes, so it works once.
 *
 * uid is the base64url of the decimal user id, as dj-rest-auth writes it ("MQ" for user 1).
 */
export const LINK_LIFETIME_SECONDS = 3 * 24 * 60 * 60;

export interface LinkSubject {
  id: number;
  email: string | null;
  password_hash: string | null;
}

export function encodeUid(id: number): string {
  return Buffer.from(String(id)).toString("base64url");
}

/** The user id in a uid, or null when it is not one. */
export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const text = Buffer.from(uid, "base64url").toString();
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

export class LinkSigner {
  readonly #verifyKey: Uint8Array;
  readonly #resetKey: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.#verifyKey = deriveKey(secret, "email-verification");
    this.#resetKey = deriveKey(secret, "password-reset");
  }

  verificationKey(user: Pick<LinkSubject, "id" | "email">): string {
    const issued = this.#now().toString(36);
    return `${encodeUid(user.id)}.${issued}.${this.#sign(this.#verifyKey, [user.id, user.email ?? "", issued])}`;
  }

  /** The user id a verification key claims to be for (check it with checkVerificationKey). */
  verificationKeyUser(key: string): number | null {
    const [uid, issued, signature, ...rest] = key.split(".");
    if (!uid || !issued || !signature || rest.length > 0) return null;
    return decodeUid(uid);
  }

  checkVerificationKey(key: string, user: Pick<LinkSubject, "id" | "email">): boolean {
    const [uid, issued = "", signature = ""] = key.split(".");
    if (uid !== encodeUid(user.id) || !this.#fresh(issued)) return false;
    return this.#same(signature, this.#sign(this.#verifyKey, [user.id, user.email ?? "", issued]));
  }

  resetToken(user: LinkSubject): string {
    const issued = this.#now().toString(36);
    return `${issued}-${this.#sign(this.#resetKey, [user.id, user.email ?? "", user.password_hash ?? "", issued])}`;
  }

  checkResetToken(token: string, user: LinkSubject): boolean {
    const dash = token.indexOf("-");
    if (dash < 1) return false;
    const issued = token.slice(0, dash);
    if (!this.#fresh(issued)) return false;
    return this.#same(token.slice(dash + 1), this.#sign(this.#resetKey, [user.id, user.email ?? "", user.password_hash ?? "", issued]));
  }

  #now(): number {
    return Math.floor(this.clock().getTime() / 1000);
  }

  /** A base-36 issue time no older than the lifetime (and not from the future). */
  #fresh(issued: string): boolean {
    if (!/^[0-9a-z]{1,10}$/.test(issued)) return false;
    const age = this.#now() - Number.parseInt(issued, 36);
    return age >= -60 && age <= LINK_LIFETIME_SECONDS;
  }

  #sign(key: Uint8Array, parts: (string | number)[]): string {
    // Length-prefixed parts: no two different lists sign the same bytes.
    const message = parts.map((part) => `${String(part).length}:${part}`).join("|");
    return createHmac("sha256", key).update(message).digest("base64url");
  }

  #same(given: string, expected: string): boolean {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
