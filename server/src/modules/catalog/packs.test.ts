import { MAX_PACKS } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeCategory, makeProduct, makeUser } from "../../testing/factories.ts";
import { placeOrder } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { CIBRC_REQUIRED, MRP_BELOW_PRICE, STOCK_MOVED } from "./admin.ts";
import { searchBackendFor } from "./search-backends.ts";
import { indexUnsearchableProducts } from "./search-index.ts";

/**
 * Packs in the catalogue: the product JSON lists them (its own price and stock are the default
 * pack's), lists sort and filter by them, and staff add, reorder and remove them with the
 * product's page, the label beside them. On SQLite, and on PostgreSQL when TEST_DATABASE_URL names one.
 */
let t: TestApp;
let asStaff: Record<string, string>;
let category: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  asStaff = await authHeaders(t, (await makeUser(t.database.db, { is_staff: true })).id);
  category = await makeCategory(t.database.db, "Pack tests");
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url });
const edit = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: `/api/products/update/${id}/`, headers: asStaff, payload });
/** The spec's form fields; the packs and label go beside them. */
const form = { name: "Wheat Seed", price: "100.00", brand: "Mahyco", countInStock: 1, category: 0, description: "HD-2967" };

type Variant = { id: number; label: string; sku: string; price: string; mrp: string; countInStock: number };
const pack = (label: string, price: string, countInStock: number, more: Record<string, unknown> = {}) => ({
  label,
  sku: "",
  netQuantity: Number.parseFloat(label),
  unit: label.endsWith("kg") ? "kg" : "g",
  price,
  mrp: price,
  countInStock,
  weightGrams: 0,
  ...more,
});
const wheat = () =>
  makeProduct(t.database.db, {
    name: "Wheat Seed",
    categoryId: category.id,
    packs: [
      { label: "1 kg", netQuantity: 1, unit: "kg", pricePaise: 120_00, stock: 0 },
      { label: "5 kg", netQuantity: 5, unit: "kg", pricePaise: 90_00, stock: 4 },
    ],
  });
const ids = (body: { _id: number }[]) => body.map((p) => p._id);

describe("the product JSON", () => {
  it("lists the packs, default first, the product's price and stock being the default pack's, in a list and the detail", async () => {
    const product = await wheat();
    const detail = (await get(`/api/products/${product.id}/`)).json();
    expect(detail).toMatchObject({ price: "120.00", countInStock: 0 });
    expect(detail.variants.map((v: Variant) => [v.label, v.price, v.countInStock])).toEqual([
      ["1 kg", "120.00", 0],
      ["5 kg", "90.00", 4],
    ]);
    const listed = (await get(`/api/products?category=${category.id}&page_size=100`)).json();
    const row = listed.find((p: { _id: number }) => p._id === product.id);
    expect(row).toMatchObject({ price: "120.00", countInStock: 0, variants: detail.variants, label: detail.label });
  });

  it("treats a product without packs (a bulk loader's) as having none", async () => {
    const product = await makeProduct(t.database.db, { categoryId: category.id, pricePaise: 55_00, stock: 2 });
    await t.database.db.deleteFrom("product_variants").where("product_id", "=", product.id).execute();
    t.app.services.catalog.invalidate();
    expect((await get(`/api/products/${product.id}/`)).json()).toMatchObject({ price: "55.00", countInStock: 2, variants: [] });
  });
});

