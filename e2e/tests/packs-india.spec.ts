import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { PDFParse } from "pdf-parse";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { addToCartAndViewCart, checkoutToNashik, newCustomer, payInSandbox, signIn, waitForHydration } from "./support.ts";

/**
 * Packs on the India shop, whose prices include GST: a farmer picks wheat seed in its 5 kg and
 * 1 kg packs and a 45 kg bag of urea, pays what the shelf said, and finds each pack on the order
 * and on the tax invoice, with the GST found inside the prices.
 */

/** The demo product with this exact name (the catalogue's API): its id and name. */
async function productNamed(page: Page, name: string): Promise<{ id: number; name: string }> {
  const answer = await page.request.get(`/api/products/?keyword=${encodeURIComponent(name)}`);
  const products = (await answer.json()) as { _id: number; name: string }[];
  const product = products.find((p) => p.name === name);
  expect(product, `the demo catalogue sells ${name}`).toBeTruthy();
  return { id: (product as { _id: number })._id, name };
}

/**
 * On a product's page: choose the pack (by the start of its radio button's name, or the one
 * pack's label), put one in the cart, and wait for the cart to show its line.
 */
async function addPack(
  page: Page,
  product: { id: number; name: string },
  pack: string,
  price: string,
  packs: "several" | "one",
): Promise<void> {
  await page.goto(`/product/${product.id}`);
  await waitForHydration(page);
  if (packs === "several") {
    const radio = page.getByRole("radio", { name: new RegExp(`^${pack} `) });
    await radio.click();
    await expect(radio).toBeChecked();
  } else {
    await expect(page.getByText(`Pack: ${pack}`)).toBeVisible();
  }
  await expect(page.locator(".product-info__price")).toContainText(price);
  await expect(page.getByText("Inclusive of all taxes", { exact: true })).toBeVisible();
  await addToCartAndViewCart(page);
  await expect(page.getByRole("link", { name: `${product.name} · ${pack}` })).toBeVisible();
}

async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

test("a farmer buys wheat seed in two packs and a 45 kg bag of urea at the prices on the bags; the order and the tax invoice name each pack", async ({
  page,
  shop,
}) => {
  const wheat = await productNamed(page, "Wheat Seeds HD 3086");
  const urea = await productNamed(page, "Neem Coated Urea");
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());
  const customer = await newCustomer(page, shop.dataDir);
  await signIn(page, customer.email, customer.password);

  await addPack(page, wheat, "5 kg", "₹265.00", "several");
  await addPack(page, wheat, "1 kg", "₹55.00", "several");
  await addPack(page, urea, "45 kg", "₹266.50", "one");

  // One cart line per pack; the shelf prices add up to the total (GST inside, shipping free above ₹100).
  await expect(page.getByRole("link", { name: "Wheat Seeds HD 3086 · 5 kg" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Wheat Seeds HD 3086 · 1 kg" })).toBeVisible();
  await checkoutToNashik(page);
  const summary = page.locator(".order-summary");
  await expect(summary.getByText("₹586.50").first()).toBeVisible();
  await expect(summary.getByText("Includes GST").first()).toBeVisible();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  await payInSandbox(page);

  // The order names each pack.
  for (const line of ["Wheat Seeds HD 3086 · 5 kg", "Wheat Seeds HD 3086 · 1 kg", "Neem Coated Urea · 45 kg"]) {
    await expect(page.getByText(line).first()).toBeVisible();
  }

  // The tax invoice: each pack its own line, the GST inside the prices, the total as paid.
  const invoiceButton = page.getByRole("button", { name: "Download tax invoice" });
  await expect(invoiceButton).toBeVisible();
  const download = page.waitForEvent("download");
  await invoiceButton.click();
  const text = await pdfText(await readFile(await (await download).path()));
  // The PDF's built-in font has no dash: "Wheat Seeds HD 3086 - 5 kg".
  const flat = text.replace(/\s+/g, " ");
  expect(flat).toContain("Wheat Seeds HD 3086 - 5 kg");
  expect(flat).toContain("Wheat Seeds HD 3086 - 1 kg");
  expect(flat).toContain("Neem Coated Urea - 45 kg");
  expect(flat).toMatch(/inclusive of GST/i);
  expect(flat).toContain("586.50");
});
