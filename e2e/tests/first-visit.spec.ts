import type { CDPSession, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./support.ts";

/**
 * A farmer's first visit: a server-rendered page is whole by itself (its stylesheet inlined, its
 * links and forms working), so it costs a data pack ≤ 150 KB with everything it shows; the app's
 * code comes when the shopper first touches the page, and what they chose before it came is
 * what it then acts on. A returning visitor's page starts the app at once.
 */

/** A first visit on a phone: nothing stored from an earlier one (the other journeys are returning visitors, returning-visitor.ts). */
test.use({ viewport: { width: 390, height: 844 } });

const BUDGET_BYTES = 150 * 1024;
const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/;

interface Pack {
  id: number;
  label: string;
  price: string;
}

/** The demo's first product sold in several packs. */
async function productWithPacks(page: Page): Promise<{ _id: number; name: string; variants: Pack[] }> {
  const list = (await (await page.request.get("/api/products/?page_size=100")).json()) as { _id: number }[];
  for (const { _id } of list) {
    const product = await (await page.request.get(`/api/products/${_id}/`)).json();
    if (product.variants.length > 1 && product.variants[1].countInStock > 2) return product;
  }
  throw new Error("the demo catalogue has no product with a second pack in stock");
}

/** Bytes the browser took over the network (headers and bodies as sent, compressed), from now on. */
async function countBytes(page: Page): Promise<{ total: () => number; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  let total = 0;
  cdp.on("Network.loadingFinished", (event) => {
    total += event.encodedDataLength;
  });
  await cdp.send("Network.enable");
  return { total: () => total, cdp };
}

for (const [language, query, name] of [
  ["English", "", "Add to Cart"],
  ["Hindi", "?lang=hi", "कार्ट में डालें"],
] as const) {
  test(`a product page's first visit in ${language} shows the page for under 150 KB, and fetches no app code until touched`, async ({
    page,
  }) => {
    const product = await productWithPacks(page);
    const entries: string[] = [];
    page.on("request", (request) => {
      if (APP_ENTRY.test(new URL(request.url()).pathname)) entries.push(request.url());
    });
    const bytes = await countBytes(page);
    await page.goto(`/product/${product._id}${query}`);
    await expect(page.getByRole("button", { name })).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The page's own look arrived with it: the buy button is the brand's saffron, not the browser's grey.
    await expect(page.getByRole("button", { name })).toHaveCSS("background-color", "rgb(242, 160, 7)");
    expect(entries).toEqual([]);
    expect(bytes.total()).toBeGreaterThan(5 * 1024);
    expect(bytes.total()).toBeLessThanOrEqual(BUDGET_BYTES);
  });
}

test("touching the page starts the app, which adds the pack and quantity chosen before it came", async ({ page }) => {
  const product = await productWithPacks(page);
  const pack = product.variants[1] as Pack;
  await page.goto(`/product/${product._id}`);
  const started = page.waitForRequest((request) => APP_ENTRY.test(new URL(request.url()).pathname));
  // Chosen on the page as rendered: the first touch asks for the app.
  await page.getByRole("radio", { name: new RegExp(`^${pack.label}`) }).check();
  await started;
  await waitForHydration(page);
  await page.getByLabel("Quantity", { exact: true }).selectOption("2");
  // The app took the choice over: the chosen pack's price, and its address.
  const price = `₹${Number(pack.price).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;
  await expect(page.locator(".product-info__price")).toContainText(price);
  await expect(page).toHaveURL(new RegExp(`[?&]pack=${pack.id}\\b`));
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: "Cart 2 items" })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByRole("link", { name: `${product.name} · ${pack.label}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Subtotal (2) items" })).toBeVisible();

  // Back again, the browser has the app: the page starts it without waiting for a touch.
  const again = page.waitForRequest((request) => APP_ENTRY.test(new URL(request.url()).pathname));
  await page.goto(`/product/${product._id}`);
  await again;
  await waitForHydration(page);
});

/** Holds the app's entry back until the returned function is called: what the shopper does meanwhile is before the app. */
async function holdApp(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(APP_ENTRY, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("a quantity chosen before the app came is the one it adds", async ({ page }) => {
  const product = await productWithPacks(page);
  await page.goto(`/product/${product._id}`);
  const release = await holdApp(page);
  // Its first touch asks for the app; the quantity is changed while it is on its way.
  await page.getByLabel("Quantity", { exact: true }).focus();
  await page.getByLabel("Quantity", { exact: true }).selectOption("3");
  release();
  await waitForHydration(page);
  await expect(page.getByLabel("Quantity", { exact: true })).toHaveValue("3");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: "Cart 3 items" })).toBeVisible();
});

test("words typed in the search box before the app came are what it searches for", async ({ page }) => {
  await page.goto("/");
  const release = await holdApp(page);
  await page.getByRole("searchbox", { name: "Search products" }).fill("neem");
  release();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?keyword=neem$/);
  await expect(page.getByRole("heading", { level: 1, name: /neem/i })).toBeVisible();
});

test("Add to Cart tapped before the app came opens the cart at the cart's own address", async ({ page }) => {
  const product = await productWithPacks(page);
  const pack = product.variants[1] as Pack;
  await page.goto(`/product/${product._id}?pack=${pack.id}`);
  // The tap asks for the app, which is held back: the browser posts the form, as a farmer's phone does on a slow link.
  const release = await holdApp(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
  await expect(page.getByRole("link", { name: `${product.name} · ${pack.label}` })).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  release();
  // A reload asks for the cart, not the form again.
  const reloaded = page.waitForRequest((request) => request.isNavigationRequest());
  await page.reload();
  expect((await reloaded).method()).toBe("GET");
  await expect(page.getByRole("heading", { name: "Subtotal (1) items" })).toBeVisible();
});
