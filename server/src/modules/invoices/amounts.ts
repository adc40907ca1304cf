import { financialYear, type Paise } from "@krishi/contract";

/** The arithmetic of tax documents: numbers, credit-note amounts and shares per rate, exact to the paisa. */

/** A tax document's amounts: its taxable value, its GST and their sum. */
export interface DocumentAmounts {
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  totalPaise: Paise;
}

export type DocumentKind = "invoice" | "credit_note";

/** A series: its document_series key ("invoice:KB/2026-27") and the numbers' stem ("KB/2026-27"). */
export function seriesOf(kind: DocumentKind, prefix: string, at: Date): { key: string; stem: string } {
  const stem = `${prefix}${kind === "credit_note" ? "/CN" : ""}/${financialYear(at)}`;
  return { key: `${kind}:${stem}`, stem };
}

/** KB/2026-27/000001: the stem and the sequence number padded to 6 digits. */
export function documentNumber(stem: string, seq: number): string {
  return `${stem}/${String(seq).padStart(6, "0")}`;
}

/** The PDF's file name: KB/2026-27/000001 → KB-2026-27-000001.pdf. */
export function fileName(number: string): string {
  return `${number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;
}

/** total × part / whole, rounded half up, exactly (BigInt: no float error however large). */
function proportion(total: Paise, part: Paise, whole: Paise): Paise {
  if (whole === 0) return 0;
  return Number((2n * BigInt(total) * BigInt(part) + BigInt(whole)) / (2n * BigInt(whole)));
}

/**
 * The amounts of a credit note for a refund of `refundPaise` against `invoice`, when notes for
 * `creditedBefore` were issued already: the refunded gross amount split back into taxable value
 * and CGST/SGST/IGST in the invoice's proportions. Each part is the rounded share of everything
 * credited so far less what earlier notes credited, so the parts add up to the refund, CGST stays
 * equal to SGST, and refunds that reach the invoice's total credit exactly its amounts.
 */
export function creditNoteAmounts(invoice: DocumentAmounts, creditedBefore: DocumentAmounts, refundPaise: Paise): DocumentAmounts {
  const before = creditedBefore.totalPaise;
  const after = Math.min(invoice.totalPaise, before + refundPaise);
  const part = (key: "cgstPaise" | "sgstPaise" | "igstPaise") => proportion(after, invoice[key], invoice.totalPaise) - creditedBefore[key];
  const cgstPaise = part("cgstPaise");
  const sgstPaise = part("sgstPaise");
  const igstPaise = part("igstPaise");
  const totalPaise = after - before;
  return { taxablePaise: totalPaise - cgstPaise - sgstPaise - igstPaise, cgstPaise, sgstPaise, igstPaise, totalPaise };
}

/** `total` shared over `weights` in proportion, the shares whole and adding up to `total` (largest remainder). */
export function share(total: Paise, weights: readonly Paise[]): Paise[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const sign = total < 0 ? -1n : 1n;
  const whole = BigInt(Math.abs(total));
  const big = BigInt(sum);
  const shares = weights.map((w) => (whole * BigInt(w)) / big);
  let left = whole - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = weights
    .map((w, i) => [(whole * BigInt(w)) % big, i] as const)
    .sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] > b[0] ? -1 : 1));
  for (const [, i] of byRemainder) {
    if (left <= 0n) break;
    shares[i] = (shares[i] as bigint) + 1n;
    left--;
  }
  return shares.map((s) => Number(s * sign));
}

/** The taxable value and GST of one GST rate on a document. */
export interface RateAmounts {
  gstRate: number;
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
}

/** Lines (goods and charges) added up per GST rate, lowest rate first. */
export function byRate(lines: readonly RateAmounts[]): RateAmounts[] {
  const groups = new Map<number, RateAmounts>();
  for (const line of lines) {
    const group = groups.get(line.gstRate) ?? { gstRate: line.gstRate, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
    group.taxablePaise += line.taxablePaise;
    group.cgstPaise += line.cgstPaise;
    group.sgstPaise += line.sgstPaise;
    group.igstPaise += line.igstPaise;
    groups.set(line.gstRate, group);
  }
  return [...groups.values()].sort((a, b) => a.gstRate - b.gstRate);
}

/** A credit note's amounts shared over its invoice's rates, each part in proportion to the invoice's, exactly. */
export function creditByRate(note: DocumentAmounts, invoiceRates: readonly RateAmounts[]): RateAmounts[] {
  const part = (key: "taxablePaise" | "cgstPaise" | "sgstPaise" | "igstPaise") =>
    share(
      note[key],
      invoiceRates.map((r) => r[key]),
    );
  const [taxable, cgst, sgst, igst] = [part("taxablePaise"), part("cgstPaise"), part("sgstPaise"), part("igstPaise")];
  return invoiceRates.map((rate, i) => ({
    gstRate: rate.gstRate,
    taxablePaise: taxable[i] as Paise,
    cgstPaise: cgst[i] as Paise,
    sgstPaise: sgst[i] as Paise,
    igstPaise: igst[i] as Paise,
  }));
}
