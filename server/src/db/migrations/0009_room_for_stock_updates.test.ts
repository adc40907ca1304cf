import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import * as repo from "../../modules/catalog/repository.ts";
import { searchColumns } from "../../modules/catalog/search-index.ts";
import { makeCategory } from "../../testing/factories.ts";
import { createTestDatabase } from "../../testing/test-app.ts";
import { migrateToLatest } from "../migrate.ts";

/**
 * PostgreSQL: taking stock from products a bulk load packed into their pages writes no index
 * entry (a HOT update), because every page keeps room for a row's next version (migration 0009).
 */
describe.runIf(process.env.TEST_DATABASE_URL)("migration 0009: room for stock updates (PostgreSQL)", () => {
  it("takes stock from every page of a bulk-loaded catalogue without touching an index, and goes back", async () => {
    const { db, close } = await createTestDatabase();
    try {
      const seeds = await makeCategory(db, "Seeds");
      const at = "2026-01-02T00:00:00.000Z";
      const rows = Array.from({ length: 60 }, (_, i) => {
        const name = `Hybrid Tomato Seeds ${i}`;
        const description = `Lot ${i}. ${"Sow in nursery beds, transplant after four weeks, water at the root. ".repeat(4)}`;
        return {
          name,
          brand: "Kisan",
          category_id: seeds.id,
          description,
          price_paise: 100_00,
          count_in_stock: 10,
          ...searchColumns({ name, brand: "Kisan", category: "Seeds", description }),
          created_at: at,
          updated_at: at,
        };
      });
      const products = await db.insertInto("products").values(rows).returning("id").execute();
      // Each with its one pack, as every writer of products gives them (migration 0015).
      await db
        .insertInto("product_variants")
        .values(
          products.map(({ id }) => ({
            product_id: id,
            position: 0,
            label: "1 pack",
            net_quantity: 1,
            unit: "piece" as const,
            price_paise: 100_00,
            mrp_paise: 100_00,
            count_in_stock: 10,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      // One product of each page the load filled, its first.
      const { rows: firsts } = await sql<{ id: number }>`select distinct on ((ctid::text::point)[0]) id from products
        order by (ctid::text::point)[0], id`.execute(db);
      expect(firsts.length).toBeGreaterThan(5);

      const hotUpdates = await db.transaction().execute(async (trx) => {
        for (const { id } of firsts) expect(await repo.takeStock(trx, id, null, 1)).toMatchObject({ id });
        const { rows } = await sql<{ n: number }>`select pg_stat_get_xact_tuples_hot_updated('products'::regclass)::int as n`.execute(trx);
        return rows[0]?.n;
      });
      expect(hotUpdates).toBe(firsts.length);

      await migrateToLatest(db, "0008_search_word_counts");
      const { rows: options } = await sql<{
        reloptions: string[] | null;
      }>`select reloptions from pg_class where relname = 'products'`.execute(db);
      expect(options[0]?.reloptions ?? []).not.toContain("fillfactor=80");
    } finally {
      await close();
    }
  });
});
