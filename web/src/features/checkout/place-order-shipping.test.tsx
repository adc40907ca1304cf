import { type ShippingRule, shippingCharge } from "@krishi/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SPEC_SHOP } from "../../base/shop-config.ts";
import { anOrder, aUser, signedIn } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { type CartItem, emptyCart } from "../cart/index.ts";
import { PlaceOrderScreen } from "./place-order-screen.tsx";

/** Shipping by the shop's rules by weight and zone: the preview is what the server will charge. */

const nashik = { label: "Farm", address: "Gat No. 42", city: "Nashik", postalCode: "422001", country: "India", state: "Maharashtra" };
const indore = { ...nashik, city: "Indore", postalCode: "452001", state: "Madhya Pradesh" };

/** Everywhere ₹40 up to 5 kg and ₹150 beyond (never free); Nashik's 422: ₹120 from 5 kg. */
const RULES: ShippingRule[] = [
  { zone: "", minGrams: 0, maxGrams: 5_000, chargePaise: 40_00, freeAbovePaise: 2_000_00 },
  { zone: "", minGrams: 5_000, maxGrams: null, chargePaise: 150_00, freeAbovePaise: null },
  { zone: "422", minGrams: 5_000, maxGrams: null, chargePaise: 120_00, freeAbovePaise: null },
];

const urea: CartItem = {
  product: 8,
  variant: 11,
  variantLabel: "45 kg",
  name: "Urea",
  image: "images/urea.webp",
  price: "266.50",
  weightGrams: 45_000,
  countInStock: 9,
  qty: 1,
};

function renderPlaceOrder(shippingAddress: typeof nashik, items: CartItem[] = [urea]) {
  const calls = fakeApi(() => ({ status: 201, body: anOrder({ _id: 61 }) }));
  const rendered = renderApp(<PlaceOrderScreen />, {
    url: "/placeorder",
    path: "/placeorder",
    preloadedState: { auth: signedIn(aUser()), cart: { ...emptyCart, cartItems: items, shippingAddress, paymentMethod: "RazorPay" } },
    shippingRules: RULES,
  });
  return { ...rendered, calls };
}

function summary(): [string, string][] {
  return screen.getAllByRole("rowheader").map((th) => [th.textContent ?? "", th.nextElementSibling?.textContent ?? ""] as [string, string]);
}

describe("PlaceOrderScreen with shipping rules", () => {
  it("charges a 45 kg bag of urea the slab of the address's zone, not free above ₹100, and sends that total", async () => {
    const { user, calls } = renderPlaceOrder(nashik);
    await screen.findByRole("heading", { level: 1, name: "Place Order" });
    // ₹266.50 + ₹120 shipping + 8.2 % of the items (₹21.85).
    expect(summary()).toEqual([
      ["Items", "₹266.50"],
      ["Shipping", "₹120.00"],
      ["Tax", "₹21.85"],
      ["Total", "₹408.35"],
    ]);
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await vi.waitFor(() => expect(calls[0]?.path).toBe("/api/orders/add/"));
    expect(calls[0]?.body).toMatchObject({ itemsPrice: "266.50", shippingPrice: "120.00", totalPrice: "408.35" });
    // The same function the server charges by.
    const shipment = { weightGrams: 45_000, pin: "422001", itemsPaise: 266_50 };
    expect(shippingCharge(RULES, shipment, SPEC_SHOP.pricing)).toBe(120_00);
  });

  it("charges the rule for everywhere elsewhere, by the lines' weight × qty", async () => {
    renderPlaceOrder(indore, [{ ...urea, qty: 2 }]);
    await screen.findByRole("heading", { level: 1, name: "Place Order" });
    expect(summary()[1]).toEqual(["Shipping", "₹150.00"]);
  });

  it("treats a line without a weight as weighing nothing", async () => {
    const { weightGrams: _, ...unweighed } = urea;
    renderPlaceOrder(indore, [unweighed]);
    await screen.findByRole("heading", { level: 1, name: "Place Order" });
    expect(summary()[1]).toEqual(["Shipping", "₹40.00"]);
  });
});
