import { describe, expect, it } from "vitest";
import { SPEC_SHOP } from "../../base/shop-config.ts";
import { aPromotionJson } from "../../testing/promotion-fixtures.ts";
import type { CartItem, CartOffers } from "../cart/index.ts";
import { newOrder } from "./place-order-screen.tsx";

/** Place Order's body: the totals as the cart's preview priced them with its offers, and the coupon that applies. */

const address = { label: "Farm", address: "Gat No. 42", city: "Nashik", postalCode: "422001", country: "India" };
const neem = (qty: number): CartItem => ({
  product: 7,
  variant: 70,
  category: "Pesticides",
  name: "Neem oil",
  image: "",
  price: "100.00",
  countInStock: 99,
  qty,
});
const coupon = aPromotionJson({ id: 5, code: "KHARIF25", kind: "amount_off", percent: 0, amount: "25.00", minAmount: "500.00" });
const offers = (code: string | null): CartOffers => ({ coupon: code, couponRefusal: null, promotions: [coupon] });

describe("newOrder with the cart's coupon", () => {
  it("sends the coupon and the totals less its discount when it applies", () => {
    const order = newOrder([neem(6)], address, "RazorPay", SPEC_SHOP, [], offers("KHARIF25"));
    // ₹600 less ₹25, 8.2 % tax on ₹575.
    expect(order).toMatchObject({ coupon: "KHARIF25", itemsPrice: "600.00", taxPrice: "47.15", totalPrice: "622.15" });
  });

  it("leaves out a coupon the cart does not reach, and its discount", () => {
    const order = newOrder([neem(4)], address, "RazorPay", SPEC_SHOP, [], offers("KHARIF25"));
    expect(order).not.toHaveProperty("coupon");
    expect(order).toMatchObject({ itemsPrice: "400.00", totalPrice: "432.80" });
  });

  it("sends no coupon without one", () => {
    expect(newOrder([neem(6)], address, "RazorPay", SPEC_SHOP, [], offers(null))).not.toHaveProperty("coupon");
    expect(newOrder([neem(6)], address, "RazorPay", SPEC_SHOP)).toMatchObject({ totalPrice: "649.20" });
  });
});
