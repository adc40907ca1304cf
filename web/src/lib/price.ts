import { formatRupees, tryToPaise } from "@krishi/contract";

/** An API price ("1249.50") as a shopper reads it ("₹1,249.50"). */
export function formatPrice(price: string | number): string {
  const paise = tryToPaise(price);
  return paise === null ? String(price) : formatRupees(paise);
}

/** A line's total, unit price × quantity ("160.00" × 5 → "₹800.00"); empty for a price that is not an amount. */
export function formatLineTotal(price: string, qty: number): string {
  const paise = tryToPaise(price);
  return paise === null ? "" : formatRupees(paise * qty);
}
