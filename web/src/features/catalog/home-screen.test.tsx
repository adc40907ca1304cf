import type { Category, Crop } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { catalogApi, type ProductPage, type ProductQuery } from "../../base/catalog-api.ts";
import { setLanguage } from "../../i18n/index.ts";
import { aProduct } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { cropsApi } from "./crops-api.ts";
import { HomeScreen } from "./home-screen.tsx";

const CROPS: Crop[] = [
  { slug: "wheat", name: "Wheat", nameHi: "गेहूँ", image: "", seasons: ["rabi"] },
  { slug: "paddy", name: "Paddy", nameHi: "धान", image: "", seasons: ["kharif"] },
  { slug: "cotton", name: "Cotton", nameHi: "कपास", image: "images/cotton.webp", seasons: ["kharif"] },
];

const CATEGORIES: Category[] = [
  { id: 1, name: "Seeds", nameHi: "बीज" },
  { id: 2, name: "Fertilisers", nameHi: "खाद" },
  { id: 9, name: "Beekeeping", nameHi: "" },
];

function renderHome(url: string, query: ProductQuery, page: ProductPage) {
  return renderApp(<HomeScreen />, {
    url,
    seed: (store) =>
      store.dispatch(
        catalogApi.util.upsertQueryEntries([
          { endpointName: "getProducts", arg: query, value: page },
          { endpointName: "getCategories", arg: undefined, value: CATEGORIES },
        ]),
      ) &&
      store.dispatch(
        cropsApi.util.upsertQueryEntries([
          { endpointName: "getCrops", arg: undefined, value: { crops: CROPS } },
          { endpointName: "findCrops", arg: query.keyword ?? "", value: { pages: [] } },
        ]),
      ),
  });
}

const onePage = (products = [aProduct()]): ProductPage => ({ products, total: products.length, page: 1, pages: 1 });

