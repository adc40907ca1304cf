import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { checkoutToPlaceOrder, newCustomer, noisyPng, payInSandbox, STAFF, signIn, signOut } from "./support.ts";

/** Slows uploads to ~1 MB/s (Chromium's network emulation), so the progress bar can be seen. */
async function throttleUploads(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
}

/** Every address the page shows, in order (client-side navigations included). */
function trackUrls(page: Page): string[] {
  const seen: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  return seen;
}

test("staff creates a product with two images; a customer buys it; staff delivers it", async ({ page, shop }) => {
  const stamp = Date.now().toString(36);
  const name = `Journey tomato seeds ${stamp}`;
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());

  // Staff: Admin → Products → Create Product opens the new product's edit screen.
  await signIn(page, STAFF.email, STAFF.password);
  await page.getByRole("button", { name: "Admin" }).click();
  await page.getByRole("link", { name: "Products", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await page.getByRole("button", { name: "Create Product" }).click();
  await expect(page).toHaveURL(/\/admin\/product\/\d+\/edit$/);
  const productId = Number(/\/admin\/product\/(\d+)\/edit/.exec(page.url())?.[1]);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Sample name");

  // Two images, one after another, with a visible progress bar.
  await throttleUploads(page);
  await page.getByLabel("Upload image").setInputFiles([
    { name: "tomato-field.png", mimeType: "image/png", buffer: noisyPng() },
    { name: "tomato-packet.png", mimeType: "image/png", buffer: noisyPng(640, 480) },
  ]);
  await expect(page.getByRole("progressbar", { name: /Uploading tomato-field\.png/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Image 2 of / })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByRole("img", { name: /^Image 1 of / })).toBeVisible();

  // Price, stock, category and the rest; Update goes back to the list.
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Price").fill("149.50");
  await page.getByLabel("Brand").fill("Kisan Gold");
  await page.getByLabel("Count In Stock").fill("7");
  await page.getByLabel("Category").selectOption({ label: "Seeds" });
  await page.getByLabel("Description").fill("Heat-tolerant hybrid tomato for the rabi season.");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(/\/admin\/productlist$/);

  // The shop shows it at once: newest first on the home page, with its image, and in search.
  await page.goto("/");
  const card = page.getByRole("link", { name, exact: true }).first();
  await expect(card).toBeVisible();
  const image = page.getByRole("img", { name, exact: true }).first();
  // Named when uploaded (the sample's name then), under a server-chosen unique suffix.
  await expect(image).toHaveAttribute("src", /\/media\/sample-name-[0-9a-f]{8}\.webp$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.getByRole("searchbox", { name: "Search products" }).fill(`tomato seeds ${stamp}`);
  await page.getByRole("searchbox", { name: "Search products" }).press("Enter");
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.getByRole("link", { name, exact: true }).first()).toBeVisible();
  await signOut(page, "Kiran Joshi");

  // A customer buys two and pays in the sandbox.
  const customer = await newCustomer(page, shop.dataDir);
  await signIn(page, customer.email, customer.password);
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await checkoutToPlaceOrder(page, productId, 2, { label: "Farm", address: "Gat No. 18, Narayangaon", city: "Pune", pin: "410504" });
  // 2 × ₹149.50 = ₹299.00; free shipping; tax 8.2 % = ₹24.52; total ₹323.52
  await expect(page.getByText("₹323.52")).toBeVisible();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  const orderUrl = new URL(page.url()).pathname;
  await payInSandbox(page);

  // A customer is sent from the staff screens to /login.
  const seen = trackUrls(page);
  await page.goto("/admin/userlist");
  await expect.poll(() => seen).toContain("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toHaveCount(0);
  await signOut(page, new RegExp((customer.email.split("@")[0] as string).replace(".", "\\.")));

  // Staff finds it among the undelivered orders and marks it delivered.
  await signIn(page, STAFF.email, STAFF.password);
  await page.goto("/admin/orderlist");
  await page.getByRole("button", { name: "Not delivered" }).click();
  await expect(page).toHaveURL(/delivered=false/);
  const orderId = orderUrl.split("/").at(-1) as string;
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: customer.email.split("@")[0] as string })
      .first(),
  ).toBeVisible();
  await page.goto(orderUrl);
  await page.getByRole("button", { name: "Mark As Delivered" }).click();
  await expect(page.getByText(/Delivered on/)).toBeVisible();
  // The product's stock went down by the two sold.
  const product = await (await page.request.get(`/api/products/${productId}/`)).json();
  expect(product.countInStock).toBe(5);
  await signOut(page, "Kiran Joshi");

  // The customer's order page shows it delivered.
  await signIn(page, customer.email, customer.password);
  await page.goto(orderUrl);
  await expect(page.getByText(/Delivered on/)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${orderId}` })).toBeVisible();
});
