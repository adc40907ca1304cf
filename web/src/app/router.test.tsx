import { SPA_ROUTES } from "@krishi/contract";
import { screen } from "@testing-library/react";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { catalogApi } from "../base/catalog-api.ts";
import type { RootState } from "../base/store.ts";
import { emptyCart } from "../features/cart/cart-slice.ts";
import { aProduct, aStaffSummary, aStaffUser, aUser, signedIn } from "../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../testing/fake-api.ts";
import { renderApp } from "../testing/render-app.tsx";
import { routes } from "./router.tsx";

const noProducts = { products: [], total: 0, page: 1, pages: 1 };

/** The whole app at `url`, with the side panel's categories (and the searches below) answered. */
function renderAt(url: string, preloadedState?: Partial<RootState>) {
  return renderApp(null, {
    url,
    preloadedState,
    seed: (store) => {
      store.dispatch(
        catalogApi.util.upsertQueryEntries([
          { endpointName: "getCategories", arg: undefined, value: [{ id: 1, name: "Seeds", nameHi: "" }] },
        ]),
      );
      for (const keyword of ["Seeds", "neem cake"]) {
        store.dispatch(
          catalogApi.util.upsertQueryEntries([{ endpointName: "getProducts", arg: { keyword, category: "", page: 1 }, value: noProducts }]),
        );
      }
    },
  });
}

/** The staff screens (lazy: each costs React's 300 ms reveal in tests) and their headings. */
const STAFF_SCREENS: [string, string][] = [
  ["/admin", "Dashboard"],
  ["/admin/userlist", "Users"],
  ["/admin/user/3/edit", "Edit User"],
  ["/admin/productlist", "Products"],
  ["/admin/product/7/edit", "Edit Product"],
  ["/admin/orderlist", "Orders"],
  ["/admin/catalogue", "Import / Export"],
  ["/admin/promotions", "Offers and coupons"],
];

/** What the staff screens read. */
function staffAnswer(call: FakeCall): FakeAnswer {
  if (call.path === "/api/staff/summary/") return { body: aStaffSummary() };
  if (call.path === "/api/users/3/") return { body: aUser() };
  if (call.path === "/api/products/7/") return { body: aProduct() };
  return { body: [] };
}

describe("routes", () => {
  it("has a screen for every route of the spec's table", () => {
    for (const pattern of SPA_ROUTES) {
      const url = pattern.replace(/:(\w+)\?/g, "").replace(/:(\w+)/g, "1");
      const leaf = matchRoutes(routes, url)?.at(-1)?.route;
      expect(leaf?.path, url).not.toBe("*");
      expect(leaf?.Component ?? leaf?.element, url).toBeTruthy();
    }
  });

  it.each(STAFF_SCREENS)("loads the staff screen %s (%s) on first visit", async (url, title) => {
    fakeApi(staffAnswer);
    renderAt(url, { auth: signedIn(aStaffUser()) });
    // The first visit imports the screen's module: allow for a slow machine.
    expect(await screen.findByRole("heading", { level: 1, name: title }, { timeout: 5000 })).toBeInTheDocument();
  });

  it("shows a not-found page for an unknown address", async () => {
    renderAt("/no/such/page");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the shop" })).toHaveAttribute("href", "/");
  });

  it("lays out header, side panel, main and footer", async () => {
    const { user, location } = renderAt("/login");
    expect(await screen.findByRole("main")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Krishi Bazaar" })).toHaveAttribute("href", "/");
    expect(screen.getByText("© 2024 Krishi Bazaar")).toBeInTheDocument();
    for (const name of ["Facebook", "Twitter", "Instagram"]) {
      expect(screen.getByRole("link", { name })).toHaveAttribute("href", "#");
    }
    await user.click(await screen.findByRole("button", { name: "Seeds" }));
    expect(location().pathname).toBe("/");
    expect(location().search).toBe("?keyword=Seeds");
  });

  it("counts the items in the cart on the header's Cart link", async () => {
    const line = { name: "Neem cake", image: "", price: "349.00", countInStock: 9 };
    const cartItems = [
      { ...line, product: 1, qty: 2 },
      { ...line, product: 2, qty: 3 },
    ];
    renderAt("/login", { cart: { ...emptyCart, cartItems } });
    expect(await screen.findByRole("link", { name: "Cart 5 items" })).toHaveAttribute("href", "/cart");
  });

  it("searches from the header", async () => {
    const { user, location } = renderAt("/login");
    await user.type(await screen.findByRole("searchbox", { name: "Search products" }), "neem cake{Enter}");
    expect(location().search).toBe("?keyword=neem+cake");
  });
});
