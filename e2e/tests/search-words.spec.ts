import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";

/**
 * A farmer searches with the words farmers type (the demo catalogue and the shop's starter search
 * vocabulary): "khad" finds the fertilisers, "uria" finds urea before anything else.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** The product names of the results, in their order. */
const resultNames = (page: Page) =>
  page
    .getByRole("main")
    .getByRole("heading", { level: 2 })
    .filter({ has: page.getByRole("link") });

async function search(page: Page, keyword: string): Promise<void> {
  const box = page.getByRole("banner").getByRole("searchbox", { name: "Search products" });
  await box.fill(keyword);
  await box.press("Enter");
  await expect.poll(() => new URL(page.url()).searchParams.get("keyword")).toBe(keyword);
}

test("a farmer types 'khad' and sees the fertilisers, and 'uria' and sees urea first", async ({ page }) => {
  await page.goto("/");

  await search(page, "khad");
  const names = resultNames(page);
  for (const name of [
    "Vermicompost 25 kg",
    "DAP 18-46-0 50 kg",
    "Neem Coated Urea",
    "Muriate of Potash 50 kg",
    "Zinc Sulphate 33 % 5 kg",
  ]) {
    await expect(names.filter({ hasText: name })).toBeVisible();
  }
  // खाद itself first: in the vermicompost's Hindi name.
  await expect(names.first()).toHaveText("Vermicompost 25 kg");
  await expect(names.filter({ hasText: "Knapsack Sprayer" })).toHaveCount(0);

  for (const keyword of ["uria", "uraea"]) {
    await search(page, keyword);
    await expect(names.first()).toHaveText("Neem Coated Urea");
    await expect(names.filter({ hasText: "Muriate of Potash" })).toHaveCount(0);
  }

  await search(page, "spray pump");
  await expect(names.first()).toHaveText("Battery Knapsack Sprayer 16 L");
});
