import type { BuyAgainAnswer, Order } from "@krishi/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { noticeText } from "../../lib/api-error.ts";
import { aCart, anErrorBody, aStaffUser, aUser, signedIn } from "../../testing/factories.ts";
import { type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { anOrder, aPaidOrder } from "../../testing/order-fixtures.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { OrderScreen } from "./order-screen.tsx";
import { OrdersTable } from "./orders-table.tsx";

/** The server's answer: urea's 45 kg bag went in, its 10 kg bag short of stock, neem oil no longer sold. */
function anAnswer(): BuyAgainAnswer {
  const urea = { product: 7, name: "Urea", nameHi: "यूरिया" };
  return {
    cart: aCart([
      { product: 7, variant: 70, variantLabel: "45 kg", name: "Urea", nameHi: "यूरिया", price: "266.50", qty: 2 },
      { product: 7, variant: 71, variantLabel: "10 kg", name: "Urea", nameHi: "यूरिया", price: "72.50", qty: 3 },
    ]),
    added: [
      { ...urea, variant: 70, variantLabel: "45 kg", ordered: 2, qty: 2 },
      { ...urea, variant: 71, variantLabel: "10 kg", ordered: 5, qty: 3 },
    ],
    reduced: [{ ...urea, variant: 71, variantLabel: "10 kg", ordered: 5, qty: 3, reason: "short_stock" }],
    leftOut: [{ product: null, variant: null, name: "Neem oil", nameHi: "नीम तेल", variantLabel: "1 l", ordered: 1, reason: "not_sold" }],
  };
}

/** My Orders: a customer's own list. */
function renderMyOrders(orders: Order[], answer: (call: FakeCall) => { status?: number; body?: unknown }) {
  const calls = fakeApi(answer);
  const rendered = renderApp(<OrdersTable orders={orders} />, { url: "/profile", preloadedState: { auth: signedIn(aUser()) } });
  return { ...rendered, calls };
}

describe("Buy again on My Orders", () => {
  it("puts the order in the cart with one tap, shows the server's cart and goes to it with what was left out or reduced", async () => {
    const { user, calls, store, location } = renderMyOrders([aPaidOrder({ _id: 43 }), anOrder({ _id: 42 })], () => ({
      body: anAnswer(),
    }));

    await user.click(screen.getByRole("button", { name: "Buy again the items of order 43" }));

    await vi.waitFor(() => expect(location().pathname).toBe("/cart"));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["POST /api/orders/43/buy-again/"]);
    expect(calls[0]?.authorization).toBe("Bearer access-1");
    expect(store.getState().cart.cartItems.map(({ variant, qty, price }) => ({ variant, qty, price }))).toEqual([
      { variant: 70, qty: 2, price: "266.50" },
      { variant: 71, qty: 3, price: "72.50" },
    ]);
    const { reduced, leftOut } = anAnswer();
    expect(location().state).toEqual({ buyAgain: { orderId: 43, added: 2, reduced, leftOut } });
  });

  it("says a refusal in the top alert and stays on the list", async () => {
    const { user, store, location } = renderMyOrders([aPaidOrder({ _id: 43 })], () => ({
      status: 404,
      body: anErrorBody("order_not_found", "No Order matches the given query."),
    }));

    await user.click(screen.getByRole("button", { name: "Buy again the items of order 43" }));

    await vi.waitFor(() => expect(store.getState().auth.message).not.toBeNull());
    expect(noticeText(store.getState().auth as Parameters<typeof noticeText>[0])).toBe("We could not find this order.");
    expect(store.getState().auth.variant).toBe("danger");
    expect(location().pathname).toBe("/profile");
    expect(screen.getByRole("button", { name: "Buy again the items of order 43" })).toBeEnabled();
  });

  it("is the customer's own list's: the staff list has none", () => {
    renderApp(<OrdersTable orders={[aPaidOrder({ _id: 43 })]} staff />);
    expect(screen.queryByRole("button", { name: /Buy again/ })).toBeNull();
  });

  it("speaks Hindi", async () => {
    await setLanguage("hi");
    renderMyOrders([aPaidOrder({ _id: 43 })], () => ({ status: 500 }));
    expect(screen.getByRole("button", { name: "ऑर्डर 43 का सामान फिर से खरीदें" })).toHaveTextContent("फिर से खरीदें");
  });
});

describe("Buy again on the order's page", () => {
  function renderOrder(user = aUser()) {
    const calls = fakeApi((call) => (call.path === "/api/orders/42/" ? { body: aPaidOrder({ _id: 42 }) } : { body: anAnswer() }));
    const rendered = renderApp(<OrderScreen />, {
      url: "/order/42",
      path: "/order/:id",
      preloadedState: { auth: signedIn(user) },
      config: { paymentSandbox: true },
    });
    return { ...rendered, calls };
  }

  it("puts the order in the cart and goes to it, for the order's customer", async () => {
    const { user, calls, location } = renderOrder();
    await user.click(await screen.findByRole("button", { name: "Buy again" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/cart"));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain("POST /api/orders/42/buy-again/");
    expect(location().state).toMatchObject({ buyAgain: { orderId: 42, added: 2 } });
  });

  it("is not offered to staff reading a customer's order (it would fill staff's own cart)", async () => {
    renderOrder(aStaffUser());
    await screen.findByRole("heading", { name: "Order 42" });
    expect(screen.queryByRole("button", { name: "Buy again" })).toBeNull();
  });
});
