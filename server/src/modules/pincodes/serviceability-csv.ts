import type { ServiceableRow } from "./repository.ts";

/**
 * The serviceability table as staff upload it: one line per PIN code or PIN prefix,
 * `pin or prefix,deliveryDays,cod`, e.g. `4110,2,yes`. A header row is allowed; blank lines are
 * skipped; values may be quoted (as spreadsheets write them). COD reads true/false, yes/no, 1/0.
 */

/** A refusal names the first bad line: `detail` is "Line 3: …" (or says the file has no rows, line null). */
export type ParsedServiceability = { ok: true; rows: ServiceableRow[] } | { ok: false; line: number | null; detail: string };

/** The most days a delivery may take (the table's check constraint). */
export const MAX_DELIVERY_DAYS = 60;

const PREFIX = /^[1-9]\d{0,5}$/;
const DAYS = /^\d{1,2}$/;
const YES = new Set(["true", "yes", "y", "1"]);
const NO = new Set(["false", "no", "n", "0"]);

const unquote = (value: string) =>
  value
    .trim()
    .replace(/^"(.*)"$/s, "$1")
    .trim();

export function parseServiceability(text: string): ParsedServiceability {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const rows: ServiceableRow[] = [];
  const firstLine = new Map<string, number>();
  let seenContent = false;
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (!raw.trim()) continue;
    const values = raw.split(",").map(unquote);
    const isFirst = !seenContent;
    seenContent = true;
    // The header: a first line whose first value is a word ("pin", "PIN code", "prefix" …), no digits.
    if (isFirst && /^[^\d]*[a-z][^\d]*$/i.test(values[0] ?? "")) continue;
    const refuse = (message: string): ParsedServiceability => ({ ok: false, line, detail: `Line ${line}: ${message}` });
    if (values.length !== 3) {
      return refuse(`expected 3 values (pin or prefix, delivery days, COD), found ${values.length}.`);
    }
    const [prefix, days, cod] = values as [string, string, string];
    if (!PREFIX.test(prefix)) return refuse(`"${prefix}" is not a PIN code or a PIN prefix (1 to 6 digits, not starting with 0).`);
    if (!DAYS.test(days) || Number(days) > MAX_DELIVERY_DAYS) {
      return refuse(`"${days}" is not a number of delivery days (a whole number from 0 to ${MAX_DELIVERY_DAYS}).`);
    }
    const codText = cod.toLowerCase();
    if (!YES.has(codText) && !NO.has(codText)) return refuse(`"${cod}" is not a COD value: write yes or no (or true/false, 1/0).`);
    const earlier = firstLine.get(prefix);
    if (earlier !== undefined) return refuse(`${prefix} is already on line ${earlier}.`);
    firstLine.set(prefix, line);
    rows.push({ prefix, deliveryDays: Number(days), cod: YES.has(codText) });
  }
  if (rows.length === 0) {
    return {
      ok: false,
      line: null,
      detail: "The file has no rows: write one line per PIN code or prefix, `pin or prefix,deliveryDays,cod`.",
    };
  }
  return { ok: true, rows };
}

/** The table as a CSV file with its header, the same format an upload takes. */
export function serviceabilityCsv(rows: readonly ServiceableRow[]): string {
  return ["pin,deliveryDays,cod", ...rows.map((row) => `${row.prefix},${row.deliveryDays},${row.cod ? "yes" : "no"}`), ""].join("\n");
}
