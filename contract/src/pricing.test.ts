import { describe, expect, it } from "vitest";
import { formatRupees, paiseToDecimal, toPaise, tryToPaise } from "./money.ts";
import { type PricedLine, priceOrder, type Supply, supplyBetween } from "./pricing.ts";
import { DEFAULT_PRICING, type PricingRules } from "./pricing-rules.ts";

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
