import { GST_RATES } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../lib/passwords.ts";
import { LocalMediaStorage } from "../lib/storage.ts";
import { createTestDatabase } from "../testing/test-app.ts";
import { DEMO_CATEGORIES, DEMO_PRODUCTS, DEMO_TAX } from "./catalogue.ts";
import { DEMO_ACCOUNTS, seedDemo } from "./demo.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("seedDemo", () => {
  it("fills an empty shop with a realistic catalogue once", async () => {
    const db = database.db;
    const result = await seedDemo(db, { media: new LocalMediaStorage("/tmp/unused"), images: false });
    expect(result?.products).toBeGreaterThanOrEqual(40);
    expect(result?.categories).toBeGreaterThanOrEqual(6);

    const outOfStock = await db.selectFrom("products").select("id").where("count_in_stock", "=", 0).execute();
    expect(outOfStock.length).toBeGreaterThan(0);
    const prices = await db.selectFrom("products").select("price_paise").execute();
    expect(prices.every((p) => Number(p.price_paise) > 0)).toBe(true);

    // Ratings and counts agree with the reviews themselves.
    const products = await db.selectFrom("products").select(["id", "rating", "num_reviews"]).where("num_reviews", ">", 0).execute();
    expect(products.length).toBeGreaterThan(5);
    for (const product of products) {
      const reviews = await db.selectFrom("reviews").select("rating").where("product_id", "=", product.id).execute();
      expect(reviews).toHaveLength(product.num_reviews);
      const average = reviews.reduce((s, r) => s + r.rating, 0) / reviews.length;
      expect(Number(product.rating)).toBeCloseTo(average, 5);
    }

    // The coupon the README offers to try, on a category the demo has.
    const coupon = await db.selectFrom("promotions").select(["code", "categories"]).executeTakeFirstOrThrow();
    expect(coupon).toEqual({ code: "KHARIF10", categories: '["Seeds"]' });
    expect(await db.selectFrom("categories").select("id").where("name", "=", "Seeds").executeTakeFirst()).toBeDefined();

    expect(await seedDemo(db, { media: new LocalMediaStorage("/tmp/unused"), images: false })).toBeNull();
    const count = await db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(result?.products);
  });

  it("writes the Hindi names and descriptions the catalogue gives, searchable", async () => {
    const { db } = database;
    const categories = await db.selectFrom("categories").select(["name", "name_hi"]).execute();
    for (const category of DEMO_CATEGORIES) expect(categories).toContainEqual({ name: category.name, name_hi: category.nameHi });
    const products = await db.selectFrom("products").select(["name", "name_hi", "description_hi", "search_text"]).execute();
    for (const product of DEMO_PRODUCTS) {
      const row = products.find((p) => p.name === product.name);
      expect(row, product.name).toMatchObject({ name_hi: product.nameHi ?? "", description_hi: product.descriptionHi ?? "" });
      if (product.nameHi) expect(row?.search_text, product.name).toContain(product.nameHi.toLowerCase());
    }
  });

  it("gives every product an HSN code and a GST rate: seeds 0 %, fertilisers and bio-pesticides 5 %", async () => {
    const rows = await database.db
      .selectFrom("products")
      .innerJoin("categories", "categories.id", "products.category_id")
      .select(["products.name", "products.hsn_code", "products.gst_rate", "categories.name as category"])
      .execute();
    expect(rows).toHaveLength(DEMO_PRODUCTS.length);
    expect(Object.keys(DEMO_TAX).sort()).toEqual(DEMO_PRODUCTS.map((p) => p.name).sort());
    for (const row of rows) {
      expect(row.hsn_code, row.name).toMatch(/^(\d{4}|\d{6}|\d{8})$/);
      expect(GST_RATES, row.name).toContain(Number(row.gst_rate));
      if (row.category === "Seeds") expect(Number(row.gst_rate), row.name).toBe(0);
      if (row.category === "Fertilisers" || row.category === "Bio-pesticides") expect(Number(row.gst_rate), row.name).toBe(5);
      if (row.category === "Bio-pesticides") expect(row.hsn_code, row.name).toMatch(/^3808/);
    }
    const rates = new Set(rows.map((row) => Number(row.gst_rate)));
    expect([...rates].sort((a, b) => a - b)).toEqual([0, 5, 18]);
  });

  it("sells every product in packs, its price and stock the packs' summaries; urea in a 45 kg bag, seed and neem oil in several", async () => {
    const { db } = database;
    const products = await db.selectFrom("products").select(["id", "name", "price_paise", "count_in_stock"]).execute();
    const packs = await db.selectFrom("product_variants").selectAll().orderBy("product_id").orderBy("position").execute();
    for (const product of products) {
      const own = packs.filter((pack) => pack.product_id === product.id);
      expect(own.length, product.name).toBeGreaterThan(0);
      expect(Number(product.price_paise), product.name).toBe(Math.min(...own.map((pack) => Number(pack.price_paise))));
      expect(product.count_in_stock, product.name).toBe(own.reduce((sum, pack) => sum + pack.count_in_stock, 0));
      for (const pack of own)
        expect(Number(pack.mrp_paise), `${product.name} ${pack.label}`).toBeGreaterThanOrEqual(Number(pack.price_paise));
    }
    const packsOf = (name: string) =>
      packs
        .filter((pack) => pack.product_id === products.find((p) => p.name === name)?.id)
        .map((pack) => [pack.label, Number(pack.price_paise), pack.weight_grams]);
    expect(packsOf("Neem Coated Urea")).toEqual([["45 kg", 266_50, 45_500]]);
    expect(packsOf("Wheat Seeds HD 3086").map(([label]) => label)).toEqual(["1 kg", "5 kg"]);
    expect(packsOf("Okra Seeds Radhika").map(([label]) => label)).toEqual(["250 g", "1 kg", "4 kg"]);
    // The journeys buy the neem oil's default pack at ₹899.
    expect(packsOf("Neem Oil 10000 ppm").map(([label, price]) => [label, price])).toEqual([
      ["1 l", 899_00],
      ["250 ml", 260_00],
      ["100 ml", 120_00],
    ]);
    const skus = packs.map((pack) => pack.sku);
    expect(new Set(skus).size).toBe(skus.length);
  });

  it("labels every product: its maker and address, India or its country, customer care; seed lots, FCO grades and CIB&RC numbers", async () => {
    const rows = await database.db.selectFrom("products").selectAll().execute();
    for (const row of rows) {
      expect(row.manufacturer, row.name).not.toBe("");
      expect(row.manufacturer_address, row.name).not.toBe("");
      expect(row.country_of_origin, row.name).not.toBe("");
      expect(row.customer_care, row.name).toContain("care@krishibazaar.in");
      if (row.label_kind === "pesticide") expect(row.cibrc_number, row.name).toMatch(/^CIR-/);
      if (row.label_kind === "seed") expect(row.germination_percent, row.name).toBeGreaterThanOrEqual(80);
    }
    const byName = (name: string) => rows.find((row) => row.name === name);
    expect(byName("Neem Coated Urea")).toMatchObject({ label_kind: "fertiliser", fco_grade: "46-0-0 (N 46 %)" });
    expect(byName("Neem Oil 10000 ppm")?.label_kind).toBe("pesticide");
    expect(byName("Okra Seeds Radhika")).toMatchObject({
      label_kind: "seed",
      seed_variety: "Radhika",
      seed_test_date: expect.stringMatching(/^2026-\d\d-\d\d$/),
    });
    expect(new Set(rows.map((row) => row.label_kind))).toEqual(new Set(["general", "seed", "fertiliser", "pesticide"]));
  });

  it("creates the verified demo staff and customer accounts with their published passwords", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const row = await database.db.selectFrom("users").selectAll().where("email", "=", account.email).executeTakeFirstOrThrow();
      expect(Boolean(row.is_staff)).toBe(account.staff);
      expect(Boolean(row.email_verified)).toBe(true);
      expect(await verifyPassword(account.password, row.password_hash)).toBe(true);
    }
  });

  it("leaves the demo accounts out when told to", async () => {
    const other = await createTestDatabase();
    try {
      await seedDemo(other.db, { media: new LocalMediaStorage("/tmp/unused"), images: false, accounts: false });
      const staff = await other.db.selectFrom("users").select("id").where("email", "=", "staff@krishibazaar.in").executeTakeFirst();
      expect(staff).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
