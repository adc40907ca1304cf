import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { aProduct, aStaffUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { ProductEditScreen } from "./product-edit-screen.tsx";

const paddy = aProduct();
const CATEGORIES = [
  { id: 2, name: "Seeds" },
  { id: 3, name: "Fertilisers" },
];

function renderEdit() {
  return renderApp(<ProductEditScreen />, {
    url: "/admin/product/7/edit",
    path: "/admin/product/:id/edit",
    preloadedState: { auth: signedIn(aStaffUser()) },
  });
}

/** The product and the categories are answered; the update gets `update`. */
function fakeProductApi(update: (call: FakeCall) => FakeAnswer = () => ({ body: paddy })) {
  return fakeApi((call) => {
    if (call.path === "/api/products/category/") return { body: CATEGORIES };
    if (call.method === "GET") return { body: paddy };
    return update(call);
  });
}

describe("ProductEditScreen", () => {
  it("shows the product's fields, its category chosen, and a Go Back link", async () => {
    const calls = fakeProductApi();
    renderEdit();
    expect(await screen.findByLabelText("Name")).toHaveValue("Hybrid paddy seeds 10 kg");
    expect(screen.getByRole("heading", { level: 1, name: "Edit Product" })).toBeInTheDocument();
    expect(screen.getByLabelText("Price")).toHaveValue(1249.5);
    expect(screen.getByLabelText("Brand")).toHaveValue("Kisan Gold");
    expect(screen.getByLabelText("Count In Stock")).toHaveValue(5);
    expect(screen.getByLabelText("Description")).toHaveValue("High-yield paddy for kharif sowing.");
    expect(await screen.findByRole("option", { name: "Fertilisers" })).toBeInTheDocument();
    expect(screen.getByLabelText("Category")).toHaveValue("2");
    expect(screen.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/admin/productlist");
    expect(calls[0]).toMatchObject({ method: "GET", path: "/api/products/7/" });
  });

  it("sends an existing category by id, and goes back to the product list", async () => {
    const calls = fakeProductApi();
    const { user, location } = renderEdit();
    const name = await screen.findByLabelText("Name");
    await user.clear(name);
    await user.type(name, "Hybrid paddy seeds 25 kg");
    await user.clear(screen.getByLabelText("Price"));
    await user.type(screen.getByLabelText("Price"), "2999.00");
    await user.clear(screen.getByLabelText("Count In Stock"));
    await user.type(screen.getByLabelText("Count In Stock"), "12");
    await user.selectOptions(screen.getByLabelText("Category"), await screen.findByRole("option", { name: "Fertilisers" }));
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/productlist"));
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      path: "/api/products/update/7/",
      authorization: "Bearer access-1",
      body: {
        _id: 7,
        name: "Hybrid paddy seeds 25 kg",
        price: "2999.00",
        brand: "Kisan Gold",
        countInStock: 12,
        stockSeen: 5,
        category: 3,
        description: "High-yield paddy for kharif sowing.",
      },
    });
  });

  it("sends a new category by its name", async () => {
    const calls = fakeProductApi();
    const { user, location } = renderEdit();
    await user.selectOptions(await screen.findByLabelText("Category"), "New category…");
    await user.type(await screen.findByLabelText("New category name"), "Bio-fertilisers");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/productlist"));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({ category: "Bio-fertilisers" });
  });

  it("shows a field's messages under that field and stays on the form", async () => {
    fakeProductApi(() => ({
      status: 400,
      body: { price: ["Enter a valid amount."], detail: "price: Enter a valid amount.", message: "price: Enter a valid amount." },
    }));
    const { user, location } = renderEdit();
    await user.click(await screen.findByRole("button", { name: "Update" }));
    expect(await screen.findByText("Enter a valid amount.")).toBeInTheDocument();
    expect(screen.getByLabelText("Price")).toHaveAttribute("aria-invalid", "true");
    expect(location().pathname).toBe("/admin/product/7/edit");
  });

  it("shows the server's detail when the product cannot be read", async () => {
    fakeApi((call) =>
      call.path === "/api/products/category/" ? { body: CATEGORIES } : { status: 404, body: { detail: "Product not found." } },
    );
    renderEdit();
    expect(await screen.findByRole("alert")).toHaveTextContent("Product not found.");
  });
});
