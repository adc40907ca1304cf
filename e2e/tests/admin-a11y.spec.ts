import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { CUSTOMER, checkoutToPlaceOrder, STAFF, signIn } from "./support.ts";

/**
 * Every staff screen at a phone's width (390 px) and a laptop's (1366 px): axe finds no
 * accessibility problem of any impact, and the shopper's Categories panel is not shown.
 */
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

/** A bearer header for the staff API. */
async function staffHeaders(page: Page): Promise<Record<string, string>> {
  const login = await page.request.post("/api/users/dj-rest-auth/login/", { data: STAFF });
  return { Authorization: `Bearer ${(await login.json()).access}` };
}

/** An order of the demo customer's, placed in a browser of its own; answers its path. */
async function customersOrder(browser: Browser): Promise<string> {
  const page = await browser.newPage();
  await signIn(page, CUSTOMER.email, CUSTOMER.password);
  const [product] = await (await page.request.get("/api/products/?keyword=neem")).json();
  await checkoutToPlaceOrder(page, product._id, 1, { label: "Farm", address: "Gat No. 12, Niphad", city: "Nashik", pin: "422303" });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  const path = new URL(page.url()).pathname;
  await page.close();
  return path;
}

/**
 * Waits for `ready`, then lists axe's violations of every impact on the screen now shown, each with
 * its elements. None of the screens staff see here (/admin…, and an order's page opened by staff) shows the Categories.
 */
async function violations(page: Page, ready: () => Promise<void>): Promise<string[]> {
  await ready();
  await expect(page.getByRole("navigation", { name: "Categories" }), "the shopper's Categories on a staff screen").toHaveCount(0);
  // Only violations are read: axe then details no passing or inapplicable element (much less work).
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  return violations.map((v) => `${page.url()} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

let orderPath: string;

test.beforeAll(async ({ browser }) => {
  orderPath = await customersOrder(browser);
});

for (const size of WIDTHS) {
  test(`every staff screen at ${size.width} px has no accessibility violation`, async ({ page }) => {
    // Eight screens, each checked by axe: three times the default time on a busy machine.
    test.slow();
    await page.setViewportSize(size);
    const heading = (name: string | RegExp) => () => expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    const found: string[] = [];
    await signIn(page, STAFF.email, STAFF.password);

    await page.goto("/admin");
    found.push(...(await violations(page, () => expect(page.getByRole("heading", { name: "Money received" })).toBeVisible())));
    await page.getByRole("button", { name: "Edit shipping charges" }).click();
    found.push(...(await violations(page, () => expect(page.getByRole("button", { name: /Download/ }).last()).toBeVisible())));

    await page.goto("/admin/productlist");
    found.push(...(await violations(page, () => expect(page.getByText(/Milking Machine/).first()).toBeVisible())));
    const [urea] = await (await page.request.get("/api/products/?keyword=urea")).json();
    await page.goto(`/admin/product/${urea._id}/edit`);
    found.push(...(await violations(page, () => expect(page.getByLabel("Name", { exact: true })).toHaveValue(/Urea/))));

    await page.goto("/admin/productlist");
    await page.getByRole("button", { name: "Create Product" }).click();
    await expect(page).toHaveURL(/\/admin\/product\/\d+\/edit$/);
    found.push(...(await violations(page, () => expect(page.getByLabel("Name", { exact: true })).toHaveValue("Sample name"))));
    const created = /\/admin\/product\/(\d+)\/edit/.exec(page.url())?.[1];
    expect((await page.request.delete(`/api/products/delete/${created}/`, { headers: await staffHeaders(page) })).ok()).toBe(true);

    await page.goto("/admin/orderlist");
    found.push(...(await violations(page, heading("Orders"))));
    await page.goto(orderPath);
    found.push(...(await violations(page, () => expect(page.getByRole("heading", { name: /Order/, level: 1 })).toBeVisible())));

    await page.goto("/admin/userlist");
    found.push(...(await violations(page, () => expect(page.getByText(CUSTOMER.email).first()).toBeVisible())));
    const users = await (await page.request.get("/api/users/", { headers: await staffHeaders(page) })).json();
    const customer = users.find((user: { email: string }) => user.email === CUSTOMER.email);
    await page.goto(`/admin/user/${customer._id}/edit`);
    found.push(...(await violations(page, () => expect(page.getByLabel("Email Address")).toHaveValue(CUSTOMER.email))));

    expect(found, "accessibility violations").toEqual([]);
  });
}
