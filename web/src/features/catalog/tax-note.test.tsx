import type { Product, PublicConfig } from "@krishi/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { catalogApi } from "../../base/catalog-api.ts";
import { DEFAULT_CONFIG } from "../../base/config-api.ts";
import { setLanguage } from "../../i18n/index.ts";
import { aLabel, aProduct, aVariant } from "../../testing/factories.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { ProductScreen } from "./product-screen.tsx";

const urea = aProduct({ _id: 8, name: "Urea 45 kg", price: "266.50", gstRate: 5 });

const gst = (pricesIncludeTax: boolean): Partial<PublicConfig> => ({
  pricing: { ...DEFAULT_CONFIG.pricing, taxMode: "gst", pricesIncludeTax },
  sellerStateCode: "27",
});

function renderProduct(product: Product, config?: Partial<PublicConfig>) {
  return renderApp(<ProductScreen />, {
    url: `/product/${product._id}`,
    path: "/product/:id",
    config,
    seed: (store) =>
      store.dispatch(catalogApi.util.upsertQueryEntries([{ endpointName: "getProduct", arg: String(product._id), value: product }])),
  });
}

/** How the product page's price stands to tax: inclusive where the shop's prices include GST, else the tax added, said plainly. */
describe("the product page's tax note", () => {
  it("says the price is inclusive of all taxes when the prices include GST", async () => {
    renderProduct(urea, gst(true));
    const note = await screen.findByText("Inclusive of all taxes");
    // Right under the price, which is the whole price: nothing is added to it later.
    expect(note.previousElementSibling).toHaveTextContent("₹266.50");
  });

  it("says it in Hindi", async () => {
    await setLanguage("hi");
    renderProduct(urea, gst(true));
    expect(await screen.findByText("सभी करों सहित")).toBeInTheDocument();
  });

  it("says the spec's flat tax is added at checkout, at its rate, and never that the price includes it", async () => {
    renderProduct(urea);
    const note = await screen.findByText("Plus 8.2% tax, added at checkout");
    expect(note.previousElementSibling).toHaveTextContent("₹266.50");
    expect(screen.queryByText(/inclusive/i)).not.toBeInTheDocument();
  });

  it("says so in Hindi", async () => {
    await setLanguage("hi");
    renderProduct(urea);
    expect(await screen.findByText("8.2 प्रतिशत टैक्स अलग से, चेकआउट पर जुड़ेगा")).toBeInTheDocument();
    expect(screen.queryByText(/सभी करों सहित/)).not.toBeInTheDocument();
  });

  it("says the product's GST is added at checkout when GST comes on top of the prices (PRICES_INCLUDE_TAX=false)", async () => {
    renderProduct(urea, gst(false));
    expect(await screen.findByText("Plus 5% GST, added at checkout")).toBeInTheDocument();
    expect(screen.queryByText("Inclusive of all taxes")).not.toBeInTheDocument();
  });

  it("says nothing of tax for a product without GST when GST comes on top", async () => {
    renderProduct({ ...urea, gstRate: 0 }, gst(false));
    expect(await screen.findByRole("heading", { level: 1, name: "Urea 45 kg" })).toBeInTheDocument();
    expect(screen.queryByText(/GST|tax/i)).not.toBeInTheDocument();
  });
});

/** The label's MRP row: "inclusive of all taxes" only where the shop's prices are. */
describe("the product details' MRP", () => {
  const withLabel = aProduct({
    ...urea,
    label: aLabel({ kind: "fertiliser" }),
    variants: [aVariant({ label: "45 kg", netQuantity: 45, unit: "kg", price: "266.50", mrp: "266.50" })],
  });
  const mrpRow = async () => {
    const list = await screen.findByRole("region", { name: /Product details|उत्पाद का विवरण/ });
    return [...list.querySelectorAll("dt")].find((dt) => dt.nextElementSibling?.textContent === "₹266.50")?.textContent;
  };

  it("is inclusive of all taxes when the prices include GST", async () => {
    renderProduct(withLabel, gst(true));
    expect(await mrpRow()).toBe("MRP (inclusive of all taxes)");
  });

  it.each([
    ["the spec's flat tax", undefined],
    ["GST added on top", gst(false)],
  ])("has the tax added at checkout with %s", async (_mode, config) => {
    renderProduct(withLabel, config);
    expect(await mrpRow()).toBe("MRP (tax added at checkout)");
  });

  it("says so in Hindi", async () => {
    await setLanguage("hi");
    renderProduct(withLabel);
    expect(await mrpRow()).toBe("एमआरपी (टैक्स चेकआउट पर जुड़ेगा)");
  });
});
