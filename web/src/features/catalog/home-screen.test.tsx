import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aProduct } from "../../testing/factories.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { catalogApi, type ProductPage } from "./catalog-api.ts";
import { HomeScreen } from "./home-screen.tsx";

function renderHome(url: string, query: { keyword: string; category: string; page: number }, page: ProductPage) {
  return renderApp(<HomeScreen />, {
    url,
    seed: (store) => store.dispatch(catalogApi.util.upsertQueryEntries([{ endpointName: "getProducts", arg: query, value: page }])),
  });
}

describe("HomeScreen", () => {
  it("lists the products of the search with page links that keep the keyword", async () => {
    const products = [aProduct(), aProduct({ _id: 8, name: "Neem cake 5 kg", price: "349.00" })];
    renderHome(
      "/?keyword=seed&page=2",
      { keyword: "seed", category: "", page: 2 },
      {
        products,
        total: 50,
        page: 2,
        pages: 3,
      },
    );
    expect(screen.getByRole("heading", { level: 1, name: "Latest Products" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Neem cake 5 kg" })).toHaveAttribute("href", "/product/8");
    expect(screen.getByText("₹349.00")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "3" })).toHaveAttribute("href", "/?keyword=seed&page=3");
    expect(screen.getByRole("link", { name: "1" })).toHaveAttribute("href", "/?keyword=seed");
  });

  it("says so when nothing matches", async () => {
    renderHome(
      "/?keyword=tractor",
      { keyword: "tractor", category: "", page: 1 },
      {
        products: [],
        total: 0,
        page: 1,
        pages: 1,
      },
    );
    expect(await screen.findByText("No products found")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Pages" })).not.toBeInTheDocument();
  });
});
