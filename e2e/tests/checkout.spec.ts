import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { addToCartAndViewCart, newCustomer, STAFF, signIn, signOut } from "./support.ts";

async function productId(page: Page, keyword: string): Promise<number> {
  const [product] = await (await page.request.get(`/api/products?keyword=${encodeURIComponent(keyword)}`)).json();
  return product._id;
}

/** Puts qty of a product in the cart and proceeds to checkout (which asks a guest to sign in). */
async function addToCartAndCheckout(page: Page, keyword: string, qty: number): Promise<void> {
  const id = await productId(page, keyword);
  await page.goto(`/product/${id}`);
  await page.getByLabel("Quantity", { exact: true }).selectOption(String(qty));
  await addToCartAndViewCart(page);
  await page.getByRole("button", { name: "Proceed To Checkout" }).click();
  await expect(page).toHaveURL(/\/login\?redirect=shipping/);
}

test("guest cart → sign in → saved address → place order → sandbox Pay → Paid; staff delivers", async ({ page, shop }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());
  const customer = await newCustomer(page, shop.dataDir);

  await addToCartAndCheckout(page, "Neem Oil 10000", 2);
  // The checkout's sign-in asks for the mobile number first; the e-mail form is the other choice.
  await expect(page.getByRole("textbox", { name: "Mobile number" })).toBeVisible();
  await expect(page.getByLabel("Email Address")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign in with your e-mail address" }).click();
  await page.getByLabel("Email Address").fill(customer.email);
  await page.getByLabel("Password", { exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(page.getByRole("heading", { name: "Shipping" })).toBeVisible();

  // A bad PIN code is refused; a good address is saved and chosen.
  await page.getByLabel("Label").fill("Farm");
  await page.getByLabel("Address").fill("Survey No. 42, Ozar");
  await page.getByLabel("City").fill("Nashik");
  await page.getByLabel("Pin Code").fill("4222");
  await page.getByLabel("Country").selectOption("India");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Enter a valid 6-digit PIN code.")).toBeVisible();
  await page.getByLabel("Pin Code").fill("422206");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("button", { name: "Select Farm" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();

  // Razorpay is the shop's one payment method: no Payment step to choose on, and the step bar leaves it out.
  await expect(page).toHaveURL(/\/placeorder$/);
  await expect(page.getByRole("navigation", { name: "Checkout steps" }).getByRole("listitem")).toHaveText([
    "1Login",
    "2Shipping",
    "3Place Order",
  ]);
  await expect(page.getByText("Razorpay", { exact: true })).toBeVisible();
  // 2 × ₹899.00 = ₹1,798.00; free shipping; tax 8.2 % = ₹147.44; total ₹1,945.44
  await expect(page.getByText("₹1,945.44")).toBeVisible();
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/order\/\d+$/);
  const orderUrl = new URL(page.url()).pathname;
  await expect(page.getByText("Not Paid")).toBeVisible();
  await expect(page.getByText("Not Delivered")).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cartItems") ?? "[]"))).toEqual([]);

  // Sandbox: Fail first — the failure is shown and the order stays unpaid.
  await page.getByRole("button", { name: "Pay Now" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Fail" }).click();
  const failure = page.getByRole("alert").filter({ hasText: "Payment failed" });
  await expect(failure).toBeVisible();
  for (const part of ["BAD_REQUEST_ERROR", "bank", "payment_authorization", "payment_failed", "order_sandbox", "pay_sandbox"]) {
    await expect(failure).toContainText(part);
  }
  await page.reload();
  await expect(page.getByText("Not Paid")).toBeVisible();

  // Then Pay: the server verifies the signature and the order shows Paid.
  await page.getByRole("button", { name: "Pay Now" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^Pay ₹/ })
    .click();
  await expect(page.getByText("Payment successful")).toBeVisible();
  await expect(page.getByText(/Paid on/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay Now" })).toHaveCount(0);

  // My Orders lists it.
  await page.goto("/profile");
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: /Details/ }) })
    .first();
  await expect(row).toContainText("₹1,945.44");
  await row.getByRole("link", { name: /Details/ }).click();
  await expect(page).toHaveURL(orderUrl);

  // Staff marks it delivered.
  await signOut(page, new RegExp((customer.email.split("@")[0] as string).replace(".", "\\.")));
  await signIn(page, STAFF.email, STAFF.password);
  await page.goto("/admin/orderlist");
  await expect(page.getByRole("heading", { name: /Orders/ })).toBeVisible();
  await page.goto(orderUrl);
  await page.getByRole("button", { name: "Mark As Delivered" }).click();
  await expect(page.getByText(/Delivered on/)).toBeVisible();
});

test("a customer is sent away from the staff screens", async ({ page, shop }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());
  const customer = await newCustomer(page, shop.dataDir);
  await signIn(page, customer.email, customer.password);
  await page.goto("/admin/orderlist");
  // Sent to /login, which sends a signed-in visitor on home: never the staff screen.
  await expect(page).not.toHaveURL(/\/admin\//);
  await expect(page.getByRole("heading", { name: /Orders/ })).toHaveCount(0);
});

test("the payment step needs an address, and place order needs a method", async ({ page, shop }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());
  const customer = await newCustomer(page, shop.dataDir);
  await signIn(page, customer.email, customer.password);
  await page.goto("/payment");
  await expect(page).toHaveURL(/\/shipping$/);
});

test("the spec's /payment still shows its one method, RazorPay, when visited, and goes on to Place Order", async ({ page, shop }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());
  const customer = await newCustomer(page, shop.dataDir);
  await signIn(page, customer.email, customer.password);
  const farm = { label: "Farm", address: "Survey No. 42, Ozar", city: "Nashik", postalCode: "422206", country: "India" };
  await page.evaluate((address) => localStorage.setItem("shippingAddress", JSON.stringify(address)), farm);
  await page.goto("/payment");
  await expect(page.getByRole("heading", { level: 1, name: "Payment Method" })).toBeVisible();
  await expect(page.getByLabel("RazorPay")).toBeChecked();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
});
