import { paiseToDecimal, priceOrder, toPaise } from "@krishi/contract";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { firstProduct, newCustomer, signIn } from "./support.ts";

/**
 * Buy again on a 390 px phone: a customer with an order taps Buy again on My Orders, and the cart
 * holds the order's lines at today's price and says they are all in. Nothing runs off the edge.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** The page is no wider than the phone: no sideways scroll. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal scroll").toBeLessThanOrEqual(0);
}

test("a customer taps Buy again on My Orders and finds the order's items in the cart", async ({ page, shop }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());
  const customer = await newCustomer(page, shop.dataDir);
  const login = await page.request.post("/api/users/dj-rest-auth/login/", { data: customer });
  const headers = { Authorization: `Bearer ${(await login.json()).access}` };
  const neem = await firstProduct(page, "Neem Oil 10000");
  const tomato = await firstProduct(page, "Hybrid Tomato Seeds");
  const lines = [
    { product: neem, qty: 2 },
    { product: tomato, qty: 1 },
  ];
  const prices = await Promise.all(
    lines.map(async ({ product }) => toPaise((await (await page.request.get(`/api/products/${product._id}/`)).json()).price)),
  );
  const placed = await page.request.post("/api/orders/add/", {
    headers,
    data: {
      orderItems: lines.map(({ product, qty }) => ({ product: product._id, qty })),
      shippingAddress: { label: "Farm", address: "Survey No. 42, Ozar", city: "Nashik", postalCode: "422206", country: "India" },
      totalPrice: paiseToDecimal(priceOrder(lines.map(({ qty }, i) => ({ pricePaise: prices[i] as number, qty }))).totalPaise),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order: { _id: number } = await placed.json();

  await signIn(page, customer.email, customer.password, "/login?redirect=/profile");
  await expect(page).toHaveURL(/\/profile$/);
  const buyAgain = page.getByRole("button", { name: `Buy again the items of order ${order._id}` });
  await expect(buyAgain).toBeVisible();
  await expectNoSidewaysScroll(page);

  await buyAgain.tap();

  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("status").filter({ hasText: `The items of order ${order._id} are in your cart.` })).toBeVisible();
  await expect(page.getByText("Subtotal (3) items")).toBeVisible();
  await expect(page.getByRole("combobox", { name: new RegExp(`^Quantity for ${neem.name}`) })).toHaveValue("2");
  await expect(page.getByRole("combobox", { name: new RegExp(`^Quantity for ${tomato.name}`) })).toHaveValue("1");
  await expect(page.getByRole("banner").getByRole("link", { name: /Cart/ })).toContainText("3");
  await expectNoSidewaysScroll(page);
});
