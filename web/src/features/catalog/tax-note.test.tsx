import type { Product, PublicConfig } from "@krishi/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../app/config-api.ts";
import { setLanguage } from "../../i18n/index.ts";
import { aProduct } from "../../testing/factories.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { catalogApi } from "./catalog-api.ts";
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

/** The product page's price, as the bag's MRP: "Inclusive of all taxes" when the shop's prices include GST. */
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

  it.each([
    ["GST added on top (PRICES_INCLUDE_TAX=false)", gst(false)],
    ["the spec's flat tax", undefined],
  ])("says nothing with %s", async (_mode, config) => {
    renderProduct(urea, config);
    expect(await screen.findByRole("heading", { level: 1, name: "Urea 45 kg" })).toBeInTheDocument();
    expect(screen.queryByText("Inclusive of all taxes")).not.toBeInTheDocument();
  });
});
