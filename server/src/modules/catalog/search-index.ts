import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { type ProductWithCategory, productColumns, type Writer } from "./columns.ts";
import { textKeys } from "./search-keys.ts";

/**
 * What keeps the search index in step with the products: their search columns, the full-text
 * index (FTS5 tables on SQLite; PostgreSQL's tsvectors follow the columns, and its postings follow them by triggers), the words of
 * search_words (SQLite; PostgreSQL's follow the products by triggers, migration 0008); and what
 * rebuilds all of it after a bulk load or a migration.
 */

export interface SearchableProduct {
  name: string;
  brand: string;
  category: string;
  description: string;
  nameHi?: string | undefined;
  descriptionHi?: string | undefined;
  /** The category's Hindi name. */
  categoryHi?: string | undefined;
  /** The packs' labels and SKUs: "urea 45 kg" and a pack's SKU find the product. */
  packs?: readonly { label: string; sku: string }[] | undefined;
}

/**
 * What keyword search scans, kept in one place so writers and the seed agree: `search_text`, the
 * product's texts in English and Hindi, lower-cased, one per line; `search_keys`, the spelling
 * keys of their words, each after a space (and one at the end), so that a key can be matched as
 * the start of a word or as a whole word (search-keys.ts).
 */
export function searchColumns(parts: SearchableProduct): SearchColumns {
  const packs = (parts.packs ?? []).flatMap((pack) => [pack.label, pack.sku]).filter(Boolean);
  const texts = [
    parts.name,
    parts.brand,
    parts.category,
    parts.description,
    parts.nameHi,
    parts.descriptionHi,
    parts.categoryHi,
    packs.join(" "),
  ];
  const text = texts.filter(Boolean).join("\n");
  const name = [parts.name, parts.nameHi].filter(Boolean).join("\n");
  // The keys in a column of their own: a query's keys are looked for there, in a short text.
  return {
    search_text: text.toLowerCase(),
    search_keys: ` ${textKeys(text).join(" ")} `,
    search_name_keys: ` ${textKeys(name).join(" ")} `,
  };
}

export interface SearchColumns {
  search_text: string;
  search_keys: string;
  search_name_keys: string;
}

/**
 * Writes a product's entries in the full-text index, in the writer's transaction: SQLite's FTS5
 * tables (contentless: the text is in products; delete, then insert) and its words. PostgreSQL
 * derives its tsvectors from the columns themselves, and keeps its postings, GIN indexes and search_words
 * in step.
 */
export async function indexProduct(trx: Writer, id: number, columns: SearchColumns): Promise<void> {
  if (dialectOf(trx) !== "sqlite") return;
  await addSearchWords(trx, columns.search_keys);
  await unindexProduct(trx, id);
  await sql`insert into product_search (rowid, name, body) values (${id}, ${columns.search_name_keys}, ${columns.search_keys})`.execute(
    trx,
  );
  await sql`insert into product_text (rowid, text) values (${id}, ${columns.search_text})`.execute(trx);
}

/** Adds the words of a product's search keys to search_words (SQLite; those it has already stay once). */
async function addSearchWords(trx: Writer, keys: string): Promise<void> {
  const words = [...new Set(keys.split(" ").filter(Boolean))];
  if (words.length === 0) return;
  await trx
    .insertInto("search_words")
    .values(words.map((word) => ({ word })))
    .onConflict((oc) => oc.column("word").doNothing())
    .execute();
}

export async function unindexProduct(trx: Writer, id: number): Promise<void> {
  if (dialectOf(trx) !== "sqlite") return;
  await sql`delete from product_search where rowid = ${id}`.execute(trx);
  await sql`delete from product_text where rowid = ${id}`.execute(trx);
}

/**
 * Indexes the products written without the catalogue's writer (their search columns are set,
 * search_indexed is not), from the columns they have: SQLite's FTS5 tables and search_words. A
 * partial index finds them at once. On PostgreSQL nothing waits: its tsvectors follow the columns
 * and search_words follows by triggers.
 */
