import { describe, expect, it } from "vitest";
import { clampQty, MAX_QTY_OPTIONS, quantityOptions } from "./quantity.ts";

describe("quantityOptions", () => {
  it("offers 1..countInStock", () => {
    expect(quantityOptions(3)).toEqual([1, 2, 3]);
  });

  it("offers nothing when out of stock", () => {
    expect(quantityOptions(0)).toEqual([]);
  });

  it("stops at MAX_QTY_OPTIONS for large stock", () => {
    expect(quantityOptions(5000)).toHaveLength(MAX_QTY_OPTIONS);
  });
});

describe("clampQty", () => {
  it("keeps the quantity within 1..countInStock", () => {
    expect(clampQty(4, 10)).toBe(4);
    expect(clampQty(40, 10)).toBe(10);
    expect(clampQty(0, 10)).toBe(1);
    expect(clampQty(Number.NaN, 10)).toBe(1);
  });

  it("refuses when nothing is in stock", () => {
    expect(clampQty(1, 0)).toBeNull();
  });
});
