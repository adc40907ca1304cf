import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Writer } from "./columns.ts";
import type { SearchBackend } from "./search-backend.ts";
import type { SearchColumns } from "./search-index.ts";
import {
  afterPrefix,
  anyOf,
  categoriesNamed,
  filtered,
  isKeywordOnly,
  type KeywordPlan,
  PREFIX_WORDS,
  type ProductFilter,
  planWords,
  SEARCH_LIMIT,
  type Term,
} from "./search-match.ts";

/**
 * Keyword search on SQLite: two contentless FTS5 tables (migration 0007) — product_search, the
 * spelling keys of the name and of all the texts (`name` and `body`), and product_text, the text
 * through trigrams — written by the catalogue's writer with the products, and search_words, every
 * word of the index (no counts).
 */

/** The longest prefix FTS5 keeps an index of (migration 0007: prefix = '2 3 4 5 6'). */
const FTS_PREFIX_INDEX = 6;

/** Adds the words of a product's search keys to search_words (those it has already stay once). */
async function addSearchWords(trx: Writer, keys: string): Promise<void> {
  const words = [...new Set(keys.split(" ").filter(Boolean))];
  if (words.length === 0) return;
  await trx
    .insertInto("search_words")
    .values(words.map((word) => ({ word })))
    .onConflict((oc) => oc.column("word").doNothing())
    .execute();
}

/** FTS5's tables are contentless (the text is in products): a product's entries are deleted, then inserted. */
async function indexProduct(trx: Writer, id: number, columns: SearchColumns): Promise<void> {
  await addSearchWords(trx, columns.search_keys);
  await unindexProduct(trx, id);
  await sql`insert into product_search (rowid, name, body) values (${id}, ${columns.search_name_keys}, ${columns.search_keys})`.execute(
    trx,
  );
  await sql`insert into product_text (rowid, text) values (${id}, ${columns.search_text})`.execute(trx);
}

async function unindexProduct(trx: Writer, id: number): Promise<void> {
  await sql`delete from product_search where rowid = ${id}`.execute(trx);
  await sql`delete from product_text where rowid = ${id}`.execute(trx);
}

/**
 * Indexes the products written without the catalogue's writer (their search columns are set,
 * search_indexed is not), from the columns they have: the FTS5 tables and search_words. A
 * partial index finds them at once.
 */
