import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProduct } from "../../testing/factories.ts";
import { createTestDatabase } from "../../testing/test-app.ts";
import { searchBackendFor } from "./search-backends.ts";
import { CatalogService } from "./service.ts";

/**
 * The catalogue's inventory, as a checkout's transaction uses it: stock is taken from and given
 * back to one pack, and the product's total follows. On SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL names one (there two checkouts really race).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let catalog: CatalogService;

beforeAll(async () => {
  database = await createTestDatabase();
  catalog = new CatalogService(database.db, searchBackendFor(database.dialect));
});
afterAll(() => database.close());

/** Seed sold in a 1 kg pack (default, ₹120, 5 units) and a 5 kg pack (₹560, 2 units). */
const seed = () =>
  makeProduct(database.db, {
    name: "Okra Seed",
    packs: [
      { label: "1 kg", netQuantity: 1, unit: "kg", pricePaise: 120_00, mrpPaise: 130_00, stock: 5, weightGrams: 1_050 },
      { label: "5 kg", netQuantity: 5, unit: "kg", pricePaise: 560_00, stock: 2, weightGrams: 5_100 },
    ],
  });

const stock = async (productId: number) => {
  const product = await database.db.selectFrom("products").select("count_in_stock").where("id", "=", productId).executeTakeFirstOrThrow();
  const packs = await database.db
    .selectFrom("product_variants")
    .select("count_in_stock")
    .where("product_id", "=", productId)
    .orderBy("position")
    .execute();
  return { total: product.count_in_stock, packs: packs.map((p) => p.count_in_stock) };
};

describe("taking stock per pack", () => {
  it("takes units of the pack named, or of the default pack, and answers the line as the checkout prices it", async () => {
    const product = await seed();
    const [small, large] = product.variants;
    const taken = await database.db.transaction().execute((trx) => catalog.takeStock(trx, product.id, large?.id ?? 0, 2));
    expect(taken).toEqual({
      id: product.id,
      name: "Okra Seed",
      name_hi: "",
      hsn_code: "",
      gst_rate: 0,
      variant_id: large?.id,
      variant_label: "5 kg",
      price_paise: 560_00,
      mrp_paise: 560_00,
      count_in_stock: 0,
      weight_grams: 5_100,
    });
    const byDefault = await database.db.transaction().execute((trx) => catalog.takeStock(trx, product.id, null, 3));
    expect(byDefault).toMatchObject({
      variant_id: small?.id,
      variant_label: "1 kg",
      price_paise: 120_00,
      mrp_paise: 130_00,
      count_in_stock: 2,
    });
    expect(await stock(product.id)).toEqual({ total: 2, packs: [2, 0] });
  });

  it("refuses, taking nothing, units a pack has not (though the product has), and a pack of another product", async () => {
    const product = await seed();
    const other = await seed();
    const [, large] = product.variants;
    await database.db.transaction().execute(async (trx) => {
      expect(await catalog.takeStock(trx, product.id, large?.id ?? 0, 3)).toBeNull();
      expect(await catalog.takeStock(trx, product.id, other.variants[0]?.id ?? 0, 1)).toBeNull();
      expect(await catalog.takeStock(trx, product.id, 999_999, 1)).toBeNull();
      expect(await catalog.takeStock(trx, 999_999, null, 1)).toBeNull();
    });
    expect(await stock(product.id)).toEqual({ total: 7, packs: [5, 2] });
    expect(await stock(other.id)).toEqual({ total: 7, packs: [5, 2] });
  });

  it("gives units back to their pack; a removed pack, a line without one and a deleted product take none", async () => {
    const product = await seed();
    const other = await seed();
    const [small, large] = product.variants;
    await database.db.transaction().execute(async (trx) => {
      await catalog.returnStock(trx, product.id, large?.id ?? 0, 3);
      await catalog.returnStock(trx, product.id, null, 4);
      await catalog.returnStock(trx, product.id, other.variants[0]?.id ?? 0, 4);
      await catalog.returnStock(trx, 999_999, small?.id ?? 0, 4);
    });
    expect(await stock(product.id)).toEqual({ total: 10, packs: [5, 5] });
    await database.db
      .deleteFrom("product_variants")
      .where("id", "=", large?.id ?? 0)
      .execute();
    await database.db.transaction().execute((trx) => catalog.returnStock(trx, product.id, large?.id ?? 0, 1));
    expect((await stock(product.id)).packs).toEqual([5]);
  });

  it("sells the last unit of a pack once when two checkouts want it at the same time", async () => {
    const product = await seed();
    const [, large] = product.variants;
    await database.db
      .updateTable("product_variants")
      .set({ count_in_stock: 1 })
      .where("id", "=", large?.id ?? 0)
      .execute();
    await database.db.updateTable("products").set({ count_in_stock: 6 }).where("id", "=", product.id).execute();
    const checkouts = await Promise.all(
      [0, 1].map(() => database.db.transaction().execute((trx) => catalog.takeStock(trx, product.id, large?.id ?? 0, 1))),
    );
    expect(checkouts.filter(Boolean)).toHaveLength(1);
    expect(await stock(product.id)).toEqual({ total: 5, packs: [5, 0] });
  });
});

describe("products for an order", () => {
  it("answers each product's packs, default first, to explain a refusal", async () => {
    const product = await seed();
    const [row] = await database.db.transaction().execute((trx) => catalog.productsForOrder(trx, [product.id]));
    expect(row).toMatchObject({ id: product.id, name: "Okra Seed", price_paise: 120_00, count_in_stock: 5 });
    expect(row?.variants.map((v) => [v.label, v.count_in_stock, v.price_paise])).toEqual([
      ["1 kg", 5, 120_00],
      ["5 kg", 2, 560_00],
    ]);
  });
});
