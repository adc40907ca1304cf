import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { CUSTOMER, checkoutToPlaceOrder, newCustomer, STAFF, signIn, waitForHydration } from "./support.ts";

/**
 * Every main screen at a phone's width (390 px) and a laptop's (1366 px): nothing scrolls
 * sideways, search and the cart are in sight without opening a menu, and axe finds no serious
 * accessibility problem.
 */
const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1366, height: 900 },
];

async function productId(page: Page, keyword: string): Promise<number> {
  const [product] = await (await page.request.get(`/api/products/?keyword=${encodeURIComponent(keyword)}`)).json();
  return product._id;
}

/** Checks the screen now shown; `ready` is something the screen shows once loaded. */
async function checkScreen(page: Page, ready: () => Promise<void>, names = { search: "Search products", cart: /^Cart/ }): Promise<void> {
  await ready();
  await page.evaluate(() => window.scrollTo(0, 0));
  const header = page.getByRole("banner");
  await expect(header.getByRole("searchbox", { name: names.search })).toBeInViewport();
  await expect(header.getByRole("link", { name: names.cart })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal scroll").toBeLessThanOrEqual(0);
  // Only violations are read: axe then details no passing or inapplicable element (much less work).
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, "serious accessibility violations").toEqual([]);
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("the shop's screens for a customer", async ({ page }) => {
      const heading = (name: string | RegExp) => () => expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await page.goto("/");
      await checkScreen(page, () => expect(page.getByRole("heading", { name: "Latest Products" })).toBeVisible());
      await page.goto("/?keyword=Seeds");
      await checkScreen(page, () => expect(page.getByRole("button", { name: "Seeds" })).toHaveAttribute("aria-current", "true"));
      await page.goto("/?keyword=neem");
      await checkScreen(page, () => expect(page.getByText(/Neem/).first()).toBeVisible());

      const id = await productId(page, "urea");
      await page.goto(`/product/${id}`);
      await checkScreen(page, () => expect(page.getByRole("button", { name: "Add to Cart" }).last()).toBeVisible());
      await page.getByRole("button", { name: "Add to Cart" }).last().click();
      await checkScreen(page, () => expect(page.getByRole("link", { name: "View cart" })).toBeVisible());
      await page.getByRole("link", { name: "View cart" }).click();
      await checkScreen(page, heading("Shopping Cart"));

      await page.goto("/login");
      await checkScreen(page, heading("Sign In"));
      await page.goto("/register");
      await checkScreen(page, heading("Sign Up"));

      await signIn(page, CUSTOMER.email, CUSTOMER.password);
      await page.goto("/shipping");
      await checkScreen(page, heading("Shipping"));
      await page.goto("/profile");
      await checkScreen(page, () => expect(page.getByRole("heading", { name: "User Profile" })).toBeVisible());
    });

    test("the staff's screens", async ({ page }) => {
      await signIn(page, STAFF.email, STAFF.password);
      for (const [url, name] of [
        ["/admin/productlist", "Products"],
        ["/admin/orderlist", "Orders"],
        ["/admin/userlist", "Users"],
      ] as const) {
        await page.goto(url);
        await checkScreen(page, () => expect(page.getByRole("heading", { name, level: 1 })).toBeVisible());
      }
    });
  });
}

test.describe("paying on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the payment's result comes into view and takes the focus, with the next step", async ({ page, shop }) => {
    const customer = await newCustomer(page, shop.dataDir);
    await signIn(page, customer.email, customer.password);
    await checkoutToPlaceOrder(page, await productId(page, "neem oil"), 1, {
      label: "Farm",
      address: "Gat No. 12, Niphad",
      city: "Nashik",
      pin: "422303",
    });
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order\/\d+$/);

    await page.getByRole("button", { name: "Pay Now" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Fail" }).click();
    const failure = page.getByRole("alert").filter({ hasText: "Payment failed" });
    await expect(failure).toBeInViewport();
    await expect(page.locator(":focus")).toContainText("Payment failed");
    await expect(page.getByRole("button", { name: "Pay Now" })).toBeVisible();
    await checkScreen(page, () => expect(failure).toBeVisible());

    await page.getByRole("button", { name: "Pay Now" }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Pay ₹/ })
      .click();
    await expect(page.locator(":focus")).toContainText(/Payment successful|Paid on/);
    await expect(page.locator(":focus")).toBeInViewport();
  });
});

test.describe("in Hindi", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a farmer switches to Hindi, finds urea by its Hindi name and by its sound, and stays in Hindi", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole("link", { name: "हिन्दी" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("searchbox", { name: "उत्पाद खोजें" })).toBeVisible();

    for (const query of ["यूरिया", "yuria", "urea"]) {
      await page.getByRole("searchbox", { name: "उत्पाद खोजें" }).fill(query);
      await page.getByRole("searchbox", { name: "उत्पाद खोजें" }).press("Enter");
      await expect(page.getByRole("link", { name: /यूरिया/ }).first()).toBeVisible();
    }

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("link", { name: "English" })).toBeVisible();
    await checkScreen(page, () => expect(page.getByRole("link", { name: /यूरिया/ }).first()).toBeVisible(), {
      search: "उत्पाद खोजें",
      cart: /^कार्ट/,
    });
  });
});

test.describe("page changes on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a product opens at its top, and Back returns to where the shopper was in the list, after a reload too", async ({ page }) => {
    const scrollY = () => page.evaluate(() => window.scrollY);
    /** The heights of the page and its parts: said when Back misses, to tell which part changed. */
    const heights = () =>
      page.evaluate(() =>
        ["html", "header", "aside", "main", "footer"]
          .map((part) => `${part} ${Math.round(document.querySelector(part)?.getBoundingClientRect().height ?? -1)}`)
          .join(", "),
      );
    let leftWith = "";
    const backInTheList = async (listY: number) => {
      try {
        await expect
          .poll(async () => Math.abs((await scrollY()) - listY), { message: "back where the shopper was" })
          .toBeLessThanOrEqual(1);
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\nleft at ${listY} with ${leftWith}; back at ${await scrollY()} with ${await heights()}`,
        );
      }
    };
    await page.goto("/");
    const cards = page.getByRole("main").getByRole("heading", { level: 2 }).getByRole("link");
    await expect(cards.first()).toBeVisible();
    // The app has taken over the server's page: its clicks are the app's, not full page loads.
    await waitForHydration(page);
    // Half-way down: clear of the page's end, where the position depends on how tall the page came out.
    const card = cards.nth(Math.floor((await cards.count()) / 2));
    // In the middle of the screen, clear of the sticky header: the click then scrolls nothing
    // itself (a card under the header made it scroll, and the shopper's place was not listY).
    await card.evaluate((link) => link.scrollIntoView({ block: "center", behavior: "instant" }));
    const listY = await scrollY();
    leftWith = await heights();
    expect(listY, "the list scrolled down").toBeGreaterThan(844);
    const name = (await card.textContent()) ?? "";

    await card.click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeInViewport();
    expect(await scrollY()).toBeLessThan(50);

    await page.goBack();
    await backInTheList(listY);
    await expect(page.getByRole("link", { name, exact: true })).toBeInViewport();

    // The positions outlive a reload, and the list (no longer in memory) is waited for.
    await page.goForward();
    await expect(page.getByRole("heading", { level: 1, name })).toBeInViewport();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await page.goBack();
    await backInTheList(listY);
  });
});
