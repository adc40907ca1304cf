import type { CatalogueImport, ImportProblem, Product } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeCategory, makeUser } from "../../testing/factories.ts";
import { finished } from "../../testing/imports.ts";
import { multipart } from "../../testing/multipart.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * The catalogue sheet's crops, problems and label_claims columns: exported as the product has
 * them, imported into the product's write (blank: none; absent: kept), refused in the shop's codes
 * on the product's line, and an export imported back changes nothing. On SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL names one.
 */

let t: TestApp;
let staff: Record<string, string>;
let categoryId: number;

type Json = Record<string, unknown>;

async function sent(method: "POST" | "PUT", url: string, payload: Json) {
  const res = await t.app.inject({ method, url, headers: staff, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

const problem = (slug: string, name: string) => ({ slug, kind: "pest", name, nameHi: "", symptoms: "", symptomsHi: "" });
const crop = (slug: string, name: string, problems: string[]) => ({
  slug,
  name,
  nameHi: "",
  seasons: ["kharif"],
  stages: [],
  problems: problems.map((p) => ({ problem: p })),
});

const PESTICIDE = { kind: "pesticide", cibrcNumber: "CIR-12345/2019-Imidacloprid" };

/** A product made through the product form, with its pack's SKU, label and links. */
async function made(name: string, sku: string, more: Json = {}): Promise<Product> {
  const res = await t.app.inject({ method: "POST", url: "/api/products/create/", headers: staff });
  const id = res.json()._id as number;
  return sent("PUT", `/api/products/update/${id}/`, {
    name,
    price: "100.00",
    brand: "Kisan",
    countInStock: 5,
    category: categoryId,
    description: "",
    variants: [{ label: "100 ml", sku, netQuantity: 100, unit: "ml", price: "100.00", mrp: "120.00", countInStock: 5, weightGrams: 150 }],
    ...more,
  });
}

const productOf = async (id: number): Promise<Product> => (await t.app.inject({ url: `/api/products/${id}/` })).json();
const slugs = (product: Product) => ({
  crops: product.crops.map((c) => c.slug),
  problems: product.problems.map((p) => `${p.crop.slug}:${p.problem.slug}`),
  labelClaims: product.labelClaims.map((p) => `${p.crop.slug}:${p.problem.slug}`),
});

async function imported(text: string, { dryRun = false } = {}): Promise<CatalogueImport> {
  const data = Buffer.from(text);
  const { payload, headers } = multipart({}, [{ field: "file", filename: "crops.csv", contentType: "text/csv", data }]);
  const url = `/api/staff/catalogue/import/${dryRun ? "?dry_run=true" : ""}`;
  const res = await t.app.inject({ method: "POST", url, headers: { ...staff, ...headers }, payload });
  return finished(t, res, staff);
}

const problems = (result: CatalogueImport): Pick<ImportProblem, "line" | "column" | "code" | "params">[] =>
  (result.report?.errors ?? []).map(({ line, column, code, params }) => ({ line, column, code, params }));

/** The CSV export's rows as objects by column. */
async function exportedRows(): Promise<Record<string, string>[]> {
  const res = await t.app.inject({ url: "/api/staff/catalogue/export/?format=csv", headers: staff });
  expect(res.statusCode).toBe(200);
  const [header = "", ...lines] = res.body
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean);
  const columns = header.split(",");
  // The test's products have no comma in their cells.
  return lines.map((line) => Object.fromEntries(line.split(",").map((cell, i) => [columns[i] as string, cell])));
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await authHeaders(t, (await makeUser(t.database.db, { is_staff: true })).id);
  categoryId = (await makeCategory(t.database.db, "Crop care")).id;
  await sent("POST", "/api/staff/problems/", problem("whitefly", "Whitefly"));
  await sent("POST", "/api/staff/problems/", problem("pink-bollworm", "Pink Bollworm"));
  await sent("POST", "/api/staff/problems/", problem("stem-borer", "Stem Borer"));
  await sent("POST", "/api/staff/crops/", crop("cotton", "Cotton", ["whitefly", "pink-bollworm"]));
  await sent("POST", "/api/staff/crops/", crop("paddy", "Paddy", ["stem-borer"]));
});
afterAll(() => t.close());

describe("the catalogue sheet's crops, problems and label claims", () => {
  it("exports each product's links and imports the export back with nothing changed, as CSV and XLSX", async () => {
    const spray = await made("Imidacloprid 17.8 SL", "IMI-CROPS", {
      label: PESTICIDE,
      crops: ["cotton", "paddy"],
      problems: [
        { crop: "cotton", problem: "whitefly" },
        { crop: "paddy", problem: "stem-borer" },
      ],
      labelClaims: [
        { crop: "cotton", problem: "whitefly" },
        { crop: "paddy", problem: "stem-borer" },
      ],
    });
    await made("Cotton Seed", "SEED-CROPS", { crops: ["cotton"] });
    const before = slugs(await productOf(spray._id));
    const rows = await exportedRows();
    expect(rows.find((row) => row.sku === "IMI-CROPS")).toMatchObject({
      crops: "cotton; paddy",
      problems: "cotton:whitefly; paddy:stem-borer",
      label_claims: "cotton:whitefly; paddy:stem-borer",
    });
    expect(rows.find((row) => row.sku === "SEED-CROPS")).toMatchObject({ crops: "cotton", problems: "", label_claims: "" });

    const csv = (await t.app.inject({ url: "/api/staff/catalogue/export/?format=csv", headers: staff })).body;
    const back = await imported(csv);
    expect(back.report).toMatchObject({ created: 0, updated: 0, applied: true, errors: [] });
    const xlsx = (await t.app.inject({ url: "/api/staff/catalogue/export/?format=xlsx", headers: staff })).rawPayload;
    const { payload, headers } = multipart({}, [
      { field: "file", filename: "catalogue.xlsx", contentType: "application/octet-stream", data: xlsx },
    ]);
    const res = await t.app.inject({ method: "POST", url: "/api/staff/catalogue/import/", headers: { ...staff, ...headers }, payload });
    expect((await finished(t, res, staff)).report).toMatchObject({ created: 0, updated: 0, applied: true, errors: [] });
    expect(slugs(await productOf(spray._id))).toEqual(before);
  });

  it("links products to their crops and problems, a blank cell unlinking and an absent column keeping", async () => {
    const spray = await made("Acephate 75 SP", "ACE-1", {
      label: PESTICIDE,
      labelClaims: [{ crop: "cotton", problem: "whitefly" }],
    });
    const made1 = await imported(
      [
        "sku,crops,problems,label_claims",
        // Written loosely: spaces, capitals, a repeat; its problem's crop comes with it.
        "ACE-1,Paddy ;paddy,COTTON : whitefly,cotton:whitefly;  paddy:stem-borer",
      ].join("\n"),
    );
    expect(made1.report).toMatchObject({ updated: 1, applied: true, errors: [] });
    expect(slugs(await productOf(spray._id))).toEqual({
      crops: ["cotton", "paddy"],
      problems: ["cotton:whitefly"],
      labelClaims: ["cotton:whitefly", "paddy:stem-borer"],
    });

    // Only the problems column: the crops and the claim stay; blank, the problems go.
    expect((await imported("sku,problems\nACE-1,\n")).report).toMatchObject({ updated: 1, applied: true, errors: [] });
    expect(slugs(await productOf(spray._id))).toEqual({
      crops: ["cotton", "paddy"],
      problems: [],
      labelClaims: ["cotton:whitefly", "paddy:stem-borer"],
    });
    expect((await imported("sku,price\nACE-1,100\n")).report).toMatchObject({ updated: 0, unchanged: 1 });

    // A new product with its crops.
    const fresh = await imported("name,category,sku,price,crops,problems\nPaddy Guard,Crop care,GUARD-1,250,paddy,paddy:stem-borer\n");
    expect(fresh.report).toMatchObject({ created: 1, applied: true, errors: [] });
    const id = (
      await t.database.db.selectFrom("product_variants").select("product_id").where("sku", "=", "GUARD-1").executeTakeFirstOrThrow()
    ).product_id;
    expect(slugs(await productOf(id))).toEqual({ crops: ["paddy"], problems: ["paddy:stem-borer"], labelClaims: [] });
  });

  it("reports a pesticide's row off its label claim on its line with label_claim_missing, and changes nothing", async () => {
    const spray = await made("Thiamethoxam 25 WG", "THIA-1", {
      label: PESTICIDE,
      crops: ["cotton"],
      problems: [{ crop: "cotton", problem: "whitefly" }],
      labelClaims: [{ crop: "cotton", problem: "whitefly" }],
    });
    const other = await made("Fipronil 5 SC", "FIP-1", { crops: ["paddy"], problems: [{ crop: "paddy", problem: "stem-borer" }] });
    const text = ["sku,price,problems", "FIP-1,100,", "THIA-1,90,cotton:whitefly; cotton:pink-bollworm"].join("\n");
    const offClaim = [{ line: 3, column: "problems", code: "label_claim_missing", params: { crop: "cotton", problem: "pink-bollworm" } }];
    // Checking the file finds it, as the import does.
    expect(problems(await imported(text, { dryRun: true }))).toEqual(offClaim);
    const result = await imported(text);
    expect(result.report?.applied).toBe(false);
    expect(problems(result)).toEqual(offClaim);
    expect(slugs(await productOf(spray._id)).problems).toEqual(["cotton:whitefly"]);
    // A product made a pesticide keeps its links: they must be on the claim it is given.
    const becoming = await imported("sku,label_kind,cibrc_number\nFIP-1,pesticide,CIR-1/2020\n", { dryRun: true });
    expect(problems(becoming)).toEqual([
      { line: 2, column: "problems", code: "label_claim_missing", params: { crop: "paddy", problem: "stem-borer" } },
    ]);
    const withClaim = await imported("sku,label_kind,cibrc_number,label_claims\nFIP-1,pesticide,CIR-1/2020,paddy:stem-borer\n");
    expect(withClaim.report).toMatchObject({ updated: 1, applied: true, errors: [] });
    const pack = await t.database.db
      .selectFrom("product_variants")
      .select("price_paise")
      .where("sku", "=", "THIA-1")
      .executeTakeFirstOrThrow();
    expect(pack.price_paise).toBe(100_00);
    // Nor was the other row's product written.
    expect(slugs(await productOf(other._id)).problems).toEqual(["paddy:stem-borer"]);
  });

  it("names a crop, a problem or a pair the shop does not have, and a malformed cell, in the shop's codes", async () => {
    await made("Neem Oil", "NEEM-CROPS");
    const unknownCrop = await imported("sku,crops\nNEEM-CROPS,cotton; coconut\n");
    expect(problems(unknownCrop)).toEqual([{ line: 2, column: "crops", code: "crop_unknown", params: { value: "coconut" } }]);
    const unknownProblem = await imported("sku,label_claims\nNEEM-CROPS,cotton:locust\n");
    expect(problems(unknownProblem)).toEqual([{ line: 2, column: "label_claims", code: "problem_unknown", params: { value: "locust" } }]);
    const notItsProblem = await imported("sku,problems\nNEEM-CROPS,paddy:whitefly\n");
    expect(problems(notItsProblem)).toEqual([
      { line: 2, column: "problems", code: "crop_problem_unknown", params: { crop: "paddy", problem: "whitefly" } },
    ]);
    const malformed = await imported("sku,crops,problems\nNEEM-CROPS,cotton/paddy,cotton\n");
    expect(problems(malformed)).toEqual([
      { line: 2, column: "crops", code: "slug_invalid", params: {} },
      { line: 2, column: "problems", code: "slug_invalid", params: {} },
    ]);
    // A product's rows must agree on its links (written alike, in any spacing).
    const two = await imported(
      [
        "name,category,sku,pack_label,price,crops",
        "Two Packs,Crop care,TWO-1,1 l,10,cotton;paddy",
        "Two Packs,Crop care,TWO-5,5 l,40,paddy",
      ].join("\n"),
    );
    expect(problems(two)).toEqual([{ line: 3, column: "crops", code: "import_product_differs", params: { earlier: 2 } }]);
    expect(slugs(await productOf((await productIdOf("NEEM-CROPS")) as number)).crops).toEqual([]);
  });
});

async function productIdOf(sku: string): Promise<number | undefined> {
  return (await t.database.db.selectFrom("product_variants").select("product_id").where("sku", "=", sku).executeTakeFirst())?.product_id;
}
