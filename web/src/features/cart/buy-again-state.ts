import type { BuyAgainAnswer } from "@krishi/contract";

/**
 * What the cart screen tells after Buy again (on My Orders or an order's page): which order, how
 * many of its lines went in, and those left out or put in with fewer units. It travels as the
 * router's state of /cart (buyAgainState), so a reload or the Back button shows it again and the
 * cart rendered by the server (no state) never does. No texts here: this file is on the product
 * page's path (the cart's index.ts), whose texts are the public pages' only.
 */
export interface BuyAgainNotice {
  orderId: number;
  added: number;
  reduced: BuyAgainAnswer["reduced"];
  leftOut: BuyAgainAnswer["leftOut"];
}

/** The router's state of /cart after Buy again answered. */
export function buyAgainState(orderId: number, answer: BuyAgainAnswer): { buyAgain: BuyAgainNotice } {
  return { buyAgain: { orderId, added: answer.added.length, reduced: answer.reduced, leftOut: answer.leftOut } };
}

/** The notice the router's state of /cart carries, if any (a state of another kind, or none: null). */
export function buyAgainNoticeOf(state: unknown): BuyAgainNotice | null {
  const notice = (state as { buyAgain?: Partial<BuyAgainNotice> } | null)?.buyAgain;
  if (!notice || typeof notice.orderId !== "number" || typeof notice.added !== "number") return null;
  if (!Array.isArray(notice.reduced) || !Array.isArray(notice.leftOut)) return null;
  return notice as BuyAgainNotice;
}
