import type { Product, PublicConfig } from "@krishi/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { anOrder, aProduct, aUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { type CartItem, type CartState, emptyCart } from "../cart/cart-slice.ts";
import { PlaceOrderScreen } from "./place-order-screen.tsx";

const address = { label: "Farm", address: "Gat No. 42", city: "Nashik", postalCode: "422001", country: "India", state: "Maharashtra" };

function line(overrides: Partial<CartItem>): CartItem {
  return { product: 7, name: "Neem oil 1 L", image: "images/neem.webp", price: "100.00", countInStock: 9, qty: 1, ...overrides };
}

function startPlaceOrder(
  cart: Partial<CartState>,
  answer: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer> = () => ({ status: 500 }),
  config: Partial<PublicConfig> = {},
) {
  const calls = fakeApi(answer);
  const rendered = renderApp(<PlaceOrderScreen />, {
    url: "/placeorder",
    path: "/placeorder",
    preloadedState: {
      auth: signedIn(aUser()),
      cart: { ...emptyCart, shippingAddress: address, paymentMethod: "RazorPay", ...cart },
    },
    config,
  });
  return { ...rendered, calls };
}

/** The screen once the pricing rules of /api/config are known. */
async function renderPlaceOrder(...args: Parameters<typeof startPlaceOrder>) {
  const rendered = startPlaceOrder(...args);
  await screen.findByRole("heading", { level: 1, name: "Place Order" });
  return rendered;
}

/** The Order Summary's rows as shown: [label, amount]. */
function summary(): [string, string][] {
  return screen.getAllByRole("rowheader").map((th) => [th.textContent ?? "", th.nextElementSibling?.textContent ?? ""] as [string, string]);
}

