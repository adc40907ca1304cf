import type { ErrorParams, FieldErrorCode } from "@krishi/contract";
import { type CsvRecord, readCsv } from "../../lib/csv.ts";
import type { ServiceableRow } from "./repository.ts";

/**
 * The serviceability table as staff upload it: one line per PIN code or PIN prefix,
 * `pin or prefix,deliveryDays,cod`, e.g. `4110,2,yes`. A header row is allowed; blank lines are
 * skipped; values may be quoted (as spreadsheets write them, read by `lib/csv.ts`). COD reads
 * true/false, yes/no, 1/0.
 */

/**
 * A refusal names the first bad line: `detail` is "Line 3: …" (or, line null, says the file has
 * no rows or too many).
 */
/** A refusal: the first bad line (null: the file as a whole), the detail, and its code and values for clients. */
export type ServiceabilityRefusal = { ok: false; line: number | null; detail: string; code: FieldErrorCode; params?: ErrorParams };
export type ParsedServiceability = { ok: true; rows: ServiceableRow[] } | ServiceabilityRefusal;

/** The most days a delivery may take (the table's check constraint). */
export const MAX_DELIVERY_DAYS = 60;

/**
 * The most rows a table may have. The all-India directory has ~19 000 PIN codes: a table of
 * single PINs fits many times over.
 */
export const MAX_ROWS = 200_000;

const maxRows = MAX_ROWS.toLocaleString("en-IN");
export const TOO_MANY_ROWS = `The file has more than ${maxRows} rows: a serviceability table may have at most ${maxRows} PIN codes or prefixes.`;

const PREFIX = /^[1-9]\d{0,5}$/;
const DAYS = /^\d{1,2}$/;
const YES = new Set(["true", "yes", "y", "1"]);
const NO = new Set(["false", "no", "n", "0"]);

/** Reads the upload a slice at a time, letting the event loop run between slices. */
export function parseServiceability(text: string): Promise<ParsedServiceability> {
  return readCsv(text, parseRecords);
}

async function parseRecords(batches: AsyncIterable<CsvRecord[]>): Promise<ParsedServiceability> {
  const rows: ServiceableRow[] = [];
  const firstLine = new Map<string, number>();
  let seenContent = false;
  for await (const records of batches)
    for (const { line, values } of records) {
      const isFirst = !seenContent;
      seenContent = true;
      // The header: a first line whose first value is a word ("pin", "PIN code", "prefix" …), no digits.
      if (isFirst && /^[^\d]*[a-z][^\d]*$/i.test(values[0] ?? "")) continue;
      const refuse = (message: string, code: FieldErrorCode, params: ErrorParams = {}): ParsedServiceability => ({
        ok: false,
        line,
        detail: `Line ${line}: ${message}`,
        code,
        params: { line, ...params },
      });
      if (values.length !== 3) {
        return refuse(`expected 3 values (pin or prefix, delivery days, COD), found ${values.length}.`, "csv_values", {
          found: values.length,
        });
      }
      const [prefix, days, cod] = values as [string, string, string];
      if (!PREFIX.test(prefix))
        return refuse(`"${prefix}" is not a PIN code or a PIN prefix (1 to 6 digits, not starting with 0).`, "csv_prefix_invalid", {
          value: prefix,
        });
      if (!DAYS.test(days) || Number(days) > MAX_DELIVERY_DAYS) {
        const message = `"${days}" is not a number of delivery days (a whole number from 0 to ${MAX_DELIVERY_DAYS}).`;
        return refuse(message, "csv_days_invalid", { value: days, max: MAX_DELIVERY_DAYS });
      }
      const codText = cod.toLowerCase();
      if (!YES.has(codText) && !NO.has(codText))
        return refuse(`"${cod}" is not a COD value: write yes or no (or true/false, 1/0).`, "csv_cod_invalid", { value: cod });
      const earlier = firstLine.get(prefix);
      if (earlier !== undefined) return refuse(`${prefix} is already on line ${earlier}.`, "csv_duplicate", { prefix, earlier });
      if (rows.length === MAX_ROWS)
        return { ok: false, line: null, detail: TOO_MANY_ROWS, code: "csv_too_many_rows", params: { max: MAX_ROWS } };
      firstLine.set(prefix, line);
      rows.push({ prefix, deliveryDays: Number(days), cod: YES.has(codText) });
    }
  if (rows.length === 0) {
    return {
      ok: false,
      line: null,
      detail: "The file has no rows: write one line per PIN code or prefix, `pin or prefix,deliveryDays,cod`.",
      code: "csv_empty",
    };
  }
  return { ok: true, rows };
}

/** The table as a CSV file with its header, the same format an upload takes. */
export function serviceabilityCsv(rows: readonly ServiceableRow[]): string {
  return ["pin,deliveryDays,cod", ...rows.map((row) => `${row.prefix},${row.deliveryDays},${row.cod ? "yes" : "no"}`), ""].join("\n");
}
