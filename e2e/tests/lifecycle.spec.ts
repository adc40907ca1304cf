import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { checkoutToPlaceOrder, newCustomer, payInSandbox, STAFF, signIn, signOut } from "./support.ts";

/**
 * An order's life in the browser: the customer cancels an unpaid order and its stock is back on
 * sale; staff ship with a tracking number the customer then sees; staff refund part of an order.
 */

/** A product of its own for this journey (staff API), so its stock is the journey's alone. */
async function productWithStock(page: Page, name: string, stock: number): Promise<number> {
  const login = await page.request.post("/api/users/dj-rest-auth/login/", { data: STAFF });
  const headers = { Authorization: `Bearer ${(await login.json()).access}` };
  const created = await (await page.request.post("/api/products/create/", { headers })).json();
  const update = await page.request.put(`/api/products/update/${created._id}/`, {
    headers,
    data: { name, price: "240.00", brand: "Kisan", countInStock: stock, category: "Seeds", description: "For the lifecycle journey." },
  });
  expect(update.ok()).toBe(true);
  return created._id;
}

/** Signed in: buys `qty` with a new address and places the order; answers the order's path. */
async function placeOrder(page: Page, productId: number, qty: number): Promise<string> {
  await checkoutToPlaceOrder(page, productId, qty, { label: "Farm", address: "Gat No. 17, Pimpalgaon", city: "Nashik", pin: "422209" });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  return new URL(page.url()).pathname;
}

/** A new customer signed in. */
async function freshStart(page: Page, shopDir: string) {
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());
  const customer = await newCustomer(page, shopDir);
  await signIn(page, customer.email, customer.password);
  return { ...customer, menu: new RegExp((customer.email.split("@")[0] as string).replace(".", "\\.")) };
}

test("a customer cancels an unpaid order and its stock is back on the product page", async ({ page, shop }) => {
  const productId = await productWithStock(page, `Cancel journey okra ${Date.now().toString(36)}`, 3);
  await freshStart(page, shop.dataDir);
  await placeOrder(page, productId, 3);
  await expect(page.getByText("Awaiting payment")).toBeVisible();
  await expect(page.getByText(/^Pay by /)).toBeVisible();

  // Every unit is held by the unpaid order.
  await page.goto(`/product/${productId}`);
  await expect(page.getByText("Out of Stock")).toBeVisible();
  await page.goBack();

  // Cancel asks first; keeping the order changes nothing.
  await page.getByRole("button", { name: "Cancel Order" }).click();
  await expect(page.getByText("Cancel this order?")).toBeVisible();
  await page.getByRole("button", { name: "Keep order" }).click();
  await expect(page.getByText("Awaiting payment")).toBeVisible();
  await page.getByRole("button", { name: "Cancel Order" }).click();
  await page.getByLabel("Reason (optional)").fill("Ordered the wrong variety");
  await page.getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(page.locator(".status-badge")).toHaveText("Cancelled");
  await expect(page.getByText("Ordered the wrong variety")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay Now" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);

  // The three units are on sale again.
  await page.goto(`/product/${productId}`);
  await expect(page.getByText("In Stock", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Quantity", { exact: true }).locator("option")).toHaveCount(3);
});

/** A new customer buys 2 × ₹240.00 and pays; staff then open the order. Answers the customer and the order's path. */
async function paidOrderOpenedByStaff(page: Page, shopDir: string, product: string) {
  const productId = await productWithStock(page, `${product} ${Date.now().toString(36)}`, 5);
  const customer = await freshStart(page, shopDir);
  const orderPath = await placeOrder(page, productId, 2);
  await payInSandbox(page);
  await signOut(page, customer.menu);
  await signIn(page, STAFF.email, STAFF.password);
  await page.goto(orderPath);
  return { customer, orderPath };
}

test("staff ship a paid order with a tracking number, and the customer sees it", async ({ page, shop }) => {
  const { customer, orderPath } = await paidOrderOpenedByStaff(page, shop.dataDir, "Ship journey chilli");
  await expect(page.locator(".status-badge")).toHaveText("Paid");
  await page.getByLabel("Courier").fill("Delhivery");
  await page.getByLabel("AWB number").fill("DLV-90812734");
  await page.getByLabel("Tracking URL (optional)").fill("https://www.delhivery.com/track/package/DLV-90812734");
  await page.getByRole("button", { name: "Mark As Shipped" }).click();
  await expect(page.locator(".status-badge")).toHaveText("Shipped");
  await signOut(page, "Kiran Joshi");

  await signIn(page, customer.email, customer.password);
  await page.goto(orderPath);
  await expect(page.locator(".status-badge")).toHaveText("Shipped");
  await expect(page.getByText("DLV-90812734").first()).toBeVisible();
  const track = page.getByRole("link", { name: /Track your parcel/ });
  await expect(track).toHaveAttribute("href", "https://www.delhivery.com/track/package/DLV-90812734");
  await expect(track).toHaveAttribute("target", "_blank");
  // Shipped: too late for the customer to cancel online.
  await expect(page.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
});

test("staff refund part of a paid order; what is left stays refundable", async ({ page, shop }) => {
  // 2 × ₹240.00 = ₹480.00, free shipping, tax ₹39.36: ₹519.36.
  const { customer, orderPath } = await paidOrderOpenedByStaff(page, shop.dataDir, "Refund journey maize");
  await expect(page.getByText("Up to ₹519.36 can be refunded")).toBeVisible();
  // More than what is left is refused before anything is sent.
  await page.getByRole("textbox", { name: "Amount" }).fill("600");
  await page.getByLabel("Reason", { exact: true }).fill("One bag arrived torn");
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.getByText("That is more than is left: up to ₹519.36 can be refunded.")).toBeVisible();
  await page.getByRole("textbox", { name: "Amount" }).fill("240.00");
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.getByText("Refund of ₹240.00 recorded.")).toBeVisible();
  await expect(page.getByText("One bag arrived torn")).toBeVisible();
  await expect(page.getByText("Up to ₹279.36 can be refunded")).toBeVisible();
  // A partial refund leaves the order paid.
  await expect(page.locator(".status-badge")).toHaveText("Paid");
  await signOut(page, "Kiran Joshi");

  await signIn(page, customer.email, customer.password);
  await page.goto(orderPath);
  await expect(page.getByText("One bag arrived torn")).toBeVisible();
  await expect(page.getByText("₹240.00").first()).toBeVisible();
});
