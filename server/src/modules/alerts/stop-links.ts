import { createHmac, timingSafeEqual } from "node:crypto";

/** How much of the HMAC a link carries: 128 bits, short enough for an SMS. */
const SIGNATURE_BYTES = 16;

/**
 * The "stop" link of a marketing message: it turns the customer's offers off without signing in
 * (a farmer reads the SMS on a phone that may not be signed in). The token is the customer's id
 * and an HMAC-SHA256 of it with a key of its own derived from JWT_SECRET: it names one customer,
 * cannot be made for another, and never expires (a message read late must still stop the next).
 */
export class StopLinks {
  constructor(
    private readonly key: Uint8Array,
    private readonly siteUrl: string,
  ) {}

  /** `/api/offers/stop/?t=<id>.<signature>` on the shop's site. */
  url(userId: number): string {
    return `${this.siteUrl}/api/offers/stop/?t=${this.token(userId)}`;
  }

  token(userId: number): string {
    return `${userId.toString(36)}.${this.#sign(userId)}`;
  }

  /** The customer a token was signed for here, or null. */
  userOf(token: string): number | null {
    const match = /^([0-9a-z]{1,7})\.([A-Za-z0-9_-]{1,64})$/.exec(token);
    if (!match) return null;
    const id = Number.parseInt(match[1] as string, 36);
    if (!Number.isSafeInteger(id) || id < 1) return null;
    const expected = Buffer.from(this.#sign(id));
    const given = Buffer.from(match[2] as string);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  #sign(userId: number): string {
    return createHmac("sha256", this.key).update(`offers-stop:${userId}`).digest().subarray(0, SIGNATURE_BYTES).toString("base64url");
  }
}
