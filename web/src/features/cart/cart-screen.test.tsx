import type { PublicConfig } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { aCart, anErrorBody, aProduct, aVariant } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { CartScreen } from "./cart-screen.tsx";
import { type CartItem, type CartState, emptyCart } from "./cart-slice.ts";

const seeds: CartItem = {
  product: 7,
  name: "Hybrid paddy seeds 10 kg",
  image: "images/paddy.webp",
  price: "1249.50",
  countInStock: 5,
  qty: 2,
};

const neem: CartItem = { product: 9, name: "Neem oil 1 L", image: "images/neem.webp", price: "160.00", countInStock: 12, qty: 5 };

/** Urea in two packs: the 45 kg bag (the default) and 5 kg. */
const ureaProduct = aProduct({
  _id: 8,
  name: "Urea",
  gstRate: 5,
  variants: [
    aVariant({ id: 11, label: "45 kg", netQuantity: 45, price: "266.50", mrp: "266.50", countInStock: 10, weightGrams: 45_200 }),
    aVariant({ id: 12, label: "5 kg", netQuantity: 5, price: "40.00", mrp: "45.00", countInStock: 30, weightGrams: 5_100 }),
  ],
});
const urea: CartItem = { product: 8, name: "Urea", image: "images/paddy.webp", price: "266.50", countInStock: 10, qty: 2 };

function renderCart(...cartItems: CartItem[]) {
  return renderApp(<CartScreen />, {
    url: "/cart",
    path: "/cart/:id?",
    preloadedState: { cart: { ...emptyCart, cartItems } },
  });
}

/** The summary's rows as shown, Total last: [label, amount]. */
function summary(): [string, string][] {
  return screen.getAllByRole("rowheader").map((th) => [th.textContent ?? "", th.nextElementSibling?.textContent ?? ""] as [string, string]);
}

/** The cart line of a product, found by its link. */
function lineOf(name: string): HTMLElement {
  return screen.getByRole("link", { name }).closest("li") as HTMLElement;
}

