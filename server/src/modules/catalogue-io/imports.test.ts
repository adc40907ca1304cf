import { readdirSync } from "node:fs";
import { CATALOGUE_COLUMNS, type CatalogueImport, type ImportProblem } from "@krishi/contract";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, testClock } from "../../testing/accounts.ts";
import { makeCategory, makeProduct, makeUser } from "../../testing/factories.ts";
import { finished } from "../../testing/imports.ts";
import { type FilePart, multipart } from "../../testing/multipart.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  staff = await authHeaders(t, (await makeUser(t.database.db, { is_staff: true })).id);
});
afterAll(() => t.close());

const sheet = (text: string, filename = "prices.csv"): FilePart => ({
  field: "file",
  filename,
  contentType: "text/csv",
  data: Buffer.from(text),
});

/** Uploads a sheet; answers the import once finished (the answer waits for a small one). */
async function upload(files: FilePart[], { dryRun = false, headers = staff } = {}) {
  const { payload, headers: partHeaders } = multipart({}, files);
  return t.app.inject({
    method: "POST",
    url: `/api/staff/catalogue/import/${dryRun ? "?dry_run=true" : ""}`,
    headers: { ...headers, ...partHeaders },
    payload,
  });
}

async function imported(text: string, options: { dryRun?: boolean } = {}): Promise<CatalogueImport> {
  const res = await upload([sheet(text)], options);
  return finished(t, res, staff);
}

