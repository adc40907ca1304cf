import type { Pincode, PublicConfig } from "@krishi/contract";
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { catalogApi } from "../../base/catalog-api.ts";
import { setLanguage } from "../../i18n/index.ts";
import { anErrorBody, aProduct } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { DELIVERY_PIN_KEY, deliveryDay } from "./delivery-check.tsx";
import { ProductScreen } from "./product-screen.tsx";

const GST: Partial<PublicConfig> = {
  pricing: { freeShippingAbovePaise: 100_00, shippingPaise: 10_00, taxBasisPoints: 820, taxMode: "gst", pricesIncludeTax: false },
};
const COD: Partial<PublicConfig> = { ...GST, cod: { enabled: true, feePaise: 40_00, maxOrderPaise: 5000_00 } };

const nashik: Pincode = { pin: "422001", district: "Nashik", state: "Maharashtra", serviceable: true, cod: true, deliveryDays: 3 };

/** The product page with these settings; the PIN codes answered by `pins` (404 for others). */
function renderProduct(config: Partial<PublicConfig>, pins: Record<string, Pincode> = { "422001": nashik }) {
  const calls = fakeApi((call: FakeCall): FakeAnswer => {
    const pin = /^\/api\/pincodes\/(\d+)\/$/.exec(call.path)?.[1];
    const found = pin ? pins[pin] : undefined;
    if (found) return { body: found };
    return { status: 404, body: anErrorBody("pin_not_found", `PIN code ${pin} was not found.`, {}, { pin: pin ?? "" }) };
  });
  const product = aProduct();
  const rendered = renderApp(<ProductScreen />, {
    url: "/product/7",
    path: "/product/:id",
    config,
    seed: (store) => store.dispatch(catalogApi.util.upsertQueryEntries([{ endpointName: "getProduct", arg: "7", value: product }])),
  });
  return { ...rendered, calls };
}

async function check(user: ReturnType<typeof renderApp>["user"], pin: string) {
  const field = await screen.findByRole("textbox", { name: "Pin Code" });
  await user.clear(field);
  if (pin) await user.type(field, pin);
  await user.click(screen.getByRole("button", { name: "Check" }));
}

beforeEach(() => {
  // Monday 23 Nov 2026, mid-morning: three days on is Thursday 26 Nov.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 10, 23, 10, 30));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("Check delivery", () => {
  it("is not on the product page of the spec's shop (flat tax, no Cash on Delivery)", async () => {
    const { calls } = renderProduct({});
    expect(await screen.findByRole("heading", { level: 1, name: "Hybrid paddy seeds 10 kg" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Check delivery" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Pin Code" })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("says when a parcel arrives and that Cash on Delivery is available", async () => {
    const { user, calls } = renderProduct(COD);
    expect(await screen.findByRole("heading", { name: "Check delivery" })).toBeInTheDocument();
    await check(user, "422001");
    expect(await screen.findByText("Delivers by Thu 26 Nov · Cash on Delivery available")).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["GET /api/pincodes/422001/"]);
  });

  it("says where Cash on Delivery is not taken", async () => {
    const { user } = renderProduct(COD, { "452001": { ...nashik, pin: "452001", cod: false, deliveryDays: 5 } });
    await check(user, "452001");
    expect(await screen.findByText("Delivers by Sat 28 Nov · Cash on Delivery not available")).toBeInTheDocument();
  });

  it("does not mention Cash on Delivery when the shop does not take it", async () => {
    const { user } = renderProduct(GST);
    await check(user, "422001");
    expect(await screen.findByText("Delivers by Thu 26 Nov")).toBeInTheDocument();
    expect(screen.queryByText(/Cash on Delivery/)).toBeNull();
  });

  it("says the shop does not deliver to a PIN code outside its table", async () => {
    const { user } = renderProduct(COD, { "744101": { ...nashik, pin: "744101", serviceable: false, cod: false, deliveryDays: null } });
    await check(user, "744101");
    expect(await screen.findByText("We do not deliver to 744101 yet")).toBeInTheDocument();
  });

  it("says a PIN code the directory does not know was not found", async () => {
    const { user } = renderProduct(COD);
    await check(user, "999999");
    expect(await screen.findByText("PIN code not found")).toBeInTheDocument();
  });

  it.each(["42200", "022001", "42a001", "4220 1", ""])("refuses %j without asking the server", async (pin) => {
    const { user, calls } = renderProduct(COD);
    await check(user, pin);
    const field = screen.getByRole("textbox", { name: "Pin Code" });
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription("Enter a valid 6-digit PIN code.");
    expect(calls).toEqual([]);
    // Typing again takes the message away until the next Check.
    await user.clear(field);
    await user.type(field, "4");
    expect(field).toBeValid();
  });

  it("remembers the PIN code and checks it again on the next product page", async () => {
    const first = renderProduct(COD);
    await check(first.user, "422001");
    await screen.findByText(/Delivers by Thu 26 Nov/);
    expect(localStorage.getItem(DELIVERY_PIN_KEY)).toBe("422001");
    first.unmount();

    const { calls } = renderProduct(COD);
    expect(await screen.findByText("Delivers by Thu 26 Nov · Cash on Delivery available")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Pin Code" })).toHaveValue("422001");
    expect(calls.map((call) => call.path)).toEqual(["/api/pincodes/422001/"]);
  });

  it("does not remember a PIN code that was not found", async () => {
    const { user } = renderProduct(COD);
    await check(user, "999999");
    await screen.findByText("PIN code not found");
    expect(localStorage.getItem(DELIVERY_PIN_KEY)).toBeNull();
  });

  it("speaks Hindi, with the date as Hindi readers write it", async () => {
    await setLanguage("hi");
    const { user } = renderProduct(COD);
    expect(await screen.findByRole("heading", { name: "डिलीवरी जाँचें" })).toBeInTheDocument();
    const field = screen.getByRole("textbox", { name: "पिन कोड" });
    await user.type(field, "422001");
    await user.click(screen.getByRole("button", { name: "जाँचें" }));
    expect(await screen.findByText(`${deliveryDay(3, "hi")} तक पहुँच जाएगा · कैश ऑन डिलीवरी उपलब्ध है`)).toBeInTheDocument();
    expect(deliveryDay(3, "hi")).toMatch(/^गुरु/);
  });
});

describe("deliveryDay", () => {
  it("counts days from today's date, across a month's end", () => {
    const today = new Date(2026, 10, 28, 23, 59);
    expect(deliveryDay(0, "en", today)).toBe("Sat 28 Nov");
    expect(deliveryDay(3, "en", today)).toBe("Tue 1 Dec");
  });
});
