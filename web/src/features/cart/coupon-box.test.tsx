import type { Cart } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { aCart, anErrorBody } from "../../testing/factories.ts";
import { type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { aPromotionJson } from "../../testing/promotion-fixtures.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { CartScreen } from "./cart-screen.tsx";
import { type CartOffers, emptyCart, NO_OFFERS } from "./cart-slice.ts";
import { cartItemOf } from "./cart-sync.ts";

/** The cart's coupon box and Discount rows: what the server keeps, what the web works out itself. */

const KHARIF = aPromotionJson({
  id: 5,
  code: "KHARIF25",
  description: "₹25 off from ₹500",
  descriptionHi: "₹500 से ऊपर ₹25 की छूट",
  kind: "amount_off",
  percent: 0,
  amount: "25.00",
  minAmount: "500.00",
});
const TIERS = aPromotionJson({
  id: 2,
  description: "DAP: ₹5 off a bag from 10 bags",
  descriptionHi: "DAP: 10 बोरी से हर बोरी पर ₹5 की छूट",
  kind: "unit_off",
  target: "lines",
  percent: 0,
  categories: ["Fertilisers"],
  tiers: [{ minQty: 10, amount: "5.00" }],
});

/** Neem oil at ₹100 (Pesticides) × qty, and DAP at ₹1,350 (Fertilisers) × dap when given. */
function cartOf(qty: number, offers: Partial<CartOffers> = {}, dap = 0): Cart {
  const lines = [
    { qty },
    ...(dap > 0 ? [{ product: 8, variant: 80, name: "DAP 50 kg", price: "1350.00", category: "Fertilisers", qty: dap }] : []),
  ];
  return { ...aCart(lines), ...NO_OFFERS, ...offers };
}

function renderCart(cart: Cart) {
  return renderApp(<CartScreen />, {
    url: "/cart",
    path: "/cart/:id?",
    preloadedState: {
      cart: {
        ...emptyCart,
        cartItems: cart.lines.map(cartItemOf),
        offers: { coupon: cart.coupon, couponRefusal: cart.couponRefusal, promotions: cart.promotions },
      },
    },
  });
}

/** The summary's rows as shown: [label, amount]. */
function summary(): [string, string][] {
  return screen.getAllByRole("rowheader").map((th) => [th.textContent ?? "", th.nextElementSibling?.textContent ?? ""] as [string, string]);
}

afterEach(() => setLanguage("en"));

describe("the coupon box", () => {
  it("applies a coupon typed in lower case: the server keeps it, the Discount row and the total follow", async () => {
    const calls: FakeCall[] = fakeApi((call) =>
      call.method === "PUT" && call.path === "/api/cart/coupon/"
        ? { body: cartOf(6, { coupon: "KHARIF25", promotions: [KHARIF] }) }
        : { body: cartOf(6) },
    );
    const { user } = renderCart(cartOf(6));
    await user.type(await screen.findByLabelText("Coupon code"), " kharif25 ");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("Coupon KHARIF25 applied: ₹25 off from ₹500")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ code: "kharif25" });
    // ₹600 less ₹25; 8.2 % tax on ₹575 (₹47.15); free shipping above ₹100.
    expect(summary()).toEqual([
      ["Items", "₹600.00"],
      ["Discount₹25 off from ₹500", "− ₹25.00"],
      ["Shipping", "₹0.00"],
      ["Tax", "₹47.15"],
      ["Total", "₹622.15"],
    ]);
  });

  it("says why the server refused a coupon, with the shop's words, and keeps the field to correct it", async () => {
    fakeApi((call) =>
      call.method === "PUT"
        ? { status: 400, body: anErrorBody("coupon_unknown", "There is no coupon “NOPE”.", {}, { code: "NOPE" }) }
        : { body: cartOf(1) },
    );
    const { user } = renderCart(cartOf(1));
    const field = await screen.findByLabelText("Coupon code");
    await user.type(field, "nope");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("There is no coupon “NOPE”. Please check the code.");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveValue("nope");
  });

  it("asks for a code before sending an empty one", async () => {
    const calls = fakeApi(() => ({ body: cartOf(1) }));
    const { user } = renderCart(cartOf(1));
    await user.click(await screen.findByRole("button", { name: "Apply" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please enter a coupon code.");
    expect(calls.filter((call) => call.path === "/api/cart/coupon/")).toEqual([]);
  });

  it("says what a kept coupon lacks as quantities change, drops its discount, and removes it", async () => {
    const calls = fakeApi((call) => ({
      body: call.method === "DELETE" ? cartOf(4) : cartOf(4, { coupon: "KHARIF25", promotions: [KHARIF] }),
    }));
    const { user } = renderCart(cartOf(4, { coupon: "KHARIF25", promotions: [KHARIF] }));
    expect(await screen.findByText("Coupon KHARIF25")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Add ₹100.00 more of the eligible items to use the coupon “KHARIF25”.");
    expect(summary().map(([label]) => label)).not.toContain("Discount₹25 off from ₹500");
    await user.click(screen.getByRole("button", { name: "Remove coupon" }));
    expect(await screen.findByLabelText("Coupon code")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "DELETE" && call.path === "/api/cart/coupon/")).toBe(true);
  });

  it("tells a coupon the server no longer offers this shopper by the server's reason", async () => {
    fakeApi(() => ({ body: cartOf(6) }));
    renderCart(cartOf(6, { coupon: "KHARIF25", couponRefusal: { kind: "expired", code: "KHARIF25" } }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The coupon “KHARIF25” has expired.");
  });

  it("shows an offer within reach and its tier's discount, in Hindi too", async () => {
    fakeApi(() => ({ body: cartOf(1, { promotions: [TIERS] }, 8) }));
    await setLanguage("hi");
    renderCart(cartOf(1, { promotions: [TIERS] }, 8));
    const hints = await screen.findByRole("list", { name: "ऑफ़र" });
    expect(within(hints).getByRole("listitem")).toHaveTextContent("DAP: 10 बोरी से हर बोरी पर ₹5 की छूट हर एक पर ₹5.00 की छूट के लिए 2 और जोड़ें");
  });

  it("takes a unit tier reached off the lines: a Discount row in the offer's words", async () => {
    fakeApi(() => ({ body: cartOf(1, { promotions: [TIERS] }, 10) }));
    renderCart(cartOf(1, { promotions: [TIERS] }, 10));
    expect(await screen.findByRole("rowheader", { name: /Discount/ })).toHaveTextContent("DAP: ₹5 off a bag from 10 bags");
    expect(summary()).toContainEqual(["DiscountDAP: ₹5 off a bag from 10 bags", "− ₹50.00"]);
    expect(screen.queryByRole("list", { name: "Offers" })).toBeNull();
  });
});
