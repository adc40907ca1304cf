import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { makeProduct } from "../../testing/factories.ts";
import { createTestDatabase } from "../../testing/test-app.ts";
import * as m0019 from "./0019_search_vocabulary.ts";

// biome-ignore lint/suspicious/noExplicitAny: the schema around the migration is not the app's
type AnyDb = Kysely<any>;

/**
 * The search vocabulary's table, seeded with the starter groups; every product indexed again.
 * Run from the newest schema (this migration undone and redone). On SQLite, and on PostgreSQL
 * when TEST_DATABASE_URL names one.
 */
describe("migration 0019: search vocabulary", () => {
  it("seeds the starter groups, empties the products' search text for start-up to index again, and goes back down", async () => {
    const { db: typed, close } = await createTestDatabase();
    const db = typed as AnyDb;
    try {
      const rows = await db.selectFrom("vocabulary_groups").select(["id", "words"]).orderBy("id").execute();
      expect(rows.length).toBe(m0019.STARTER_VOCABULARY.length);
      expect(rows.length).toBeGreaterThanOrEqual(30);
      const groups = rows.map((row) => JSON.parse(row.words) as string[]);
      expect(groups).toContainEqual(expect.arrayContaining(["khad", "खाद", "urvarak", "उर्वरक", "fertiliser", "fertilizer", "manure"]));
      expect(groups).toContainEqual(expect.arrayContaining(["spray pump", "sprayer", "knapsack sprayer"]));
      for (const group of groups) expect(group.length).toBeGreaterThanOrEqual(2);

      const { id } = await makeProduct(typed, { name: "Neem Coated Urea" });
      const searchText = async () =>
        (await db.selectFrom("products").select("search_text").where("id", "=", id).executeTakeFirstOrThrow()).search_text;
      expect(await searchText()).toContain("urea");

      await m0019.down(db);
      await expect(db.selectFrom("vocabulary_groups").selectAll().execute()).rejects.toThrow();
      await m0019.up(db);
      expect(await searchText()).toBe("");
      expect(await db.selectFrom("vocabulary_groups").selectAll().execute()).toHaveLength(m0019.STARTER_VOCABULARY.length);
      await expect(db.insertInto("vocabulary_groups").values({ updated_at: new Date().toISOString() }).execute()).rejects.toThrow();
    } finally {
      await close();
    }
  });
});
