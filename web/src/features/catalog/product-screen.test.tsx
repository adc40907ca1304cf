import type { Product } from "@krishi/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aProduct } from "../../testing/factories.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { catalogApi } from "./catalog-api.ts";
import { ProductScreen } from "./product-screen.tsx";

function renderProduct(product: Product) {
  return renderApp(<ProductScreen />, {
    url: `/product/${product._id}`,
    path: "/product/:id",
    seed: (store) => store.dispatch(catalogApi.util.upsertQueryData("getProduct", String(product._id), product)),
  });
}

describe("ProductScreen", () => {
  it("adds the chosen quantity to the cart", async () => {
    const { user, location } = renderProduct(aProduct());
    expect(await screen.findByRole("heading", { level: 1, name: "Hybrid paddy seeds 10 kg" })).toBeInTheDocument();
    expect(screen.getByText("In Stock")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/");
    await user.selectOptions(screen.getByRole("combobox", { name: "Quantity" }), "3");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(location().pathname).toBe("/cart/7");
    expect(location().search).toBe("?qty=3");
  });

  it("cannot add a product that is out of stock", async () => {
    renderProduct(aProduct({ countInStock: 0 }));
    expect(await screen.findByText("Out of Stock")).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Quantity" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  });

  it("lists reviews with their date, and asks guests to sign in to write one", async () => {
    renderProduct(
      aProduct({
        reviews: [{ _id: 1, name: "Asha Patil", rating: 4, comment: "Good germination.", createdAt: "2024-07-15T08:30:00Z" }],
      }),
    );
    expect(await screen.findByText("Asha Patil")).toBeInTheDocument();
    expect(screen.getByText("2024-07-15")).toBeInTheDocument();
    expect(screen.queryByText("No Reviews")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "sign in" })).toHaveAttribute("href", "/login?redirect=/product/7");
  });

  it("says No Reviews when there are none", async () => {
    renderProduct(aProduct());
    expect(await screen.findByText("No Reviews")).toBeInTheDocument();
  });

  it("switches the main image from a thumbnail", async () => {
    const images = [1, 2, 3].map((id) => ({ id, image: `images/paddy-${id}.webp` }));
    const { user } = renderProduct(aProduct({ images }));
    await user.click(await screen.findByRole("button", { name: "Show image 3" }));
    expect(screen.getByRole("img", { name: /image 3 of 3/ })).toHaveAttribute("src", "/media/paddy-3.webp");
    expect(screen.getByRole("button", { name: "Show image 3" })).toHaveAttribute("aria-pressed", "true");
  });
});
