import { describe, expect, it } from "vitest";
import { MAX_RULES, parseShippingRules, shippingRulesCsv } from "./shipping-csv.ts";

describe("parseShippingRules", () => {
  it("reads zone, slab, charge and free-above, with or without a header, quotes, blank lines and Windows line ends", async () => {
    const text = '\uFEFFzone,minGrams,maxGrams,charge,freeAbove\r\n,0,5000,40,2000\r\n\r\n"4110", 0 ,5000,20.5,\r\n,5000,,150,\r\n';
    expect(await parseShippingRules(text)).toEqual({
      ok: true,
      rules: [
        { zone: "", minGrams: 0, maxGrams: 5_000, chargePaise: 40_00, freeAbovePaise: 2_000_00 },
        { zone: "4110", minGrams: 0, maxGrams: 5_000, chargePaise: 20_50, freeAbovePaise: null },
        { zone: "", minGrams: 5_000, maxGrams: null, chargePaise: 150_00, freeAbovePaise: null },
      ],
    });
  });

  it.each([
    [",0,5000,40\n", 1, "csv_shipping_values", "expected 5 values"],
    ["zone,minGrams,maxGrams,charge,freeAbove\n,0,5000,40,\n4110011,0,1000,10,\n", 3, "csv_prefix_invalid", '"4110011" is not a PIN code'],
    ["0411,0,1000,10,\n", 1, "csv_prefix_invalid", '"0411" is not a PIN code'],
    [",-1,1000,10,\n", 1, "csv_grams_invalid", '"-1" is not a weight in grams'],
    [",0,5kg,10,\n", 1, "csv_grams_invalid", '"5kg" is not a weight in grams'],
    [",0,1000,-10,\n", 1, "csv_amount_invalid", '"-10" is not an amount in rupees'],
    [",0,1000,10,1.005\n", 1, "csv_amount_invalid", '"1.005" is not an amount in rupees'],
    [",1000,1000,10,\n", 1, "slab_empty", "the weight up to must be more than the weight from."],
    [",0,5000,40,\n41,0,5000,30,\n,4000,,150,\n", 3, "slab_overlap", "The weights overlap the rule for everywhere, 0–5000 g. (line 1)"],
  ])("refuses %j at line %i (%s)", async (text, line, code, message) => {
    const parsed = await parseShippingRules(text);
    expect(parsed).toMatchObject({ ok: false, line, code, params: { line } });
    expect(!parsed.ok && parsed.detail).toContain(`Line ${line}: ${message}`);
  });

  it("reads values as spreadsheets quote them: a comma or a quote inside quotes, CRLF lines, a BOM", async () => {
    const header = '\uFEFF"zone, PIN prefix",minGrams,maxGrams,"charge ""₹""",freeAbove\r\n';
    expect(await parseShippingRules(`${header}"4110",0," 5000 ",40,\r\n`)).toEqual({
      ok: true,
      rules: [{ zone: "4110", minGrams: 0, maxGrams: 5_000, chargePaise: 40_00, freeAbovePaise: null }],
    });
    expect(await parseShippingRules(`${header}4110,0,5000,40,\r\n,0,5000,"1,000",\r\n`)).toMatchObject({
      ok: false,
      line: 3,
      code: "csv_amount_invalid",
      params: { line: 3, value: "1,000" },
    });
    expect(await parseShippingRules(`${header}"""4110""",0,5000,40,\r\n`)).toMatchObject({
      ok: false,
      line: 2,
      code: "csv_prefix_invalid",
      params: { line: 2, value: '"4110"' },
    });
    expect(await parseShippingRules(`${header}\r\n"4110,0,5000,40,\r\n`)).toMatchObject({
      ok: false,
      line: 3,
      code: "csv_quotes_unpaired",
      params: { line: 3 },
    });
  });

  it("names the slab a line overlaps", async () => {
    expect(await parseShippingRules("41,5000,,40,\n41,0,6000,30,\n")).toMatchObject({
      ok: false,
      code: "slab_overlap",
      params: { line: 2, zone: "41", min: 5_000, max: "" },
    });
  });

  it("refuses a file without rows, and one with more than the most rules a shop may have", async () => {
    for (const text of ["", "\n\n", "zone,minGrams,maxGrams,charge,freeAbove\n"]) {
      expect(await parseShippingRules(text)).toMatchObject({ ok: false, line: null, code: "csv_shipping_empty" });
    }
    const rows = (count: number) => Array.from({ length: count }, (_, i) => `,${i},${i + 1},1,`).join("\n");
    expect(await parseShippingRules(rows(MAX_RULES))).toMatchObject({ ok: true });
    expect(await parseShippingRules(rows(MAX_RULES + 1))).toMatchObject({ ok: false, line: null, code: "csv_shipping_too_many_rows" });
  });

  it("writes the rules in the format it reads (the header alone: a template)", async () => {
    const rules = [
      { zone: "", minGrams: 0, maxGrams: 5_000, chargePaise: 40_00, freeAbovePaise: 2_000_00 },
      { zone: "4110", minGrams: 5_000, maxGrams: null, chargePaise: 20_50, freeAbovePaise: null },
    ];
    const csv = shippingRulesCsv(rules);
    expect(csv).toBe("zone,minGrams,maxGrams,charge,freeAbove\n,0,5000,40.00,2000.00\n4110,5000,,20.50,\n");
    expect(await parseShippingRules(csv)).toEqual({ ok: true, rules });
    expect(shippingRulesCsv([])).toBe("zone,minGrams,maxGrams,charge,freeAbove\n");
  });
});
