import { type Kysely, sql } from "kysely";
import { booleanType, dialectOf, falseDefault } from "../dialect.ts";

/**
 * Full-text search that stays fast at 100 000 products, and list indexes for every sort.
 *
 * Products gain `search_name_keys` (the spelling keys of the name alone, so a name match can rank
 * above a description-only one) and `search_indexed` (the row is in the full-text index: written by
 * the catalogue, or indexed since by the search).
 * SQLite: two contentless FTS5 tables written by the catalogue beside every product write —
 * `product_search` over the spelling keys (whole words and prefixes) and `product_text`, trigrams
 * of the texts as typed (parts of words). PostgreSQL: `tsvector` columns derived from the keys (all
 * of them, the name's alone) with GIN indexes, and a pg_trgm GIN index for parts of words. Both:
 * `search_words`, the index's words once each, where typos are corrected (a short range scan
 * instead of comparing a typo with every product).
 * Every product's search text is emptied, so start-up indexes each one again under the current
 * rules (as after 0005): migrations stay frozen in time and never import the application.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .alterTable("products")
    .addColumn("search_name_keys", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("search_indexed", booleanType(db), (c) => c.notNull().defaultTo(falseDefault))
    .execute();
  if (postgres) {
    // In public, whichever schema the tables are in: the extension is one per database.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`alter table products add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple'::regconfig, search_name_keys), 'A') ||
        setweight(to_tsvector('simple'::regconfig, search_keys), 'B')) stored`.execute(db);
    // The name's words alone, indexed apart: a name match is found without reading every match's row.
    await sql`alter table products add column search_name_vector tsvector generated always as (
        to_tsvector('simple'::regconfig, search_name_keys)) stored`.execute(db);
    await sql`create index products_search_vector_idx on products using gin (search_vector)`.execute(db);
    await sql`create index products_search_name_vector_idx on products using gin (search_name_vector)`.execute(db);
    await sql`create index products_search_text_trgm_idx on products using gin (search_text public.gin_trgm_ops)`.execute(db);
    // Byte order ("C"): a word's range by its first letter is a range of the primary key.
    await sql`create table search_words (word text collate "C" primary key)`.execute(db);
    await sql`create index products_unindexed_idx on products (id) where not search_indexed`.execute(db);
  } else {
    await sql`create virtual table product_search using fts5(name, body, tokenize = 'ascii', prefix = '2 3 4 5 6',
        detail = column, content = '', contentless_delete = 1)`.execute(db);
    await sql`create virtual table product_text using fts5(text, tokenize = 'trigram', detail = full, content = '',
        contentless_delete = 1)`.execute(db);
    await sql`create virtual table product_search_terms using fts5vocab(product_search, 'row')`.execute(db);
    await sql`create index products_unindexed_idx on products (id) where search_indexed = 0`.execute(db);
    await sql`create table search_words (word text primary key) without rowid`.execute(db);
  }
  // One index per sort of the list, ending in its tiebreaks, so a page reads only its own rows.
  await sql`create index products_price_idx on products (price_paise, created_at desc, id desc)`.execute(db);
  await sql`create index products_price_desc_idx on products (price_paise desc, created_at desc, id desc)`.execute(db);
  await sql`create index products_rating_idx on products (rating desc, num_reviews desc, created_at desc, id desc)`.execute(db);
  await sql`create index products_category_created_idx on products (category_id, created_at desc, id desc)`.execute(db);
  await db.updateTable("products").set({ search_text: "" }).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ["products_price_idx", "products_price_desc_idx", "products_rating_idx", "products_category_created_idx"]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropTable("search_words").execute();
  await db.schema.dropIndex("products_unindexed_idx").execute();
  if (dialectOf(db) === "postgres") {
    // Dropping a column drops its indexes; the extension stays (other schemas may use it).
    await sql`drop index products_search_text_trgm_idx`.execute(db);
    await db.schema.alterTable("products").dropColumn("search_name_vector").execute();
    await db.schema.alterTable("products").dropColumn("search_vector").execute();
  } else {
    await sql`drop table product_search_terms`.execute(db);
    await sql`drop table product_text`.execute(db);
    await sql`drop table product_search`.execute(db);
  }
  await db.schema.alterTable("products").dropColumn("search_indexed").execute();
  await db.schema.alterTable("products").dropColumn("search_name_keys").execute();
}
