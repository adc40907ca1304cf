import type { ShippingRule } from "@krishi/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../testing/render-app.tsx";
import { CartScreen } from "./cart-screen.tsx";
import { type CartItem, emptyCart } from "./cart-slice.ts";

/** The cart's estimate by the shop's shipping rules: without an address, the rules for everywhere. */

const RULES: ShippingRule[] = [
  { zone: "", minGrams: 0, maxGrams: 5_000, chargePaise: 40_00, freeAbovePaise: 500_00 },
  { zone: "", minGrams: 5_000, maxGrams: null, chargePaise: 150_00, freeAbovePaise: null },
  { zone: "4220", minGrams: 0, maxGrams: null, chargePaise: 25_00, freeAbovePaise: null },
];
const bag: CartItem = { product: 8, variant: 11, name: "Urea", image: "", price: "266.50", weightGrams: 45_000, countInStock: 9, qty: 1 };
const small: CartItem = { ...bag, variant: 12, price: "40.00", weightGrams: 1_000 };

function renderCart(cartItems: CartItem[], shippingRules: ShippingRule[] = RULES) {
  return renderApp(<CartScreen />, {
    url: "/cart",
    path: "/cart/:id?",
    preloadedState: { cart: { ...emptyCart, cartItems } },
    shippingRules,
  });
}

const shipping = async () => (await screen.findByRole("rowheader", { name: "Shipping" })).nextElementSibling?.textContent;

describe("CartScreen with shipping rules", () => {
  it("estimates a 45 kg bag's shipping by the everywhere slab, though the items cost more than ₹100", async () => {
    renderCart([bag]);
    expect(await shipping()).toBe("₹150.00");
    expect(screen.queryByText(/more for free delivery/)).toBeNull();
  });

  it("says how much more ships free by the rule that applies", async () => {
    renderCart([{ ...small, qty: 2 }]);
    expect(await shipping()).toBe("₹40.00");
    expect(screen.getByText("Add ₹420.01 more for free delivery")).toBeInTheDocument();
  });

  it("estimates by the spec's rule without rules", async () => {
    renderCart([bag], []);
    expect(await shipping()).toBe("₹0.00");
  });

  it("estimates by the saved address's zone when there is one", async () => {
    const nashik = { label: "Farm", address: "Gat No. 42", city: "Nashik", postalCode: "422001", country: "India", state: "Maharashtra" };
    renderApp(<CartScreen />, {
      url: "/cart",
      path: "/cart/:id?",
      preloadedState: { cart: { ...emptyCart, cartItems: [bag], shippingAddress: nashik } },
      shippingRules: RULES,
    });
    expect(await shipping()).toBe("₹25.00");
  });
});