describe("lists by packs", () => {
  it("sorts by a product's lowest pack price and finds in stock a product whose default pack is empty but another is not", async () => {
    const own = await makeCategory(t.database.db, "Sorted by packs");
    const cheapSecond = await makeProduct(t.database.db, {
      categoryId: own.id,
      packs: [
        { label: "1 kg", pricePaise: 300_00, stock: 0 },
        { label: "25 kg", pricePaise: 50_00, stock: 3 },
      ],
    });
    const middle = await makeProduct(t.database.db, { categoryId: own.id, pricePaise: 100_00, stock: 0 });
    const dear = await makeProduct(t.database.db, { categoryId: own.id, pricePaise: 200_00, stock: 1 });
    expect(ids((await get(`/api/products?category=${own.id}&sort=price_asc`)).json())).toEqual([cheapSecond.id, middle.id, dear.id]);
    expect(ids((await get(`/api/products?category=${own.id}&sort=price_desc`)).json())).toEqual([dear.id, middle.id, cheapSecond.id]);
    expect(ids((await get(`/api/products?category=${own.id}&in_stock=true&sort=price_asc`)).json())).toEqual([cheapSecond.id, dear.id]);
  });

  it("finds a product by a pack's label and SKU once staff give them", async () => {
    const product = await makeProduct(t.database.db, { name: "Urea", categoryId: category.id });
    const res = await edit(product.id, {
      ...form,
      name: "Urea",
      category: category.id,
      variants: [pack("45 kg", "266.50", 10, { sku: "IFFCO-UREA-45" })],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ids((await get("/api/products?keyword=urea%2045%20kg")).json())).toContain(product.id);
    expect(ids((await get("/api/products?keyword=IFFCO-UREA-45")).json())).toContain(product.id);

    // A migration that empties the search text (new spelling rules) has it written again at start-up, packs and all.
    const { db } = t.database;
    await db.updateTable("products").set({ search_text: "" }).where("id", "=", product.id).execute();
    expect(await indexUnsearchableProducts(db, searchBackendFor(t.database.dialect))).toBeGreaterThanOrEqual(1);
    const row = await db.selectFrom("products").select("search_text").where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(row.search_text).toContain("iffco-urea-45");
    expect(row.search_text).toContain("45 kg");
  });
});

describe("staff editing packs", () => {
  it("adds, reorders and removes packs; a removed pack's past order keeps its label; the summaries follow", async () => {
    const product = await wheat();
    const [small, large] = product.variants;
    const buyer = await authHeaders(t, (await makeUser(t.database.db)).id);
    const order = await placeOrder(t, buyer, { id: product.id, variant: large?.id, pricePaise: 90_00 });

    const res = await edit(product.id, {
      ...form,
      category: category.id,
      variants: [
        pack("5 kg", "450.00", 3, { id: large?.id, mrp: "500.00", stockSeen: 3, sku: "WH-5" }),
        pack("500 g", "70.00", 9, { sku: "WH-500" }),
        pack("1 kg", "120.00", 6, { id: small?.id, weightGrams: 1_050 }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ price: "450.00", countInStock: 3 });
    expect(body.variants.map((v: Variant) => [v.label, v.sku, v.price, v.mrp, v.countInStock])).toEqual([
      ["5 kg", "WH-5", "450.00", "500.00", 3],
      ["500 g", "WH-500", "70.00", "70.00", 9],
      ["1 kg", "", "120.00", "120.00", 6],
    ]);
    expect(body.variants[0].id).toBe(large?.id);
    const summaries = () =>
      t.database.db.selectFrom("products").select(["price_paise", "count_in_stock"]).where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(await summaries()).toMatchObject({ count_in_stock: 18 });
    expect(Number((await summaries()).price_paise)).toBe(70_00);

    // The 5 kg pack (on the order) goes: the order line keeps its label.
    const removed = await edit(product.id, { ...form, category: category.id, variants: [pack("1 kg", "120.00", 6, { id: small?.id })] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().variants.map((v: Variant) => v.label)).toEqual(["1 kg"]);
    const line = await t.database.db
      .selectFrom("order_items")
      .select(["variant_id", "variant_label"])
      .where("order_id", "=", order._id)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ variant_id: null, variant_label: "5 kg" });
    expect(await summaries()).toMatchObject({ count_in_stock: 6 });
    expect(Number((await summaries()).price_paise)).toBe(120_00);
  });

  it("edits the default pack with the spec's form (price, countInStock, stockSeen) when no packs are given", async () => {
    const product = await wheat();
    const res = await edit(product.id, { ...form, category: category.id, price: "150.00", countInStock: 7, stockSeen: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().variants.map((v: Variant) => [v.label, v.price, v.mrp, v.countInStock])).toEqual([
      ["1 kg", "150.00", "150.00", 7],
      ["5 kg", "90.00", "90.00", 4],
    ]);
    // Sold meanwhile: the form's stale count is refused.
    const moved = await edit(product.id, { ...form, category: category.id, countInStock: 9, stockSeen: 3 });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: "stock_moved", detail: STOCK_MOVED });
  });

  it("refuses a pack's stale count per pack, and keeps the count sold meanwhile when staff left it", async () => {
    const product = await wheat();
    const [small, large] = product.variants;
    const packs = (count: number, seen: number) => [
      pack("1 kg", "120.00", 0, { id: small?.id }),
      pack("5 kg", "90.00", count, { id: large?.id, stockSeen: seen }),
    ];
    const moved = await edit(product.id, { ...form, category: category.id, variants: packs(10, 7) });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe("stock_moved");
    const kept = await edit(product.id, { ...form, category: category.id, variants: packs(7, 7) });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().variants[1].countInStock).toBe(4);
  });

  it.each([
    ["two packs with one label", [pack("1 kg", "1.00", 1), pack("1 KG", "2.00", 1)], "variants.1.label", "pack_label_taken"],
    ["one SKU twice", [pack("1 kg", "1.00", 1, { sku: "A" }), pack("2 kg", "2.00", 1, { sku: "A" })], "variants.1.sku", "sku_taken"],
    ["a price above the MRP", [pack("1 kg", "10.00", 1, { mrp: "9.99" })], "variants.0.mrp", "mrp_below_price"],
    ["a pack of no product", [pack("1 kg", "1.00", 1, { id: 999_999 })], "variants.0.id", "pack_not_found"],
    ["a price of nothing", [pack("1 kg", "0", 1)], "variants.0.price", "price_out_of_range"],
    ["no pack", [], "variants", "too_few_items"],
    ["too many packs", Array.from({ length: MAX_PACKS + 1 }, (_, i) => pack(`${i + 1} kg`, "1.00", 1)), "variants", "too_many_items"],
  ])("refuses %s, changing nothing", async (_what, variants, field, code) => {
    const product = await wheat();
    const before = (await get(`/api/products/${product.id}/`)).json();
    const res = await edit(product.id, { ...form, category: category.id, variants });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field_errors[field]).toEqual([expect.objectContaining({ code })]);
    if (code === "mrp_below_price") expect(res.json()[field]).toEqual([MRP_BELOW_PRICE]);
    expect((await get(`/api/products/${product.id}/`)).json()).toEqual(before);
  });

  it("refuses a SKU another product's pack has, and a pack of another product", async () => {
    const other = await makeProduct(t.database.db, { categoryId: category.id, packs: [{ label: "1 kg", sku: "TAKEN-1" }] });
    const product = await wheat();
    const taken = await edit(product.id, { ...form, category: category.id, variants: [pack("1 kg", "1.00", 1, { sku: "TAKEN-1" })] });
    expect(taken.statusCode, taken.body).toBe(400);
    expect(taken.json().field_errors["variants.0.sku"]).toEqual([{ code: "sku_taken" }]);
    const stolen = await edit(product.id, {
      ...form,
      category: category.id,
      variants: [pack("1 kg", "1.00", 1, { id: other.variants[0]?.id })],
    });
    expect(stolen.statusCode, stolen.body).toBe(400);
    expect(stolen.json().field_errors["variants.0.id"]).toEqual([{ code: "pack_not_found" }]);
    expect((await get(`/api/products/${other.id}/`)).json().variants[0]).toMatchObject({ label: "1 kg", sku: "TAKEN-1" });
  });

  it("swaps two packs' SKUs in one edit", async () => {
    const product = await makeProduct(t.database.db, {
      categoryId: category.id,
      packs: [
        { label: "1 kg", sku: "SWAP-A" },
        { label: "2 kg", sku: "SWAP-B" },
      ],
    });
    const [a, b] = product.variants;
    const res = await edit(product.id, {
      ...form,
      category: category.id,
      variants: [pack("1 kg", "1.00", 1, { id: a?.id, sku: "SWAP-B" }), pack("2 kg", "1.00", 1, { id: b?.id, sku: "SWAP-A" })],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().variants.map((v: Variant) => v.sku)).toEqual(["SWAP-B", "SWAP-A"]);
  });

  it("creates a sample product with one pack", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/products/create/", headers: asStaff });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().variants).toEqual([
      {
        id: expect.any(Number),
        label: "1 pack",
        sku: "",
        netQuantity: 1,
        unit: "piece",
        price: "0.00",
        mrp: "0.00",
        countInStock: 0,
        weightGrams: 0,
      },
    ]);
    // Its first edit may send the sample's "0.00" beside the packs: the packs' prices count.
    const edited = await edit(res.json()._id, { ...form, price: "0.00", category: category.id, variants: [pack("1 kg", "99.00", 5)] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ price: "99.00", countInStock: 5 });
  });
});

