import type { Product } from "@krishi/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_CONFIG } from "../../app/config-api.ts";
import type { RootState } from "../../app/store.ts";
import { aProduct, signedIn } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { catalogApi } from "./catalog-api.ts";
import { ProductScreen } from "./product-screen.tsx";

function renderProduct(product: Product, preloadedState?: Partial<RootState>) {
  return renderApp(<ProductScreen />, {
    url: `/product/${product._id}`,
    path: "/product/:id",
    preloadedState,
    seed: (store) =>
      store.dispatch(catalogApi.util.upsertQueryEntries([{ endpointName: "getProduct", arg: String(product._id), value: product }])),
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

describe("ProductScreen review form", () => {
  const reviewed = aProduct({
    rating: 4,
    numReviews: 13,
    reviews: [{ _id: 9, name: "Asha Patil", rating: 4, comment: "Even germination.", createdAt: "2024-08-01T09:00:00Z" }],
  });

  async function review(user: ReturnType<typeof renderApp>["user"]) {
    await user.selectOptions(await screen.findByLabelText("Rating"), "4 - Very Good");
    await user.type(screen.getByLabelText("Comment"), "Even germination.");
    await user.click(screen.getByRole("button", { name: "Submit" }));
  }

  it("offers signed-in users the rating scale and a comment instead of the sign-in prompt", async () => {
    renderProduct(aProduct(), { auth: signedIn() });
    expect(await screen.findByRole("heading", { name: "Write a Review" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "sign in" })).not.toBeInTheDocument();
    const options = Array.from((screen.getByLabelText("Rating") as HTMLSelectElement).options).map((o) => o.text);
    expect(options).toEqual(["Select...", "1 - Poor", "2 - Fair", "3 - Good", "4 - Very Good", "5 - Excellent"]);
  });

  it("submits the review: 'Review Submitted', the form reset, the product reloaded", async () => {
    let posted = false;
    const calls = fakeApi((call) => {
      if (call.method === "POST") {
        posted = true;
        return { status: 201, body: { detail: "Review added" } };
      }
      return { body: posted ? reviewed : aProduct() };
    });
    const { user } = renderProduct(aProduct(), { auth: signedIn() });
    await review(user);
    expect(await screen.findByText("Review Submitted")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: "/api/products/7/reviews/",
      body: { rating: 4, comment: "Even germination." },
      authorization: "Bearer access-1",
    });
    expect(await screen.findByText("13 reviews")).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/products/7/reviews/", "GET /api/products/7/"]);
    expect(screen.getByLabelText("Rating")).toHaveValue("");
    expect(screen.getByLabelText("Comment")).toHaveValue("");
  });

  it("shows why a review was refused", async () => {
    fakeApi(() => ({ status: 409, body: { detail: "Product already reviewed", message: "Product already reviewed" } }));
    const { user } = renderProduct(aProduct(), { auth: signedIn() });
    await review(user);
    expect(await screen.findByText("Product already reviewed")).toBeInTheDocument();
    expect(screen.queryByText("Review Submitted")).not.toBeInTheDocument();
  });

  it("asks to sign in again when the session has ended", async () => {
    const expired = { detail: "Given token not valid for any token type", message: "x", code: "token_not_valid" };
    // The review meets an expired access token, and the refresh token is refused too; signing
    // out empties the API cache, so the settings and the product are read again.
    fakeApi((call) =>
      call.method === "POST" ? { status: 401, body: expired } : { body: call.path === "/api/config" ? DEFAULT_CONFIG : aProduct() },
    );
    const { user, store } = renderProduct(aProduct(), { auth: signedIn() });
    await review(user);
    await vi.waitFor(() => expect(store.getState().auth.message).toBe("Refresh token fail"));
    expect(await screen.findByRole("link", { name: "sign in" })).toHaveAttribute("href", "/login?redirect=/product/7");
  });
});
