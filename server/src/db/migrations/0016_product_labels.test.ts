import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../testing/test-app.ts";
import { migrateToLatest } from "../migrate.ts";

// biome-ignore lint/suspicious/noExplicitAny: the schema before the migration is not the app's
type AnyDb = Kysely<any>;

const at = "2026-01-02T00:00:00.000Z";

describe("migration 0016: product labels", () => {
  it("gives existing products an empty general label made in India, checks the kind and germination, and goes back down", async () => {
    const { db: typed, close } = await createTestDatabase({ migrate: false });
    const db = typed as AnyDb;
    try {
      await migrateToLatest(db, "0015_product_packs");
      const category = await db.insertInto("categories").values({ name: "Seeds" }).returning("id").executeTakeFirstOrThrow();
      const product = await db
        .insertInto("products")
        .values({
          name: "Okra seed",
          brand: "KB",
          category_id: category.id,
          price_paise: 120_00,
          count_in_stock: 5,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();

      await migrateToLatest(db, "0016_product_labels");
      const label = await db.selectFrom("products").selectAll().where("id", "=", product.id).executeTakeFirstOrThrow();
      expect(label).toMatchObject({
        label_kind: "general",
        manufacturer: "",
        manufacturer_address: "",
        country_of_origin: "India",
        generic_name: "",
        best_before: "",
        customer_care: "",
        cibrc_number: "",
        seed_variety: "",
        seed_lot: "",
        germination_percent: null,
        seed_test_date: "",
        fco_grade: "",
      });
      const set = (values: Record<string, unknown>) => db.updateTable("products").set(values).where("id", "=", product.id).execute();
      await set({ label_kind: "seed", seed_variety: "Arka Anamika", germination_percent: 85, seed_test_date: "2026-09-14" });
      await expect(set({ label_kind: "fungus" })).rejects.toThrow();
      await expect(set({ germination_percent: 101 })).rejects.toThrow();

      await migrateToLatest(db, "0015_product_packs");
      const after = await db.selectFrom("products").selectAll().where("id", "=", product.id).executeTakeFirstOrThrow();
      expect(after).toMatchObject({ name: "Okra seed", count_in_stock: 5 });
      expect(Object.keys(after)).not.toContain("label_kind");
      expect(Object.keys(after)).not.toContain("seed_variety");

      await migrateToLatest(db, "0016_product_labels");
      expect(await db.selectFrom("products").select(["label_kind", "seed_variety"]).executeTakeFirstOrThrow()).toEqual({
        label_kind: "general",
        seed_variety: "",
      });
    } finally {
      await close();
    }
  });
});
