import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { anErrorBody, aProduct, aStaffUser, aVariant, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { ProductListScreen } from "./product-list-screen.tsx";

const paddy = aProduct();
const neem = aProduct({
  _id: 9,
  name: "Neem cake 5 kg",
  price: "349.00",
  brand: "Organic Roots",
  category: { id: 3, name: "Fertilisers", nameHi: "उर्वरक" },
  hsnCode: "31010099",
  gstRate: 5,
  // Two packs at different prices, 3 + 4 in stock.
  variants: [
    aVariant({ id: 91, label: "5 kg", price: "349.00", countInStock: 3 }),
    aVariant({ id: 92, label: "1 kg", price: "80.00", countInStock: 4 }),
  ],
});

function renderList(url = "/admin/productlist") {
  return renderApp(<ProductListScreen />, { url, path: "/admin/productlist", preloadedState: { auth: signedIn(aStaffUser()) } });
}

/** None left in its one pack. */
const sprayer = aProduct({
  _id: 11,
  name: "Sprayer 16 l",
  price: "2450.00",
  hsnCode: "",
  images: [],
  variants: [aVariant({ id: 111, label: "16 l", price: "2450.00", countInStock: 0 })],
});

/** The product list answers paddy, neem cake and the sprayer; other calls get `other`. */
function fakeProducts(other: (call: FakeCall) => FakeAnswer = () => ({ status: 500 })) {
  return fakeApi((call) =>
    call.method === "GET" ? { body: [paddy, neem, sprayer], headers: { "X-Total-Count": "3", "X-Page-Count": "1" } } : other(call),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ProductListScreen", () => {
  it("lists products: a thumbnail, ID, NAME, PRICE in rupees (from the cheapest pack's), STOCK of every pack, HSN code, GST rate, CATEGORY, BRAND and an edit link", async () => {
    const calls = fakeProducts();
    renderList();
    expect(await screen.findByRole("heading", { level: 1, name: "Products" })).toBeInTheDocument();
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Image", "ID", "NAME", "PRICE", "STOCK", "HSN", "GST", "CATEGORY", "BRAND", "Actions"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .slice(1, 9)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["7", "Hybrid paddy seeds 10 kg", "₹1,249.50", "5", "10061010", "0%", "Seeds", "Kisan Gold"],
      ["9", "Neem cake 5 kg", "from ₹80.00", "7", "31010099", "5%", "Fertilisers", "Organic Roots"],
      ["11", "Sprayer 16 l", "₹2,450.00", "Out of Stock", "", "0%", "Seeds", "Kisan Gold"],
    ]);
    // On a phone each value is labelled with its heading; the picture and the actions go without.
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.dataset.label),
    ).toEqual([undefined, "ID", "NAME", "PRICE", "STOCK", "HSN", "GST", "CATEGORY", "BRAND", undefined]);
    const thumb = within(rows[0] as HTMLElement).getByRole("img", { name: "Hybrid paddy seeds 10 kg" });
    expect(thumb).toHaveAttribute("loading", "lazy");
    expect(thumb).toHaveAttribute("width", "64");
    expect(thumb).toHaveAttribute("height", "48");
    expect(thumb.getAttribute("src")).toMatch(/paddy/);
    expect(screen.getByRole("link", { name: "Edit Neem cake 5 kg" })).toHaveAttribute("href", "/admin/product/9/edit");
    expect(screen.getByRole("link", { name: "Edit Neem cake 5 kg" })).toHaveTextContent("Edit");
    expect(screen.getByRole("button", { name: "Delete Neem cake 5 kg" })).toHaveTextContent("Delete");
    expect(calls[0]).toMatchObject({ method: "GET", path: "/api/products" });
  });

  it("searches through ?search=, sent as the catalogue's keyword", async () => {
    const calls = fakeProducts();
    const { user, location } = renderList();
    await screen.findByRole("table");
    await user.type(screen.getByRole("searchbox", { name: "Search products" }), "neem{Enter}");
    await vi.waitFor(() => expect(calls.at(-1)?.path).toBe("/api/products?keyword=neem"));
    expect(location().search).toBe("?search=neem");
  });

  it("creates a sample product and opens its edit screen", async () => {
    const calls = fakeProducts((call) =>
      call.path === "/api/products/create/" ? { status: 201, body: aProduct({ _id: 31, name: "Sample name" }) } : {},
    );
    const { user, location } = renderList();
    await user.click(await screen.findByRole("button", { name: "Create Product" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/product/31/edit"));
    expect(calls.find((call) => call.method === "POST")).toMatchObject({ path: "/api/products/create/", authorization: "Bearer access-1" });
  });

  it("deletes a product only after confirmation", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const calls = fakeProducts(() => ({ body: { detail: "Product deleted" } }));
    const { user } = renderList();
    await user.click(await screen.findByRole("button", { name: "Delete Neem cake 5 kg" }));
    expect(confirm).toHaveBeenLastCalledWith("Are you sure you want to delete this product?");
    expect(calls.filter((call) => call.method === "DELETE")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Delete Neem cake 5 kg" }));
    await vi.waitFor(() => expect(calls.filter((call) => call.method === "GET")).toHaveLength(2));
    expect(calls.filter((call) => call.method === "DELETE")).toMatchObject([{ path: "/api/products/delete/9/" }]);
  });

  it("says so when a product cannot be created", async () => {
    fakeProducts(() => ({ status: 500, body: anErrorBody("server_error", "A server error occurred.") }));
    const { user } = renderList();
    await user.click(await screen.findByRole("button", { name: "Create Product" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("A server error occurred. Please try again in a moment.");
  });
});
