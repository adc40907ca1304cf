import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../testing/test-app.ts";
import { migrateToLatest } from "../migrate.ts";

// biome-ignore lint/suspicious/noExplicitAny: the schema before the migration is not the app's
type AnyDb = Kysely<any>;

const at = "2026-01-02T00:00:00.000Z";

/** Three products (a 45 kg bag, a litre of oil, one with no quantity in its name) and an order of two of them, with a refund line. */
async function catalogueWithAnOrder(db: AnyDb) {
  const category = await db.insertInto("categories").values({ name: "Inputs" }).returning("id").executeTakeFirstOrThrow();
  const product = (name: string, price: number, stock: number) =>
    db
      .insertInto("products")
      .values({ name, brand: "KB", category_id: category.id, price_paise: price, count_in_stock: stock, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
  const urea = await product("Urea 45 kg", 266_50, 40);
  const neem = await product("Neem Oil 1 L", 450_00, 7);
  const sprayer = await product("Knapsack Sprayer", 1_899_00, 0);
  const order = await db
    .insertInto("orders")
    .values({
      user_id: null,
      customer_first_name: "Asha",
      customer_last_name: "Patil",
      customer_email: "asha@example.in",
      ship_label: "Farm",
      ship_address: "Survey 42",
      ship_city: "Nashik",
      ship_state: "Maharashtra",
      ship_postal_code: "422001",
      ship_landmark: "",
      ship_country: "India",
      payment_method: "RazorPay",
      items_paise: 716_50,
      shipping_paise: 0,
      tax_paise: 0,
      total_paise: 716_50,
      status: "paid",
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const line = (productId: number | null, name: string, price: number) => ({
    order_id: order.id,
    product_id: productId,
    name,
    image: "",
    price_paise: price,
    qty: 1,
  });
  const lines = await db
    .insertInto("order_items")
    .values([line(urea.id, "Urea 45 kg", 266_50), line(neem.id, "Neem Oil 1 L", 450_00), line(null, "A product since deleted", 1_00)])
    .returning("id")
    .execute();
  const refund = await db
    .insertInto("refunds")
    .values({
      order_id: order.id,
      amount_paise: 266_50,
      reason: "damaged",
      status: "processed",
      idempotency_key: "k1",
      razorpay_payment_id: "pay_1",
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("refund_lines")
    .values({
      refund_id: refund.id,
      order_item_id: lines[0]?.id,
      qty: 1,
      taxable_paise: 266_50,
      cgst_paise: 0,
      sgst_paise: 0,
      igst_paise: 0,
      tax_paise: 0,
    })
    .execute();
  return { urea: urea.id, neem: neem.id, sprayer: sprayer.id, lines: lines.map((l) => l.id as number) };
}

const packsOf = (db: AnyDb) =>
  db
    .selectFrom("product_variants")
    .select([
      "product_id",
      "position",
      "label",
      "sku",
      "net_quantity",
      "unit",
      "price_paise",
      "mrp_paise",
      "count_in_stock",
      "weight_grams",
    ])
    .orderBy("product_id")
    .execute();

describe("migration 0015: products sold in packs", () => {
  it("gives every product one pack read from its name, its order lines that pack, and goes down and up again keeping prices and stock", async () => {
    const { db: typed, close } = await createTestDatabase({ migrate: false });
    const db = typed as AnyDb;
    try {
      await migrateToLatest(db, "0014_returns");
      const { urea, neem, sprayer, lines } = await catalogueWithAnOrder(db);

      await migrateToLatest(db, "0015_product_packs");
      const packs = (await packsOf(db)).map((p) => ({ ...p, price_paise: Number(p.price_paise), mrp_paise: Number(p.mrp_paise) }));
      expect(packs).toEqual([
        {
          product_id: urea,
          position: 0,
          label: "45 kg",
          sku: "",
          net_quantity: 45,
          unit: "kg",
          price_paise: 266_50,
          mrp_paise: 266_50,
          count_in_stock: 40,
          weight_grams: 45_000,
        },
        {
          product_id: neem,
          position: 0,
          label: "1 l",
          sku: "",
          net_quantity: 1,
          unit: "l",
          price_paise: 450_00,
          mrp_paise: 450_00,
          count_in_stock: 7,
          weight_grams: 1_000,
        },
        {
          product_id: sprayer,
          position: 0,
          label: "1 pack",
          sku: "",
          net_quantity: 1,
          unit: "piece",
          price_paise: 1_899_00,
          mrp_paise: 1_899_00,
          count_in_stock: 0,
          weight_grams: 0,
        },
      ]);
      const ureaPack = await db.selectFrom("product_variants").select("id").where("product_id", "=", urea).executeTakeFirstOrThrow();
      const items = await db.selectFrom("order_items").select(["id", "variant_id", "variant_label"]).orderBy("id").execute();
      expect(items.map((i) => i.variant_label)).toEqual(["45 kg", "1 l", ""]);
      expect(items[0]?.variant_id).toBe(ureaPack.id);
      expect(items[2]?.variant_id).toBeNull();

      // A SKU once in the shop; as many packs without one as wanted; units are the Legal Metrology ones.
      const pack = (sku: string, unit = "kg") => ({
        product_id: urea,
        position: 1,
        label: `x${sku}`,
        sku,
        net_quantity: 1,
        unit,
        price_paise: 1,
        mrp_paise: 1,
        count_in_stock: 0,
        created_at: at,
        updated_at: at,
      });
      await db.insertInto("product_variants").values(pack("KB-1")).execute();
      await expect(db.insertInto("product_variants").values(pack("KB-1")).execute()).rejects.toThrow();
      await db.insertInto("product_variants").values(pack("")).execute();
      await expect(db.insertInto("product_variants").values(pack("KB-2", "bag")).execute()).rejects.toThrow();
      await expect(
        db
          .insertInto("product_variants")
          .values({ ...pack("KB-3"), count_in_stock: -1 })
          .execute(),
      ).rejects.toThrow();
      // The urea now has 40 + 0 + 0 units in three packs, its default at ₹266.50; a cheaper second pack.
      await db.updateTable("product_variants").set({ price_paise: 100_00, count_in_stock: 5 }).where("sku", "=", "KB-1").execute();
      // Removing a pack keeps its lines' label and loses their link.
      await db.deleteFrom("product_variants").where("product_id", "=", neem).execute();
      expect(
        await db.selectFrom("order_items").select(["variant_id", "variant_label"]).where("id", "=", lines[1]).executeTakeFirstOrThrow(),
      ).toEqual({
        variant_id: null,
        variant_label: "1 l",
      });

      await migrateToLatest(db, "0014_returns");
      const products = await db.selectFrom("products").select(["id", "price_paise", "count_in_stock"]).orderBy("id").execute();
      expect(products.map((p) => [p.id, Number(p.price_paise), Number(p.count_in_stock)])).toEqual([
        [urea, 266_50, 45],
        [neem, 450_00, 7],
        [sprayer, 1_899_00, 0],
      ]);
      // The lines, their ids and the refund line that references one are all there, without the pack columns.
      const after = await db.selectFrom("order_items").selectAll().orderBy("id").execute();
      expect(after.map((i) => i.id)).toEqual(lines);
      expect(Object.keys(after[0] ?? {})).not.toContain("variant_id");
      expect(await db.selectFrom("refund_lines").select("order_item_id").execute()).toEqual([{ order_item_id: lines[0] }]);
      await expect(db.selectFrom("product_variants").selectAll().execute()).rejects.toThrow();
      // Still enforced: a line of an order that does not exist is refused, and its index is back.
      await expect(
        db.insertInto("order_items").values({ order_id: 9999, product_id: null, name: "x", image: "", price_paise: 1, qty: 1 }).execute(),
      ).rejects.toThrow();

      await migrateToLatest(db);
      expect((await packsOf(db)).map((p) => [p.product_id, p.label, Number(p.price_paise), p.count_in_stock])).toEqual([
        [urea, "45 kg", 266_50, 45],
        [neem, "1 l", 450_00, 7],
        [sprayer, "1 pack", 1_899_00, 0],
      ]);
      expect((await db.selectFrom("order_items").select("variant_label").orderBy("id").execute()).map((i) => i.variant_label)).toEqual([
        "45 kg",
        "1 l",
        "",
      ]);
    } finally {
      await close();
    }
  });
});
