import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { PDFParse } from "pdf-parse";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { firstProduct, newCustomer, STAFF, signIn, waitForHydration } from "./support.ts";

/**
 * A coupon on a 390 px phone, in Hindi (the India shop: Cash on Delivery). Staff add a coupon
 * through the API; a new customer puts a product in the cart, applies the coupon (typed in lower
 * case), sees its discount in the summary, places a Cash on Delivery order, the order's page
 * shows the discount, and once staff record its cash, the tax invoice names it on its line. The web's preview and the server's price agree, or the order is refused.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const HINDI_DIR = path.resolve(import.meta.dirname, "../../web/src/i18n/hi");
const HINDI: Record<string, string> = Object.assign(
  {},
  ...["shell", "catalog", "checkout", "orders", "account", "admin"].map((area) =>
    JSON.parse(readFileSync(path.join(HINDI_DIR, `${area}.json`), "utf8")),
  ),
);

/** A message of the shop in Hindi, its {placeholders} filled in. */
function hi(message: string, values: Record<string, string | number> = {}): string {
  const text = HINDI[message];
  if (text === undefined) throw new Error(`no Hindi for “${message}”`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

/** The page is no wider than the phone: no sideways scroll. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal scroll").toBeLessThanOrEqual(0);
}

test("a customer applies a coupon in Hindi, sees its discount, and the Cash on Delivery order keeps it", async ({ page, shop }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());

  // Staff add a coupon: 10 % off the order's items.
  const code = `KHARIF${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const staff = await page.request.post("/api/users/dj-rest-auth/login/", { data: STAFF });
  const created = await page.request.post("/api/staff/promotions/", {
    headers: { Authorization: `Bearer ${(await staff.json()).access}` },
    data: { code, description: "10% off for kharif", descriptionHi: "खरीफ़ पर 10% छूट", kind: "percent_off", percent: 10 },
  });
  expect(created.status(), await created.text()).toBe(201);

  const customer = await newCustomer(page, shop.dataDir);
  await signIn(page, customer.email, customer.password);
  const neem = await firstProduct(page, "Neem Oil 10000");
  const price: string = (await (await page.request.get(`/api/products/${neem._id}/`)).json()).price;
  const pricePaise = Math.round(Number(price) * 100);
  const discount = `− ₹${(Math.floor((pricePaise * 10 + 50) / 100) / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;

  // In Hindi from here on: the address names the language, and the app remembers it.
  await page.goto(`/product/${neem._id}?lang=hi`);
  await waitForHydration(page);
  const bar = page.getByRole("region", { name: hi("Buy this product") });
  await bar.getByRole("button", { name: hi("Add to Cart") }).click();
  await bar
    .getByRole("status")
    .getByRole("link", { name: hi("View cart") })
    .click();
  await expect(page).toHaveURL(/\/cart$/);

  await page.getByLabel(hi("Coupon code")).fill(code.toLowerCase());
  await page.getByRole("button", { name: hi("Apply") }).click();
  await expect(page.getByText(hi("Coupon {code} applied: {offer}", { code, offer: "खरीफ़ पर 10% छूट" }))).toBeVisible();
  const row = page.getByRole("rowheader", { name: new RegExp(`^${hi("Discount")}`) });
  await expect(row).toContainText("खरीफ़ पर 10% छूट");
  await expect(row.locator("xpath=following-sibling::td")).toHaveText(discount);
  await expectNoSidewaysScroll(page);

  await page.getByRole("button", { name: hi("Proceed To Checkout") }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await page.getByLabel(hi("Label")).fill("खेत");
  await page.getByLabel(hi("Address"), { exact: true }).fill("12 एमजी रोड");
  await page.getByLabel(hi("Pin Code")).fill("560001");
  await expect(page.getByLabel(hi("City"))).not.toHaveValue("");
  await page.getByLabel(hi("Mobile number")).fill("98765 43210");
  await page.getByRole("button", { name: hi("Save address") }).click();
  await page.getByRole("button", { name: hi("Continue") }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.locator("label", { hasText: hi("Cash on Delivery") }).click();
  await page.getByRole("button", { name: hi("Continue") }).click();
  await expect(page).toHaveURL(/\/placeorder$/);

  // Place Order shows the coupon and its discount, and the server charges what it shows.
  await expect(page.getByText(hi("Coupon {code} applied: {offer}", { code, offer: "खरीफ़ पर 10% छूट" }))).toBeVisible();
  await expect(page.getByRole("rowheader", { name: new RegExp(`^${hi("Discount")}`) }).locator("xpath=following-sibling::td")).toHaveText(
    discount,
  );
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: hi("Place Order") }).click();

  await expect(page).toHaveURL(/\/order\/\d+$/);
  const kept = page.getByRole("rowheader", { name: new RegExp(`^${hi("Discount")}`) });
  await expect(kept).toContainText("खरीफ़ पर 10% छूट");
  await expect(kept.locator("xpath=following-sibling::td")).toHaveText(discount);
  await expectNoSidewaysScroll(page);

  // Staff ship it and record its cash: the tax invoice is issued, and the customer reads the
  // discount on it, the line's taxable value after it.
  const orderId = Number(/\/order\/(\d+)$/.exec(page.url())?.[1]);
  const asStaff = { Authorization: `Bearer ${(await staff.json()).access}` };
  const shipped = await page.request.put(`/api/orders/${orderId}/ship/`, {
    headers: asStaff,
    data: { courier: "India Post", awb: "EE123456789IN", trackingUrl: "" },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
  const collected = await page.request.put(`/api/orders/${orderId}/cod-received/`, { headers: asStaff });
  expect(collected.status(), await collected.text()).toBe(200);
  await page.reload();
  const invoiceButton = page.getByRole("button", { name: hi("Download tax invoice") });
  await expect(invoiceButton).toBeVisible();
  const download = page.waitForEvent("download");
  await invoiceButton.click();
  const pdf = await readFile(await (await download).path());
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const text = (await parser.getText()).text.replace(/\s+/g, " ");
  await parser.destroy();
  const cut = (Math.floor((pricePaise * 10 + 50) / 100) / 100).toFixed(2);
  expect(text).toContain(`(less discount ${cut})`);
});
