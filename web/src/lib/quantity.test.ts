import { describe, expect, it } from "vitest";
import { checkStock, MAX_QTY_OPTIONS, quantityOptions, requestedQty } from "./quantity.ts";

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

  it("adds the current quantity when it is beyond the stock, so it is not shown as another", () => {
    expect(quantityOptions(3, 5)).toEqual([1, 2, 3, 5]);
    expect(quantityOptions(3, 2)).toEqual([1, 2, 3]);
    expect(quantityOptions(0, 2)).toEqual([2]);
  });
});

describe("requestedQty", () => {
  it("keeps a whole number of at least 1, whatever the stock", () => {
    expect(requestedQty(4)).toBe(4);
    expect(requestedQty(40)).toBe(40);
    expect(requestedQty(2.7)).toBe(2);
    expect(requestedQty(0)).toBe(1);
    expect(requestedQty(Number.NaN)).toBe(1);
  });
});

describe("checkStock", () => {
  it("says whether the quantity is in stock, over it, or nothing is left", () => {
    expect(checkStock(5, 5)).toBe("ok");
    expect(checkStock(6, 5)).toBe("over-stock");
    expect(checkStock(1, 0)).toBe("out-of-stock");
  });
});
