import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { addToCartAndViewCart, CUSTOMER, signIn, waitForHydration, watchConsole } from "./support.ts";

/**
 * The server-rendered public pages (`/` with its query, `/product/{id}`, in English and at
 * ?lang=hi in Hindi): whole pages without JavaScript, as crawlers and link previews read them,
 * and with it, taken over by the browser's app without a hydration mismatch and then live.
 */

interface ApiProduct {
  _id: number;
  name: string;
  nameHi?: string;
  price: string;
  countInStock: number;
}

/** A demo product no other journey changes: in stock, with a Hindi name and three images. */
const TOMATO = "Hybrid Tomato Seeds Abhilash";

async function productNamed(page: Page, name: string): Promise<ApiProduct> {
  const res = await page.request.get(`/api/products?keyword=${encodeURIComponent(name)}&page_size=100`);
  const product = ((await res.json()) as ApiProduct[]).find((p) => p.name === name);
  if (!product) throw new Error(`no demo product named ${name}`);
  return product;
}

/** An API price ("1249.50") as a shopper in India reads it ("₹1,249.50"). */
function rupees(price: string): string {
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(Number(price));
}

/** The main frame's document requests from now on: a step the app handles itself makes none. */
function documentRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) urls.push(request.url());
  });
  return urls;
}

