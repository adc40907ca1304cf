import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { returning, test } from "./returning-visitor.ts";
import { addToCartAndViewCart, CUSTOMER, signIn } from "./support.ts";

/**
 * The cart lives on the server: a farmer with no JavaScript yet can choose a pack and put it in
 * the cart (a real form, answered with the cart rendered on the server), in Hindi too; a cart
 * made on one phone appears on another once the customer signs in there.
 */

interface Pack {
  id: number;
  label: string;
  price: string;
  countInStock: number;
}

/** A product sold in several packs, its second pack in stock. */
async function productWithPacks(page: Page): Promise<{ _id: number; name: string; nameHi: string; variants: Pack[] }> {
  const list = await (await page.request.get("/api/products/?page_size=100")).json();
  for (const summary of list as { _id: number }[]) {
    const product = await (await page.request.get(`/api/products/${summary._id}/`)).json();
    if (product.variants.length > 1 && product.variants[1].countInStock > 1) return product;
  }
  throw new Error("the demo catalogue has no product with a second pack in stock");
}

const rupees = (price: string) => `₹${Number(price).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a farmer chooses the second pack, adds it, and the cart page lists it at its price", async ({ page }) => {
    const product = await productWithPacks(page);
    const pack = product.variants[1] as Pack;
    await page.goto(`/product/${product._id}`);
    await page.getByRole("radio", { name: new RegExp(`^${pack.label}`) }).check();
    await page.getByLabel("Quantity", { exact: true }).selectOption("2");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    // The answer is the cart page itself, at the form's address (no script here to show /cart's).
    await expect(page).toHaveURL(/\/cart\/add$/);
    await expect(page.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
    await expect(page.getByRole("link", { name: `${product.name} · ${pack.label}` })).toBeVisible();
    await expect(page.getByText(`${rupees(pack.price)} each`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Subtotal (2) items" })).toBeVisible();
    // The way on to checkout is a form the browser follows by itself.
    await page.getByRole("button", { name: "Proceed To Checkout" }).click();
    await expect(page).toHaveURL(/\/login\?redirect=shipping$/);
  });

  test("in Hindi: the form keeps the language, and a shared pack link opens that pack", async ({ page }) => {
    const product = await productWithPacks(page);
    const pack = product.variants[1] as Pack;
    await page.goto(`/product/${product._id}?lang=hi&pack=${pack.id}`);
    // The second pack's radio button (its label in Hindi units) is the chosen one, at its price.
    await expect(page.getByRole("radio").nth(1)).toBeChecked();
    await expect(page.getByRole("radio").first()).not.toBeChecked();
    await expect(page.locator(".product-info__price")).toContainText(rupees(pack.price));
    await page.getByRole("button", { name: "कार्ट में डालें" }).click();
    await expect(page).toHaveURL(/\/cart\/add$/);
    await expect(page.getByRole("heading", { level: 1, name: "शॉपिंग कार्ट" })).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(product.nameHi || product.name) })).toBeVisible();
    await expect(page.getByRole("heading", { name: /\(1\)/ })).toBeVisible();
  });
});

test("a cart made on one phone appears on another once the customer signs in there", async ({ browser }) => {
  const first = await returning(await browser.newContext());
  const phone = await first.newPage();
  const product = await productWithPacks(phone);
  const pack = product.variants[1] as Pack;
  await phone.goto(`/product/${product._id}?pack=${pack.id}`);
  await addToCartAndViewCart(phone);
  await expect(phone.getByRole("link", { name: `${product.name} · ${pack.label}` })).toBeVisible();
  await signIn(phone, CUSTOMER.email, CUSTOMER.password);
  await first.close();

  const second = await returning(await browser.newContext());
  const otherPhone = await second.newPage();
  await otherPhone.goto("/cart");
  await expect(otherPhone.getByText("Your cart is empty")).toBeVisible();
  await signIn(otherPhone, CUSTOMER.email, CUSTOMER.password);
  await otherPhone.getByRole("link", { name: /Cart/ }).first().click();
  await expect(otherPhone.getByRole("link", { name: `${product.name} · ${pack.label}` })).toBeVisible();
  // Emptied again for the journeys that use the demo customer after this one.
  await otherPhone.getByRole("button", { name: `Remove ${product.name} · ${pack.label}` }).click();
  await expect(otherPhone.getByText("Your cart is empty")).toBeVisible();
  const accountCart = otherPhone.waitForResponse(
    (res) => new URL(res.url()).pathname === "/api/cart/" && res.request().headers().authorization !== undefined,
  );
  await otherPhone.reload();
  expect((await (await accountCart).json()).lines).toEqual([]);
  await second.close();
});
