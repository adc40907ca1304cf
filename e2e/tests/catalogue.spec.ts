import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { addToCartAndViewCart } from "./support.ts";

interface ApiProduct {
  _id: number;
  name: string;
  price: string;
  countInStock: number;
  images: unknown[];
}

async function findProduct(page: Page, keyword: string, where: (p: ApiProduct) => boolean): Promise<ApiProduct> {
  const res = await page.request.get(`/api/products?keyword=${encodeURIComponent(keyword)}&page_size=100`);
  const product = ((await res.json()) as ApiProduct[]).find(where);
  if (!product) throw new Error(`no demo product for ${keyword}`);
  return product;
}

test.beforeEach(async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());
});

test("a guest browses, searches, filters, opens a product and works the cart", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Latest Products" })).toBeVisible();
  await expect(page.locator(".card").first()).toBeVisible();
  await expect(page.locator(".card")).toHaveCount(24);
  await expect(page.getByRole("navigation", { name: /pagination/i }).or(page.locator(".pagination"))).toBeVisible();

  // Search from the header.
  await page.getByRole("searchbox", { name: "Search products" }).fill("neem");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?keyword=neem$/);
  await expect(page.getByRole("link", { name: /Neem Oil 10000 ppm/ }).first()).toBeVisible();
  await expect(page.getByText("Alphonso Mangoes")).toHaveCount(0);

  // A category from the side panel searches for its name.
  await page.getByRole("button", { name: "Irrigation" }).click();
  await expect(page).toHaveURL(/\?keyword=Irrigation$/);
  await expect(page.getByRole("link", { name: /Drip Irrigation Kit 1 Acre/ }).first()).toBeVisible();

  // Open a product: price in rupees, In Stock, reviews or "No Reviews".
  await page
    .getByRole("link", { name: /Drip Irrigation Kit 1 Acre/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole("heading", { name: "Drip Irrigation Kit 1 Acre" })).toBeVisible();
  await expect(page.getByText("₹18,999.00").first()).toBeVisible();
  await expect(page.getByText("In Stock")).toBeVisible();

  // Add two to the cart.
  await page.getByLabel("Quantity", { exact: true }).selectOption("2");
  await addToCartAndViewCart(page);
  await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
  await expect(page.getByText("Subtotal (2) items")).toBeVisible();
  await expect(page.getByText("₹37,998.00").first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Cart/ })).toContainText("2");

  // Change the quantity in the cart.
  await page.getByLabel("Quantity for Drip Irrigation Kit 1 Acre").selectOption("5");
  await expect(page.getByText("Subtotal (5) items")).toBeVisible();
  await expect(page.getByText("₹94,995.00").first()).toBeVisible();
  const checkout = page.getByRole("button", { name: "Proceed To Checkout" });
  await expect(checkout).toBeEnabled();

  // Remove it: the cart is empty, with nothing to check out.
  await page.getByRole("button", { name: "Remove Drip Irrigation Kit 1 Acre" }).click();
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(checkout).toHaveCount(0);
});

test("an out-of-stock product cannot be added to the cart", async ({ page }) => {
  const product = await findProduct(page, "Chilli Seeds Teja", (p) => p.countInStock === 0);
  await page.goto(`/product/${product._id}`);
  await expect(page.getByText("Out of Stock")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();

  // Even the cart's own address refuses it.
  await page.goto(`/cart/${product._id}?qty=1`);
  await expect(page.getByText("Your cart is empty")).toBeVisible();
});

test("deep links survive a reload, and the cart is kept for the browser by the server", async ({ page }) => {
  const product = await findProduct(page, "Hand Hoe", (p) => p.countInStock > 0);
  await page.goto(`/product/${product._id}`);
  await page.reload();
  await expect(page.getByRole("heading", { name: product.name })).toBeVisible();

  await addToCartAndViewCart(page);
  await expect(page.getByText("Subtotal (1) items")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("link", { name: product.name })).toBeVisible();
  // The server's cart, found by this browser's cookie; nothing of it in localStorage.
  const cart = await (await page.request.get("/api/cart/")).json();
  expect(cart.lines).toEqual([expect.objectContaining({ product: product._id, qty: 1, price: product.price })]);
  expect(await page.evaluate(() => localStorage.getItem("cartItems"))).toBeNull();
});

test("a product with more than ten images shows small thumbnails", async ({ page }) => {
  const product = await findProduct(page, "Knapsack Sprayer", (p) => p.images.length > 10);
  await page.goto(`/product/${product._id}`);
  const thumbs = page.getByRole("button", { name: /^Show image \d+$/ });
  await expect(thumbs).toHaveCount(product.images.length);
  const box = await thumbs.first().locator("img").boundingBox();
  expect(box?.width).toBeCloseTo(25, 0);
  expect(box?.height).toBeCloseTo(20, 0);
});

test("an unknown address shows the not-found page", async ({ page }) => {
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("a failing API shows the red alert", async ({ page }) => {
  const failure = { detail: "A server error occurred.", message: "A server error occurred." };
  await page.route(/\/api\/products(\?.*)?$/, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify(failure) }),
  );
  // The server renders the home page with its list: the browser asks the API for the list when
  // it opens the home page from a screen of its own.
  await page.goto("/cart");
  await page.getByRole("banner").getByRole("link", { name: "Krishi Bazaar" }).click();
  await expect(page).toHaveURL(/\/$/);
  const alert = page.locator(".alert-danger");
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("A server error occurred.");
});

test("an unknown product says so in plain words, not the server's text", async ({ page }) => {
  await page.goto("/product/999999");
  await expect(page.getByRole("heading", { level: 1, name: "Product not found" })).toBeVisible();
  await expect(page.getByText("We could not find this product.")).toBeVisible();
  await expect(page.getByText("No Product matches the given query.")).toHaveCount(0);
});
