import type { Pincode, PublicConfig } from "@krishi/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { anErrorBody, aUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { type CartItem, emptyCart } from "../cart/index.ts";
import { PaymentScreen } from "./payment-screen.tsx";

const address = { label: "Farm", address: "Gat No. 42", city: "Nashik", postalCode: "422001", country: "India" };

function renderPayment(shippingAddress: typeof address | null) {
  return renderApp(<PaymentScreen />, {
    url: "/payment",
    path: "/payment",
    preloadedState: { auth: signedIn(aUser()), cart: { ...emptyCart, shippingAddress } },
  });
}

describe("PaymentScreen", () => {
  it("goes back to /shipping without a shipping address", async () => {
    const { location } = renderPayment(null);
    await vi.waitFor(() => expect(location().pathname).toBe("/shipping"));
  });

  it("offers RazorPay only, checked", () => {
    renderPayment(address);
    expect(screen.getByRole("heading", { level: 1, name: "Payment Method" })).toBeInTheDocument();
    expect(screen.getAllByRole("radio")).toHaveLength(1);
    expect(screen.getByRole("radio", { name: "RazorPay" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "RazorPay" })).toHaveAccessibleDescription("UPI, cards, net banking and wallets");
    expect(screen.getByRole("link", { name: "Payment" })).toHaveAttribute("aria-current", "step");
  });

  it("names the method in Hindi in Devanagari, not in English", async () => {
    await setLanguage("hi");
    renderPayment(address);
    expect(screen.getByRole("radio", { name: "रेज़रपे" })).toBeChecked();
    expect(screen.queryByText(/razorpay/i)).not.toBeInTheDocument();
  });

  it("keeps the method and goes on to /placeorder", async () => {
    const { user, store, location } = renderPayment(address);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(store.getState().cart.paymentMethod).toBe("RazorPay");
    expect(location().pathname).toBe("/placeorder");
  });
});

const COD: Partial<PublicConfig> = {
  pricing: { freeShippingAbovePaise: 100_00, shippingPaise: 10_00, taxBasisPoints: 820, taxMode: "gst", pricesIncludeTax: false },
  sellerStateCode: "27",
  cod: { enabled: true, feePaise: 40_00, maxOrderPaise: 5000_00 },
};
const nashik: Pincode = { pin: "422001", district: "Nashik", state: "Maharashtra", serviceable: true, cod: true, deliveryDays: 3 };
const urea: CartItem = { product: 1, name: "Urea 45 kg", image: "", price: "266.50", gstRate: 5, countInStock: 50, qty: 2 };

interface CodCase {
  pin?: Pincode | null;
  cartItems?: CartItem[];
  paymentMethod?: string | null;
  config?: Partial<PublicConfig>;
  answer?: (call: FakeCall) => FakeAnswer;
}

/** /payment for the farm's address in Nashik, its PIN code answered with `pin` (404 when null). */
function renderCod({ pin = nashik, cartItems = [urea], paymentMethod = null, config = COD, answer }: CodCase = {}) {
  const calls = fakeApi(
    answer ??
      ((call) =>
        call.path === "/api/pincodes/422001/" && pin
          ? { body: pin }
          : { status: 404, body: anErrorBody("pin_not_found", "PIN code 422001 was not found.", {}, { pin: "422001" }) }),
  );
  const rendered = renderApp(<PaymentScreen />, {
    url: "/payment",
    path: "/payment",
    config,
    preloadedState: {
      auth: signedIn(aUser()),
      cart: { ...emptyCart, cartItems, paymentMethod, shippingAddress: { ...address, state: "Maharashtra" } },
    },
  });
  return { ...rendered, calls };
}

describe("PaymentScreen with Cash on Delivery", () => {
  it("offers Cash on Delivery beside RazorPay, with its fee, and keeps the choice", async () => {
    const { user, store, location, calls } = renderCod();
    const cod = await screen.findByRole("radio", { name: "Cash on Delivery" });
    expect(cod).toHaveAccessibleDescription("Pay in cash when it arrives (₹40 fee)");
    expect(screen.getByRole("radio", { name: "RazorPay" })).toBeChecked();
    expect(calls.map((call) => call.path)).toEqual(["/api/pincodes/422001/"]);
    await user.click(cod);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(store.getState().cart.paymentMethod).toBe("COD");
    expect(location().pathname).toBe("/placeorder");
  });

  it("starts from Cash on Delivery when it was chosen before", async () => {
    renderCod({ paymentMethod: "COD" });
    expect(await screen.findByRole("radio", { name: "Cash on Delivery" })).toBeChecked();
  });

  it("says why when the PIN code does not take Cash on Delivery, and keeps RazorPay", async () => {
    const { user, store } = renderCod({ pin: { ...nashik, cod: false } });
    expect(await screen.findByText("Cash on Delivery is not available for this PIN code")).toBeInTheDocument();
    expect(screen.getAllByRole("radio")).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(store.getState().cart.paymentMethod).toBe("RazorPay");
  });

  it("does not offer it for a PIN code the directory does not know", async () => {
    renderCod({ pin: null });
    expect(await screen.findByText("Cash on Delivery is not available for this PIN code")).toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "Cash on Delivery" })).toBeNull();
  });

  it("falls back to RazorPay, saying nothing about the PIN code, when the lookup fails", async () => {
    renderCod({ answer: () => ({ status: 500, body: anErrorBody("server_error", "A server error occurred.") }) });
    expect(await screen.findByRole("radio", { name: "RazorPay" })).toBeChecked();
    await vi.waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(screen.getAllByRole("radio")).toHaveLength(1);
    expect(screen.queryByText(/Cash on Delivery/)).toBeNull();
  });

  it("does not offer it above the limit, the fee counted in the total", async () => {
    // ₹4,700 + 5 % GST = ₹4,935; with the ₹40 fee (and its tax) ₹4,977 fits …
    const { unmount } = renderCod({ cartItems: [{ ...urea, price: "4700.00", qty: 1 }] });
    expect(await screen.findByRole("radio", { name: "Cash on Delivery" })).toBeInTheDocument();
    unmount();
    // … ₹4,750 + 5 % = ₹4,987.50, + ₹42 = ₹5,029.50 does not.
    const { calls } = renderCod({ cartItems: [{ ...urea, price: "4750.00", qty: 1 }] });
    expect(await screen.findByText("Cash on Delivery is not available for orders above ₹5,000")).toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "Cash on Delivery" })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("says nothing of Cash on Delivery when the shop does not take it", async () => {
    const { calls } = renderCod({ config: { ...COD, cod: { enabled: false, feePaise: 40_00, maxOrderPaise: 5000_00 } } });
    expect(screen.getAllByRole("radio")).toHaveLength(1);
    expect(screen.queryByText(/Cash on Delivery/)).toBeNull();
    expect(calls).toEqual([]);
  });

  it("speaks Hindi", async () => {
    await setLanguage("hi");
    renderCod();
    const cod = await screen.findByRole("radio", { name: "कैश ऑन डिलीवरी" });
    expect(cod).toHaveAccessibleDescription("सामान पहुँचने पर नकद भुगतान करें (₹40 शुल्क)");
  });
});
