import { formatRupees, tryToPaise } from "@krishi/contract";

/** An API price ("1249.50") as a shopper reads it ("₹1,249.50"). */
export function formatPrice(price: string | number): string {
  const paise = tryToPaise(price);
  return paise === null ? String(price) : formatRupees(paise);
}
