import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { searchColumns } from "../../modules/catalog/search-index.ts";
import { textKeys } from "../../modules/catalog/search-keys.ts";
import { makeCategory, makeProduct, productRow, writeAtOnce } from "../../testing/factories.ts";
import { createTestDatabase } from "../../testing/test-app.ts";
import type { Db } from "../database.ts";
import { migrateToLatest } from "../migrate.ts";

type Posting = { word: string; field: number; product_id: number };

/** search_postings as stored, and as taken from the products' tsvectors: they must be equal. */
async function expectExact(db: Db): Promise<Posting[]> {
  const stored = await sql<Posting>`select word, field, product_id from search_postings order by 1, 2, 3`.execute(db);
  const derived = await sql<Posting>`select word, field, product_id from (
      select word, 0 as field, id as product_id from products, unnest(tsvector_to_array(search_vector)) as word
      union all
      select word, 1, id from products, unnest(tsvector_to_array(search_name_vector)) as word) as postings
    order by word collate "C", field, product_id`.execute(db);
  expect(stored.rows).toEqual(derived.rows);
  return stored.rows;
}

/** The products with `word` in `field` (0: anywhere, 1: the name). */
const productsOf = (postings: readonly Posting[], word: string, field: number) =>
  postings.filter((p) => p.word === word && p.field === field).map((p) => p.product_id);

const key = (word: string) => textKeys(word)[0] as string;

/**
 * PostgreSQL's postings hold each word of each product, anywhere and in the name, through every
 * kind of write (migration 0010): taken from the products by the migration, then by triggers.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("migration 0010: search postings (PostgreSQL)", () => {
  it("takes the postings of the release before, keeps them exact through every write, and goes back", async () => {
    const { db, close } = await createTestDatabase({ migrate: false });
    try {
      await migrateToLatest(db, "0009_room_for_stock_updates");
      const seeds = await makeCategory(db, "Seeds");
      const tomato = await makeProduct(db, { name: "Tomato Seeds", categoryId: seeds.id, beforePacks: true });
      const okra = await makeProduct(db, {
        name: "Okra Seeds",
        categoryId: seeds.id,
        description: "Sow beside tomato plants",
        beforePacks: true,
      });

      await migrateToLatest(db);
      let postings = await expectExact(db);
      expect(productsOf(postings, key("tomato"), 0)).toEqual([tomato.id, okra.id]);
      expect(productsOf(postings, key("tomato"), 1)).toEqual([tomato.id]);

      // Several rows in one statement.
      const row = (name: string) => productRow(name, seeds.id);
      const [brinjal] = await db
        .insertInto("products")
        .values([row("Brinjal Seeds"), row("Bajra Seeds"), row("Bajra Hybrid")])
        .returning("id")
        .execute();
      postings = await expectExact(db);
      expect(productsOf(postings, key("bajra"), 1)).toHaveLength(2);

      // An edit of the words (one leaves the name for the description); then stock and price alone.
      await db
        .updateTable("products")
        .set(searchColumns({ name: "Hybrid Seeds", brand: "Kisan", category: "Seeds", description: "Brinjal" }))
        .where("id", "=", brinjal?.id as number)
        .execute();
      await db.updateTable("products").set({ count_in_stock: 0, price_paise: 12_00 }).execute();
      postings = await expectExact(db);
      expect(productsOf(postings, key("brinjal"), 1)).toEqual([]);
      expect(productsOf(postings, key("brinjal"), 0)).toEqual([brinjal?.id]);

      await db.deleteFrom("products").where("name", "like", "Bajra%").execute();
      postings = await expectExact(db);
      expect(productsOf(postings, key("bajra"), 0)).toEqual([]);

      // Writers at the same time: each product's postings written once, none deadlocked.
      await writeAtOnce(db, seeds.id);
      postings = await expectExact(db);
      expect(productsOf(postings, key("paddy"), 1)).toHaveLength(8);
      expect(productsOf(postings, key("wheat"), 0)).toEqual([]);

      await sql`truncate products cascade`.execute(db);
      expect(await expectExact(db)).toEqual([]);

      await makeProduct(db, { name: "Neem Oil", categoryId: seeds.id });
      await migrateToLatest(db, "0009_room_for_stock_updates");
      expect((await db.introspection.getTables()).some((t) => t.name === "search_postings")).toBe(false);
      const { rows: triggers } = await sql<{ name: string }>`select tgname as name from pg_trigger
        where tgrelid = 'products'::regclass and not tgisinternal and tgname like '%postings%'`.execute(db);
      expect(triggers).toEqual([]);
      // And up again over the same rows.
      await migrateToLatest(db);
      postings = await expectExact(db);
      expect(productsOf(postings, key("neem"), 1)).toHaveLength(1);
    } finally {
      await close();
    }
  });
});
