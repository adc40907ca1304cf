import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { searchColumns } from "../../modules/catalog/search-index.ts";
import { textKeys } from "../../modules/catalog/search-keys.ts";
import { makeCategory, makeProduct, productRow, writeAtOnce } from "../../testing/factories.ts";
import { createTestDatabase } from "../../testing/test-app.ts";
import type { Db } from "../database.ts";
import { migrateToLatest } from "../migrate.ts";

/** search_words as stored, and as counted from the products themselves: they must be equal. */
async function counts(db: Db) {
  const stored = await sql<{ word: string; docs: number }>`select word, docs from search_words order by word`.execute(db);
  const counted = await sql<{ word: string; docs: number }>`select word, count(*)::int as docs
    from products, unnest(tsvector_to_array(search_vector)) as word group by word order by word`.execute(db);
  return { stored: stored.rows, counted: counted.rows };
}

/** A word as search_words holds it: its spelling key ("okra" is "okr"). */
const key = (word: string) => textKeys(word)[0] as string;

async function expectExact(db: Db) {
  const { stored, counted } = await counts(db);
  expect(stored).toEqual(counted);
  return new Map(stored.map(({ word, docs }) => [word, docs]));
}

/**
 * PostgreSQL's words keep the count of their products through every kind of write (migration
 * 0008): counted from the products by the migration, then by triggers.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("migration 0008: search word counts (PostgreSQL)", () => {
  it("counts the products of the release before, keeps the counts exact through every write, and goes back", async () => {
    const { db, close } = await createTestDatabase({ migrate: false });
    try {
      await migrateToLatest(db, "0007_full_text_search");
      const seeds = await makeCategory(db, "Seeds");
      await makeProduct(db, { name: "Tomato Seeds", categoryId: seeds.id, beforePacks: true });
      await makeProduct(db, { name: "Okra Seeds", categoryId: seeds.id, description: "Sow beside tomato plants", beforePacks: true });

      await migrateToLatest(db);
      let docs = await expectExact(db);
      expect(docs.get(key("tomato"))).toBe(2);
      // Nothing waits to be indexed on PostgreSQL any more.
      const unindexed = sql`select 1 from pg_indexes where indexname = 'products_unindexed_idx'`;
      expect((await unindexed.execute(db)).rows).toEqual([]);
      expect(docs.get(key("okra"))).toBe(1);

      // Several rows in one statement.
      const row = (name: string) => productRow(name, seeds.id);
      const [brinjal] = await db
        .insertInto("products")
        .values([row("Brinjal Seeds"), row("Bajra Seeds"), row("Bajra Hybrid")])
        .returning("id")
        .execute();
      docs = await expectExact(db);
      expect(docs.get(key("bajra"))).toBe(2);
      expect(docs.get(key("kisan"))).toBe(3);

      // An edit of the words; then stock and price alone, which leave them.
      await db
        .updateTable("products")
        .set(searchColumns({ name: "Brinjal Hybrid", brand: "Kisan", category: "Seeds", description: "" }))
        .where("id", "=", brinjal?.id as number)
        .execute();
      await db.updateTable("products").set({ count_in_stock: 0, price_paise: 12_00 }).execute();
      docs = await expectExact(db);
      expect(docs.get(key("hybrid"))).toBe(2);

      // A word none has any more is gone.
      await db.deleteFrom("products").where("name", "like", "Bajra%").execute();
      docs = await expectExact(db);
      expect(docs.has("bajra")).toBe(false);
      expect(docs.get(key("hybrid"))).toBe(1);

      // Writers at the same time, sharing words: each counted once, none deadlocked.
      await writeAtOnce(db, seeds.id);
      docs = await expectExact(db);
      const [paddy, wheat] = textKeys("paddy wheat");
      expect(docs.get(paddy as string)).toBe(8);
      expect(docs.has(wheat as string)).toBe(false);

      await sql`truncate products cascade`.execute(db);
      expect(await counts(db)).toEqual({ stored: [], counted: [] });

      await makeProduct(db, { name: "Neem Oil", categoryId: seeds.id });
      await migrateToLatest(db, "0007_full_text_search");
      const columns = (await db.introspection.getTables()).find((t) => t.name === "search_words")?.columns.map((c) => c.name);
      expect(columns).toEqual(["word"]);
      const { rows: triggers } = await sql`select tgname from pg_trigger where tgrelid = 'products'::regclass and not tgisinternal`.execute(
        db,
      );
      expect(triggers).toEqual([]);
      expect((await unindexed.execute(db)).rows).toHaveLength(1);
      // And up again over the same rows.
      await migrateToLatest(db);
      docs = await expectExact(db);
      expect(docs.get(key("neem"))).toBe(1);
    } finally {
      await close();
    }
  });
});
