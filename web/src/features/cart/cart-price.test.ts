import { DEFAULT_PRICING } from "@krishi/contract";
import { describe, expect, it } from "vitest";
import { priceCart, shortOfFreeShipping } from "./cart-price.ts";
import type { CartItem } from "./cart-slice.ts";

const line = (price: string, qty: number): CartItem => ({ product: 1, name: "Neem oil", image: "", price, countInStock: 9, qty });

describe("priceCart", () => {
  it("prices the lines by the shop's rule: items, shipping, 8.2 % tax, total", () => {
    expect(priceCart([line("160.00", 5)], DEFAULT_PRICING)).toEqual({
      itemsPaise: 800_00,
      shippingPaise: 0,
      taxPaise: 65_60,
      totalPaise: 865_60,
    });
    expect(priceCart([line("60.00", 1)], DEFAULT_PRICING).shippingPaise).toBe(10_00);
  });
});

describe("shortOfFreeShipping", () => {
  it("says how much more ships free: one paisa past the threshold", () => {
    expect(shortOfFreeShipping(60_00, DEFAULT_PRICING)).toBe(40_01);
    expect(shortOfFreeShipping(100_00, DEFAULT_PRICING)).toBe(1);
  });

  it("says nothing once shipping is free, for an empty cart, or when shipping costs nothing anyway", () => {
    expect(shortOfFreeShipping(100_01, DEFAULT_PRICING)).toBeNull();
    expect(shortOfFreeShipping(0, DEFAULT_PRICING)).toBeNull();
    expect(shortOfFreeShipping(50_00, { ...DEFAULT_PRICING, shippingPaise: 0 })).toBeNull();
  });
});