async function indexPendingProducts(db: Kysely<Database>): Promise<number> {
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

/** The FTS5 tables refilled in a few statements, search_words with them, then optimized and analyzed. */
async function rebuildIndex(db: Kysely<Database>): Promise<void> {
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
}

/**
 * The index terms a key is asked for as. FTS5 keeps prefix indexes up to FTS_PREFIX_INDEX
 * letters; a longer prefix would be matched by merging every one of its words' entries (~8 ms
 * for a word all 100 000 products have). So, looked up in search_words: when every word that
 * starts like the key's first letters starts with the whole key, those letters are asked for
 * (an indexed prefix, the same matches); when the key starts a few words, those words.
 */
async function keyTerms(db: Kysely<Database>, key: string, prefix: boolean): Promise<Term[]> {
  if (!prefix || key.length <= FTS_PREFIX_INDEX) return [{ term: key, prefix }];
  const head = key.slice(0, FTS_PREFIX_INDEX);
  const rows = await db
    .selectFrom("search_words")
    .select("word")
    .where("word", ">=", head)
    .where("word", "<", afterPrefix(head))
    .orderBy("word")
    .limit(PREFIX_WORDS + 1)
    .execute();
  const starting = rows.filter(({ word }) => word.startsWith(key));
  if (starting.length === rows.length && rows.length > 0) return [{ term: head, prefix: true }];
  if (rows.length <= PREFIX_WORDS && starting.length > 0) return starting.map(({ word }) => ({ term: word, prefix: false }));
  return [{ term: key, prefix: true }];
}

/** An FTS5 query of the words, all required. */
function ftsWords(words: readonly Term[][]): string {
  return words.map((terms) => `(${terms.map(({ term, prefix }) => `"${term}"${prefix ? "*" : ""}`).join(" OR ")})`).join(" AND ");
}

/** The keyword as typed, as an FTS5 phrase of the trigram index: that text anywhere. */
const ftsText = (text: string) => `"${text.toLowerCase().replaceAll('"', '""')}"`;

/** The FTS5 table and query of a keyword plan. */
function ftsQuery(plan: KeywordPlan & { kind: "words" | "text" }): { table: "product_search" | "product_text"; match: string } {
  return plan.kind === "words"
    ? { table: "product_search", match: planWords(plan, ftsWords, " OR ") }
    : { table: "product_text", match: ftsText(plan.text) };
}

/** A tier: an FTS5 query of one of the tables. */
interface FtsTier {
  table: "product_search" | "product_text";
  match: string;
}

/** A tier's matches joined to the filter's other conditions. */
function ftsMatches(db: Kysely<Database>, { table, match }: FtsTier, filter: ProductFilter) {
  // No other condition: the index alone answers, in its rowid order.
  if (isKeywordOnly(filter)) {
    return sql`from ${sql.table(table)} where ${sql.table(table)} match ${match}`;
  }
  const others = filtered(db, { filter: { ...filter, keyword: undefined } });
  return sql`from ${sql.table(table)} join (${others.select("products.id")}) p on p.id = ${sql.table(table)}.rowid
    where ${sql.table(table)} match ${match}`;
}

async function countTier(db: Kysely<Database>, tier: FtsTier, filter: ProductFilter, cap: number): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from (select 1
      ${ftsMatches(db, tier, filter)} limit ${cap}) as matches`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export const sqliteSearch: SearchBackend<FtsTier> = {
  indexProduct,
  unindexProduct,
  indexPendingProducts,
  rebuildIndex,

  async lookUp(db, lower, wanted) {
    const [categories, terms] = await Promise.all([
      categoriesNamed(db, lower).execute(),
      Promise.all(wanted.map(({ key, prefix }) => keyTerms(db, key, prefix))),
    ]);
    return { categories: categories.map((c) => c.id), terms };
  },

  async exists(db, plan) {
    const fts = ftsQuery(plan);
    const { rows } = await sql`select rowid from ${sql.table(fts.table)} where ${sql.table(fts.table)} match ${fts.match} limit 1`.execute(
      db,
    );
    return { found: rows.length > 0 };
  },

  async ownFillLimit(db, words, filter) {
    return (await countTier(db, ftsQuery({ kind: "words", words: [...words] }), filter, SEARCH_LIMIT)) >= SEARCH_LIMIT;
  },

  keywordMatch(plan) {
    const { table, match } = ftsQuery(plan);
    return sql<SqlBool>`products.id in (select rowid from ${sql.table(table)} where ${sql.table(table)} match ${match})`;
  },

  /** Each tier an FTS5 query of product_search's columns (or the text's, for a text plan). */
  tiers(plan) {
    const { table, match } = ftsQuery(plan);
    if (plan.kind !== "words") return [{ table, match }];
    const own = ftsWords(plan.words);
    const synonyms = anyOf(plan.synonyms, ftsWords, " OR ");
    const tiers: FtsTier[] = [
      { table, match: `{name} : (${own})` },
      { table, match: `({body} : (${own})) NOT ({name} : (${own}))` },
    ];
    if (synonyms === undefined) return tiers;
    return [
      ...tiers,
      { table, match: `({name} : (${synonyms})) NOT ({body} : (${own}))` },
      { table, match: `(({body} : (${synonyms})) NOT ({body} : (${own}))) NOT ({name} : (${synonyms}))` },
    ];
  },

  matchTier: (plan) => ftsQuery(plan),

  async tierIds(db, tier, { filter }, limit, offset) {
    const { table } = tier;
    const { rows } = await sql<{ id: number }>`select ${sql.table(table)}.rowid as id ${ftsMatches(db, tier, filter)}
      order by ${sql.table(table)}.rowid desc limit ${limit} offset ${offset}`.execute(db);
    return rows.map((row) => row.id);
  },

  countTier,

  // Read in rowid order straight from the index, the page's ids first.
  bestPage: async () => undefined,

  warmUp: () => "",
};