describe("CartScreen", () => {
  it("says the cart is empty, with no summary and no checkout", async () => {
    renderCart();
    expect(await screen.findByText(/Your cart is empty/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("button", { name: "Proceed To Checkout" })).toBeNull();
    expect(screen.queryAllByRole("rowheader")).toEqual([]);
  });

  it("says a broken cart link's product was not found above a clean empty cart", async () => {
    fakeApi(() => ({ status: 404, body: anErrorBody("product_not_found", "No Product matches the given query.") }));
    const { location } = renderApp(<CartScreen />, { url: "/cart/9999?qty=2", path: "/cart/:id?" });
    expect(await screen.findByText(/Your cart is empty/)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Proceed To Checkout" })).toBeNull();
    expect(screen.queryAllByRole("rowheader")).toEqual([]);
    await vi.waitFor(() => expect(location().pathname).toBe("/cart"));
  });

  it("says a line the product page's form could not add, above the cart", async () => {
    renderApp(<CartScreen />, { url: "/cart?refused=out_of_stock", path: "/cart/:id?" });
    expect(await screen.findByText("Could not add to cart")).toBeInTheDocument();
  });

  it("shows each line with its picture, link, unit price and the subtotal", async () => {
    renderCart(seeds);
    const link = await screen.findByRole("link", { name: seeds.name });
    expect(link).toHaveAttribute("href", "/product/7");
    expect(within(lineOf(seeds.name)).getByText("₹1,249.50 each")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Subtotal (2) items" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: seeds.name })).toHaveAttribute("src", "/media/paddy.webp");
    expect(screen.getByRole("button", { name: "Proceed To Checkout" })).toBeEnabled();
  });

  it("shows a line's total, price × quantity, beside its smaller unit price", async () => {
    renderCart(neem);
    await screen.findByRole("link", { name: neem.name });
    const line = lineOf(neem.name);
    expect(within(line).getByText("₹160.00 each")).toHaveClass("order-line__detail");
    expect(within(line).getByText("₹800.00")).toHaveClass("order-line__total");
    expect(within(line).getByText("Line total")).toHaveClass("visually-hidden");
  });

  it("previews items, shipping, tax and total by the shop's pricing rule", async () => {
    renderCart(neem, { ...seeds, qty: 1 });
    await screen.findByRole("heading", { name: "Subtotal (6) items" });
    // ₹800.00 + ₹1,249.50 = ₹2,049.50; free shipping; tax 8.2 % = ₹168.06.
    expect(summary()).toEqual([
      ["Items", "₹2,049.50"],
      ["Shipping", "₹0.00"],
      ["Tax", "₹168.06"],
      ["Total", "₹2,217.56"],
    ]);
    expect(screen.queryByText(/more for free delivery/)).toBeNull();
  });

  it("says how much more ships free while the items are under the threshold, with the shipping charged", async () => {
    const { user } = renderCart({ ...neem, price: "30.00", qty: 2 });
    expect(await screen.findByText("Add ₹40.01 more for free delivery")).toBeInTheDocument();
    expect(summary()).toEqual([
      ["Items", "₹60.00"],
      ["Shipping", "₹10.00"],
      ["Tax", "₹4.92"],
      ["Total", "₹74.92"],
    ]);
    await user.selectOptions(screen.getByRole("combobox", { name: `Quantity for ${neem.name}` }), "4");
    expect(screen.queryByText(/more for free delivery/)).toBeNull();
    expect(summary()[1]).toEqual(["Shipping", "₹0.00"]);
  });

  it("changes a line's quantity and removes a line", async () => {
    const { user, store } = renderCart(seeds);
    const select = await screen.findByRole("combobox", { name: `Quantity for ${seeds.name}` });
    expect(within(select).getAllByRole("option")).toHaveLength(5);
    await user.selectOptions(select, "4");
    expect(store.getState().cart.cartItems[0]?.qty).toBe(4);
    expect(screen.getByRole("heading", { name: "Subtotal (4) items" })).toBeInTheDocument();
    expect(within(lineOf(seeds.name)).getByText("₹4,998.00")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: `Remove ${seeds.name}` }));
    expect(store.getState().cart.cartItems).toEqual([]);
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument();
  });

  it("keeps a quantity beyond the stock as it is, says so beside the line, and waits before checkout", async () => {
    const { user, store } = renderCart({ ...seeds, qty: 7 });
    const select = await screen.findByRole("combobox", { name: `Quantity for ${seeds.name}` });
    expect(select).toHaveValue("7");
    expect(select).toBeInvalid();
    expect(select).toHaveAccessibleDescription("Only 5 in stock");
    expect(store.getState().cart.cartItems[0]?.qty).toBe(7);
    expect(screen.getByText("Change the quantities marked above to continue.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Proceed To Checkout" })).toBeDisabled();

    await user.selectOptions(select, "5");
    expect(screen.queryByText("Only 5 in stock")).toBeNull();
    expect(select).toBeValid();
    expect(screen.getByRole("button", { name: "Proceed To Checkout" })).toBeEnabled();
  });

  it("marks a line whose product has sold out", async () => {
    renderCart({ ...seeds, countInStock: 0, qty: 1 });
    const select = await screen.findByRole("combobox", { name: `Quantity for ${seeds.name}` });
    expect(select).toHaveAccessibleDescription("Out of Stock");
    expect(screen.getByRole("button", { name: "Proceed To Checkout" })).toBeDisabled();
  });

  it("adds the quantity a link asks for, even beyond the stock, and says so rather than lowering it", async () => {
    fakeApi(() => ({ body: aProduct({ _id: 7, countInStock: 3 }) }));
    const { store, location } = renderApp(<CartScreen />, { url: "/cart/7?qty=4", path: "/cart/:id?" });
    expect(await screen.findByText("Only 3 in stock")).toBeInTheDocument();
    expect(store.getState().cart.cartItems[0]).toMatchObject({ product: 7, qty: 4, countInStock: 3 });
    await vi.waitFor(() => expect(location().pathname).toBe("/cart"));
  });

  it("keeps two packs of one product as two lines, each named with its pack, changed and removed on its own", async () => {
    const bag: CartItem = { ...urea, variant: 11, variantLabel: "45 kg", weightGrams: 45_200, qty: 2 };
    const small: CartItem = { ...urea, variant: 12, variantLabel: "5 kg", price: "40.00", weightGrams: 5_100, qty: 1 };
    const { user, store } = renderCart(bag, small);
    expect(await screen.findByRole("link", { name: "Urea · 45 kg" })).toHaveAttribute("href", "/product/8");
    expect(within(lineOf("Urea · 5 kg")).getByText("₹40.00 each")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Subtotal (3) items" })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole("combobox", { name: "Quantity for Urea · 5 kg" }), "3");
    expect(store.getState().cart.cartItems).toEqual([bag, { ...small, qty: 3 }]);
    await user.click(screen.getByRole("button", { name: "Remove Urea · 45 kg" }));
    expect(store.getState().cart.cartItems).toEqual([{ ...small, qty: 3 }]);
  });

  it("adds the pack a link names, with its price, stock and weight, beside the product's other pack", async () => {
    fakeApi(() => ({ body: ureaProduct }));
    const bag: CartItem = { ...urea, variant: 11, variantLabel: "45 kg", weightGrams: 45_200, qty: 1 };
    const { store, location } = renderApp(<CartScreen />, {
      url: "/cart/8?qty=2&pack=12",
      path: "/cart/:id?",
      preloadedState: { cart: { ...emptyCart, cartItems: [bag] } },
    });
    expect(await screen.findByRole("link", { name: "Urea · 5 kg" })).toBeInTheDocument();
    expect(store.getState().cart.cartItems).toEqual([
      bag,
      { ...urea, variant: 12, variantLabel: "5 kg", weightGrams: 5_100, price: "40.00", countInStock: 30, gstRate: 5, qty: 2 },
    ]);
    await vi.waitFor(() => expect(location().pathname).toBe("/cart"));
  });

  it("adds the default pack for a link without one, replacing the line of a cart saved before packs", async () => {
    fakeApi(() => ({ body: ureaProduct }));
    const { store } = renderApp(<CartScreen />, {
      url: "/cart/8?qty=3",
      path: "/cart/:id?",
      preloadedState: { cart: { ...emptyCart, cartItems: [urea, seeds] } },
    });
    expect(await screen.findByRole("link", { name: "Urea · 45 kg" })).toBeInTheDocument();
    expect(store.getState().cart.cartItems).toEqual([
      seeds,
      { ...urea, variant: 11, variantLabel: "45 kg", weightGrams: 45_200, gstRate: 5, countInStock: 10, qty: 3 },
    ]);
  });

  it("shows a line of a cart saved before packs under the product's name, and adds nothing for a pack no longer sold", async () => {
    fakeApi(() => ({ body: ureaProduct }));
    const { store } = renderApp(<CartScreen />, {
      url: "/cart/8?qty=1&pack=99",
      path: "/cart/:id?",
      preloadedState: { cart: { ...emptyCart, cartItems: [urea] } },
    });
    expect(await screen.findByText("Urea is no longer sold in that pack")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Urea" })).toBeInTheDocument();
    expect(store.getState().cart.cartItems).toEqual([urea]);
  });

  it("goes to sign-in with the shipping redirect", async () => {
    const { user, location } = renderCart(seeds);
    await user.click(await screen.findByRole("button", { name: "Proceed To Checkout" }));
    expect(location().pathname).toBe("/login");
    expect(location().search).toBe("?redirect=shipping");
  });

  it("speaks Hindi: headings, amounts' labels, hint, buttons, and the product's Hindi name", async () => {
    await setLanguage("hi");
    renderCart({ ...neem, price: "30.00", qty: 2, nameHi: "नीम तेल 1 लीटर" });
    expect(await screen.findByRole("heading", { level: 1, name: "शॉपिंग कार्ट" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "उप-योग (2) आइटम" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "नीम तेल 1 लीटर" })).toHaveAttribute("href", "/product/9");
    expect(screen.getByRole("combobox", { name: "नीम तेल 1 लीटर की मात्रा" })).toBeInTheDocument();
    expect(screen.getByText("₹30.00 प्रति नग")).toBeInTheDocument();
    expect(screen.getByText("मुफ़्त डिलीवरी के लिए ₹40.01 का सामान और जोड़ें")).toBeInTheDocument();
    expect(summary().map(([label]) => label)).toEqual(["सामान", "डिलीवरी", "टैक्स", "कुल"]);
    expect(screen.getByRole("button", { name: "चेकआउट के लिए आगे बढ़ें" })).toBeEnabled();
  });
});

const GST: Partial<PublicConfig> = {
  pricing: { freeShippingAbovePaise: 100_00, shippingPaise: 10_00, taxBasisPoints: 820, taxMode: "gst", pricesIncludeTax: false },
  sellerStateCode: "27",
  cod: { enabled: true, feePaise: 40_00, maxOrderPaise: 5000_00 },
};
const farm = { label: "Farm", address: "Gat No. 42", city: "Nashik", postalCode: "422001", country: "India", state: "Maharashtra" };

function renderIndianCart(cart: Partial<CartState>, answer: (call: FakeCall) => FakeAnswer = () => ({ status: 500 })) {
  const calls = fakeApi(answer);
  const rendered = renderApp(<CartScreen />, {
    url: "/cart",
    path: "/cart/:id?",
    config: GST,
    preloadedState: { cart: { ...emptyCart, ...cart } },
  });
  return { ...rendered, calls };
}

describe("CartScreen in GST mode", () => {
  it("previews CGST and SGST at each line's rate within the seller's state", async () => {
    renderIndianCart({
      cartItems: [
        { ...neem, gstRate: 5 },
        { ...seeds, qty: 1, gstRate: 0 },
      ],
      shippingAddress: farm,
    });
    await screen.findByRole("heading", { name: "Subtotal (6) items" });
    // ₹800 at 5 % = ₹40, split in halves; the seeds are zero-rated.
    expect(summary()).toEqual([
      ["Items", "₹2,049.50"],
      ["Shipping", "₹0.00"],
      ["CGST", "₹20.00"],
      ["SGST", "₹20.00"],
      ["Total", "₹2,089.50"],
    ]);
  });

  it("previews IGST to the state of the address chosen, and the COD fee when that is the method", async () => {
    renderIndianCart({ cartItems: [{ ...neem, gstRate: 5 }], shippingAddress: { ...farm, state: "Gujarat" }, paymentMethod: "COD" });
    await screen.findByRole("heading", { name: "Subtotal (5) items" });
    expect(summary()).toEqual([
      ["Items", "₹800.00"],
      ["Shipping", "₹0.00"],
      ["Cash on Delivery fee", "₹40.00"],
      ["IGST", "₹42.00"],
      ["Total", "₹882.00"],
    ]);
  });

  it("reads the cart again from the server when a line does not know its GST rate", async () => {
    const { calls, store } = renderIndianCart({ cartItems: [neem] }, () => ({
      body: aCart([{ product: 9, variant: 90, price: "160.00", gstRate: 5, qty: 5, countInStock: 12 }]),
    }));
    await vi.waitFor(() => expect(summary()).toContainEqual(["CGST", "₹20.00"]));
    expect(calls.map((call) => call.path)).toEqual(["/api/cart/"]);
    expect(store.getState().cart.cartItems[0]).toMatchObject({ product: 9, gstRate: 5, qty: 5 });
  });

  it("asks nothing of the catalogue in flat mode for lines without a rate", async () => {
    const calls = fakeApi(() => ({ status: 500 }));
    renderCart(neem);
    await screen.findByRole("heading", { name: "Subtotal (5) items" });
    expect(summary()[2]).toEqual(["Tax", "₹65.60"]);
    expect(calls).toEqual([]);
  });

  it("keeps the GST rate of a product it adds", async () => {
    fakeApi(({ path }) =>
      path === "/api/cart/lines/"
        ? { body: aCart([{ product: 7, variant: 70, gstRate: 12 }]) }
        : { body: aProduct({ _id: 7, gstRate: 12 }) },
    );
    const { store } = renderApp(<CartScreen />, { url: "/cart/7?qty=1", path: "/cart/:id?", config: GST });
    await vi.waitFor(() => expect(store.getState().cart.cartItems[0]).toMatchObject({ product: 7, gstRate: 12 }));
  });
});

/** GST mode with prices that include it (PRICES_INCLUDE_TAX, the default there): the shelf price is the total. */
const GST_INSIDE: Partial<PublicConfig> = { ...GST, pricing: { ...(GST.pricing as PublicConfig["pricing"]), pricesIncludeTax: true } };

describe("CartScreen in GST mode with prices that include it", () => {
  const bag: CartItem = { ...urea, qty: 1, gstRate: 5 };
  const renderInside = (cart: Partial<CartState>) =>
    renderApp(<CartScreen />, {
      url: "/cart",
      path: "/cart/:id?",
      config: GST_INSIDE,
      preloadedState: { cart: { ...emptyCart, ...cart } },
    });

  it("keeps urea's ₹266.50 as the total and shows the GST inside it, CGST + SGST within the seller's state", async () => {
    renderInside({ cartItems: [bag], shippingAddress: farm });
    await screen.findByRole("heading", { name: "Subtotal (1) items" });
    // 266.50 × 100 / 105 = 253.81 taxable: 12.69 of GST inside, the odd paisa to SGST.
    expect(summary()).toEqual([
      ["Items", "₹266.50"],
      ["Shipping", "₹0.00"],
      ["Includes GST", "₹12.69"],
      ["CGST", "₹6.34"],
      ["SGST", "₹6.35"],
      ["Total", "₹266.50"],
    ]);
    expect(screen.queryByText("₹279.82")).not.toBeInTheDocument();
  });

  it("shows IGST inside to another state, and adds the COD fee and shipping as they are, tax and all", async () => {
    renderInside({ cartItems: [{ ...neem, qty: 1, gstRate: 18 }], shippingAddress: { ...farm, state: "Gujarat" }, paymentMethod: "COD" });
    await screen.findByRole("heading", { name: "Subtotal (1) items" });
    // 160.00 at 18 %: 24.41 inside; shipping free; the ₹40 fee at 18 %: 6.10 inside.
    expect(summary()).toEqual([
      ["Items", "₹160.00"],
      ["Shipping", "₹0.00"],
      ["Cash on Delivery fee", "₹40.00"],
      ["Includes GST", "₹30.51"],
      ["IGST", "₹30.51"],
      ["Total", "₹200.00"],
    ]);
  });

  it("says it in Hindi", async () => {
    await setLanguage("hi");
    renderInside({ cartItems: [bag], shippingAddress: farm });
    await screen.findByRole("heading", { name: "उप-योग (1) आइटम" });
    expect(summary().map(([label]) => label)).toEqual(["सामान", "डिलीवरी", "GST शामिल", "CGST (केंद्र)", "SGST (राज्य)", "कुल"]);
    expect(summary().at(-1)).toEqual(["कुल", "₹266.50"]);
  });
});

/** The cart says plainly when the tax is added to the prices shown, and says nothing of it where they include it. */
describe("CartScreen's word on tax", () => {
  const FLAT_NOTE = "Prices do not include tax: 8.2% tax is added to the total.";

  it("says the spec's flat tax is added to the total, at its rate, beside the Tax row", async () => {
    renderCart(seeds);
    const summaryCard = (await screen.findByRole("heading", { name: "Subtotal (2) items" })).closest("section") as HTMLElement;
    expect(within(summaryCard).getByText(FLAT_NOTE)).toBeInTheDocument();
    expect(summary()).toContainEqual(["Tax", "₹204.92"]);
  });

  it("says so in Hindi", async () => {
    await setLanguage("hi");
    renderCart(seeds);
    expect(await screen.findByText("दामों में टैक्स शामिल नहीं है: कुल में 8.2 प्रतिशत टैक्स जोड़ा गया है।")).toBeInTheDocument();
  });

  it("says GST is added when it comes on top of the prices", async () => {
    renderIndianCart({ cartItems: [{ ...neem, gstRate: 5 }], shippingAddress: farm });
    expect(await screen.findByText("Prices do not include GST: it is added to the total.")).toBeInTheDocument();
  });

  it("says nothing of tax added when the prices include GST", async () => {
    renderApp(<CartScreen />, {
      url: "/cart",
      path: "/cart/:id?",
      config: GST_INSIDE,
      preloadedState: { cart: { ...emptyCart, cartItems: [{ ...urea, qty: 1, gstRate: 5 }], shippingAddress: farm } },
    });
    await screen.findByRole("heading", { name: "Subtotal (1) items" });
    expect(screen.queryByText(/do not include/)).not.toBeInTheDocument();
  });
});
