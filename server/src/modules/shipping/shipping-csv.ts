import { type ErrorParams, type FieldErrorCode, paiseToDecimal, type ShippingRule, slabsOverlap, toPaise } from "@krishi/contract";
import { MAX_SLAB_GRAMS } from "@krishi/contract/schemas";
import { type CsvRecord, readCsv } from "../../lib/csv.ts";

/**
 * The shipping rules as staff upload them, like the serviceability table: one line per rule,
 * `zone,minGrams,maxGrams,charge,freeAbove`, e.g. `4110,0,5000,40,500` (₹40 up to 5 kg to PINs
 * starting 4110, free above ₹500). A blank zone is everywhere, a blank maxGrams has no upper bound,
 * a blank freeAbove is never free; charges are in rupees. A header row is allowed; blank lines are
 * skipped; values may be quoted (as spreadsheets write them, read by `lib/csv.ts`).
 */

/** A refusal: the first bad line (null: the file as a whole), the detail, and its code and values for clients. */
export type ShippingCsvRefusal = { ok: false; line: number | null; detail: string; code: FieldErrorCode; params?: ErrorParams };
export type ParsedShippingRules = { ok: true; rules: ShippingRule[] } | ShippingCsvRefusal;

/** The most rules a shop may have: a slab or a few for each of a few hundred zones. */
export const MAX_RULES = 1_000;

export const CSV_HEADER = "zone,minGrams,maxGrams,charge,freeAbove";

const ZONE = /^(?:[1-9]\d{0,5})?$/;
const GRAMS = /^\d{1,9}$/;
const RUPEES = /^\d{1,9}(?:\.\d{1,2})?$/;

/** A slab as the English details write it: "0–5000 g", "5000 g and more". */
export function slabText(rule: Pick<ShippingRule, "minGrams" | "maxGrams">): string {
  return rule.maxGrams === null ? `${rule.minGrams} g and more` : `${rule.minGrams}–${rule.maxGrams} g`;
}

/** The params of a slab_overlap problem: the zone and slab of the rule overlapped. */
export function overlapParams(other: ShippingRule): ErrorParams {
  return { zone: other.zone, min: other.minGrams, max: other.maxGrams ?? "" };
}

export function overlapDetail(other: ShippingRule): string {
  return `The weights overlap the rule for ${other.zone || "everywhere"}, ${slabText(other)}.`;
}

export function parseShippingRules(text: string): Promise<ParsedShippingRules> {
  return readCsv(text, parseRecords);
}

async function parseRecords(batches: AsyncIterable<CsvRecord[]>): Promise<ParsedShippingRules> {
  const rules: ShippingRule[] = [];
  const lineOf: number[] = [];
  let seenContent = false;
  for await (const records of batches)
    for (const { line, values } of records) {
      const isFirst = !seenContent;
      seenContent = true;
      // The header: a first line of words (a data line holds digits, dots and blanks: a typo in one stays an error).
      if (isFirst && values.every((value) => /[a-z]/i.test(value))) continue;
      const refuse = (message: string, code: FieldErrorCode, params: ErrorParams = {}): ShippingCsvRefusal => ({
        ok: false,
        line,
        detail: `Line ${line}: ${message}`,
        code,
        params: { line, ...params },
      });
      if (values.length !== 5) {
        return refuse(`expected 5 values (zone, minGrams, maxGrams, charge, freeAbove), found ${values.length}.`, "csv_shipping_values", {
          found: values.length,
        });
      }
      const [zone, min, max, charge, freeAbove] = values as [string, string, string, string, string];
      if (!ZONE.test(zone)) {
        const message = `"${zone}" is not a PIN code or a PIN prefix (1 to 6 digits, not starting with 0).`;
        return refuse(message, "csv_prefix_invalid", { value: zone });
      }
      for (const grams of max === "" ? [min] : [min, max]) {
        if (!GRAMS.test(grams) || Number(grams) > MAX_SLAB_GRAMS)
          return refuse(`"${grams}" is not a weight in grams (a whole number).`, "csv_grams_invalid", { value: grams });
      }
      for (const amount of freeAbove === "" ? [charge] : [charge, freeAbove]) {
        if (!RUPEES.test(amount))
          return refuse(`"${amount}" is not an amount in rupees (at most two decimals).`, "csv_amount_invalid", { value: amount });
      }
      const rule: ShippingRule = {
        zone,
        minGrams: Number(min),
        maxGrams: max === "" ? null : Number(max),
        chargePaise: toPaise(charge),
        freeAbovePaise: freeAbove === "" ? null : toPaise(freeAbove),
      };
      if (rule.maxGrams !== null && rule.maxGrams <= rule.minGrams) {
        return refuse("the weight up to must be more than the weight from.", "slab_empty");
      }
      const overlapped = rules.findIndex((other) => slabsOverlap(other, rule));
      if (overlapped >= 0) {
        const other = rules[overlapped] as ShippingRule;
        return refuse(`${overlapDetail(other)} (line ${lineOf[overlapped]})`, "slab_overlap", overlapParams(other));
      }
      if (rules.length === MAX_RULES) {
        const detail = `The file has more than ${MAX_RULES} rows: write at most ${MAX_RULES} shipping rules.`;
        return { ok: false, line: null, detail, code: "csv_shipping_too_many_rows", params: { max: MAX_RULES } };
      }
      rules.push(rule);
      lineOf.push(line);
    }
  if (rules.length === 0) {
    const detail = `The file has no rows: write one line per shipping rule, \`${CSV_HEADER}\`.`;
    return { ok: false, line: null, detail, code: "csv_shipping_empty" };
  }
  return { ok: true, rules };
}

/** The rules as a CSV file with its header, the same format an upload takes. */
export function shippingRulesCsv(rules: readonly ShippingRule[]): string {
  const rows = rules.map((rule) =>
    [
      rule.zone,
      rule.minGrams,
      rule.maxGrams ?? "",
      paiseToDecimal(rule.chargePaise),
      rule.freeAbovePaise === null ? "" : paiseToDecimal(rule.freeAbovePaise),
    ].join(","),
  );
  return [CSV_HEADER, ...rows, ""].join("\n");
}
