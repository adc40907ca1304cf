import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { checkoutToPlaceOrder, firstProduct, newCustomer, signIn, signOut, waitForHydration } from "./support.ts";

/**
 * On a bad network (docs/design.md, "Offline and installing"): once the service worker runs, a
 * page seen before opens offline as a saved copy that says it may be old; an unseen page gets the
 * shop's offline page in the shopper's language; a customer's order page seen before reads
 * offline, until they sign out; and a new release takes over an open page without breaking it.
 */

test.use({ serviceWorkers: "allow" });

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/**
 * Opens the shop and waits until its service worker controls the page: the app registers it once
 * the page has loaded (a server-rendered page starts the app at the shopper's first key or touch).
 */
async function installWorker(page: Page, url = "/"): Promise<void> {
  await page.goto(url);
  await page.keyboard.press("Shift");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { message: "the worker controls the page" })
    .toBe(true);
}

/** Whether the cache `name` holds an answer for `url` (a path of the shop). */
function cached(page: Page, name: string, url: string): Promise<boolean> {
  return page.evaluate(
    async ([name, url]) => (await caches.has(name)) && (await (await caches.open(name)).match(url, { ignoreVary: true })) !== undefined,
    [name, url] as const,
  );
}

/** The note a saved copy shows above the page (a stylesheet's ::before, there before any script runs). */
function savedCopyNote(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body, "::before").content);
}

test("a product page seen before opens offline as a saved copy, marked as possibly old", async ({ page, context }) => {
  await installWorker(page);
  const product = await firstProduct(page, "urea");
  await page.goto(`/product/${product._id}`);
  await expect(heading(page)).toHaveText(product.name);
  await waitForHydration(page);
  await expect.poll(() => cached(page, "kb-pages", `/product/${product._id}`)).toBe(true);
  // Online, the page is the network's: no mark.
  await expect(page.locator("html")).not.toHaveAttribute("data-saved-copy");

  await context.setOffline(true);
  await page.reload();
  await expect(heading(page)).toHaveText(product.name);
  await expect(page.locator("html")).toHaveAttribute("data-saved-copy", "");
  expect(await savedCopyNote(page)).toContain("Saved copy: you are offline, prices and stock may have changed.");
  // The app still starts from its cached files: the page becomes React's.
  await waitForHydration(page);

  await context.setOffline(false);
  await page.reload();
  await expect(heading(page)).toHaveText(product.name);
  await expect(page.locator("html")).not.toHaveAttribute("data-saved-copy");
});

test("an unseen page offline is the shop's offline page, in Hindi for a shopper who chose Hindi", async ({ page, context }) => {
  await installWorker(page);
  const [first, second] = (await (await page.request.get("/api/products/?page_size=3")).json()) as { _id: number; nameHi: string }[];
  if (!first || !second) throw new Error("the demo catalogue has products");

  await context.setOffline(true);
  await page.goto(`/product/${first._id}`);
  await expect(heading(page)).toHaveText("You are offline");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: "Open the shop" })).toHaveAttribute("href", "/");

  // The shopper chooses Hindi (the lang cookie), then opens an address naming no language, offline.
  await context.setOffline(false);
  await page.goto("/?lang=hi");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await context.setOffline(true);
  await page.goto(`/product/${second._id}`);
  await expect(heading(page)).toHaveText("आप ऑफ़लाइन हैं");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("link", { name: "दुकान खोलें" })).toHaveAttribute("href", "/?lang=hi");
  // The English address of the home page seen in Hindi: the Hindi page's saved copy, its note in Hindi.
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-saved-copy", "");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  expect(await savedCopyNote(page)).toContain("सहेजी हुई कॉपी");
});

test("a customer's order page seen before reads offline, and nothing of the account is served once they sign out", async ({
  page,
  context,
  shop,
}) => {
  await page.goto("/");
  const customer = await newCustomer(page, shop.dataDir);
  await signIn(page, customer.email, customer.password);
  await installWorker(page, "/profile");
  const product = await firstProduct(page, "urea");
  await checkoutToPlaceOrder(page, product._id, 1, { label: "Farm", address: "Survey No. 7, Ozar", city: "Nashik", pin: "422206" });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  const orderPath = new URL(page.url()).pathname;
  const id = orderPath.split("/").at(-1) as string;
  // Opened again as a page (the shell through the worker), its answer kept with the account.
  await page.reload();
  await expect(heading(page)).toHaveText(`Order ${id}`);
  await expect(page.getByText("Not Paid")).toBeVisible();
  await expect.poll(() => cached(page, "kb-personal", orderPath)).toBe(true);
  await expect.poll(() => cached(page, "kb-personal", `/api/orders/${id}/`)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(heading(page)).toHaveText(`Order ${id}`);
  await expect(page.getByText("Not Paid")).toBeVisible();
  await expect(page.getByText(product.name).first()).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-saved-copy", "");

  // Signing out deletes the account's saved pages and answers.
  await context.setOffline(false);
  await page.goto("/");
  await waitForHydration(page);
  await signOut(page, new RegExp((customer.email.split("@")[0] as string).replace(".", "\\.")));
  await expect.poll(() => page.evaluate(() => caches.has("kb-personal"))).toBe(false);
  const anywhere = await page.evaluate(async (id) => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) if (request.url.includes(`/${id}`)) found.push(request.url);
    }
    return found.filter((url) => /\/(api\/)?orders?\//.test(new URL(url).pathname));
  }, id);
  expect(anywhere).toEqual([]);

  await context.setOffline(true);
  await page.goto(orderPath);
  await expect(heading(page)).toHaveText("You are offline");
  await expect(page.getByText("Not Paid")).toBeHidden();
  await expect(page.getByText(`Order ${id}`)).toBeHidden();
});

test("a new release's worker takes over an open page without reloading it, and the page still opens its lazy screens", async ({
  page,
  context,
}) => {
  // A new release: the same worker with other bytes, which the browser installs when it checks.
  let release = 1;
  await context.route("**/sw.js", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n// release ${release}\n` });
  });
  await installWorker(page);
  const product = await firstProduct(page, "urea");
  await page.goto(`/product/${product._id}`);
  await waitForHydration(page);
  const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  await page.evaluate(() => {
    (window as { openSince?: boolean }).openSince = true;
  });

  release = 2;
  const tookOver = page.evaluate(
    () =>
      new Promise<boolean>((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), { once: true })),
  );
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.ready).update();
  });
  expect(await tookOver).toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(before);
  // Not reloaded, and the files it loaded are still kept.
  expect(await page.evaluate(() => (window as { openSince?: boolean }).openSince)).toBe(true);
  expect(await page.evaluate(async () => (await (await caches.open("kb-assets")).keys()).length)).toBeGreaterThan(0);

  // A screen of its own chunk, never loaded by this page, opens in place.
  await page.getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel("Email Address")).toBeVisible();
  expect(await page.evaluate(() => (window as { openSince?: boolean }).openSince)).toBe(true);
});
