import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { waitForHydration } from "./support.ts";

/**
 * The shop by keyboard on a laptop (1366 px): a skip link first, each category once on the way to
 * the products, the focus on the new page's heading after a page change (and after Back), and a
 * focus ring on the header's Search button that stands out from the green bar.
 */
test.use({ viewport: { width: 1366, height: 900 } });

/** What has the focus: its tag, role, link target and text, to tell the stops apart. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.localName ?? "",
      href: element?.getAttribute("href") ?? "",
      text: (element?.textContent ?? "").trim().replace(/\s+/g, " "),
    };
  });
}

/** Presses Tab until the focus is on a product's link; answers the presses and the stops passed. */
async function tabToFirstProduct(page: Page, most: number): Promise<{ presses: number; stops: string[] }> {
  const stops: string[] = [];
  for (let presses = 1; presses <= most; presses++) {
    await page.keyboard.press("Tab");
    const stop = await focused(page);
    if (/^\/product\/\d+/.test(stop.href)) return { presses, stops };
    stops.push(`${stop.tag} ${stop.href} ${stop.text}`.trim());
  }
  throw new Error(`no product after ${most} presses of Tab: ${stops.join(" | ")}`);
}

/** The WCAG contrast ratio of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

test.beforeEach(async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Latest Products" })).toBeVisible();
  await waitForHydration(page);
});

test("the first product is reached past each category once, and in four presses with the skip link", async ({ page }) => {
  // The first page keeps the browser's focus: nothing is focused for the shopper.
  expect((await focused(page)).tag).toBe("body");
  const categories: unknown[] = await (await page.request.get("/api/products/category/")).json();
  const { crops }: { crops: unknown[] } = await (await page.request.get("/api/crops/")).json();
  const { presses, stops } = await tabToFirstProduct(page, 60);
  // Skip link, brand, search box and button, language, cart, login; each category once (the
  // tiles; the side panel beside them is for the mouse); Shop by crop's "See all crops" and each
  // crop once; In stock only; Sort by; the product.
  const trail = stops.join(" | ");
  expect(
    stops.filter((stop) => /Seeds$/.test(stop)),
    trail,
  ).toHaveLength(1);
  expect(
    stops.filter((stop) => /^a \/crop\/cotton Cotton$/.test(stop)),
    trail,
  ).toHaveLength(1);
  expect(
    stops.filter((stop) => /All Products$/.test(stop)),
    trail,
  ).toHaveLength(0);
  expect(presses, trail).toBeLessThanOrEqual(7 + categories.length + 1 + crops.length + 2 + 1);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Latest Products" })).toBeVisible();
  await waitForHydration(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  expect((await skip.boundingBox())?.width ?? 0, "the skip link shows when focused").toBeGreaterThan(20);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Latest Products" })).toBeFocused();
  const afterSkip = await tabToFirstProduct(page, 10);
  expect(1 + afterSkip.presses, afterSkip.stops.join(" | ")).toBeLessThanOrEqual(4);
});

test("after a page change the focus is on the new page's heading, with no ring after a click; after Back on the list's", async ({
  page,
}) => {
  const card = page.getByRole("main").getByRole("heading", { level: 2 }).getByRole("link").first();
  const name = ((await card.textContent()) ?? "").trim();
  await card.click();
  const heading = page.getByRole("heading", { level: 1, name });
  await expect(heading).toBeFocused();
  // Focused for screen readers and the keyboard, with no outline flashing for the mouse.
  expect(await heading.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe("none");

  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Latest Products" })).toBeFocused();

  // By keyboard: the product's link followed with Enter; the next Tab starts from the heading.
  await card.focus();
  await page.keyboard.press("Enter");
  await expect(heading).toBeFocused();
  expect(await heading.evaluate((element) => getComputedStyle(element).outlineStyle), "a ring for the keyboard").not.toBe("none");
  await page.keyboard.press("Tab");
  expect((await focused(page)).tag, "the Tab after the heading stays on the product's page").not.toBe("body");
  await expect(page.getByRole("banner").locator(":focus")).toHaveCount(0);
});

test("the header's Search button shows a focus ring that stands out from the green bar", async ({ page }) => {
  const searchbox = page.getByRole("banner").getByRole("searchbox", { name: "Search products" });
  await searchbox.focus();
  await page.keyboard.press("Tab");
  const button = page.getByRole("banner").getByRole("button", { name: "Search" });
  await expect(button).toBeFocused();
  const ring = await button.evaluate((element) => {
    const style = getComputedStyle(element);
    const bar = getComputedStyle(element.closest("header") as HTMLElement).backgroundColor;
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth), color: style.outlineColor, bar };
  });
  expect(ring.style).not.toBe("none");
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(contrast(ring.color, ring.bar), `${ring.color} on ${ring.bar}`).toBeGreaterThanOrEqual(3);
});
