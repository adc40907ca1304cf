import type { ProductSummary } from "@krishi/contract";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../testing/fake-api.ts";
import { catalogApi, parseLinks, productSort, toProductPage } from "./catalog-api.ts";
import { makeStore } from "./store.ts";

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: i + 1 }) as ProductSummary);

describe("toProductPage", () => {
  it("reads the total and the page count from the headers", () => {
    const headers = new Headers({
      "X-Total-Count": "50",
      Link: '</api/products?keyword=urea&page=1>; rel="first", </api/products?keyword=urea&page=3>; rel="next", </api/products?keyword=urea&page=3>; rel="last"',
    });
    expect(toProductPage(items(24), headers, 2)).toMatchObject({ total: 50, page: 2, pages: 3 });
  });

  it("works out the page count from a full page when only rel=next is given", () => {
    const headers = new Headers({ "X-Total-Count": "25", Link: '</api/products?page=2>; rel="next"' });
    expect(toProductPage(items(12), headers, 1).pages).toBe(3);
  });

  it("is one page without paging headers", () => {
    expect(toProductPage(items(3), new Headers(), 1)).toMatchObject({ total: 3, page: 1, pages: 1 });
  });
});

describe("parseLinks", () => {
  it("maps each relation to its address", () => {
    expect(parseLinks('</a?page=1>; rel="prev", </a?page=3>; rel=next')).toEqual({
      prev: "/a?page=1",
      next: "/a?page=3",
    });
  });
});

describe("productSort", () => {
  it("reads the list's orders from ?sort=, newest (the default) and anything else as none", () => {
    expect(productSort("price_asc")).toBe("price_asc");
    expect(productSort("rating")).toBe("rating");
    expect(productSort("newest")).toBeUndefined();
    expect(productSort("cheapest")).toBeUndefined();
    expect(productSort(null)).toBeUndefined();
  });
});

describe("getProducts", () => {
  it("asks for exactly /api/products without a search, the address the page preloads", async () => {
    const calls = fakeApi(() => ({ body: [] }));
    const store = makeStore({ persist: false });
    await store.dispatch(catalogApi.endpoints.getProducts.initiate({ keyword: "", category: "", page: 1 }));
    await store.dispatch(
      catalogApi.endpoints.getProducts.initiate({ keyword: "urea", category: "", page: 2, sort: "price_asc", inStock: true }),
    );
    expect(calls.map((call) => call.path)).toEqual(["/api/products", "/api/products?keyword=urea&sort=price_asc&in_stock=true&page=2"]);
  });
});
