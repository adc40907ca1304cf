import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { firstProduct, newCustomer, signIn, tapRows, waitForHydration } from "./support.ts";

/**
 * A shopper on a 390 px phone (the India shop: playwright.config.ts) is never thrown off: Add to
 * Cart stays on the product page, the sticky buying bar shows the price, the gallery swipes and
 * enlarges, and deleting the chosen address at checkout leaves the other one chosen.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test.beforeEach(async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());
});

/** A finger's swipe across the screen (real touch input: the page's touch-action applies). */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [from] });
  for (const part of [0.25, 0.5, 0.75, 1]) {
    const point = { x: from.x + (to.x - from.x) * part, y: from.y + (to.y - from.y) * part };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [point] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

test("Add to Cart stays on the product page: Added · View cart, the badge counts it, and the buying bar shows the price", async ({
  page,
}) => {
  const product = await firstProduct(page, "Hybrid Tomato Seeds");
  await page.goto(`/product/${product._id}`);
  await waitForHydration(page);
  const badge = page.getByRole("banner").getByRole("link", { name: /Cart/ });
  await expect(badge).toContainText("0");

  // Below the first screen on a phone, the price is in the bar fixed to the bottom of the screen.
  const bar = page.getByRole("region", { name: "Buy this product" });
  const price = (await page.locator(".product-info__price > span").first().textContent()) ?? "";
  expect(price).toMatch(/^₹[\d,]+\.\d\d$/);
  await expect(bar.getByText(price, { exact: true })).toBeInViewport();
  await expect(bar.getByRole("button", { name: "Add to Cart" })).toBeInViewport();

  await bar.getByLabel("Quantity").selectOption("2");
  await bar.getByRole("button", { name: "Add to Cart" }).click();
  const status = bar.getByRole("status");
  await expect(status).toHaveText("Added · View cart");
  await expect(status).toBeInViewport();
  await expect(badge).toContainText("2");
  expect(new URL(page.url()).pathname).toBe(`/product/${product._id}`);

  await status.getByRole("link", { name: "View cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("Subtotal (2) items")).toBeVisible();
});

test("the gallery swipes between the images and enlarges the image full screen", async ({ page }) => {
  const product = await firstProduct(page, "Hybrid Tomato Seeds");
  expect(product.images.length).toBeGreaterThanOrEqual(2);
  const count = product.images.length;
  await page.goto(`/product/${product._id}`);
  await waitForHydration(page);
  const main = page.locator(".product-gallery__stage img");
  await expect(main).toHaveAttribute("alt", new RegExp(`, image 1 of ${count}$`));
  await expect(main).toHaveAttribute("fetchpriority", "high");
  const box = await main.boundingBox();
  if (!box) throw new Error("the main image is not shown");
  const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

  // A swipe to the left shows the next image, to the right the previous one.
  await swipe(page, { x: middle.x + 120, y: middle.y }, { x: middle.x - 120, y: middle.y + 5 });
  await expect(main).toHaveAttribute("alt", new RegExp(`, image 2 of ${count}$`));
  await expect(page.getByRole("button", { name: "Show image 2" })).toHaveAttribute("aria-pressed", "true");
  await swipe(page, { x: middle.x - 120, y: middle.y }, { x: middle.x + 120, y: middle.y });
  await expect(main).toHaveAttribute("alt", new RegExp(`, image 1 of ${count}$`));
  // The swipes opened nothing.
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // A tap enlarges it: a dialog with the large image, closed by Escape, the focus back on Enlarge.
  await main.tap();
  const dialog = page.getByRole("dialog", { name: product.name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("img", { name: new RegExp(`image 1 of ${count}$`) })).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .include(".product-lightbox")
    .options({ resultTypes: ["violations"] })
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await dialog.getByRole("button", { name: "Next image" }).click();
  await expect(dialog.getByRole("img", { name: new RegExp(`image 2 of ${count}$`) })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Enlarge image" })).toBeFocused();
  await expect(main).toHaveAttribute("alt", new RegExp(`, image 2 of ${count}$`));

  // The Enlarge button opens it too; its close button and a tap on the image close it.
  await page.getByRole("button", { name: "Enlarge image" }).click();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await main.tap();
  await dialog.getByRole("img").tap();
  await expect(dialog).toBeHidden();
});

test("deleting the selected address at checkout selects the one left, and Continue goes on with it", async ({ page, shop }) => {
  const customer = await newCustomer(page, shop.dataDir);
  await signIn(page, customer.email, customer.password);
  const product = await firstProduct(page, "Hybrid Tomato Seeds");
  await page.goto(`/product/${product._id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByRole("link", { name: "View cart" }).click();
  await page.getByRole("button", { name: "Proceed To Checkout" }).click();
  await expect(page).toHaveURL(/\/shipping$/);

  // Two saved addresses: the farm, then the shed (the one saved last is selected).
  for (const [label, address] of [
    ["Farm", "Gat No. 17, Pimpalgaon"],
    ["Shed", "Plot 4, Ozar Road"],
  ] as const) {
    if (label === "Shed") await page.getByRole("button", { name: "Add a new address" }).click();
    await page.getByLabel("Label").fill(label);
    await page.getByLabel("Address", { exact: true }).fill(address);
    await page.getByLabel("Pin Code").fill("422001");
    await expect(page.getByLabel("State")).toHaveValue("Maharashtra");
    await expect(page.getByLabel("City")).not.toHaveValue("");
    await page.getByLabel("Mobile number").fill("98765 43210");
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByRole("button", { name: `Delete ${label}` })).toBeVisible();
  }
  const saved = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: /^Delete / }) });
  const selected = saved.filter({ has: page.getByText("Selected", { exact: true }) });
  await expect(selected).toContainText("Shed");

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Delete Shed" }).click();
  await expect(page.getByText("Address deleted")).toBeVisible();
  await expect(saved).toHaveCount(1);
  await expect(selected).toContainText("Farm");
  await expect(page.getByLabel("Label")).toHaveValue("Farm");

  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/(payment|placeorder)$/);
  await expect(page.getByText("This field may not be blank.")).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("shippingAddress") ?? "null"));
  expect(stored).toMatchObject({ label: "Farm", address: "Gat No. 17, Pimpalgaon", postalCode: "422001" });
});

test("a form that lacks a field says what to fill in, and the focus goes to it; every tap row is 44 px high", async ({ page, shop }) => {
  const customer = await newCustomer(page, shop.dataDir);
  // The checkout's sign-in: the mobile number, and SMS or WhatsApp.
  await page.goto("/login?redirect=shipping");
  await expect(page.getByRole("radio", { name: "WhatsApp" })).toBeVisible();
  const signInRows = await tapRows(page.getByRole("main"));
  expect(signInRows.measured).toBeGreaterThanOrEqual(3);
  expect(signInRows.short).toEqual([]);
  await signIn(page, customer.email, customer.password, "/login?redirect=shipping");
  await expect(page).toHaveURL(/\/shipping$/);
  await waitForHydration(page);
  const shippingRows = await tapRows(page.getByRole("main"));
  expect(shippingRows.measured).toBeGreaterThanOrEqual(6);
  expect(shippingRows.short).toEqual([]);
  await page.getByLabel("Label").fill("Farm");
  await page.getByLabel("Address", { exact: true }).fill("Gat No. 17, Pimpalgaon");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("City")).toBeFocused();
  await expect(page.getByLabel("City")).toHaveAccessibleDescription(/Enter the city or town$/);
  await expect(page.getByLabel("Pin Code")).toHaveAccessibleDescription(/Enter your PIN code$/);
  await expect(page).toHaveURL(/\/shipping$/);
});
