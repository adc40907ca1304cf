import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { addToCartAndViewCart, CUSTOMER, STAFF, signIn, signOut } from "./support.ts";

/**
 * The shop with the India settings on (playwright.config.ts starts it: TAX_MODE=gst, seller in
 * Maharashtra, Cash on Delivery with a ₹40 fee up to ₹5,000).
 */

async function productId(page: Page, keyword: string): Promise<number> {
  const [product] = await (await page.request.get(`/api/products?keyword=${encodeURIComponent(keyword)}`)).json();
  return product._id;
}

test("check delivery → checkout to Karnataka (IGST) → Cash on Delivery → staff ships and records cash → invoice", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());

  // A product page tells whether it delivers to a PIN, and remembers the PIN.
  const id = await productId(page, "Neem Oil 10000");
  const product = await (await page.request.get(`/api/products/${id}/`)).json();
  expect(product.gstRate).toBe(5);
  await page.goto(`/product/${id}`);
  const check = page.getByRole("region", { name: "Check delivery" });
  await check.getByLabel("Pin Code").fill("560001");
  await check.getByRole("button", { name: "Check" }).click();
  await expect(page.getByText(/Delivers by .+ · Cash on Delivery available/)).toBeVisible();

  // Signed in, with an address in another state than the seller's (Maharashtra): IGST.
  await signIn(page, CUSTOMER.email, CUSTOMER.password);
  await page.goto(`/product/${id}`);
  await page.getByLabel("Quantity", { exact: true }).selectOption("2");
  await addToCartAndViewCart(page);
  await page.getByRole("button", { name: "Proceed To Checkout" }).click();
  await expect(page).toHaveURL(/\/shipping$/);

  await page.getByLabel("Label").fill(`Bengaluru ${Date.now().toString(36)}`);
  await page.getByLabel("Address").fill("12 MG Road");
  await page.getByLabel("Pin Code").fill("560001");
  // The PIN fills the city and the state.
  await expect(page.getByLabel("State")).toHaveValue("Karnataka");
  await expect(page.getByLabel("City")).not.toHaveValue("");
  await page.getByLabel("Mobile number").fill("98765 43210");
  await page.getByRole("button", { name: "Save address" }).click();
  await page.getByRole("button", { name: "Continue" }).click();

  // Cash on Delivery is offered for this PIN and total; its fee shows in the summary.
  await expect(page).toHaveURL(/\/payment$/);
  // The whole card is the label (a large tap target).
  await page.locator("label", { hasText: "Cash on Delivery" }).click();
  await expect(page.getByLabel("Cash on Delivery")).toBeChecked();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  // 2 × ₹899.00 = ₹1,798.00, free shipping; COD fee ₹40.00. The prices include GST (the default):
  // the total is ₹1,838.00, with IGST 85.62 + 1.90 = 87.52 inside it at 5 %.
  await expect(page.getByText("Includes GST")).toBeVisible();
  await expect(page.getByText("IGST")).toBeVisible();
  await expect(page.getByText("₹87.52").first()).toBeVisible();
  await expect(page.getByText("₹1,838.00")).toBeVisible();
  // When the parcel arrives, before the order is placed: the day the order then expects it.
  const delivers = page.getByText(/^Delivers by \w+day, \d+ \w+$/);
  await expect(delivers).toBeVisible();
  const day = (await delivers.textContent())?.replace("Delivers by ", "");
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/order\/\d+$/);
  const orderPath = new URL(page.url()).pathname;
  await expect(page.getByText(`Expected delivery by ${day}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay Now" })).toHaveCount(0);
  await expect(page.getByText(/in cash on delivery/)).toBeVisible();

  // Staff ships it and records the cash on delivery: the order is paid and invoiced.
  await signOut(page, "Asha Patel");
  await signIn(page, STAFF.email, STAFF.password);
  await page.goto(orderPath);
  await expect(page.getByText("Cash on Delivery").first()).toBeVisible();
  await page.getByLabel("Courier").fill("India Post");
  await page.getByLabel("AWB number").fill("EE123456789IN");
  await page.getByRole("button", { name: "Mark As Shipped" }).click();
  await expect(page.locator(".status-badge")).toHaveText("Shipped");
  await page.getByRole("button", { name: "Cash received" }).click();
  await expect(page.getByText(/tax invoice KB\/\d{4}-\d{2}\/\d{6} issued/)).toBeVisible();
  await expect(page.getByText(/Paid on/)).toBeVisible();

  // The customer downloads the tax invoice: a PDF with its number.
  await signOut(page, "Kiran Joshi");
  await signIn(page, CUSTOMER.email, CUSTOMER.password);
  await page.goto(orderPath);
  const invoiceButton = page.getByRole("button", { name: "Download tax invoice" });
  await expect(invoiceButton).toBeVisible();
  const download = page.waitForEvent("download");
  await invoiceButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^KB-\d{4}-\d{2}-\d{6}\.pdf$/);
  expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe("%PDF-");
});
