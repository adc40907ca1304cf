import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../testing/test-app.ts";
import { migrateToLatest } from "../migrate.ts";

/**
 * Orders placed before the India release keep their flat tax, shown per line as shares that add
 * up to it; products get no HSN code and 0 % until staff set them. On SQLite, and on PostgreSQL
 * when TEST_DATABASE_URL names one.
 */
describe("migration 0006: selling in India", () => {
  it("shares the flat tax of earlier orders over their lines, and adds empty tax fields", async () => {
    const { db, close } = await createTestDatabase({ migrate: false });
    try {
      await migrateToLatest(db, "0005_add_hindi");
      // biome-ignore lint/suspicious/noExplicitAny: rows of the schema before this migration
      const old = db as any;
      const at = "2026-01-02T00:00:00.000Z";
      const category = await old.insertInto("categories").values({ name: "Seeds" }).returning("id").executeTakeFirstOrThrow();
      await old
        .insertInto("products")
        .values({
          name: "Tomato seeds",
          brand: "",
          category_id: category.id,
          description: "",
          price_paise: 33_33,
          count_in_stock: 5,
          search_text: "",
          created_at: at,
          updated_at: at,
        })
        .execute();
      const order = await old
        .insertInto("orders")
        .values({
          user_id: null,
          customer_first_name: "Old",
          customer_last_name: "Order",
          customer_email: "old@example.in",
          ship_label: "Farm",
          ship_address: "Survey 42",
          ship_city: "Nashik",
          ship_state: "",
          ship_postal_code: "422001",
          ship_landmark: "",
          ship_country: "India",
          payment_method: "RazorPay",
          // 33.33 + 2 × 33.33 + 0.01 = 100.00; 8.2 % = 8.20
          items_paise: 100_00,
          shipping_paise: 10_00,
          tax_paise: 8_20,
          total_paise: 118_20,
          status: "paid",
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const line = (name: string, price: number, qty: number) => ({
        order_id: order.id,
        product_id: null,
        name,
        image: "",
        price_paise: price,
        qty,
      });
      await old
        .insertInto("order_items")
        .values([line("A", 33_33, 1), line("B", 33_33, 2), line("C", 1, 1)])
        .execute();

      await migrateToLatest(db);
      const items = await db.selectFrom("order_items").select(["name", "tax_paise", "gst_rate", "hsn_code"]).orderBy("id").execute();
      // 820 × 3333/10000 = 273.3 → 273, 546.6 → 546, 0.08 → 0; the first line takes the paisa left over.
      expect(items.map((i) => Number(i.tax_paise))).toEqual([2_74, 5_46, 0]);
      expect(items.reduce((sum, i) => sum + Number(i.tax_paise), 0)).toBe(8_20);
      expect(items.every((i) => i.gst_rate === 0 && i.hsn_code === "")).toBe(true);
      const row = await db
        .selectFrom("orders")
        .select(["tax_mode", "cod_fee_paise", "place_of_supply", "ship_phone"])
        .where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      expect({ ...row, cod_fee_paise: Number(row.cod_fee_paise) }).toEqual({
        tax_mode: "flat",
        cod_fee_paise: 0,
        place_of_supply: "",
        ship_phone: "",
      });
      expect(await db.selectFrom("products").select(["hsn_code", "gst_rate"]).execute()).toEqual([{ hsn_code: "", gst_rate: 0 }]);

      // A rate GST does not have is refused by the database too.
      await expect(db.updateTable("products").set({ gst_rate: 7 }).execute()).rejects.toThrow(/check/i);

      // And back: the release before runs on the rows again.
      await migrateToLatest(db, "0005_add_hindi");
      const tables = await db.introspection.getTables();
      const names = (table: string) => tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
      expect(names("products")).not.toContain("gst_rate");
      expect(names("order_items")).not.toContain("tax_paise");
      expect(tables.map((t) => t.name)).not.toContain("tax_documents");
    } finally {
      await close();
    }
  });
});