describe("HomeScreen", () => {
  it("says what was searched and how many match, with page links that keep the keyword", async () => {
    const products = [aProduct(), aProduct({ _id: 8, name: "Neem cake 5 kg", price: "349.00" })];
    renderHome("/?keyword=seed&page=2", { keyword: "seed", category: "", page: 2 }, { products, total: 50, page: 2, pages: 3 });
    expect(screen.getByRole("heading", { level: 1, name: "Results for “seed”" })).toBeInTheDocument();
    expect(screen.getByText("50 products")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Neem cake 5 kg" })).toHaveAttribute("href", "/product/8");
    expect(screen.getByText("₹349.00")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "3" })).toHaveAttribute("href", "/?keyword=seed&page=3");
    expect(screen.getByRole("link", { name: "1" })).toHaveAttribute("href", "/?keyword=seed");
    // A search shows no welcome.
    expect(screen.queryByRole("navigation", { name: "Shop by category" })).not.toBeInTheDocument();
  });

  it("opens with 'Latest Products', the brand line and a tile per category searching its English name", async () => {
    renderHome("/", { keyword: "", category: "", page: 1 }, onePage());
    expect(screen.getByRole("heading", { level: 1, name: "Latest Products" })).toBeInTheDocument();
    expect(screen.getByText("Seeds, fertilisers and tools delivered to your farm")).toBeInTheDocument();
    expect(screen.getByText("1 product")).toBeInTheDocument();
    const tiles = within(screen.getByRole("navigation", { name: "Shop by category" }));
    expect(tiles.getByRole("link", { name: "Seeds" })).toHaveAttribute("href", "/?keyword=Seeds");
    expect(tiles.getByRole("link", { name: "Beekeeping" })).toHaveAttribute("href", "/?keyword=Beekeeping");
    // Every tile has its icon, the demo categories their own and others the generic one.
    expect(tiles.getByRole("link", { name: "Seeds" }).querySelector(".category-icon")?.getAttribute("data-icon")).toBe("seeds");
    expect(tiles.getByRole("link", { name: "Beekeeping" }).querySelector(".category-icon")?.getAttribute("data-icon")).toBe(null);
    expect(await screen.findByRole("link", { name: "Hybrid paddy seeds 10 kg" })).toBeInTheDocument();
  });

  it("heads a category's products with the category's name", async () => {
    renderHome("/?keyword=fertilisers", { keyword: "fertilisers", category: "", page: 1 }, onePage());
    expect(await screen.findByRole("heading", { level: 1, name: "Fertilisers" })).toBeInTheDocument();
  });

  it("speaks Hindi: the category's and the products' Hindi names", async () => {
    await setLanguage("hi");
    const product = aProduct({ nameHi: "संकर धान के बीज 10 किलो", numReviews: 1 });
    renderHome("/?keyword=Seeds", { keyword: "Seeds", category: "", page: 1 }, onePage([product]));
    expect(await screen.findByRole("heading", { level: 1, name: "बीज" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "संकर धान के बीज 10 किलो" })).toHaveAttribute("href", "/product/7");
    expect(screen.getByText("1 उत्पाद")).toBeInTheDocument();
    expect(screen.getByText("1 समीक्षा")).toBeInTheDocument();
    expect(screen.getByLabelText("क्रम")).toBeInTheDocument();
  });

  it("asks the API for the chosen order and only what is in stock, and keeps both in the address", async () => {
    const calls = fakeApi((call) => ({
      body: call.path.startsWith("/api/products/category")
        ? CATEGORIES
        : call.path.startsWith("/api/crops/find/")
          ? { pages: [] }
          : [aProduct()],
      headers: { "X-Total-Count": "1" },
    }));
    const { user, location } = renderApp(<HomeScreen />, { url: "/?keyword=urea&page=2" });
    await user.selectOptions(await screen.findByLabelText("Sort by"), "Price: low to high");
    expect(location().search).toBe("?keyword=urea&sort=price_asc");
    await user.click(screen.getByRole("switch", { name: "In stock only" }));
    expect(location().search).toBe("?keyword=urea&sort=price_asc&in_stock=true");
    expect(await screen.findByText("1 product")).toBeInTheDocument();
    const lists = calls.filter((call) => call.path.startsWith("/api/products?")).map((call) => call.path);
    expect(lists).toEqual([
      "/api/products?keyword=urea&page=2",
      "/api/products?keyword=urea&sort=price_asc",
      "/api/products?keyword=urea&sort=price_asc&in_stock=true",
    ]);
    expect(screen.getByLabelText("Sort by")).toHaveValue("price_asc");
    expect(screen.getByRole("switch", { name: "In stock only" })).toBeChecked();
  });

  it("keeps the order and the in-stock filter in the page links", async () => {
    renderHome(
      "/?keyword=urea&sort=price_desc&in_stock=true&page=2",
      { keyword: "urea", category: "", page: 2, sort: "price_desc", inStock: true },
      { products: [aProduct()], total: 60, page: 2, pages: 3 },
    );
    expect(await screen.findByRole("link", { name: "3" })).toHaveAttribute("href", "/?keyword=urea&sort=price_desc&in_stock=true&page=3");
    expect(screen.getByRole("link", { name: "1" })).toHaveAttribute("href", "/?keyword=urea&sort=price_desc&in_stock=true");
  });

  it("says so when nothing matches, and offers a way out", async () => {
    renderHome(
      "/?keyword=tractor&in_stock=true",
      { keyword: "tractor", category: "", page: 1, inStock: true },
      { products: [], total: 0, page: 1, pages: 1 },
    );
    expect(await screen.findByText("No products found")).toBeInTheDocument();
    expect(screen.getByText("0 products")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Include out-of-stock products" })).toHaveAttribute("href", "/?keyword=tractor");
    expect(screen.getByRole("link", { name: "See all products" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("navigation", { name: "Pages" })).not.toBeInTheDocument();
  });

  it("offers a row of crops linking to their pages, and all the crops", async () => {
    renderHome("/", { keyword: "", category: "", page: 1 }, onePage());
    const row = within(screen.getByRole("navigation", { name: "Shop by crop" }));
    expect(row.getAllByRole("link").map((link) => link.textContent)).toEqual(["See all crops", "Wheat", "Paddy", "Cotton"]);
    expect(row.getByRole("link", { name: "Cotton" })).toHaveAttribute("href", "/crop/cotton");
    expect(row.getByRole("link", { name: "See all crops" })).toHaveAttribute("href", "/crops");
    expect(row.queryByText("Your crop")).not.toBeInTheDocument();
  });

  it("shows the farmer's remembered crop first, marked as theirs", async () => {
    localStorage.setItem("kb:crop", "cotton");
    renderHome("/", { keyword: "", category: "", page: 1 }, onePage());
    const row = within(screen.getByRole("navigation", { name: "Shop by crop" }));
    expect(await row.findByText("Your crop")).toBeInTheDocument();
    expect(row.getAllByRole("link").map((link) => link.textContent)).toEqual(["See all crops", "Cotton Your crop", "Wheat", "Paddy"]);
  });

  it("speaks Hindi in the crops' row", async () => {
    await setLanguage("hi");
    localStorage.setItem("kb:crop", "paddy");
    renderHome("/?lang=hi", { keyword: "", category: "", page: 1 }, onePage());
    const row = within(screen.getByRole("navigation", { name: "फ़सल के अनुसार ख़रीदें" }));
    expect(await row.findByText("आपकी फ़सल")).toBeInTheDocument();
    expect(row.getByRole("link", { name: "सभी फ़सलें देखें" })).toHaveAttribute("href", "/crops");
    expect(row.getByRole("link", { name: "धान आपकी फ़सल" })).toHaveAttribute("href", "/crop/paddy");
  });

  it("leaves the crops out of a search, and offers the problem's page its words name", async () => {
    renderApp(<HomeScreen />, {
      url: "/?keyword=kapas+safed+makhi",
      seed: (store) => {
        store.dispatch(
          catalogApi.util.upsertQueryEntries([
            { endpointName: "getProducts", arg: { keyword: "kapas safed makhi", category: "", page: 1 }, value: onePage() },
            { endpointName: "getCategories", arg: undefined, value: CATEGORIES },
          ]),
        );
        store.dispatch(
          cropsApi.util.upsertQueryEntries([
            { endpointName: "getCrops", arg: undefined, value: { crops: CROPS } },
            {
              endpointName: "findCrops",
              arg: "kapas safed makhi",
              value: {
                pages: [
                  {
                    crop: { slug: "cotton", name: "Cotton", nameHi: "कपास" },
                    problem: { slug: "whitefly", name: "Whitefly", nameHi: "सफ़ेद मक्खी", kind: "pest" },
                  },
                  { crop: { slug: "cotton", name: "Cotton", nameHi: "कपास" }, problem: null },
                ],
              },
            },
          ]),
        );
      },
    });
    expect(screen.getByRole("link", { name: "Whitefly on Cotton: products for it" })).toHaveAttribute("href", "/crop/cotton/whitefly");
    expect(screen.getByRole("link", { name: "Cotton: seeds and inputs" })).toHaveAttribute("href", "/crop/cotton");
    expect(screen.queryByRole("navigation", { name: "Shop by crop" })).not.toBeInTheDocument();
  });
});
