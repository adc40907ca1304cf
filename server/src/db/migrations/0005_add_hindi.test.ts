import { describe, expect, it } from "vitest";
import { searchBackendFor } from "../../modules/catalog/search-backends.ts";
import { indexUnsearchableProducts } from "../../modules/catalog/search-index.ts";
import { openDatabase } from "../database.ts";
import { migrateToLatest } from "../migrate.ts";

/** A shop upgraded to the Hindi release keeps its rows, and its products stay searchable. */
describe("migration 0005: Hindi names and the language of e-mails", () => {
  it("adds empty Hindi names, English for every user, and rebuilds the search text of existing products", async () => {
    const { db, dialect } = openDatabase({ url: ":memory:" });
    try {
      await migrateToLatest(db, "0004_order_lifecycle");
      // biome-ignore lint/suspicious/noExplicitAny: rows of the schema before this migration
      const old = db as any;
      await old
        .insertInto("users")
        .values({
          email: "old@example.in",
          password_hash: null,
          first_name: "Old",
          last_name: "User",
          is_staff: false,
          is_active: true,
          email_verified: true,
          google_sub: null,
          created_at: "2026-01-01T00:00:00.000Z",
          last_login: null,
        })
        .execute();
      const category = await old.insertInto("categories").values({ name: "Fertilisers" }).returning("id").executeTakeFirstOrThrow();
      const product = await old
        .insertInto("products")
        .values({
          name: "Neem Coated Urea",
          brand: "IFFCO",
          category_id: category.id,
          description: "46 % nitrogen",
          price_paise: 266_50,
          count_in_stock: 5,
          // What the release before wrote: the texts, lower-cased.
          search_text: "neem coated urea\niffco\nfertilisers\n46 % nitrogen",
          created_at: "2026-01-02T00:00:00.000Z",
          updated_at: "2026-01-02T00:00:00.000Z",
        })
        .returning("id")
        .executeTakeFirstOrThrow();

      await migrateToLatest(db);
      await indexUnsearchableProducts(db, searchBackendFor(dialect));
      expect(await db.selectFrom("users").select("language").execute()).toEqual([{ language: "en" }]);
      expect(await db.selectFrom("categories").select(["name", "name_hi"]).execute()).toEqual([{ name: "Fertilisers", name_hi: "" }]);
      const row = await db
        .selectFrom("products")
        .select(["name_hi", "description_hi", "search_text", "search_keys"])
        .where("id", "=", product.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name_hi: "", description_hi: "" });
      // The texts as before, with the pack migration 0015 gave it; the spelling keys that let
      // "fertilizer" find the product beside them.
      expect(row.search_text).toBe("neem coated urea\niffco\nfertilisers\n46 % nitrogen\n1 pack");
      expect(row.search_keys).toContain(" fertilisers ");
      expect(row.search_keys).toContain(" nim ");

      await expect(
        db
          .updateTable("users")
          .set({ language: "fr" as "en" })
          .execute(),
      ).rejects.toThrow(/CHECK/i);

      // And back: the release before runs on the rows again.
      await migrateToLatest(db, "0004_order_lifecycle");
      const columns = await db.introspection.getTables();
      const names = (table: string) => columns.find((c) => c.name === table)?.columns.map((c) => c.name) ?? [];
      expect(names("products")).not.toContain("name_hi");
      expect(names("categories")).not.toContain("name_hi");
      expect(names("users")).not.toContain("language");
    } finally {
      await db.destroy();
    }
  });
});