/** A page's product cards as it shows them: name, link and price. */
async function cardsOf(page: Page): Promise<{ name: string; href: string; price: string }[]> {
  return page.locator(".product-card").evaluateAll((cards) =>
    cards.map((card) => ({
      name: card.querySelector(".product-card__name a")?.textContent ?? "",
      href: card.querySelector(".product-card__name a")?.getAttribute("href") ?? "",
      price: card.querySelector(".product-card__price")?.textContent ?? "",
    })),
  );
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page lists products with rupee prices, and a card opens its product page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Latest Products" })).toBeVisible();
    await expect(page.locator(".product-card")).toHaveCount(24);
    const cards = await cardsOf(page);
    for (const card of cards) {
      expect(card.name, "a named card").not.toBe("");
      expect(card.href, card.name).toMatch(/^\/product\/\d+$/);
      // "from ₹120.00" for a product whose packs differ in price.
      expect(card.price, card.name).toMatch(/^(from )?₹[\d,]+\.\d{2}$/);
    }

    // A product in one pack: its page shows the card's price (then the price per kg or litre).
    const first = cards.find((card) => !card.price.startsWith("from "));
    if (!first) throw new Error("no card of a product in one pack");
    await page.getByRole("link", { name: first.name, exact: true }).first().click();
    await expect(page).toHaveURL(first.href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.name);
    await expect(page.locator(".product-info__price > span").first()).toHaveText(first.price);
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
  });

  test("a search, from the address or from the header's form, lists what it finds", async ({ page }) => {
    await page.goto("/?keyword=seed");
    await expect(page.getByRole("heading", { level: 1, name: "Results for “seed”" })).toBeVisible();
    await expect(page.getByRole("link", { name: TOMATO, exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Alphonso Mangoes" })).toHaveCount(0);

    // The header's form is a plain GET form underneath.
    await page.getByRole("searchbox", { name: "Search products" }).fill("neem");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/\?keyword=neem$/);
    await expect(page.getByRole("link", { name: /Neem Oil 10000 ppm/ }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: TOMATO, exact: true })).toHaveCount(0);
  });

  test("a product page at ?lang=hi is in Hindi", async ({ page }) => {
    const product = await productNamed(page, TOMATO);
    if (!product.nameHi) throw new Error(`${TOMATO} has no Hindi name`);
    await page.goto(`/product/${product._id}?lang=hi`);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page).toHaveTitle(`${product.nameHi} | Krishi Bazaar`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.nameHi);
    await expect(page.getByRole("button", { name: "कार्ट में डालें" })).toBeVisible();
    await expect(page.getByText("स्टॉक में है")).toBeVisible();
    await expect(page.getByLabel("मात्रा")).toBeVisible();
    await expect(page.getByRole("link", { name: "English" })).toBeVisible();
  });

  test("a product page's head carries its title, description, address, link preview and schema.org data", async ({ page, baseURL }) => {
    const product = await productNamed(page, TOMATO);
    const address = `${baseURL}/product/${product._id}`;
    await page.goto(`/product/${product._id}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle(`${product.name} | Krishi Bazaar`);
    const head = page.locator("head");
    const description = await head.locator('meta[name="description"]').getAttribute("content");
    expect(description?.startsWith(`${product.name}: ${rupees(product.price)}. `), description ?? "no description").toBe(true);
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", address);
    await expect(head.locator('link[rel="alternate"][hreflang="hi"]')).toHaveAttribute("href", `${address}?lang=hi`);
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", product.name);
    await expect(head.locator('meta[name="robots"]')).toHaveCount(0);

    // The preview image: an absolute address that answers with the picture itself.
    const image = await head.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(new RegExp(`^${baseURL}/media/[\\w-]+\\.webp$`));
    const picture = await page.request.get(image as string);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toBe("image/webp");

    const data = (await head.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
    const item = data.find((d) => d["@type"] === "Product");
    expect(item).toMatchObject({
      "@context": "https://schema.org",
      name: product.name,
      image: expect.arrayContaining([image]),
      description: expect.stringMatching(/\S/),
      offers: {
        "@type": "Offer",
        price: product.price,
        priceCurrency: "INR",
        availability: product.countInStock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      },
    });
    expect(data.find((d) => d["@type"] === "BreadcrumbList")?.itemListElement.at(-1)).toMatchObject({ name: product.name, item: address });
  });

  test("an address with no product or no page answers 404 with the not-found page", async ({ page }) => {
    for (const [address, heading] of [
      ["/product/999999", "Product not found"],
      ["/product/not-a-number", "Product not found"],
      ["/no/such/page", "Page not found"],
    ]) {
      const res = await page.goto(address as string);
      expect(res?.status(), address).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
    }
  });

  test("a list address with a sort or page it does not know shows the first page in the usual order", async ({ page }) => {
    await page.goto("/");
    const usual = await cardsOf(page);
    const res = await page.goto("/?sort=cheapest&page=-2");
    expect(res?.status()).toBe(200);
    expect(await cardsOf(page)).toEqual(usual);
  });
});

test.describe("with JavaScript, taken over without a hydration mismatch", () => {
  test("the home page: the sort box reorders the list", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.getByLabel("Sort by").selectOption("price_asc");
    await expect(page).toHaveURL(/\/\?sort=price_asc$/);
    await expect
      .poll(
        async () => {
          // A card's price, or the lowest of its packs' ("from ₹120.00"): what the list sorts by.
          const prices = (await cardsOf(page)).map((card) => Number(card.price.replace(/^from |[₹,]/g, "")));
          return prices.length > 1 && prices.every((price, i) => i === 0 || (prices[i - 1] as number) <= price);
        },
        { message: "cheapest first" },
      )
      .toBe(true);
    expect(problems).toEqual([]);
  });

  test("a search page: the header's search runs in the page", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/?keyword=seed");
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: TOMATO, exact: true })).toBeVisible();
    const loads = documentRequests(page);
    await page.getByRole("searchbox", { name: "Search products" }).fill("neem");
    await page.getByRole("searchbox", { name: "Search products" }).press("Enter");
    await expect(page).toHaveURL(/\/\?keyword=neem$/);
    await expect(page.getByRole("heading", { level: 1, name: "Results for “neem”" })).toBeVisible();
    await expect(page.getByRole("link", { name: TOMATO, exact: true })).toHaveCount(0);
    expect(loads, "no page load: the app searched").toEqual([]);
    expect(problems).toEqual([]);
  });

  test("the Hindi home page: the stock switch filters the list and the address keeps its language", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/?lang=hi");
    await waitForHydration(page);
    // A click, not check(): the box follows the address, which the router changes a moment later.
    await page.getByRole("switch", { name: "केवल स्टॉक वाले" }).click();
    await expect(page).toHaveURL(/\/\?in_stock=true&lang=hi$/);
    await expect(page.getByRole("switch", { name: "केवल स्टॉक वाले" })).toBeChecked();
    await expect(page.locator(".product-card").first()).toBeVisible();
    await expect(page.locator(".product-card__stock")).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test("a product page: the chosen quantity goes into the cart", async ({ page }) => {
    const problems = watchConsole(page);
    const product = await productNamed(page, TOMATO);
    await page.goto(`/product/${product._id}`);
    await waitForHydration(page);
    await page.getByLabel("Quantity", { exact: true }).selectOption("3");
    await addToCartAndViewCart(page);
    await expect(page.getByText("Subtotal (3) items")).toBeVisible();
    // The cart's line names the product and its pack.
    await expect(page.getByRole("link", { name: `${TOMATO} · 10 g`, exact: true })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("a Hindi product page: the chosen quantity goes into the cart, in Hindi", async ({ page }) => {
    const problems = watchConsole(page);
    const product = await productNamed(page, TOMATO);
    await page.goto(`/product/${product._id}?lang=hi`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.nameHi ?? "");
    await page.getByLabel("मात्रा", { exact: true }).selectOption("2");
    await page.getByRole("button", { name: "कार्ट में डालें" }).click();
    await expect(page.getByRole("status").getByText("कार्ट में डाल दिया")).toBeVisible();
    await page.getByRole("link", { name: "कार्ट देखें" }).click();
    await expect(page.getByText("उप-योग (2) आइटम")).toBeVisible();
    await expect(page.getByRole("link", { name: `${product.nameHi ?? ""} · 10 ग्राम`, exact: true })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("the not-found page: its link goes back to the shop", async ({ page }) => {
    const address = "/no/such/page";
    // Chromium logs the 404 of the page itself as a failed resource: that is the page's answer.
    const problems = watchConsole(
      page,
      (message) => message.text().includes("status of 404") && new URL(message.location().url).pathname === address,
    );
    const res = await page.goto(address);
    expect(res?.status()).toBe(404);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Back to the shop" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Latest Products" })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("a changed page is caught: text that differs from what React renders is a hydration error", async ({ page, baseURL }) => {
    const problems = watchConsole(page);
    await page.route(`${baseURL}/`, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(">Latest Products</h1>", ">Latest Produce</h1>");
      await route.fulfill({ response: res, body: html });
    });
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Latest Products");
    await expect.poll(() => problems.join("\n")).toMatch(/Minified React error #418/);
  });
});

test.describe("the language on a server-rendered page", () => {
  test("the Hindi home page stays Hindi once live, and the switch changes the language and the address", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/?lang=hi");
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("heading", { level: 1, name: "नए उत्पाद" })).toBeVisible();
    const entries = await page.evaluate(() => history.length);

    await page.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Latest Products" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search products" })).toBeVisible();

    await page.getByRole("link", { name: "हिन्दी" }).click();
    await expect(page).toHaveURL(/\/\?lang=hi$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("heading", { level: 1, name: "नए उत्पाद" })).toBeVisible();
    expect(await page.evaluate(() => history.length), "the address was replaced, not added to the history").toBe(entries);
    expect(problems).toEqual([]);
  });

  test("a shopper who chose Hindi before gets it on an English address once the page is live", async ({ page }) => {
    const problems = watchConsole(page);
    const product = await productNamed(page, TOMATO);
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("link", { name: "हिन्दी" }).click();
    await expect(page).toHaveURL(/\/\?lang=hi$/);

    await page.goto(`/product/${product._id}`);
    await expect(page).toHaveURL(new RegExp(`/product/${product._id}\\?lang=hi$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.nameHi ?? "");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    expect(problems).toEqual([]);
  });
});

test.describe("a shopper's own state on a server-rendered page", () => {
  test("the cart badge counts the cart after hydration", async ({ page }) => {
    const problems = watchConsole(page);
    const product = await productNamed(page, TOMATO);
    await page.goto(`/product/${product._id}`);
    await waitForHydration(page);
    await page.getByLabel("Quantity", { exact: true }).selectOption("2");
    await addToCartAndViewCart(page);
    await expect(page.getByText("Subtotal (2) items")).toBeVisible();

    const res = await page.goto("/");
    // The page is the same for everyone: it was sent with an empty cart.
    expect(await res?.text()).toMatch(/class="site-header__count">0/);
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: "Cart 2 items" })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("a signed-in customer's name is in the header after hydration", async ({ page }) => {
    const problems = watchConsole(page);
    await signIn(page, CUSTOMER.email, CUSTOMER.password);
    const res = await page.goto("/");
    expect(await res?.text()).toContain(">Login</span>");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: /Asha/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
