import { describe, expect, it } from "vitest";
import { formatRupees, paiseToDecimal, toPaise, tryToPaise } from "./money.ts";
import { type PricedLine, priceOrder, type Supply, supplyBetween } from "./pricing.ts";
import { DEFAULT_PRICING, GST_RATES, type PricingRules } from "./pricing-rules.ts";

describe("priceOrder", () => {
  it("charges ₹10 shipping when items cost exactly ₹100.00", () => {
    expect(priceOrder([{ pricePaise: 100_00, qty: 1 }])).toMatchObject({
      itemsPaise: 100_00,
      shippingPaise: 10_00,
      taxPaise: 8_20,
      totalPaise: 118_20,
    });
  });

  it("ships free when items cost ₹100.01", () => {
    const price = priceOrder([{ pricePaise: 100_01, qty: 1 }]);
    expect(price.shippingPaise).toBe(0);
    // 10001 × 8.2 % = 820.082 paise → 820
    expect(price.taxPaise).toBe(8_20);
    expect(price.totalPaise).toBe(100_01 + 8_20);
  });

  it("rounds tax half up to the paisa", () => {
    // 25 paise × 8.2 % = 2.05 → 2; 1250 × 8.2 % = 102.5 → 103
    expect(priceOrder([{ pricePaise: 25, qty: 1 }]).taxPaise).toBe(2);
    expect(priceOrder([{ pricePaise: 12_50, qty: 1 }]).taxPaise).toBe(103);
  });

  it("multiplies price by quantity over all lines", () => {
    const price = priceOrder([
      { pricePaise: 249_00, qty: 2 },
      { pricePaise: 1_249_50, qty: 1 },
    ]);
    expect(price.itemsPaise).toBe(1_747_50);
    expect(price.taxPaise).toBe(14_330); // 174750 × 0.082 = 14329.5 → 14330
    expect(price.totalPaise).toBe(1_747_50 + 14_330);
  });

  it("refuses fractional quantities and negative prices", () => {
    expect(() => priceOrder([{ pricePaise: 100, qty: 0.5 }])).toThrow(RangeError);
    expect(() => priceOrder([{ pricePaise: -1, qty: 1 }])).toThrow(RangeError);
    expect(() => priceOrder([{ pricePaise: 100, qty: 0 }])).toThrow(RangeError);
  });
});

describe("priceOrder, flat mode (the spec's)", () => {
  it("shows the tax per line as shares that add up to the total tax, and taxes no charge", () => {
    const price = priceOrder(
      [
        { pricePaise: 33_33, qty: 1 },
        { pricePaise: 33_33, qty: 2 },
        { pricePaise: 1, qty: 1 },
      ],
      DEFAULT_PRICING,
      { codFeePaise: 40_00 },
    );
    expect(price.taxPaise).toBe(8_20); // 10000 × 8.2 % = 820
    expect(price.lines.map((l) => l.taxPaise)).toEqual([2_73, 5_47, 0]);
    expect(price.lines.reduce((a, l) => a + l.taxPaise, 0)).toBe(price.taxPaise);
    expect(price.breakup).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    expect(price.codFeePaise).toBe(40_00);
    expect(price.totalPaise).toBe(100_00 + 10_00 + 40_00 + 8_20);
  });
});

