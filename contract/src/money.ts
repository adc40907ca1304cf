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

/** paise × basis points / 10 000 (a percent is 100 basis points), rounded half up to the paisa, exactly. */
export function percentOf(paise: Paise, basisPoints: number): Paise {
  const exact = paise * basisPoints;
  if (Number.isSafeInteger(exact)) return Math.floor((exact + 5_000) / 10_000);
  return Number((BigInt(paise) * BigInt(basisPoints) + 5_000n) / 10_000n);
}

/**
 * `total` shared over `weights` in proportion, each share whole, the shares adding up to `total`
 * (largest remainder, exactly; ties to the earlier weight): a tax shown per line, a discount
 * allocated to its lines. With total ≤ Σ weights no share exceeds its weight; all weights 0: all shares 0.
 */
export function allocate(total: Paise, weights: readonly Paise[]): Paise[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const big = BigInt(sum);
  const exact = weights.map((w) => BigInt(total) * BigInt(w));
  const shares = exact.map((e) => e / big);
  let left = BigInt(total) - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = exact.map((e, i) => [e % big, i] as const).sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] > b[0] ? -1 : 1));
  for (const [, i] of byRemainder) {
    if (left <= 0n) break;
    shares[i] = (shares[i] as bigint) + 1n;
    left--;
  }
  return shares.map(Number);
}
