import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { waitForHydration } from "./support.ts";

/**
 * A farmer on a 390 px phone, in Hindi, shops by crop and problem: on the home page's "Shop by
 * crop" row, cotton; on cotton's page, whitefly; on whitefly's page, a product its label claim
 * allows, in its pack; then Add to Cart. Three taps from the home page to the product, each page
 * rendered on the server (the same path, without scripts, is in the HTML a crawler reads), and the
 * crop remembered on the home page after.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const HINDI_DIR = path.resolve(import.meta.dirname, "../../web/src/i18n/hi");
const HINDI: Record<string, string> = Object.assign(
  {},
  ...["shell", "catalog", "checkout"].map((area) => JSON.parse(readFileSync(path.join(HINDI_DIR, `${area}.json`), "utf8"))),
);

/** A message of the shop in Hindi, its {placeholders} filled in. */
function hi(message: string, values: Record<string, string | number> = {}): string {
  const text = HINDI[message];
  if (text === undefined) throw new Error(`no Hindi for “${message}”`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

test("in Hindi, home → cotton → whitefly → a product its label allows, in its pack → cart", async ({ page }) => {
  // What a crawler reads: the path is in the server's HTML, links and all, in Hindi.
  // (Booleans: a failure names the check, not the whole page.)
  const cropHtml = await (await page.request.get("/crop/cotton?lang=hi")).text();
  expect(/<h1[^>]*>[^<]*कपास/.test(cropHtml), "cotton's heading").toBe(true);
  expect(cropHtml.includes('href="/crop/cotton/whitefly"'), "a link to whitefly on cotton").toBe(true);
  const problemHtml = await (await page.request.get("/crop/cotton/whitefly?lang=hi")).text();
  expect(/<h1[^>]*>[^<]*सफेद मक्खी/.test(problemHtml), "whitefly's heading").toBe(true);
  expect(problemHtml.includes('"@type":"BreadcrumbList"'), "BreadcrumbList").toBe(true);
  expect(problemHtml.includes('"@type":"ItemList"'), "ItemList").toBe(true);
  expect(/href="\/product\/\d+"[^>]*>इमिडाक्लोप्रिड/.test(problemHtml), "a link to the imidacloprid").toBe(true);

  await page.goto("/?lang=hi");
  await page.evaluate(() => localStorage.removeItem("kb:crop"));
  const row = page.getByRole("navigation", { name: hi("Shop by crop") });
  await row.getByRole("link", { name: "कपास" }).click();

  await expect(page).toHaveURL(/\/crop\/cotton(\?lang=hi)?$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("कपास");
  await page
    .getByRole("link", { name: /सफेद मक्खी/ })
    .first()
    .click();

  await expect(page).toHaveURL(/\/crop\/cotton\/whitefly(\?lang=hi)?$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("सफेद मक्खी");
  const product = page.getByRole("link", { name: /इमिडाक्लोप्रिड/ });
  await expect(page.getByText(hi("A pesticide is recommended only for the crops and pests its label claim names.")).first()).toBeVisible();
  await product.click();

  // The product page: its label claim names whitefly on cotton; its pack is chosen.
  await expect(page).toHaveURL(/\/product\/\d+/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("इमिडाक्लोप्रिड");
  await expect(page.getByText(hi("Label claim (CIB&RC)"))).toBeVisible();
  await waitForHydration(page);
  // Its one pack, as its label declares it (the Hindi page writes the unit in Hindi).
  await expect(page.getByText(/100 मि\.ली\./).first()).toBeVisible();
  const bar = page.getByRole("region", { name: hi("Buy this product") });
  await bar.getByRole("button", { name: hi("Add to Cart") }).click();
  await bar
    .getByRole("status")
    .getByRole("link", { name: hi("View cart") })
    .click();
  await expect(page).toHaveURL(/\/cart/);
  await expect(page.getByRole("link", { name: /इमिडाक्लोप्रिड/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal scroll").toBeLessThanOrEqual(0);

  // The farmer's crop comes first on the home page now.
  await page.goto("/?lang=hi");
  const first = row.getByRole("listitem").first();
  await expect(first).toContainText("कपास");
  await expect(first).toContainText(hi("Your crop"));
});
