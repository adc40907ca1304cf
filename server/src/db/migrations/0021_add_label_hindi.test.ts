import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../testing/test-app.ts";
import { migrateToLatest } from "../migrate.ts";

// biome-ignore lint/suspicious/noExplicitAny: the schema before the migration is not the app's
type AnyDb = Kysely<any>;

const at = "2026-01-02T00:00:00.000Z";
const HINDI = ["generic_name_hi", "country_of_origin_hi", "best_before_hi", "customer_care_hi"];

describe("migration 0021: the label's values in Hindi", () => {
  it("gives existing products empty Hindi label values beside their English ones, takes Hindi, and goes back down", async () => {
    const { db: typed, close } = await createTestDatabase({ migrate: false });
    const db = typed as AnyDb;
    try {
      await migrateToLatest(db, "0020_create_carts");
      const category = await db.insertInto("categories").values({ name: "Fertilisers" }).returning("id").executeTakeFirstOrThrow();
      const product = await db
        .insertInto("products")
        .values({
          name: "Urea",
          brand: "IFFCO",
          category_id: category.id,
          price_paise: 266_50,
          count_in_stock: 5,
          generic_name: "Urea (46% N)",
          best_before: "24 months from manufacture",
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const row = () => db.selectFrom("products").selectAll().where("id", "=", product.id).executeTakeFirstOrThrow();

      await migrateToLatest(db, "0021_add_label_hindi");
      expect(await row()).toMatchObject({
        generic_name: "Urea (46% N)",
        best_before: "24 months from manufacture",
        country_of_origin: "India",
        generic_name_hi: "",
        country_of_origin_hi: "",
        best_before_hi: "",
        customer_care_hi: "",
      });
      const hindi = {
        generic_name_hi: "यूरिया (46% नाइट्रोजन)",
        country_of_origin_hi: "भारत",
        best_before_hi: "निर्माण से 24 महीने",
        customer_care_hi: "कृषि बाज़ार ग्राहक सेवा, 1800 123 4567",
      };
      await db.updateTable("products").set(hindi).where("id", "=", product.id).execute();
      expect(await row()).toMatchObject(hindi);
      await migrateToLatest(db, "0020_create_carts");
      const after = await row();
      expect(after).toMatchObject({ name: "Urea", generic_name: "Urea (46% N)" });
      for (const column of HINDI) expect(Object.keys(after)).not.toContain(column);

      await migrateToLatest(db, "0021_add_label_hindi");
      expect(await row()).toMatchObject({ generic_name_hi: "", customer_care_hi: "" });
    } finally {
      await close();
    }
  });
});
