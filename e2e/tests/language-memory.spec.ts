import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { firstProduct, mailedLink, newCustomer, waitForHydration, watchConsole } from "./support.ts";

/**
 * Hindi stays Hindi: the shopper's language is remembered (the `lang` cookie, and the account's
 * language for a customer), every full page load honours it, and the shop's links in messages
 * carry it. The switch and the search box work without JavaScript too.
 */

interface Product {
  _id: number;
  name: string;
  nameHi: string;
}

/** The demo's urea (with its Hindi name): journeys before this one may have made other products that match "urea". */
async function urea(page: Page): Promise<Product> {
  const found = (await (await page.request.get("/api/products/?keyword=urea&page_size=100")).json()) as Product[];
  const product = found.find((candidate) => /यूरिया/.test(candidate.nameHi));
  expect(product, "the demo urea has a Hindi name").toBeDefined();
  return product as Product;
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

test("a shopper who switched to Hindi reloads, opens the English address and another screen, and stays in Hindi until switching back", async ({
  page,
}) => {
  const problems = watchConsole(page);
  const product = await urea(page);
  await page.goto(`/product/${product._id}`);
  await waitForHydration(page);
  await expect(heading(page)).toHaveText(product.name);
  await page.getByRole("link", { name: "हिन्दी" }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product._id}\\?lang=hi$`));
  await expect(heading(page)).toHaveText(product.nameHi);

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(heading(page)).toHaveText(product.nameHi);

  // The address without ?lang (typed, or shared in English): the server sends it on to the Hindi page.
  const served = await page.goto(`/product/${product._id}`);
  expect(served?.url()).toMatch(new RegExp(`/product/${product._id}\\?lang=hi$`));
  expect(await served?.text()).toContain('<html lang="hi">');
  await expect(heading(page)).toHaveText(product.nameHi);

  // A screen the app renders itself, with this browser's storage emptied: the cookie says Hindi.
  await page.evaluate(() => localStorage.clear());
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("link", { name: "English" })).toBeVisible();

  await page.getByRole("link", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto(`/product/${product._id}`);
  await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
  await expect(heading(page)).toHaveText(product.name);
  expect(problems).toEqual([]);
});

test("a Hindi customer signs in on a phone that never chose a language, and the order link mailed to them opens in Hindi", async ({
  page,
  baseURL,
  shop,
}) => {
  const customer = await newCustomer(page, shop.dataDir);
  const login = await page.request.post("/api/users/dj-rest-auth/login/", { data: customer });
  const headers = { Authorization: `Bearer ${(await login.json()).access}` };
  expect((await page.request.put("/api/users/profile/language/", { headers, data: { language: "hi" } })).ok()).toBe(true);
  const neem = await firstProduct(page, "Neem Oil 10000");
  // 2 × ₹899.00, free shipping, tax 8.2 %: the total the shop asks (as checkout.spec.ts's).
  const placed = await page.request.post("/api/orders/add/", {
    headers,
    data: {
      orderItems: [{ product: neem._id, qty: 2 }],
      shippingAddress: { label: "Farm", address: "Survey No. 42, Ozar", city: "Nashik", postalCode: "422206", country: "India" },
      totalPrice: "1945.44",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order: { _id: number } = await placed.json();

  const link = await mailedLink(customer.email, new RegExp(`/order/${order._id}\\b`), shop.dataDir);
  expect(link).toBe(`${baseURL}/order/${order._id}?lang=hi`);

  // Signing in adopts the account's language: the phone had made no choice of its own.
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByLabel("Email Address").fill(customer.email);
  await page.getByLabel("Password", { exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("link", { name: "English" })).toBeVisible();

  await page.goto(link);
  await expect(heading(page)).toHaveText(`ऑर्डर ${order._id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  // And the order's address without ?lang, as an older message wrote it.
  await page.goto(`/order/${order._id}`);
  await expect(heading(page)).toHaveText(`ऑर्डर ${order._id}`);
  // The account kept its language: nothing wrote English over it.
  const profile = await page.request.get("/api/users/profile/", { headers });
  expect((await profile.json()).language).toBe("hi");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the language switch is a link to the page in the other language, remembered, and back", async ({ page }) => {
    const product = await urea(page);
    await page.goto(`/product/${product._id}`);
    await expect(heading(page)).toHaveText(product.name);
    await page.getByRole("link", { name: "हिन्दी" }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${product._id}\\?lang=hi$`));
    await expect(heading(page)).toHaveText(product.nameHi);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");

    await page.goto(`/product/${product._id}`);
    await expect(page).toHaveURL(new RegExp(`/product/${product._id}\\?lang=hi$`));
    await expect(heading(page)).toHaveText(product.nameHi);

    await page.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
    await expect(heading(page)).toHaveText(product.name);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("the search box lists what it finds, in the page's language", async ({ page }) => {
    const product = await urea(page);
    await page.goto("/");
    await page.getByRole("searchbox", { name: "Search products" }).fill("urea");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/\?keyword=urea$/);
    await expect(page.getByRole("link", { name: product.name }).first()).toBeVisible();

    await page.goto("/?lang=hi");
    await page.getByRole("searchbox", { name: "उत्पाद खोजें" }).fill("यूरिया");
    await page.getByRole("button", { name: "खोजें" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/" && url.searchParams.get("keyword") === "यूरिया");
    expect(new URL(page.url()).searchParams.get("lang")).toBe("hi");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("link", { name: product.nameHi }).first()).toBeVisible();
  });
});
