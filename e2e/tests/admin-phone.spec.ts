import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { checkoutToNashik, newCustomer, payInSandbox, STAFF, signIn, signOut } from "./support.ts";

/**
 * The back office on a 390 px phone (the India shop): every list reads as cards, no value broken
 * one letter per line, its actions in reach and nothing running off the page's edge; and the
 * owner finds an order by its number and by the customer's mobile number, then packs, ships and
 * refunds it from there.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** The mobile number checkoutToNashik gives the courier. */
const MOBILE = "98765 43210";

/** A new customer, signed in, who buys one unit of a product in stock and pays online: the order's id. */
async function paidOrder(page: Page, shopDir: string): Promise<{ id: number; email: string; password: string; menu: RegExp }> {
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());
  const customer = await newCustomer(page, shopDir);
  await signIn(page, customer.email, customer.password);
  const products: { _id: number }[] = await (await page.request.get("/api/products/?in_stock=true")).json();
  // The spec's cart route adds the product and opens the cart.
  await page.goto(`/cart/${(products[0] as { _id: number })._id}?qty=1`);
  await checkoutToNashik(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").at(-1));
  await payInSandbox(page);
  return { id, ...customer, menu: new RegExp((customer.email.split("@")[0] as string).replace(".", "\\.")) };
}

/**
 * The list on the page shows its rows as cards: each value no taller than three of its lines (a
 * word squeezed to a letter a line is far taller), and the page no wider than the phone.
 */
async function expectReadableCards(page: Page): Promise<void> {
  const rows = page.locator("table.card-table > tbody > tr");
  await expect(rows.first()).toBeVisible();
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    const cells = Array.from(document.querySelectorAll<HTMLElement>("table.card-table > tbody > tr > td"));
    for (const cell of cells) {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const height = range.getBoundingClientRect().height;
      const style = getComputedStyle(cell);
      const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
      if (height > 3 * line) problems.push(`${cell.dataset.label}: "${cell.textContent}" is ${height}px high, a line ${line}px`);
    }
    const row = document.querySelector("table.card-table > tbody > tr");
    return {
      cells: cells.length,
      problems,
      cards: row ? getComputedStyle(row).display : "none",
      pageWidth: document.documentElement.scrollWidth,
    };
  });
  expect(found.cells).toBeGreaterThan(0);
  expect(found.cards).toBe("block");
  expect(found.problems).toEqual([]);
  expect(found.pageWidth).toBeLessThanOrEqual(390);
}

/** The first card, scrolled into view, shows each of `actions`. */
async function expectActionsInView(page: Page, actions: RegExp[]): Promise<void> {
  const card = page.locator("table.card-table > tbody > tr").first();
  await card.scrollIntoViewIfNeeded();
  for (const name of actions) await expect(card.getByRole("link", { name }).or(card.getByRole("button", { name }))).toBeInViewport();
}

test("every list reads as cards on a phone: My Orders, and the staff's orders, products and users", async ({ page, shop }) => {
  const order = await paidOrder(page, shop.dataDir);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
  await expectReadableCards(page);
  await expectActionsInView(page, [new RegExp(`^Details of order ${order.id}$`)]);
  await signOut(page, order.menu);

  await signIn(page, STAFF.email, STAFF.password);
  await page.goto("/admin/orderlist");
  await expectReadableCards(page);
  await expectActionsInView(page, [/^Details of order/]);

  await page.goto("/admin/productlist");
  await expectReadableCards(page);
  await expectActionsInView(page, [/^Edit /, /^Delete /]);
  // The search box's button keeps its word on one line (not "Sear/ch").
  const search = page.getByRole("button", { name: "Search", exact: true }).last();
  const { height, line } = await search.evaluate((button) => {
    const range = document.createRange();
    range.selectNodeContents(button);
    return { height: range.getBoundingClientRect().height, line: Number.parseFloat(getComputedStyle(button).lineHeight) };
  });
  expect(height).toBeLessThan(1.5 * line);

  await page.goto("/admin/userlist");
  await expectReadableCards(page);
  await expectActionsInView(page, [/^Edit /, /^Delete /]);
});

test("on a phone the owner finds an order by its number and by the customer's mobile number, then packs, ships and refunds it", async ({
  page,
  shop,
}) => {
  const order = await paidOrder(page, shop.dataDir);
  await signOut(page, order.menu);
  await signIn(page, STAFF.email, STAFF.password);
  await page.goto("/admin/orderlist");
  const search = page.getByRole("searchbox", { name: "Search orders" });

  // By its number: that order alone.
  await search.fill(String(order.id));
  await page.getByRole("button", { name: "Search", exact: true }).last().click();
  await expect(page).toHaveURL(new RegExp(`[?]q=${order.id}$`));
  const details = page.getByRole("link", { name: /^Details of order/ });
  await expect(details).toHaveCount(1);
  await expect(details).toHaveAccessibleName(`Details of order ${order.id}`);
  await expectReadableCards(page);

  // By the mobile number, written as people write it: the newest order to it first.
  await search.fill(`+91 ${MOBILE.replace(" ", "-")}`);
  await page.getByRole("button", { name: "Search", exact: true }).last().click();
  await expect(page).toHaveURL(/[?]q=%2B91/);
  await expect(details.first()).toHaveAccessibleName(`Details of order ${order.id}`);
  const card = page.locator("table.card-table > tbody > tr").first();
  await expect(card.getByRole("link", { name: `Call +91 ${MOBILE}` })).toHaveAttribute("href", "tel:+919876543210");
  await expect(card.getByText("422001")).toBeVisible();
  await expect(card.getByText("Razorpay")).toBeVisible();
  await expectReadableCards(page);

  // The order opens from its card; its staff panel's steps, one after the other, at 390 px.
  await details.first().click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}$`));
  await expect(page.getByRole("link", { name: `Call +91 ${MOBILE}` })).toHaveAttribute("href", "tel:+919876543210");
  await expect(page.locator(".status-badge")).toHaveText("Paid");
  await page.getByRole("button", { name: "Mark As Packed" }).click();
  await expect(page.locator(".status-badge")).toHaveText("Packed");
  await page.getByLabel("Courier").fill("India Post");
  await page.getByLabel("AWB number").fill("EE123456789IN");
  await page.getByRole("button", { name: "Mark As Shipped" }).click();
  await expect(page.locator(".status-badge")).toHaveText("Shipped");
  await page.getByRole("textbox", { name: "Amount" }).fill("10.00");
  await page.getByLabel("Reason", { exact: true }).fill("Bag arrived torn at one corner");
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.getByText("Refund of ₹10.00 recorded.")).toBeVisible();
  await expect(page.getByText("Bag arrived torn at one corner")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
