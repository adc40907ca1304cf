import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { addToCartAndViewCart, checkoutToNashik, newCustomer, noisyPng, payInSandbox, STAFF, signIn, signOut, tapRows } from "./support.ts";

/**
 * A return on the India shop (GST): a customer asks to return a damaged bag with a photo, staff
 * approve the pickup and receive it, and the refund of that bag's value with its own tax and its
 * credit note show on the order.
 */

/** A product of its own for this journey (staff API): 5 % GST, so the credit note carries tax. */
async function bagOnSale(page: Page, name: string): Promise<number> {
  const login = await page.request.post("/api/users/dj-rest-auth/login/", { data: STAFF });
  const headers = { Authorization: `Bearer ${(await login.json()).access}` };
  const created = await (await page.request.post("/api/products/create/", { headers })).json();
  const update = await page.request.put(`/api/products/update/${created._id}/`, {
    headers,
    data: {
      name,
      price: "266.50",
      brand: "IFFCO",
      countInStock: 10,
      category: "Fertilisers",
      description: "For the returns journey.",
      hsnCode: "3102",
      gstRate: 5,
    },
  });
  expect(update.ok(), await update.text()).toBe(true);
  return created._id;
}

test("a customer returns a damaged bag with a photo; staff approve and receive it; the refund and its credit note show on the order", async ({
  page,
  shop,
}) => {
  const name = `Urea 45 kg returns ${Date.now().toString(36)}`;
  const productId = await bagOnSale(page, name);
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());
  const customer = await newCustomer(page, shop.dataDir);
  const menu = new RegExp((customer.email.split("@")[0] as string).replace(".", "\\."));
  await signIn(page, customer.email, customer.password);

  // Two bags to Nashik (the seller's state: CGST + SGST), paid online.
  await page.goto(`/product/${productId}`);
  await page.getByLabel("Quantity", { exact: true }).selectOption("2");
  await addToCartAndViewCart(page);
  await checkoutToNashik(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  const orderPath = new URL(page.url()).pathname;
  await payInSandbox(page);
  // Before delivery there is nothing to return.
  await expect(page.getByRole("button", { name: "Return items" })).toHaveCount(0);
  await signOut(page, menu);

  await signIn(page, STAFF.email, STAFF.password);
  await page.goto(orderPath);
  await page.getByRole("button", { name: "Mark As Delivered" }).click();
  await expect(page.getByText(/Delivered on/)).toBeVisible();
  await signOut(page, "Kiran Joshi");

  // The customer asks to return one bag: damaged, with a photo.
  await signIn(page, customer.email, customer.password);
  await page.goto(orderPath);
  await expect(page.getByText(/Return window closes/)).toBeVisible();
  await page.getByRole("button", { name: "Return items" }).click();
  const form = page.getByRole("form", { name: "Return items" });
  // On a 390 px phone every tap row of the form is at least 44 px high: the item's box, its
  // quantity, the four reasons, the details and the photos.
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const rows = await tapRows(form);
  expect(rows.measured).toBeGreaterThanOrEqual(8);
  expect(rows.short).toEqual([]);
  if (viewport) await page.setViewportSize(viewport);
  await form.getByRole("checkbox", { name }).check();
  await form.getByLabel(`How many of ${name}`).selectOption("1");
  await form.getByRole("group", { name: "Reason" }).getByLabel("Damaged").check();
  await form.getByLabel("Details (optional)").fill("The bag was torn and half the urea had spilled.");
  await form
    .getByLabel("Photos (optional, up to 3)")
    .setInputFiles({ name: "torn-bag.png", mimeType: "image/png", buffer: noisyPng(320, 240) });
  await form.getByRole("button", { name: "Request return" }).click();
  await expect(page.getByText("Your return request is sent. We will tell you when its pickup is arranged.")).toBeVisible();
  const request = page.getByRole("article", { name: /^Return \d+$/ });
  await expect(request.getByText("Requested")).toBeVisible();
  await expect(request.getByRole("img")).toHaveCount(1);
  await signOut(page, menu);

  // Staff approve the pickup, then receive the bag and put it back on sale.
  await signIn(page, STAFF.email, STAFF.password);
  await page.goto(orderPath);
  const staffReturn = page.getByRole("region", { name: /^Return \d+$/ });
  await staffReturn.getByRole("button", { name: "Approve pickup" }).click();
  await expect(staffReturn.getByRole("button", { name: "Mark received" })).toBeVisible();
  await expect(staffReturn.getByLabel("Put the units back on sale")).toBeChecked();
  await staffReturn.getByRole("button", { name: "Mark received" }).click();
  await expect(page.getByRole("button", { name: /^Credit note KB\/CN\// })).toBeVisible();
  await signOut(page, "Kiran Joshi");

  // The customer sees the return received, the refund of one bag at the price paid for it (the
  // shop's prices include GST: the bag's share of the line's GST is inside it), and the credit note.
  await signIn(page, customer.email, customer.password);
  await page.goto(orderPath);
  await expect(request.getByText("Received — refunded")).toBeVisible();
  await expect(page.getByText("Refund of ₹266.50: Processed")).toBeVisible();
  const noteButton = page.getByRole("button", { name: /^Credit note KB\/CN\// });
  const download = page.waitForEvent("download");
  await noteButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^KB-CN-\d{4}-\d{2}-\d{6}\.pdf$/);
  expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe("%PDF-");

  // In Hindi the order says it in Hindi: the refund by its return and reason, the address's state,
  // the payment method, the times of day.
  await page.goto(`${orderPath}?lang=hi`);
  await expect(page.getByText(/^वापसी \d+: टूटा-फूटा या ख़राब$/)).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).toContainText("महाराष्ट्र");
  await expect(main).toContainText("रेज़रपे");
  await expect(main).toContainText(/(सुबह|दोपहर|शाम|रात) \d{1,2}:\d\d/);
  await expect(main).not.toContainText(/Return #|Damaged|Maharashtra|Razorpay|RazorPay|\d:\d\d [ap]m/);
});
