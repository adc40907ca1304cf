import { applyPromotions, type PromotionJson, priceOrder, promotionOf } from "@krishi/contract";
import { describe, expect, it } from "vitest";
import { SPEC_SHOP } from "../../base/shop-config.ts";
import { aPromotionJson } from "../../testing/promotion-fixtures.ts";
import { type CartCheckout, cartShortOfFreeShipping, priceAmounts, priceCart } from "./cart-price.ts";
import type { CartItem } from "./cart-slice.ts";

/** The cart's preview applies the server's promotions as Place Order does (server/src/modules/orders/checkout.ts). */

const seeds = (qty: number): CartItem => ({
  product: 1,
  variant: 10,
  category: "Seeds",
  name: "Paddy seed",
  image: "",
  price: "160.00",
  countInStock: 99,
  qty,
});
const dap = (qty: number): CartItem => ({
  product: 2,
  variant: 20,
  category: "Fertilisers",
  name: "DAP 50 kg",
  image: "",
  price: "1350.00",
  countInStock: 99,
  qty,
});

const withOffers = (promotions: PromotionJson[], coupon: string | null = null): CartCheckout => ({
  promotions: promotions.map(promotionOf),
  coupon,
});

/** What the contract's functions alone make of the same lines: the server's way of pricing an order. */
function contractPrice(items: CartItem[], checkout: CartCheckout) {
  const lines = items.map((item) => ({
    product: item.product,
    variant: item.variant ?? 0,
    category: item.category ?? "",
    pricePaise: Math.round(Number(item.price) * 100),
    qty: item.qty,
  }));
  const outcome = applyPromotions(lines, checkout.promotions ?? [], checkout.coupon ?? null, { now: new Date(), ordersBefore: null });
  return priceOrder(
    lines.map((line, i) => ({ pricePaise: line.pricePaise, qty: line.qty, discountPaise: outcome.lineDiscounts[i] as number })),
    SPEC_SHOP.pricing,
  );
}

describe("priceCart with the server's promotions", () => {
  it("takes a percent offer on a category off its lines before tax, as the contract prices it", () => {
    const checkout = withOffers([aPromotionJson({ target: "lines", categories: ["Seeds"], description: "10% off seeds" })]);
    const items = [seeds(5), dap(1)];
    const price = priceCart(items, SPEC_SHOP, checkout);
    // Seeds ₹800 less 10 %; DAP untouched; 8.2 % tax on ₹2,070.
    expect(price).toMatchObject({ itemsPaise: 2150_00, discountPaise: 80_00, shippingPaise: 0, taxPaise: 169_74, totalPaise: 2239_74 });
    expect(price.promotions.lineDiscounts).toEqual([80_00, 0]);
    expect(price.totalPaise).toBe(contractPrice(items, checkout).totalPaise);
    expect(priceAmounts(price, null).discounts).toEqual([{ label: "10% off seeds", amount: "₹80.00" }]);
  });

  it("takes a unit tier off each unit once the lines reach it, and hints at the next tier", () => {
    const tiers = [
      { minQty: 10, amount: "5.00" },
      { minQty: 20, amount: "8.00" },
    ];
    const checkout = withOffers([aPromotionJson({ kind: "unit_off", target: "lines", categories: ["Fertilisers"], tiers })]);
    const price = priceCart([dap(12)], SPEC_SHOP, checkout);
    expect(price).toMatchObject({ itemsPaise: 16_200_00, discountPaise: 60_00 });
    expect(price.totalPaise).toBe(contractPrice([dap(12)], checkout).totalPaise);
    expect(price.promotions.hints).toMatchObject([{ moreItems: 8, tier: { minQty: 20, amountPaise: 8_00 } }]);

    const short = priceCart([dap(9)], SPEC_SHOP, checkout);
    expect(short.discountPaise).toBe(0);
    expect(short.promotions.hints).toMatchObject([{ moreItems: 1, tier: { minQty: 10, amountPaise: 5_00 } }]);
  });

  it("charges shipping on the items less their discounts, and none with a free-shipping offer", () => {
    const item: CartItem = { ...seeds(1), price: "105.00" };
    const tenOff = withOffers([aPromotionJson({ kind: "amount_off", amount: "10.00", percent: 0 })]);
    // ₹105 ships free; less ₹10 it is ₹95, under the ₹100 threshold: the ₹10 charge, as the server's rule.
    expect(priceCart([item], SPEC_SHOP).shippingPaise).toBe(0);
    const discounted = priceCart([item], SPEC_SHOP, tenOff);
    expect(discounted).toMatchObject({ discountPaise: 10_00, shippingPaise: 10_00 });
    expect(cartShortOfFreeShipping(discounted, { chargePaise: 10_00, freeAbovePaise: 100_00 })).toBe(5_01);

    const freeShipping = withOffers([aPromotionJson({ kind: "free_shipping", percent: 0, description: "Free delivery on seeds" })]);
    const free = priceCart([seeds(1)], SPEC_SHOP, { ...freeShipping, shippingRules: [] });
    expect(free).toMatchObject({ itemsPaise: 160_00, discountPaise: 0, shippingPaise: 0 });
    const small = priceCart([{ ...seeds(1), price: "50.00" }], SPEC_SHOP, freeShipping);
    expect(small.shippingPaise).toBe(0);
    expect(cartShortOfFreeShipping(small, { chargePaise: 10_00, freeAbovePaise: 100_00 })).toBeNull();
    expect(priceAmounts(small, null).discounts).toEqual([{ label: "Free delivery on seeds", amount: null }]);
  });

  it("applies the cart's coupon only when it has one, and says why one does not apply", () => {
    const coupon = aPromotionJson({ id: 5, code: "KHARIF25", kind: "amount_off", amount: "25.00", percent: 0, minAmount: "500.00" });
    expect(priceCart([seeds(5)], SPEC_SHOP, withOffers([coupon])).discountPaise).toBe(0);
    expect(priceCart([seeds(5)], SPEC_SHOP, withOffers([coupon], "kharif25")).discountPaise).toBe(25_00);
    const short = priceCart([seeds(2)], SPEC_SHOP, withOffers([coupon], "KHARIF25"));
    expect(short.discountPaise).toBe(0);
    expect(short.promotions.couponRefusal).toEqual({ kind: "minimum", code: "KHARIF25", moreItems: 0, moreAmountPaise: 180_00 });
  });

  it("has no Discount rows without promotions", () => {
    const price = priceCart([seeds(1)], SPEC_SHOP);
    expect(price.discountPaise).toBe(0);
    expect(priceAmounts(price, null).discounts).toBeUndefined();
  });
});
