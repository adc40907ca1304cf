import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { searchBackendFor } from "../../modules/catalog/search-backends.ts";
import { indexUnsearchableProducts } from "../../modules/catalog/search-index.ts";
import { CatalogService } from "../../modules/catalog/service.ts";
import { createTestDatabase } from "../../testing/test-app.ts";
import { migrateToLatest } from "../migrate.ts";

/**
 * Products of the release before are indexed again at start-up (0007 empties their search text),
 * found through the full-text index, best first, and with typos; and back. On SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL names one.
 */
describe("migration 0007: full-text search", () => {
  it("indexes the products of the release before at start-up, and goes back", async () => {
    const { db, dialect, close } = await createTestDatabase({ migrate: false });
    try {
      await migrateToLatest(db, "0006_selling_in_india");
      // biome-ignore lint/suspicious/noExplicitAny: rows of the schema before this migration
      const old = db as any;
      const at = "2026-01-02T00:00:00.000Z";
      const category = await old
        .insertInto("categories")
        .values({ name: "Seeds", name_hi: "बीज" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const product = async (name: string, description: string, minute: number) => {
        const created = `2026-01-02T00:0${minute}:00.000Z`;
        const row = await old
          .insertInto("products")
          .values({
            name,
            brand: "",
            category_id: category.id,
            description,
            price_paise: 100_00,
            count_in_stock: 5,
            search_text: `${name}\n${description}`.toLowerCase(),
            search_keys: " old keys ",
            created_at: created,
            updated_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return row.id as number;
      };
      const tomato = await product("Tomato Seeds", "", 1);
      const okra = await product("Okra Seeds", "Sow beside tomato plants", 2);

      await migrateToLatest(db);
      const backend = searchBackendFor(dialect);
      expect(await indexUnsearchableProducts(db, backend)).toBe(2);
      // Nothing left to index at the next start.
      expect(await indexUnsearchableProducts(db, backend)).toBe(0);
      const catalog = new CatalogService(db, backend);
      const search = async (keyword: string) => (await catalog.listProducts({ keyword })).products.map((p) => p._id);
      expect(await search("tomato")).toEqual([tomato, okra]);
      expect(await search("tomatoe")).toEqual([tomato, okra]);
      expect(await search("ato se")).toEqual([tomato]);
      expect(await search("बीज")).toEqual([okra, tomato]);

      await migrateToLatest(db, "0006_selling_in_india");
      const tables = await db.introspection.getTables();
      const columns = tables.find((t) => t.name === "products")?.columns.map((c) => c.name) ?? [];
      expect(columns).not.toContain("search_name_keys");
      expect(columns).not.toContain("search_indexed");
      if (dialect === "sqlite") {
        const { rows } = await sql`select name from sqlite_master where name like 'product_search%' or name = 'product_text'`.execute(db);
        expect(rows).toEqual([]);
      } else {
        expect(columns).not.toContain("search_vector");
      }
      // And up again over the same rows.
      await migrateToLatest(db);
      await indexUnsearchableProducts(db, backend);
      expect(await new CatalogService(db, backend).listProducts({ keyword: "okra" })).toMatchObject({ total: 1 });
    } finally {
      await close();
    }
  });
});