const exportCsv = async () => {
  const res = await t.app.inject({ url: "/api/staff/catalogue/export/?format=csv", headers: staff });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

const packOf = (sku: string) =>
  t.database.db
    .selectFrom("product_variants")
    .select(["price_paise", "mrp_paise", "count_in_stock", "product_id", "label"])
    .where("sku", "=", sku)
    .executeTakeFirstOrThrow();

const problems = (result: CatalogueImport): Pick<ImportProblem, "line" | "column" | "code">[] =>
  (result.report?.errors ?? []).map(({ line, column, code }) => ({ line, column, code }));

describe("the catalogue as a spreadsheet", () => {
  it("exports one row per pack and imports it back with nothing changed", async () => {
    const category = await makeCategory(t.database.db, "Seeds", "बीज");
    await makeProduct(t.database.db, {
      name: "Tomato Seeds, Hybrid",
      nameHi: "टमाटर बीज",
      categoryId: category.id,
      description: 'Line one\nLine "two", with a comma',
      packs: [
        { label: "10 g", sku: "TOM-10", netQuantity: 10, unit: "g", pricePaise: 120_50, mrpPaise: 150_00, stock: 5 },
        { label: "50 g", sku: "TOM-50", netQuantity: 50, unit: "g", pricePaise: 499_00, stock: 0 },
      ],
    });
    // Text a spreadsheet would run as a formula goes out with ' before it, and comes back without.
    await makeProduct(t.database.db, {
      name: "Garden Kit",
      brand: "@Home",
      description: "=SUM(A1) is not a formula here",
      packs: [{ sku: "KIT-1" }],
    });
    const csv = await exportCsv();
    expect(csv).toContain(",'@Home,");
    expect(csv).toContain("'=SUM(A1) is not a formula here");
    const [header, first] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header?.split(",").slice(0, 3)).toEqual(["product_id", "name", "name_hi"]);
    expect(first).toContain("टमाटर बीज");
    const result = await imported(csv);
    expect(result.status).toBe("done");
    expect(result.report).toMatchObject({ created: 0, updated: 0, applied: true, errors: [] });
    expect(result.report?.unchanged).toBeGreaterThanOrEqual(3);
    const kit = (await t.app.inject({ url: `/api/products/${(await packOf("KIT-1")).product_id}/` })).json();
    expect(kit).toMatchObject({ brand: "@Home", description: "=SUM(A1) is not a formula here" });
  });

  it("a price list of sku, price, mrp and stock changes just those, and names SKUs it does not know", async () => {
    await makeProduct(t.database.db, { packs: [{ label: "45 kg", sku: "UREA-45", pricePaise: 266_50, stock: 10 }] });
    await makeProduct(t.database.db, { packs: [{ label: "50 kg", sku: "DAP-50", pricePaise: 1350_00, stock: 4 }] });

    const unknown = await imported("sku,price,stock\nUREA-45,260,12\nNOPE-1,10,1\n");
    expect(problems(unknown)).toEqual([{ line: 3, column: "sku", code: "import_sku_unknown" }]);
    expect((await packOf("UREA-45")).price_paise).toBe(266_50);

    const result = await imported("sku,price,mrp,stock\nUREA-45,270,300,12\nDAP-50,1350,1350,4\n");
    expect(result.report).toMatchObject({ created: 0, updated: 1, unchanged: 1, applied: true, errors: [] });
    expect(await packOf("UREA-45")).toMatchObject({ price_paise: 270_00, mrp_paise: 300_00, count_in_stock: 12 });
  });

  it("a dry run reports what it would do and writes nothing; apply writes it", async () => {
    await makeProduct(t.database.db, { packs: [{ label: "1 l", sku: "NEEM-1", pricePaise: 450_00, mrpPaise: 500_00 }] });
    const checked = await imported("sku,price\nNEEM-1,420\n", { dryRun: true });
    expect(checked).toMatchObject({ dryRun: true, status: "done", report: { updated: 1, applied: false, errors: [] } });
    expect((await packOf("NEEM-1")).price_paise).toBe(450_00);
    const applied = await t.app.inject({ method: "POST", url: `/api/staff/catalogue/imports/${checked.id}/apply/`, headers: staff });
    expect(await finished(t, applied, staff)).toMatchObject({ dryRun: false, status: "done", report: { updated: 1, applied: true } });
    expect((await packOf("NEEM-1")).price_paise).toBe(420_00);
    const again = await t.app.inject({ method: "POST", url: `/api/staff/catalogue/imports/${checked.id}/apply/`, headers: staff });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("import_not_appliable");
  });

  it("a dry run left for a day loses its file and can no longer be applied", async () => {
    const time = testClock();
    const shop = await createTestApp({}, {}, { clock: time.clock });
    try {
      const imports = shop.app.services.catalogueImports;
      await makeProduct(shop.database.db, { packs: [{ sku: "DAY-1" }] });
      const sheet = (price: number) => ({ fileName: "p.csv", format: "csv" as const, sheet: Buffer.from(`sku,price\nDAY-1,${price}\n`) });
      const old = await imports.waitFor((await imports.start(sheet(10), true, null)).id, 30_000);
      expect(old.report).toMatchObject({ updated: 1, errors: [] });
      time.advance(25 * 3_600_000);
      await imports.waitFor((await imports.start(sheet(11), true, null)).id, 30_000);
      expect(await imports.apply(old.id)).toEqual({ ok: false, failure: { kind: "import-not-appliable" } });
      expect(readdirSync(shop.config.privateMediaDir).filter((name) => name.startsWith("import-"))).toHaveLength(1);
    } finally {
      await shop.close();
    }
  });

  it("creates products with their packs, matched later by SKU", async () => {
    const text = [
      "name,category,brand,sku,pack_label,net_quantity,unit,price,mrp,stock,gst_rate,hsn_code,label_kind,fco_grade",
      "Zinc Sulphate 21%,Fertilisers,AgroZ,ZN-1,1 kg,1,kg,95,110,40,5,2833.29,fertiliser,Zinc 21%",
      "Zinc Sulphate 21%,Fertilisers,AgroZ,ZN-5,5 kg,5,kg,420,480,12,5,2833.29,fertiliser,Zinc 21%",
    ].join("\n");
    const result = await imported(text);
    expect(result.report).toMatchObject({ created: 2, updated: 0, unchanged: 0, applied: true, errors: [] });
    const one = await packOf("ZN-1");
    expect((await packOf("ZN-5")).product_id).toBe(one.product_id);
    const product = await t.app.inject({ url: `/api/products/${one.product_id}/` });
    expect(product.json()).toMatchObject({
      name: "Zinc Sulphate 21%",
      hsnCode: "283329",
      gstRate: 5,
      label: { kind: "fertiliser", fcoGrade: "Zinc 21%" },
      variants: [{ label: "1 kg", price: "95.00", mrp: "110.00" }, { label: "5 kg" }],
    });
    expect((await imported(text)).report).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it("names every bad line and column in the shop's codes, and changes nothing", async () => {
    await makeProduct(t.database.db, { packs: [{ label: "100 ml", sku: "IMI-100", pricePaise: 300_00 }] });
    const text = [
      "sku,product_id,name,category,pack_label,unit,price,mrp,stock,gst_rate,label_kind,cibrc_number,description",
      "IMI-100,,,,,,250,200,5,,,,", // MRP below the price
      "IMI-100,,,,,,250,300,,,,,", // the same SKU twice
      'NEW-1,,Pesticide X,Pesticides,1 l,litre,abc,,-3,7,pesticide,,=HYPERLINK("x")', // unit, price, stock, GST, CIB&RC, formula
      ",99999,,,,,,,,,,,", // no such product
      "NEW-2,,Name\u0001,Seeds,250 g,g,10,,1,,,,", // a control character
    ].join("\n");
    const result = await imported(text);
    expect(result.report?.applied).toBe(false);
    expect(problems(result)).toEqual(
      expect.arrayContaining([
        { line: 2, column: "mrp", code: "mrp_below_price" },
        { line: 3, column: "sku", code: "import_sku_repeated" },
        { line: 4, column: "unit", code: "invalid_choice" },
        { line: 4, column: "price", code: "amount_invalid" },
        { line: 4, column: "stock", code: "too_small" },
        { line: 4, column: "gst_rate", code: "gst_rate_invalid" },
        { line: 4, column: "description", code: "formula_cell" },
        { line: 5, column: "product_id", code: "import_product_not_found" },
        { line: 6, column: "name", code: "control_characters" },
      ]),
    );
    expect((await packOf("IMI-100")).price_paise).toBe(300_00);
  });

  it("refuses a pesticide without its CIB&RC number, and more than 20 packs", async () => {
    const rows = Array.from({ length: 21 }, (_, i) => `Big Pack Product,Tools,${i + 1} piece,${i + 1},piece,10`);
    const result = await imported(["name,category,pack_label,net_quantity,unit,price", ...rows].join("\n"));
    expect(problems(result)).toEqual([{ line: 2, column: null, code: "import_too_many_packs" }]);
    const pesticide = await imported("name,category,pack_label,price,label_kind\nSpray Y,Pesticides,1 l,300,pesticide\n");
    expect(problems(pesticide)).toEqual([{ line: 2, column: "cibrc_number", code: "cibrc_number_required" }]);
  });

  it("refuses an unknown column, a file without rows, and a file that is neither CSV nor XLSX", async () => {
    expect(problems(await imported("sku,colour\nX,red\n"))).toEqual([{ line: 1, column: "colour", code: "import_column_unknown" }]);
    expect(problems(await imported("sku,price\n"))).toEqual([{ line: null, column: null, code: "import_empty" }]);
    const binary = await upload([
      { field: "file", filename: "x.xls", contentType: "application/vnd.ms-excel", data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]) },
    ]);
    expect(binary.statusCode).toBe(400);
    expect(binary.json().code).toBe("import_format");
    const none = await upload([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe("import_file_missing");
    for (const [method, url] of [
      ["GET", "/api/staff/catalogue/imports/999999/"],
      ["POST", "/api/staff/catalogue/imports/999999/apply/"],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: staff });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe("import_not_found");
    }
    const notMultipart = await t.app.inject({
      method: "POST",
      url: "/api/staff/catalogue/import/",
      headers: { ...staff, "content-type": "application/json" },
      payload: "{}",
    });
    expect(notMultipart.statusCode).toBe(415);
  });

  it("exports XLSX, with a sheet explaining the columns, that imports back with nothing changed", async () => {
    await makeProduct(t.database.db, {
      name: "Wheat Seed HD-2967",
      packs: [
        { label: "40 kg", sku: "HD-40", netQuantity: 40, unit: "kg", pricePaise: 2_400_00, mrpPaise: 2_600_00, weightGrams: 40_500 },
        { label: "10 kg", sku: "HD-10", netQuantity: 10, unit: "kg", pricePaise: 650_00 },
      ],
    });
    const res = await t.app.inject({ url: "/api/staff/catalogue/export/?format=xlsx", headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="catalogue.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Catalogue", "Columns"]);
    expect(workbook.getWorksheet("Columns")?.rowCount).toBe(CATALOGUE_COLUMNS.length + 1);
    const { payload, headers } = multipart({}, [
      { field: "file", filename: "catalogue.xlsx", contentType: "application/octet-stream", data: res.rawPayload },
    ]);
    const back = await finished(
      t,
      await t.app.inject({ method: "POST", url: "/api/staff/catalogue/import/", headers: { ...staff, ...headers }, payload }),
      staff,
    );
    expect(back.report).toMatchObject({ created: 0, updated: 0, applied: true, errors: [] });
    expect(back.report?.unchanged).toBeGreaterThanOrEqual(2);
  });

  it("refuses a formula cell of an XLSX sheet", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Catalogue");
    sheet.addRow(["sku", "price"]);
    sheet.addRow(["HD-40", { formula: "1+1", result: 2 }]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const { payload, headers } = multipart({}, [{ field: "file", filename: "prices.xlsx", contentType: "application/octet-stream", data }]);
    const result = await finished(
      t,
      await t.app.inject({ method: "POST", url: "/api/staff/catalogue/import/", headers: { ...staff, ...headers }, payload }),
      staff,
    );
    expect(problems(result)).toEqual([{ line: 2, column: "price", code: "formula_cell" }]);
  });

  it("writes all rows or none: line 9 000 of 10 000 bad changes nothing, and names that line", async () => {
    const lines = ["name,category,sku,pack_label,price"];
    for (let i = 0; i < 10_000; i++) lines.push(`Bulk ${i},Bulk,BULK-${i},1 kg,${i === 8_998 ? "12.345" : 100}`);
    const result = await imported(lines.join("\n"));
    expect(problems(result)).toEqual([{ line: 9_000, column: "price", code: "amount_invalid" }]);
    expect(result.report).toMatchObject({ applied: false, errorsOmitted: 0 });
    expect(await t.database.db.selectFrom("product_variants").select("id").where("sku", "like", "BULK-%").execute()).toEqual([]);
  }, 120_000);

  it("a refusal met while writing rolls back every product written before it", async () => {
    const gone = await makeProduct(t.database.db);
    const items = Array.from({ length: 300 }, (_, i) => ({
      input: { name: `Rolled ${i}`, brand: "", category: "Rolled", description: "", pricePaise: 100_00, countInStock: 1 },
    }));
    // The 300th names a product deleted meanwhile.
    await t.app.services.catalogAdmin.remove(gone.id);
    const written = await t.app.services.catalogAdmin.importProducts([
      ...items,
      { id: gone.id, input: { name: "Gone", brand: "", category: "Rolled", description: "", pricePaise: 1_00, countInStock: 1 } },
    ]);
    expect(written).toEqual({ ok: false, failure: { kind: "import-refused", index: 300, failure: { kind: "product-not-found" } } });
    expect(await t.database.db.selectFrom("products").select("id").where("name", "like", "Rolled %").execute()).toEqual([]);
  });

  it("two imports at once run one after the other, never interleaved", async () => {
    const skus = Array.from({ length: 200 }, (_, i) => `PAIR-${i}`);
    for (const sku of skus) await makeProduct(t.database.db, { packs: [{ sku, pricePaise: 50_00, mrpPaise: 500_00 }] });
    const file = (price: number) => ["sku,price", ...skus.map((sku) => `${sku},${price}`)].join("\n");
    const [a, b] = await Promise.all([upload([sheet(file(111))]), upload([sheet(file(222))])]);
    const [first, second] = await Promise.all([finished(t, a, staff), finished(t, b, staff)]);
    expect([first.report?.updated, second.report?.updated]).toEqual([200, 200]);
    const prices = await t.database.db.selectFrom("product_variants").select("price_paise").where("sku", "in", skus).execute();
    // Whichever ran last set every price: no mix of the two.
    expect(new Set(prices.map((row) => row.price_paise)).size).toBe(1);
  });

  it("search, lists and the cached answers follow an import", async () => {
    await makeProduct(t.database.db, { name: "Plain Sprayer", packs: [{ sku: "SPRAY-16", pricePaise: 1_800_00, mrpPaise: 2_500_00 }] });
    const search = (keyword: string) => t.app.inject({ url: `/api/products/?keyword=${encodeURIComponent(keyword)}` });
    expect((await search("knapsack")).json()).toEqual([]);
    const before = (await search("sprayer")).json();
    expect(before[0]).toMatchObject({ name: "Plain Sprayer", price: "1800.00" });
    await imported("sku,name,price\nSPRAY-16,Knapsack Battery Sprayer 16 l,1650\n");
    expect((await search("knapsack")).json()[0]).toMatchObject({ name: "Knapsack Battery Sprayer 16 l", price: "1650.00" });
    expect((await search("sprayer")).json()[0]).toMatchObject({ price: "1650.00" });

    // A new product is in the sitemap at once (its cached copy dropped with the rest).
    expect((await t.app.inject({ url: "/sitemap.xml" })).statusCode).toBe(200);
    const made = await imported("name,category,sku,price\nSitemap Seeds,Seeds,SITEMAP-1,99\n");
    expect(made.report).toMatchObject({ created: 1, applied: true });
    const { product_id: id } = await packOf("SITEMAP-1");
    expect((await t.app.inject({ url: "/sitemap.xml" })).body).toContain(`/product/${id}<`);
  });

  it("is for staff only", async () => {
    const customer = await authHeaders(t, (await makeUser(t.database.db)).id);
    expect((await upload([sheet("sku,price\nX,1\n")], { headers: customer })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/staff/catalogue/export/", headers: customer })).statusCode).toBe(403);
  });
});
