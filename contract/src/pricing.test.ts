import { describe, expect, it } from "vitest";
import { formatRupees, paiseToDecimal, toPaise, tryToPaise } from "./money.ts";
import { priceOrder } from "./pricing.ts";

describe("priceOrder", () => {
  it("charges ₹10 shipping when items cost exactly ₹100.00", () => {
    expect(priceOrder([{ pricePaise: 100_00, qty: 1 }])).toEqual({
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
