import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { STAFF, signIn, waitForHydration } from "./support.ts";

/**
 * The owner changes prices in bulk from a phone (390 px): downloads the catalogue as CSV, sends
 * a price list made from it (`sku,price,mrp,stock`), reads the check's report, mends the file,
 * imports it and finds the new prices on the storefront's product page.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** A demo product of several packs that no other journey buys (its default pack first). */
const PRODUCT = "Okra Seeds Radhika";

/** One pack's row of the downloaded sheet: the columns a price list gives, and where the pack sits. */
interface PackRow {
  productId: number;
  name: string;
  packLabel: string;
  sku: string;
  price: string;
  mrp: string;
  stock: string;
}

/**
 * The rows of an exported CSV, by its header's names. The demo catalogue's quoted cells (a
 * description with commas, line breaks) are read as one cell each; doubled quotes are one quote.
 */
function csvRecords(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  const [header, ...body] = rows;
  const names = (header ?? []).map((name) => name.replace(/^\uFEFF/, ""));
  return body
    .filter((cells) => cells.some((value) => value !== ""))
    .map((cells) => Object.fromEntries(names.map((name, i) => [name, cells[i] ?? ""])));
}

/** The packs of `name` in the sheet, in the sheet's order. */
function packsOf(records: Record<string, string>[], name: string): PackRow[] {
  return records
    .filter((record) => record.name === name)
    .map((record) => ({
      productId: Number(record.product_id),
      name: record.name as string,
      packLabel: record.pack_label as string,
      sku: record.sku as string,
      price: record.price as string,
      mrp: record.mrp as string,
      stock: record.stock as string,
    }));
}

/** Ten percent off, to the paisa: a new price below the pack's MRP. */
function lowered(price: string): string {
  return (Math.round(Number(price) * 0.9 * 100) / 100).toFixed(2);
}

/** "₹2,609.10": a price as the storefront shows it. */
function rupees(price: string): string {
  return `₹${Number(price).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A name that says `text` somewhere (its dots and the like taken as they are). */
function named(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
}

/** Chooses the CSV in the sheet's field and taps "Check the file". */
async function checkFile(page: Page, lines: string[]): Promise<void> {
  await page.getByLabel("Spreadsheet (CSV or XLSX)").setInputFiles({
    name: "prices.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${lines.join("\n")}\n`),
  });
  await page.getByRole("button", { name: "Check the file" }).click();
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "the page is no wider than the phone").toBeLessThanOrEqual(390);
}

test("on a phone the owner imports a price list checked first, watches it written and sees the new prices on the storefront", async ({
  page,
}) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());

  // Staff: Admin → Dashboard → Import / Export.
  await signIn(page, STAFF.email, STAFF.password);
  await page.getByRole("button", { name: "Admin" }).click();
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("link", { name: "Import / Export" }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue$/);
  await expect(page.getByRole("heading", { level: 1, name: "Import / Export" })).toBeVisible();

  // The catalogue as CSV: the sheet's header, and the demo product's packs by SKU.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("catalogue.csv");
  await expect(page.getByText("Downloaded catalogue.csv")).toBeVisible();
  const sheet = await readFile(await download.path());
  const text = sheet.toString("utf8");
  expect(text.replace(/^\uFEFF/, "").split(/\r?\n/)[0]).toMatch(/^product_id,name,.*\bsku,pack_label,.*\bprice,mrp,stock\b/);
  const packs = packsOf(csvRecords(text), PRODUCT);
  expect(
    packs.map((pack) => pack.packLabel),
    `the sheet has ${PRODUCT}'s three packs`,
  ).toEqual(["250 g", "1 kg", "4 kg"]);
  for (const pack of packs) expect(pack.sku, `${pack.packLabel} has an SKU`).not.toBe("");
  const [smallest, kilo, bag] = packs as [PackRow, PackRow, PackRow];

  // The price list: the 1 kg and 4 kg packs ten percent cheaper (MRP and stock as they are),
  // and first a line whose price has three decimals.
  const header = "sku,price,mrp,stock";
  const changed = [kilo, bag].map((pack) => ({ ...pack, price: lowered(pack.price) }));
  const good = changed.map((pack) => `${pack.sku},${pack.price},${pack.mrp},${pack.stock}`);
  await checkFile(page, [header, `${smallest.sku},12.345,${smallest.mrp},${smallest.stock}`, ...good]);

  // The report names the bad line (line 2, the header being line 1), its column and what is wrong.
  await expect(page.getByRole("heading", { name: "Check of the file" })).toBeVisible();
  await expect(page.getByText("File: prices.csv")).toBeVisible();
  await expect(page.getByText("The file has problems, so nothing was changed.")).toBeVisible();
  const problems = page.getByRole("list", { name: "Problems" }).getByRole("listitem");
  await expect(problems).toHaveCount(1);
  await expect(problems.first()).toContainText("Line 2, column price");
  await expect(problems.first()).toContainText("Enter a valid amount with at most two decimals.");
  await expect(page.getByRole("button", { name: "Import now" })).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // Mended (the bad line gone) and checked again: two packs change, nothing else.
  await checkFile(page, [header, ...good]);
  await expect(page.getByText("The file has no problems: 0 new, 2 changed, 0 unchanged.")).toBeVisible();
  await expect(page.getByText("Nothing in the shop changes until you import the file.")).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Import now: the progress while it is written (when it lasts long enough to be seen), then the result.
  await page.getByRole("button", { name: "Import now" }).click();
  const progress = page.getByRole("progressbar", { name: "Import progress" });
  const done = page.getByText("Done: 0 new, 2 changed, 0 unchanged.");
  await expect(progress.or(done).first()).toBeVisible();
  await expect(done).toBeVisible();
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Import", exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The storefront, as a shopper opens it: the new prices of both packs, the untouched one as it was.
  await page.goto(`/product/${kilo.productId}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT })).toBeVisible();
  for (const pack of changed) {
    const radio = page.getByRole("radio", { name: new RegExp(`^${pack.packLabel} `) });
    await expect(radio).toHaveAccessibleName(named(rupees(pack.price)));
    await radio.click();
    await expect(radio).toBeChecked();
    await expect(page.locator(".product-info__price")).toContainText(rupees(pack.price));
  }
  await expect(page.getByRole("radio", { name: new RegExp(`^${smallest.packLabel} `) })).toHaveAccessibleName(
    named(rupees(smallest.price)),
  );
});
