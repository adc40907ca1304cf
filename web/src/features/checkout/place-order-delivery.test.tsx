import type { Pincode, PublicConfig } from "@krishi/contract";
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { aUser, signedIn } from "../../testing/factories.ts";
import { type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { type CartItem, emptyCart } from "../cart/index.ts";
import { PlaceOrderScreen } from "./place-order-screen.tsx";

/** Place Order says when the parcel arrives, from the PIN code's delivery days, before the order is placed. */

const nashik = { label: "Farm", address: "Gat No. 42", city: "Nashik", postalCode: "422001", country: "India", state: "Maharashtra" };

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

const served = (pin: string, deliveryDays: number | null): Pincode => ({
  pin,
  district: "Nashik",
  state: "Maharashtra",
  serviceable: deliveryDays !== null,
  cod: false,
  deliveryDays,
});

function renderPlaceOrder(
  shippingAddress: typeof nashik,
  answer: (call: FakeCall) => { status?: number; body?: unknown },
  config: Partial<PublicConfig> = INDIA,
) {
  const calls = fakeApi(answer);
  renderApp(<PlaceOrderScreen />, {
    url: "/placeorder",
    path: "/placeorder",
    preloadedState: { auth: signedIn(aUser()), cart: { ...emptyCart, cartItems: [urea], shippingAddress, paymentMethod: "RazorPay" } },
    config,
  });
  return calls;
}

/** The India settings (GST, Cash on Delivery): the shop looks PIN codes up. */
const INDIA: Partial<PublicConfig> = {
  pricing: { freeShippingAbovePaise: 100_00, shippingPaise: 10_00, taxBasisPoints: 820, taxMode: "gst", pricesIncludeTax: true },
  sellerStateCode: "27",
  cod: { enabled: true, feePaise: 40_00, maxOrderPaise: 5000_00 },
};

const pincodeCalls = (calls: FakeCall[]) => calls.filter((call) => call.path.startsWith("/api/pincodes/")).map((call) => call.path);

describe("PlaceOrderScreen's delivery date", () => {
  beforeEach(() => {
    // Only the clock: the app's timers run as they do.
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says the day the parcel arrives: today in India plus the PIN code's delivery days", async () => {
    vi.setSystemTime(new Date("2026-11-21T04:30:00Z")); // Saturday 21 November, 10:00 in India
    const calls = renderPlaceOrder(nashik, () => ({ body: served("422001", 3) }));
    expect(await screen.findByText("Delivers by Tuesday, 24 November")).toBeInTheDocument();
    expect(pincodeCalls(calls)).toEqual(["/api/pincodes/422001/"]);
  });

  it("counts from the day it is in India, as the server dates the order, whatever the browser's day", async () => {
    vi.setSystemTime(new Date("2026-11-21T20:00:00Z")); // still the 21st in UTC, already 01:30 on the 22nd in India
    renderPlaceOrder(nashik, () => ({ body: served("422001", 3) }));
    expect(await screen.findByText("Delivers by Wednesday, 25 November")).toBeInTheDocument();
  });

  it("says it in Hindi", async () => {
    vi.setSystemTime(new Date("2026-11-21T04:30:00Z"));
    await setLanguage("hi");
    renderPlaceOrder(nashik, () => ({ body: served("422001", 3) }));
    expect(await screen.findByText("मंगलवार, 24 नवंबर तक पहुँच जाएगा")).toBeInTheDocument();
  });

  it.each([
    ["a PIN code the shop does not serve", { body: served("422001", null) }],
    ["an unknown PIN code", { status: 404, body: { detail: "PIN code 422001 was not found.", code: "pin_not_found" } }],
  ])("says no day for %s", async (_, answer) => {
    const calls = renderPlaceOrder(nashik, () => answer);
    await vi.waitFor(() => expect(pincodeCalls(calls)).toHaveLength(1));
    expect(await screen.findByRole("heading", { level: 1, name: "Place Order" })).toBeInTheDocument();
    expect(screen.queryByText(/Delivers by/)).not.toBeInTheDocument();
  });

  it("asks nothing in the spec's shop, which looks up no PIN codes", async () => {
    const calls = renderPlaceOrder(nashik, () => ({ body: served("422001", 3) }), {});
    expect(await screen.findByRole("heading", { level: 1, name: "Place Order" })).toBeInTheDocument();
    expect(pincodeCalls(calls)).toEqual([]);
    expect(screen.queryByText(/Delivers by/)).not.toBeInTheDocument();
  });

  it("asks nothing for an address outside India", async () => {
    const calls = renderPlaceOrder({ ...nashik, city: "Kathmandu", postalCode: "44600", country: "Nepal", state: "Bagmati" }, () => ({
      body: served("446000", 3),
    }));
    expect(await screen.findByRole("heading", { level: 1, name: "Place Order" })).toBeInTheDocument();
    expect(pincodeCalls(calls)).toEqual([]);
    expect(screen.queryByText(/Delivers by/)).not.toBeInTheDocument();
  });
});