describe("priceOrder, GST mode", () => {
  const rules: PricingRules = { ...DEFAULT_PRICING, taxMode: "gst" };
  const line = (rupees: number, qty: number, gstRate: number): PricedLine => ({ pricePaise: Math.round(rupees * 100), qty, gstRate });

  it.each<[string, PricedLine[], Supply, number, { cgst: number; sgst: number; igst: number; lines: number[]; charges: number }]>([
    // name, lines, supply, cod fee, expected tax (paise)
    ["zero-rated seeds within the state", [line(250, 2, 0)], "intra", 0, { cgst: 0, sgst: 0, igst: 0, lines: [0], charges: 0 }],
    [
      "5 % fertiliser within the state: halves",
      [line(266.5, 1, 5)],
      "intra",
      0,
      { cgst: 666, sgst: 666, igst: 0, lines: [1332], charges: 0 },
    ],
    ["5 % fertiliser to another state: IGST", [line(266.5, 1, 5)], "inter", 0, { cgst: 0, sgst: 0, igst: 1333, lines: [1333], charges: 0 }],
    [
      "mixed rates, each line rounded on its own",
      [line(99.99, 3, 12), line(0.07, 1, 18), line(10, 1, 0)],
      "intra",
      0,
      // 29997 × 6 % = 1799.82 → 1800 each; 7 × 9 % = 0.63 → 1 each; shipping ₹0 (items > ₹100)
      { cgst: 1801, sgst: 1801, igst: 0, lines: [3600, 2, 0], charges: 0 },
    ],
    [
      "shipping and COD fee at the highest rate of the lines (composite supply)",
      [line(40, 1, 5), line(20, 1, 18)],
      "inter",
      30,
      // lines 4000 × 5 % = 200, 2000 × 18 % = 360; charges (1000 + 3000) × 18 % = 720
      { cgst: 0, sgst: 0, igst: 1280, lines: [200, 360], charges: 720 },
    ],
    ["shipping on zero-rated goods is zero-rated", [line(50, 1, 0)], "intra", 0, { cgst: 0, sgst: 0, igst: 0, lines: [0], charges: 0 }],
  ])("%s", (_name, lines, supply, codFee, expected) => {
    const price = priceOrder(lines, rules, { supply, codFeePaise: codFee * 100 });
    expect(price.lines.map((l) => l.taxPaise)).toEqual(expected.lines);
    expect(price.charges.taxPaise).toBe(expected.charges);
    expect(price.breakup).toEqual({ cgstPaise: expected.cgst, sgstPaise: expected.sgst, igstPaise: expected.igst });
    // The totals are exactly the sums of the lines and the charges.
    const all = [...price.lines, price.charges];
    expect(price.taxPaise).toBe(all.reduce((a, t) => a + t.taxPaise, 0));
    expect(price.taxPaise).toBe(expected.cgst + expected.sgst + expected.igst);
    expect(price.totalPaise).toBe(price.itemsPaise + price.shippingPaise + price.codFeePaise + price.taxPaise);
  });

  it("refuses a rate GST does not have", () => {
    expect(() => priceOrder([line(10, 1, 7)], rules)).toThrow(RangeError);
  });

  it("stays exact for amounts beyond floating point's whole numbers", () => {
    const price = priceOrder([{ pricePaise: 9_000_000_000_000, qty: 1, gstRate: 28 }], rules, { supply: "inter" });
    expect(price.taxPaise).toBe(2_520_000_000_000);
  });

  it("supplies within the state when the states match or one is unknown", () => {
    expect(supplyBetween("27", "27")).toBe("intra");
    expect(supplyBetween("27", "29")).toBe("inter");
    expect(supplyBetween("27", null)).toBe("intra");
  });
});