describe("the label", () => {
  const seedLabel = {
    kind: "seed",
    manufacturer: "Mahyco Seeds Ltd.",
    manufacturerAddress: "Resham Bhavan, Veer Nariman Road, Mumbai 400020",
    genericName: "Wheat seed (Triticum aestivum)",
    bestBefore: "9 months from the test date",
    customerCare: "1800 233 1234, care@mahyco.example",
    seedVariety: "HD-2967",
    seedLot: "MH-24-0173",
    germinationPercent: 85,
    seedTestDate: "2026-09-14",
  };

  it("is edited in part, the fields not sent kept", async () => {
    const product = await wheat();
    const first = await edit(product.id, { ...form, category: category.id, label: seedLabel });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().label).toEqual({
      ...seedLabel,
      countryOfOrigin: "India",
      cibrcNumber: "",
      fcoGrade: "",
      genericNameHi: "",
      countryOfOriginHi: "",
      bestBeforeHi: "",
      customerCareHi: "",
    });
    const second = await edit(product.id, { ...form, category: category.id, label: { seedLot: "MH-24-0199", germinationPercent: null } });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().label).toMatchObject({ ...seedLabel, seedLot: "MH-24-0199", germinationPercent: null });
  });

  it("takes its values in Hindi beside the English, trimmed, keeps them when not sent and clears them when sent empty", async () => {
    const product = await wheat();
    const hindi = {
      genericNameHi: " गेहूँ का बीज ",
      countryOfOriginHi: "भारत",
      bestBeforeHi: "जाँच की तारीख़ से 9 महीने",
      customerCareHi: "1800 233 1234, care@mahyco.example",
    };
    const first = await edit(product.id, { ...form, category: category.id, label: { ...seedLabel, ...hindi } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().label).toMatchObject({ ...seedLabel, ...hindi, genericNameHi: "गेहूँ का बीज" });
    const row = await t.database.db
      .selectFrom("products")
      .select(["generic_name_hi", "country_of_origin_hi", "best_before_hi", "customer_care_hi"])
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      generic_name_hi: "गेहूँ का बीज",
      country_of_origin_hi: "भारत",
      best_before_hi: "जाँच की तारीख़ से 9 महीने",
      customer_care_hi: "1800 233 1234, care@mahyco.example",
    });
    // The product page's answer carries them too.
    expect((await get(`/api/products/${product.id}/`)).json().label).toMatchObject({
      genericNameHi: "गेहूँ का बीज",
      countryOfOriginHi: "भारत",
    });

    const second = await edit(product.id, { ...form, category: category.id, label: { seedLot: "MH-24-0199", bestBeforeHi: "" } });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().label).toMatchObject({ genericNameHi: "गेहूँ का बीज", bestBeforeHi: "", customerCareHi: hindi.customerCareHi });
  });

  it("refuses a Hindi value longer than its English one may be", async () => {
    const product = await wheat();
    const res = await edit(product.id, { ...form, category: category.id, label: { countryOfOriginHi: "भ".repeat(61) } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "field_invalid" });
    expect(res.json()).toHaveProperty(["label.countryOfOriginHi"]);
  });

  it("refuses a pesticide without its CIB&RC number, with packs or without, and publishes it with one", async () => {
    const product = await wheat();
    for (const payload of [
      { ...form, category: category.id, label: { kind: "pesticide", cibrcNumber: " " } },
      { ...form, category: category.id, label: { kind: "pesticide" }, variants: [pack("100 g", "10.00", 1)] },
    ]) {
      const res = await edit(product.id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: "field_invalid", "label.cibrcNumber": [CIBRC_REQUIRED] });
      expect(res.json().field_errors["label.cibrcNumber"]).toEqual([{ code: "cibrc_number_required" }]);
    }
    expect((await get(`/api/products/${product.id}/`)).json().label.kind).toBe("general");
    const ok = await edit(product.id, {
      ...form,
      category: category.id,
      label: { kind: "pesticide", cibrcNumber: "CIR-12345/2019-Imidacloprid" },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // Any later edit that takes the number away is refused too.
    const cleared = await edit(product.id, { ...form, category: category.id, label: { cibrcNumber: "" } });
    expect(cleared.statusCode).toBe(400);
  });
});