export async function indexPendingProducts(db: Kysely<Database>): Promise<number> {
  if (dialectOf(db) !== "sqlite") return 0;
  const pending = await sql`select id from products where search_indexed = 0 limit 1`.execute(db);
  if (pending.rows.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const unindexed = sql`select id from products where search_indexed = 0`;
    await sql`delete from product_search where rowid in (${unindexed})`.execute(trx);
    await sql`delete from product_text where rowid in (${unindexed})`.execute(trx);
    await sql`insert into product_search (rowid, name, body)
      select id, search_name_keys, search_keys from products where search_indexed = 0`.execute(trx);
    await sql`insert into product_text (rowid, text) select id, search_text from products where search_indexed = 0`.execute(trx);
    // The words of the whole index, those of these rows among them, at once.
    await sql`insert or ignore into search_words (word) select term from product_search_terms`.execute(trx);
    const result = await sql`update products set search_indexed = 1 where search_indexed = 0`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}

/** PostgreSQL's GIN indexes of keyword search (migration 0007). */
const SEARCH_GIN_INDEXES = ["products_search_vector_idx", "products_search_name_vector_idx", "products_search_text_trgm_idx"];

/**
 * Rebuilds the whole search index from the products' search columns, for bulk loaders that
 * insert products directly (the bench): rows without search text get it first. SQLite refills its
 * FTS5 tables in a few statements; PostgreSQL's tsvectors, postings and GIN indexes follow the columns. Both
 * refill search_words, and refresh the planner's statistics (PostgreSQL vacuums too).
 */
export async function rebuildSearchIndex(db: Kysely<Database>): Promise<void> {
  await fillSearchColumns(db);
  if (dialectOf(db) === "sqlite") {
    await db.transaction().execute(async (trx) => {
      await sql`update products set search_indexed = 0`.execute(trx);
      await sql`delete from search_words`.execute(trx);
      await sql`insert into product_search (product_search) values ('delete-all')`.execute(trx);
      await sql`insert into product_text (product_text) values ('delete-all')`.execute(trx);
    });
    await indexPendingProducts(db);
    await sql`insert into product_search (product_search) values ('optimize')`.execute(db);
    await sql`insert into product_text (product_text) values ('optimize')`.execute(db);
    await sql`analyze`.execute(db);
  } else {
    // The triggers keep the words' counts; counted again, whatever happened to the table.
    await db.transaction().execute(async (trx) => {
      // A count over every product's words: at 100 000 products on a busy machine it may pass the
      // shop's statement timeout, which is meant for requests, not for this bulk step.
      await sql`set local statement_timeout = 0`.execute(trx);
      await sql`lock table search_words`.execute(trx);
      await sql`delete from search_words`.execute(trx);
      await sql`insert into search_words (word, docs)
        select word, count(*) from products, unnest(tsvector_to_array(search_vector)) as word group by word`.execute(trx);
    });
    // Rows loaded through the GIN indexes go through their pending list, merged a batch at a time:
    // that leaves each index several times the size of one built whole, and slower to read (at
    // 100 000 products the tsvector index was 79 MB against 17 MB rebuilt, and the bitmap of a
    // two-word keyword took 6–9 ms against ~1.2 ms). Rebuilt, without blocking reads or writes.
    for (const index of SEARCH_GIN_INDEXES) await sql`reindex index concurrently ${sql.table(index)}`.execute(db);
    // A bulk load leaves no statistics and no visibility map: the planner needs the first, and
    // index-only scans (counts, deep pages, every search's postings) the second.
    await sql`vacuum analyze products`.execute(db);
    await sql`vacuum analyze search_postings`.execute(db);
    await sql`analyze search_words`.execute(db);
  }
}

/**
 * Fills the search text of every product that has none (after migrations 0005 and 0007 emptied
 * them all, or a row written without one), and indexes every row the full-text index lacks.
 * Start-up runs it. Answers how many products it indexed.
 */
export async function indexUnsearchableProducts(db: Kysely<Database>): Promise<number> {
  const filled = await fillSearchColumns(db);
  const pending = await indexPendingProducts(db);
  return Math.max(filled, pending);
}

/** Computes the search columns of the products without search text (in batches), and indexes them. */
async function fillSearchColumns(db: Kysely<Database>): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .selectFrom("products")
      .innerJoin("categories", "categories.id", "products.category_id")
      .select(productColumns)
      .where((eb) => eb.or([eb("products.search_text", "=", ""), eb("products.search_keys", "=", "")]))
      .orderBy("products.id")
      .limit(1_000)
      .execute();
    if (rows.length === 0) return filled;
    const packs = await packsOf(
      db,
      rows.map((row) => row.id),
    );
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const columns = searchColumns(searchable(row, packs.get(row.id)));
        // A product with no text at all still gets a non-empty search text, so it is not picked again.
        if (columns.search_text === "") columns.search_text = " ";
        await trx
          .updateTable("products")
          .set({ ...columns, search_indexed: true })
          .where("id", "=", row.id)
          .execute();
        await indexProduct(trx, row.id, columns);
      }
    });
    filled += rows.length;
  }
}

/** The packs' labels and SKUs of these products, which their search text holds as staff save them. */
async function packsOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, { label: string; sku: string }[]>> {
  const rows = await db
    .selectFrom("product_variants")
    .select(["product_id", "label", "sku"])
    .where("product_id", "in", ids)
    .orderBy("product_id")
    .orderBy("position")
    .execute();
  const packs = new Map<number, { label: string; sku: string }[]>();
  for (const row of rows) packs.set(row.product_id, [...(packs.get(row.product_id) ?? []), { label: row.label, sku: row.sku }]);
  return packs;
}

const searchable = (row: ProductWithCategory, packs?: SearchableProduct["packs"]): SearchableProduct => ({
  packs,
  name: row.name,
  brand: row.brand,
  category: row.category_name,
  description: row.description,
  nameHi: row.name_hi,
  descriptionHi: row.description_hi,
  categoryHi: row.category_name_hi,
});