describe("PlaceOrderScreen", () => {
  it("goes back to /payment without a payment method", async () => {
    const { location } = startPlaceOrder({ paymentMethod: null, cartItems: [line({})] });
    await vi.waitFor(() => expect(location().pathname).toBe("/payment"));
  });

  it("charges ₹10.00 shipping on items of exactly ₹100.00", async () => {
    await renderPlaceOrder({ cartItems: [line({ price: "100.00" })] });
    expect(summary()).toEqual([
      ["Items", "₹100.00"],
      ["Shipping", "₹10.00"],
      ["Tax", "₹8.20"],
      ["Total", "₹118.20"],
    ]);
  });

  it("ships free once the items pass ₹100.00 (₹100.01)", async () => {
    await renderPlaceOrder({ cartItems: [line({ price: "100.01" })] });
    expect(summary()).toEqual([
      ["Items", "₹100.01"],
      ["Shipping", "₹0.00"],
      ["Tax", "₹8.20"],
      ["Total", "₹108.21"],
    ]);
  });

  it("rounds the 8.2 % tax to the paisa, half up", async () => {
    // ₹2.50 × 8.2 % = 20.5 paise → 21 paise.
    await renderPlaceOrder({ cartItems: [line({ price: "2.50" })] });
    expect(summary()[2]).toEqual(["Tax", "₹0.21"]);
    expect(summary()[3]).toEqual(["Total", "₹12.71"]);
  });

  it("sums several lines without float drift", async () => {
    await renderPlaceOrder({ cartItems: [line({ product: 1, price: "0.10", qty: 3 }), line({ product: 2, price: "1249.50", qty: 2 })] });
    expect(summary()).toEqual([
      ["Items", "₹2,499.30"],
      ["Shipping", "₹0.00"],
      ["Tax", "₹204.94"],
      ["Total", "₹2,704.24"],
    ]);
    expect(screen.getByText("Qty 2 × ₹1,249.50")).toBeInTheDocument();
    expect(screen.getByText("₹2,499.00")).toHaveClass("order-line__total");
  });

  it("prices with the server's configured rule parameters", async () => {
    const pricing = { freeShippingAbovePaise: 500_00, shippingPaise: 40_00, taxBasisPoints: 500 };
    await renderPlaceOrder({ cartItems: [line({ price: "200.00" })] }, undefined, { pricing });
    expect(summary()).toEqual([
      ["Items", "₹200.00"],
      ["Shipping", "₹40.00"],
      ["Tax", "₹10.00"],
      ["Total", "₹250.00"],
    ]);
  });

  it("shows the address, the method and each line", async () => {
    await renderPlaceOrder({ cartItems: [line({ qty: 2 })] });
    expect(screen.getByRole("heading", { level: 1, name: "Place Order" })).toBeInTheDocument();
    expect(screen.getByText("Gat No. 42, Nashik, Maharashtra 422001, India")).toBeInTheDocument();
    expect(screen.getByText("RazorPay")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Neem oil 1 L" })).toHaveAttribute("href", "/product/7");
    expect(screen.getByRole("img", { name: "Neem oil 1 L" })).toBeInTheDocument();
    expect(screen.getByText("Qty 2 × ₹100.00")).toBeInTheDocument();
    expect(screen.getAllByText("₹200.00").map((amount) => amount.className)).toEqual(["order-line__total", "text-end"]);
    expect(screen.getByRole("link", { name: "Change address" })).toHaveAttribute("href", "/shipping");
    expect(screen.getByRole("link", { name: "Change method" })).toHaveAttribute("href", "/payment");
  });

  it("cannot place an order for an empty cart", async () => {
    await renderPlaceOrder({ cartItems: [] });
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Place Order" })).toBeDisabled();
  });

  it("places the order with the totals shown, opens it, then empties the cart", async () => {
    const placed = anOrder({ _id: 57 });
    const { user, calls, store, location } = await renderPlaceOrder({ cartItems: [line({ price: "100.00", qty: 1 })] }, () => ({
      status: 201,
      body: placed,
    }));
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/order/57"));
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: "/api/orders/add/",
      authorization: "Bearer access-1",
      body: {
        orderItems: [{ product: 7, qty: 1, name: "Neem oil 1 L", price: "100.00", image: "images/neem.webp" }],
        shippingAddress: address,
        paymentMethod: "RazorPay",
        itemsPrice: "100.00",
        shippingPrice: "10.00",
        taxPrice: "8.20",
        totalPrice: "118.20",
      },
    });
    expect(store.getState().cart.cartItems).toEqual([]);
    expect(store.getState().cart.shippingAddress).toEqual(address);
  });

  it("says prices changed and shows the new total read from the catalogue", async () => {
    const repriced: Product = aProduct({ _id: 7, name: "Neem oil 1 L", price: "120.00", countInStock: 9 });
    const { user, store, calls } = await renderPlaceOrder({ cartItems: [line({ price: "100.00" })] }, ({ path }) =>
      path.startsWith("/api/products/7")
        ? { body: repriced }
        : { status: 409, body: { detail: "Prices have changed since you loaded your cart. Please review your order before paying." } },
    );
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Prices have changed since you loaded your cart. Please review your order before paying.",
    );
    await vi.waitFor(() => expect(summary()[0]).toEqual(["Items", "₹120.00"]));
    expect(summary()[3]).toEqual(["Total", "₹129.84"]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["POST /api/orders/add/", "GET /api/products/7/"]);
    expect(store.getState().cart.cartItems[0]?.price).toBe("120.00");
  });

  it("says which product ran out, keeping the quantity chosen, and waits for it to be changed in the cart", async () => {
    const { user, store } = await renderPlaceOrder({ cartItems: [line({ qty: 2 })] }, ({ path }) =>
      path.startsWith("/api/products/")
        ? { body: aProduct({ _id: 7, name: "Neem oil 1 L", price: "100.00", countInStock: 1 }) }
        : { status: 409, body: { detail: "Only 1 of Neem oil 1 L left in stock." } },
    );
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Only 1 of Neem oil 1 L left in stock.");
    expect(await screen.findByText(/Only 1 in stock/)).toBeInTheDocument();
    expect(store.getState().cart.cartItems[0]).toMatchObject({ qty: 2, countInStock: 1 });
    expect(screen.getByRole("link", { name: "Change quantity" })).toHaveAttribute("href", "/cart");
    expect(screen.getByRole("button", { name: "Place Order" })).toBeDisabled();
  });
});
