import type { PublicConfig } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { aCart, anErrorBody, anOrder, aUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { type CartItem, type CartState, emptyCart } from "../cart/index.ts";
import { PlaceOrderScreen } from "./place-order-screen.tsx";

const address = { label: "Farm", address: "Gat No. 42", city: "Nashik", postalCode: "422001", country: "India", state: "Maharashtra" };

function line(overrides: Partial<CartItem>): CartItem {
  return { product: 7, name: "Neem oil 1 L", image: "images/neem.webp", price: "100.00", countInStock: 9, qty: 1, ...overrides };
}

function startPlaceOrder(
  cart: Partial<CartState>,
  answer: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer> = () => ({ status: 500 }),
  config: Partial<PublicConfig> = {},
  account = aUser(),
) {
  const calls = fakeApi(answer);
  const rendered = renderApp(<PlaceOrderScreen />, {
    url: "/placeorder",
    path: "/placeorder",
    preloadedState: {
      auth: signedIn(account),
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
    const pricing = {
      freeShippingAbovePaise: 500_00,
      shippingPaise: 40_00,
      taxBasisPoints: 500,
      taxMode: "flat" as const,
      pricesIncludeTax: false,
    };
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
    // The method by its name as Razorpay spells it; the API's value stays the spec's "RazorPay".
    expect(screen.getByText("Razorpay")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Neem oil 1 L" })).toHaveAttribute("href", "/product/7");
    expect(screen.getByRole("img", { name: "Neem oil 1 L" })).toBeInTheDocument();
    expect(screen.getByText("Qty 2 × ₹100.00")).toBeInTheDocument();
    expect(screen.getAllByText("₹200.00").map((amount) => amount.className)).toEqual(["order-line__total", "text-end"]);
    expect(screen.getByRole("link", { name: "Change address" })).toHaveAttribute("href", "/shipping");
    // The shop's one payment method: its step was skipped, and there is nothing to change.
    expect(screen.queryByRole("link", { name: "Change method" })).toBeNull();
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

  it("shows each pack of a product as its own line and sends each line's pack", async () => {
    const bag = line({ product: 8, name: "Urea", variant: 11, variantLabel: "45 kg", price: "266.50", qty: 2 });
    const small = line({ product: 8, name: "Urea", variant: 12, variantLabel: "5 kg", price: "40.00", qty: 1 });
    const { user, calls } = await renderPlaceOrder({ cartItems: [bag, small, line({})] }, () => ({
      status: 201,
      body: anOrder({ _id: 58 }),
    }));
    expect(screen.getByRole("link", { name: "Urea · 45 kg" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Urea · 5 kg" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await vi.waitFor(() => expect(calls[0]?.path).toBe("/api/orders/add/"));
    expect(calls[0]?.body).toMatchObject({
      orderItems: [
        { product: 8, variant: 11, qty: 2, name: "Urea", price: "266.50", image: "images/neem.webp" },
        { product: 8, variant: 12, qty: 1, name: "Urea", price: "40.00", image: "images/neem.webp" },
        { product: 7, qty: 1, name: "Neem oil 1 L", price: "100.00", image: "images/neem.webp" },
      ],
    });
    expect(JSON.stringify(calls[0]?.body).match(/"variant"/g)).toHaveLength(2);
  });

  it("says prices changed and shows the new total read from the server's cart", async () => {
    const { user, store, calls } = await renderPlaceOrder({ cartItems: [line({ price: "100.00" })] }, ({ path }) =>
      path === "/api/cart/"
        ? { body: aCart([{ price: "120.00", gstRate: 5 }]) }
        : path === "/api/shipping/rules/"
          ? { body: [] }
          : {
              status: 409,
              body: anErrorBody("price_changed", "Prices have changed since you loaded your cart. Please review your order before paying."),
            },
    );
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Prices have changed since you loaded your cart. Please review your order before paying.",
    );
    await vi.waitFor(() => expect(summary()[0]).toEqual(["Items", "₹120.00"]));
    expect(summary()[3]).toEqual(["Total", "₹129.84"]);
    // The cart and the shipping rules are read again.
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      "GET /api/cart/",
      "GET /api/shipping/rules/",
      "POST /api/orders/add/",
    ]);
    expect(store.getState().cart.cartItems[0]?.price).toBe("120.00");
  });

  it("says which product ran out, keeping the quantity chosen, and waits for it to be changed in the cart", async () => {
    const { user, store } = await renderPlaceOrder({ cartItems: [line({ qty: 2 })] }, ({ path }) =>
      path === "/api/cart/"
        ? { body: aCart([{ qty: 2, countInStock: 1 }]) }
        : {
            status: 409,
            body: anErrorBody("out_of_stock", "Only 1 of Neem oil 1 L left in stock.", {}, { name: "Neem oil 1 L", available: 1 }),
          },
    );
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Only 1 of Neem oil 1 L left in stock.");
    expect(await screen.findByText(/Only 1 in stock/)).toBeInTheDocument();
    expect(store.getState().cart.cartItems[0]).toMatchObject({ qty: 2, countInStock: 1 });
    expect(screen.getByRole("link", { name: "Change quantity" })).toHaveAttribute("href", "/cart");
    expect(screen.getByRole("button", { name: "Place Order" })).toBeDisabled();
  });
});

/** GST mode, the seller in Maharashtra (27), Cash on Delivery at ₹40 up to ₹5,000. */
const INDIA: Partial<PublicConfig> = {
  pricing: { freeShippingAbovePaise: 100_00, shippingPaise: 10_00, taxBasisPoints: 820, taxMode: "gst", pricesIncludeTax: false },
  sellerStateCode: "27",
  cod: { enabled: true, feePaise: 40_00, maxOrderPaise: 5000_00 },
};
const indore = { ...address, city: "Indore", postalCode: "452001", state: "Madhya Pradesh", phone: "9876543210" };

describe("PlaceOrderScreen with GST and Cash on Delivery", () => {
  it("shows CGST and SGST within the seller's state, in place of the one Tax line", async () => {
    await renderPlaceOrder({ cartItems: [line({ price: "200.00", gstRate: 5 })] }, undefined, INDIA);
    expect(summary()).toEqual([
      ["Items", "₹200.00"],
      ["Shipping", "₹0.00"],
      ["CGST", "₹5.00"],
      ["SGST", "₹5.00"],
      ["Total", "₹210.00"],
    ]);
  });

  it("shows the COD fee and IGST to another state, and places the order with the method and the total charged", async () => {
    const { user, calls, location } = await renderPlaceOrder(
      { cartItems: [line({ price: "60.00", gstRate: 18 })], shippingAddress: indore, paymentMethod: "COD" },
      () => ({ status: 201, body: anOrder({ _id: 58, paymentMethod: "COD", status: "confirmed" }) }),
      INDIA,
    );
    // ₹60 at 18 %: ₹10.80; shipping ₹10 and the fee ₹40 at 18 % (composite supply): ₹9.00.
    expect(summary()).toEqual([
      ["Items", "₹60.00"],
      ["Shipping", "₹10.00"],
      ["Cash on Delivery fee", "₹40.00"],
      ["IGST", "₹19.80"],
      ["Total", "₹129.80"],
    ]);
    const method = screen.getByRole("heading", { name: "Payment Method" }).closest("section") as HTMLElement;
    expect(within(method).getByText("Cash on Delivery")).toBeInTheDocument();
    expect(within(method).getByRole("link", { name: "Change method" })).toHaveAttribute("href", "/payment");
    expect(screen.getByText("Mobile: 98765 43210")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/order/58"));
    expect(calls.find((call) => call.path === "/api/orders/add/")?.body).toMatchObject({
      shippingAddress: indore,
      paymentMethod: "COD",
      itemsPrice: "60.00",
      shippingPrice: "10.00",
      taxPrice: "19.80",
      totalPrice: "129.80",
    });
  });

  it("shows the GST inside the prices when they include it, and places the order for the shelf price", async () => {
    const inside = { ...INDIA, pricing: { ...(INDIA.pricing as PublicConfig["pricing"]), pricesIncludeTax: true } };
    const { user, calls, location } = await renderPlaceOrder(
      { cartItems: [line({ name: "Urea 45 kg", price: "266.50", gstRate: 5 })], shippingAddress: indore },
      ({ path }) => (path === "/api/orders/add/" ? { status: 201, body: anOrder({ _id: 59 }) } : { status: 500 }),
      inside,
    );
    // Urea's notified ₹266.50 is the total: 253.81 taxable and 12.69 of IGST inside it.
    expect(summary()).toEqual([
      ["Items", "₹266.50"],
      ["Shipping", "₹0.00"],
      ["Includes GST", "₹12.69"],
      ["IGST", "₹12.69"],
      ["Total", "₹266.50"],
    ]);
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/order/59"));
    const placed = calls.find((call) => call.path === "/api/orders/add/");
    expect(placed?.body).toMatchObject({ itemsPrice: "266.50", shippingPrice: "0.00", taxPrice: "12.69", totalPrice: "266.50" });
  });

  it("keeps the spec's Tax line and no fee in flat mode, whatever the lines' rates", async () => {
    await renderPlaceOrder({ cartItems: [line({ price: "100.00", gstRate: 18 })], shippingAddress: indore });
    expect(summary()).toEqual([
      ["Items", "₹100.00"],
      ["Shipping", "₹10.00"],
      ["Tax", "₹8.20"],
      ["Total", "₹118.20"],
    ]);
  });

  it("reads again from the server lines that do not know their GST rate, then prices them", async () => {
    const { calls, store } = startPlaceOrder(
      { cartItems: [line({ price: "200.00" })] },
      () => ({ body: aCart([{ price: "200.00", gstRate: 12 }]) }),
      INDIA,
    );
    await vi.waitFor(() => expect(summary()).toContainEqual(["CGST", "₹12.00"]));
    // (Besides the PIN code's delivery days, asked in India mode: place-order-delivery.test.tsx.)
    const cartCalls = calls.filter((call) => !call.path.startsWith("/api/pincodes/"));
    expect(cartCalls.map((call) => `${call.method} ${call.path}`)).toEqual(["GET /api/cart/"]);
    expect(store.getState().cart.cartItems[0]?.gstRate).toBe(12);
  });

  it("waits for the cart to be changed when it grew past the Cash on Delivery limit", async () => {
    await renderPlaceOrder({ cartItems: [line({ price: "5000.00", gstRate: 0 })], paymentMethod: "COD" }, undefined, INDIA);
    expect(screen.getByText("Cash on Delivery is not available for orders above ₹5,000")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Place Order" })).toBeDisabled();
  });

  it("goes back to choose a method when Cash on Delivery was chosen but the shop no longer takes it", async () => {
    const { location } = startPlaceOrder({ cartItems: [line({})], paymentMethod: "COD" });
    await vi.waitFor(() => expect(location().pathname).toBe("/payment"));
  });

  it("offers a customer with a mobile number order updates on WhatsApp, saved as it is ticked", async () => {
    const { user, calls, store } = await renderPlaceOrder(
      { cartItems: [line({})] },
      () => ({ body: aUser({ phone: "+919876543210", whatsapp: true }) }),
      {},
      aUser({ phone: "+919876543210" }),
    );
    const section = screen.getByRole("heading", { name: "Order updates" }).closest("section") as HTMLElement;
    // The opt-in comes in a chunk of its own, after the rest of the screen.
    await user.click(await within(section).findByRole("checkbox", { name: "Send my order updates on WhatsApp" }));
    expect(await within(section).findByText("WhatsApp updates are on.")).toBeInTheDocument();
    expect(calls).toEqual([
      { method: "PUT", path: "/api/users/profile/notices/", body: { whatsapp: true }, authorization: "Bearer access-1" },
    ]);
    expect(store.getState().auth.user?.whatsapp).toBe(true);
  });

  it("offers no WhatsApp updates to a customer without a mobile number", async () => {
    await renderPlaceOrder({ cartItems: [line({})] });
    expect(screen.queryByRole("heading", { name: "Order updates" })).not.toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  });
});
