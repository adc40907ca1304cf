/**
 * More options than this make a select unusable; checkout re-checks stock on the server anyway.
 * (The spec lists 1..countInStock; a sack of urea with 5 000 in stock should not make 5 000 options.)
 */
export const MAX_QTY_OPTIONS = 100;

/**
 * The quantities a shopper may pick: 1..countInStock (at most MAX_QTY_OPTIONS); none at 0. A
 * `current` quantity outside them (more than is in stock) is offered too, so a select shows the
 * line as it is rather than quietly showing another number.
 */
export function quantityOptions(countInStock: number, current?: number): number[] {
  const count = Math.max(0, Math.min(Math.floor(countInStock), MAX_QTY_OPTIONS));
  const options = Array.from({ length: count }, (_, i) => i + 1);
  if (current !== undefined && Number.isInteger(current) && current > count) options.push(current);
  return options;
}

/** A quantity asked for in a link (/cart/7?qty=n): a whole number, at least 1. */
export function requestedQty(qty: number): number {
  return Number.isFinite(qty) ? Math.max(Math.floor(qty), 1) : 1;
}

/** Whether a line can be ordered as it is. */
export type StockCheck = "ok" | "out-of-stock" | "over-stock";

/** A quantity checked against the stock: all of it there, nothing there, or more than there is. */
export function checkStock(qty: number, countInStock: number): StockCheck {
  if (countInStock < 1) return "out-of-stock";
  return qty > countInStock ? "over-stock" : "ok";
}
