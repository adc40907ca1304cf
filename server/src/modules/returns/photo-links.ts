import { createHmac, timingSafeEqual } from "node:crypto";
import type { Clock } from "../../lib/clock.ts";

/** An address works for an hour at least; it changes each quarter of an hour, so answers read meanwhile stay alike. */
const LIFETIME_SECONDS = 3600;
const STEP_SECONDS = 900;

/**
 * The addresses of return photos: `<img>` cannot send a bearer token, so whoever may read the
 * order (its customer, staff) is given addresses signed for each photo (HMAC-SHA256 of the order,
 * the return, the photo's place and the moment the address stops working, with a key of its own
 * derived from JWT_SECRET), and the photo route serves only those, until they expire.
 */
export class PhotoLinks {
  constructor(
    private readonly key: Uint8Array,
    private readonly clock: Clock,
  ) {}

  /** The address of photo `n` (from 0) of a return, working for an hour or so from now. */
  url(orderId: number, returnId: number, n: number): string {
    const now = Math.floor(this.clock().getTime() / 1000);
    const expires = Math.ceil((now + LIFETIME_SECONDS) / STEP_SECONDS) * STEP_SECONDS;
    const signature = this.#sign(orderId, returnId, n, expires);
    return `/api/orders/${orderId}/returns/${returnId}/photos/${n}/?expires=${expires}&signature=${signature}`;
  }

  /** Whether this address was signed here for that photo and works still. */
  valid(orderId: number, returnId: number, n: number, expires: number, signature: string): boolean {
    if (expires * 1000 <= this.clock().getTime()) return false;
    const expected = Buffer.from(this.#sign(orderId, returnId, n, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  #sign(orderId: number, returnId: number, n: number, expires: number): string {
    return createHmac("sha256", this.key).update(`return-photo:${orderId}:${returnId}:${n}:${expires}`).digest("base64url");
  }
}
