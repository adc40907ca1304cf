/**
 * Money is integer paise everywhere except on the wire and on screen.
 * The API writes money as a decimal string with two places ("1249.50"), as Django REST Framework does.
 */

export type Paise = number;

const DECIMAL = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Parses a rupee amount given as a number or a decimal string with at most two decimals. */
export function toPaise(value: number | string): Paise {
  if (typeof value === "number") {
    const paise = Math.round(value * 100);
    // 1249.5 and 0.1 + 0.2 are amounts a person meant to the paisa; 1.005 is not.
    if (!Number.isSafeInteger(paise) || Math.abs(paise - value * 100) > 1e-6) throw notAnAmount(value);
    return paise;
  }
  const match = DECIMAL.exec(value.trim());
  if (!match) throw notAnAmount(value);
  const [, sign, whole = "0", fraction = ""] = match;
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return sign === "-" ? -paise : paise;
}

function notAnAmount(value: unknown): RangeError {
  return new RangeError(`Not a rupee amount with at most two decimals: ${String(value)}`);
}

/** Like toPaise, but answers null instead of throwing. */
export function tryToPaise(value: unknown): Paise | null {
  if (typeof value !== "number" && typeof value !== "string") return null;
  try {
    return toPaise(value);
  } catch {
    return null;
  }
}

/** Paise to the API's decimal string: 124950 -> "1249.50". */
export function paiseToDecimal(paise: Paise): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Paise must be a whole number: ${paise}`);
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const rupeeFormat = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

/** Paise to what a shopper reads: 124950 -> "₹1,249.50". */
export function formatRupees(paise: Paise): string {
  return rupeeFormat.format(paise / 100);
}