describe("priceOrder, GST mode with prices that include it (an MRP)", () => {
  const rules: PricingRules = { ...DEFAULT_PRICING, taxMode: "gst", pricesIncludeTax: true };
  const line = (rupees: number, qty: number, gstRate: number): PricedLine => ({ pricePaise: Math.round(rupees * 100), qty, gstRate });

  it("keeps urea's notified ₹266.50 as the price and finds the 5 % inside it", () => {
    const price = priceOrder([line(266.5, 1, 5)], rules);
    expect(price.taxIncluded).toBe(true);
    expect(price.itemsPaise).toBe(266_50);
    // 26650 × 100 / 105 = 25380.95 → 25381; the tax is what is left, its odd paisa to SGST.
    expect(price.lines[0]).toEqual({ taxablePaise: 253_81, gstRate: 5, cgstPaise: 6_34, sgstPaise: 6_35, igstPaise: 0, taxPaise: 12_69 });
    expect(price.taxPaise).toBe(12_69);
    expect(price.totalPaise).toBe(266_50);
  });

  it.each<[string, Supply, { lines: number[]; charges: number; cgst: number; sgst: number; igst: number }]>([
    // 0 %: all taxable; 5 %: 2 × 266.50 = 533.00 → 507.62 + 25.38; 18 %: 3 × 99.99 = 299.97 → 254.21 + 45.76
    ["mixed rates within the state", "intra", { lines: [0, 25_38, 45_76], charges: 0, cgst: 12_69 + 22_88, sgst: 12_69 + 22_88, igst: 0 }],
    ["mixed rates to another state", "inter", { lines: [0, 25_38, 45_76], charges: 0, cgst: 0, sgst: 0, igst: 71_14 }],
  ])("%s: each line's taxable value and tax add up to its price × qty", (_name, supply, expected) => {
    const lines = [line(250, 1, 0), line(266.5, 2, 5), line(99.99, 3, 18)];
    const price = priceOrder(lines, rules, { supply });
    expect(price.lines.map((l) => l.taxPaise)).toEqual(expected.lines);
    expect(price.lines.map((l) => l.taxablePaise)).toEqual([250_00, 507_62, 254_21]);
    lines.forEach((l, i) => {
      expect((price.lines[i]?.taxablePaise ?? 0) + (price.lines[i]?.taxPaise ?? 0)).toBe(l.pricePaise * l.qty);
    });
    expect(price.charges.taxPaise).toBe(expected.charges);
    expect(price.breakup).toEqual({ cgstPaise: expected.cgst, sgstPaise: expected.sgst, igstPaise: expected.igst });
    expect(price.itemsPaise).toBe(250_00 + 533_00 + 299_97);
    expect(price.totalPaise).toBe(price.itemsPaise);
  });

  it("takes shipping and the COD fee as including GST at the highest rate of the lines, and adds no tax to the total", () => {
    const price = priceOrder([line(40, 1, 5), line(20, 1, 18)], rules, { supply: "inter", codFeePaise: 30_00 });
    // Charges ₹10 + ₹30 = 4000 at 18 %: 4000 × 100 / 118 = 3389.83 → 3390, GST 610.
    expect(price.charges).toEqual({ taxablePaise: 33_90, gstRate: 18, cgstPaise: 0, sgstPaise: 0, igstPaise: 6_10, taxPaise: 6_10 });
    expect(price.totalPaise).toBe(40_00 + 20_00 + 10_00 + 30_00);
    expect(price.taxPaise).toBe([...price.lines, price.charges].reduce((a, t) => a + t.taxPaise, 0));
  });

  it("adds up to the paisa for many prices, quantities and rates, both supplies", () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let round = 0; round < 500; round++) {
      const lines = Array.from({ length: 1 + next(4) }, () => ({
        pricePaise: next(500_000),
        qty: 1 + next(20),
        gstRate: GST_RATES[next(GST_RATES.length)] as number,
      }));
      const supply: Supply = next(2) === 0 ? "intra" : "inter";
      const price = priceOrder(lines, rules, { supply, codFeePaise: next(2) * 40_00 });
      for (const [i, l] of lines.entries()) {
        const taxed = price.lines[i] as (typeof price.lines)[number];
        expect(taxed.taxablePaise + taxed.taxPaise).toBe(l.pricePaise * l.qty);
        expect(taxed.cgstPaise + taxed.sgstPaise + taxed.igstPaise).toBe(taxed.taxPaise);
        expect(taxed.sgstPaise - taxed.cgstPaise).toBeGreaterThanOrEqual(0);
        expect(taxed.sgstPaise - taxed.cgstPaise).toBeLessThanOrEqual(1);
        // The taxable value is the exact one rounded: never more than half a paisa off.
        expect(Math.abs(taxed.taxablePaise * (100 + l.gstRate) - l.pricePaise * l.qty * 100)).toBeLessThanOrEqual((100 + l.gstRate) / 2);
      }
      expect(price.charges.taxablePaise + price.charges.taxPaise).toBe(price.shippingPaise + price.codFeePaise);
      const { cgstPaise, sgstPaise, igstPaise } = price.breakup;
      expect(cgstPaise + sgstPaise + igstPaise).toBe(price.taxPaise);
      expect(price.totalPaise).toBe(price.itemsPaise + price.shippingPaise + price.codFeePaise);
    }
  });

  it("is ignored in flat mode, and absent means GST is added on top", () => {
    const flat = priceOrder([line(100, 1, 5)], { ...DEFAULT_PRICING, pricesIncludeTax: true });
    expect(flat).toEqual(priceOrder([line(100, 1, 5)], DEFAULT_PRICING));
    expect(flat.taxIncluded).toBe(false);
    const added = priceOrder([line(266.5, 1, 5)], { ...DEFAULT_PRICING, taxMode: "gst" });
    expect(added.taxIncluded).toBe(false);
    // Today's ₹279.82 for urea's ₹266.50: above the price printed on the bag.
    expect(added.totalPaise).toBe(266_50 + 13_32);
  });

  it("stays exact for amounts beyond floating point's whole numbers", () => {
    const price = priceOrder([{ pricePaise: 9_000_000_000_000, qty: 1, gstRate: 28 }], rules, { supply: "inter" });
    expect(price.lines[0]?.taxablePaise).toBe(7_031_250_000_000);
    expect(price.taxPaise).toBe(1_968_750_000_000);
  });
});

describe("money", () => {
  it("reads numbers and decimal strings to whole paise", () => {
    expect(toPaise("1249.50")).toBe(124_950);
    expect(toPaise("1249.5")).toBe(124_950);
    expect(toPaise(1249.5)).toBe(124_950);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise("7")).toBe(700);
  });

  it("refuses a third decimal and text that is not an amount", () => {
    expect(() => toPaise("1.005")).toThrow(RangeError);
    expect(() => toPaise(1.005)).toThrow(RangeError);
    expect(tryToPaise("12abc")).toBeNull();
    expect(tryToPaise(Number.NaN)).toBeNull();
    expect(tryToPaise(null)).toBeNull();
  });

  it("writes paise as the API's two-decimal string", () => {
    expect(paiseToDecimal(124_950)).toBe("1249.50");
    expect(paiseToDecimal(5)).toBe("0.05");
    expect(paiseToDecimal(0)).toBe("0.00");
  });

  it("formats rupees the Indian way", () => {
    expect(formatRupees(124_950)).toBe("₹1,249.50");
    expect(formatRupees(12_345_678_90)).toBe("₹1,23,45,678.90");
  });
});
