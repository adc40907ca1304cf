import { type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import { dialectOf } from "../../db/dialect.ts";
import { containsPattern } from "../../db/like.ts";
import type { Database } from "../../db/schema.ts";

/**
 * What a product list's filter matches: a planned keyword (search-plan.ts) as a condition on
 * products or an FTS5 query, its tiers of best-first results, and how many a tier matches.
 * Rows stay snake_case here.
 */

export interface ProductFilter {
  /** A category's exact name (English or Hindi, any case) lists that category; other text searches. */
  keyword?: string;
  categoryId?: number;
  categoryName?: string;
  /** Only products with stock. */
  inStock?: boolean;
}

/** A filter with no condition besides its keyword. */
export const isKeywordOnly = (filter: ProductFilter) =>
  filter.categoryId === undefined && filter.categoryName === undefined && !filter.inStock;

/** The categories named `name` in English or Hindi, in any case. */
export function categoriesNamed(db: Kysely<Database>, name: string) {
  const lower = name.toLowerCase();
  return db
    .selectFrom("categories")
    .select("categories.id")
    .where(sql<SqlBool>`lower(categories.name) = ${lower} or lower(categories.name_hi) = ${lower}`);
}

/**
 * How a keyword is searched, decided once per request by planSearch() (search-plan.ts), each way tried only when
 * the one before finds nothing:
 * - `category`: the keyword is a category's exact name (English or Hindi): that category's products;
 * - `words`: every word of the keyword starts a word of the product, as spelled in search keys
 *   (search-keys.ts) — the full-text index (FTS5 on SQLite, a tsvector on PostgreSQL);
 * - `text`: the keyword as typed is part of the product's text, even inside a word ("oated ure"),
 *   through trigrams (FTS5's trigram tokenizer, pg_trgm);
 * - `words` again, each word of 4 letters or more also standing for the words of the index spelled
 *   like it ("tomatoe" → tomato, by trigram similarity, looked up in search_words);
 * - `none`: nothing matches.
 */
export type KeywordPlan =
  | { kind: "category"; ids: number[] }
  /**
   * Per word of the keyword, the index terms it may be (all words required, any of a word's terms);
   * `synonyms`: the keyword's alternatives from the search vocabulary (search-vocabulary.ts), each
   * as its words' terms, found too and ranked after the keyword's own matches.
   */
  | { kind: "words"; words: Term[][]; synonyms?: Term[][][] }
  | { kind: "text"; text: string }
  | { kind: "none" };

/** An index term, whole or as the start of a word. Terms hold only a–z and 0–9: nothing to escape. */
export interface Term {
  term: string;
  prefix: boolean;
  /** How many products have the term (PostgreSQL, search_words.docs), when it is known. */
  docs?: number;
}

/** A product list's filter with its keyword planned (planSearch). */
export interface ProductSearch {
  filter: ProductFilter;
  plan?: KeywordPlan;
  /**
   * The keyword's matches up to SEARCH_LIMIT, when planning counted them (PostgreSQL) and the
   * filter has nothing else: known from search_words, or still being counted while the page is read.
   */
  counted?: number | Promise<number>;
  /**
   * PostgreSQL, a words plan: its tiers are read from search_postings (postingIds), in id order,
   * rather than through the GIN indexes (planSearch decides, by postingsFit).
   */
  postings?: boolean;
}

/**
 * A keyword search answers its best matches up to this many (counted so, and paged so): counting
 * or paging every match of a word that most products have costs as much as the rows it reads.
 */
export const SEARCH_LIMIT = 1_000;

/** An FTS5 query of the words, all required. */
function ftsWords(words: readonly Term[][]): string {
  return words.map((terms) => `(${terms.map(({ term, prefix }) => `"${term}"${prefix ? "*" : ""}`).join(" OR ")})`).join(" AND ");
}

/** A tsquery of the words, all required. */
function tsWords(words: readonly Term[][]): string {
  return words.map((terms) => `(${terms.map(({ term, prefix }) => (prefix ? `${term}:*` : term)).join(" | ")})`).join(" & ");
}

/** A query of any of the alternatives (each its words, all required), written by `write`; undefined without any. */
function anyOf(synonyms: readonly Term[][][] | undefined, write: (words: readonly Term[][]) => string, or: string): string | undefined {
  if (!synonyms?.length) return undefined;
  return synonyms.map((words) => `(${write(words)})`).join(or);
}

/** A words plan's query, its alternatives' matches included (FTS5 or tsquery, by `write` and `or`). */
function planWords(plan: { words: readonly Term[][]; synonyms?: readonly Term[][][] | undefined }, write: typeof ftsWords, or: string) {
  const synonyms = anyOf(plan.synonyms, write, or);
  return synonyms === undefined ? write(plan.words) : `(${write(plan.words)})${or}${synonyms}`;
}

/** Whether a plan has alternatives from the vocabulary. */
export const hasSynonyms = (plan: KeywordPlan) => plan.kind === "words" && (plan.synonyms?.length ?? 0) > 0;

/** The keyword as typed, as an FTS5 phrase of the trigram index: that text anywhere. */
const ftsText = (text: string) => `"${text.toLowerCase().replaceAll('"', '""')}"`;

/** The FTS5 table and query of a plan on SQLite (the keyword kinds only). */
export function ftsQuery(plan: KeywordPlan): { table: "product_search" | "product_text"; match: string } | undefined {
  switch (plan.kind) {
    case "words":
      return { table: "product_search", match: planWords(plan, ftsWords, " OR ") };
    case "text":
      return { table: "product_text", match: ftsText(plan.text) };
    default:
      return undefined;
  }
}

/** The condition on `products` of a planned keyword. */
function matchesPlan(db: Kysely<Database>, eb: ExpressionBuilder<Database, "products">, plan: KeywordPlan) {
  if (plan.kind === "category") return eb("products.category_id", "in", plan.ids);
  if (plan.kind === "none") return sql<SqlBool>`1 = 0`;
  return keywordMatch(db, plan);
}

/** The condition on `products` of a keyword searched in the index (words or text). */
export function keywordMatch(db: Kysely<Database>, plan: KeywordPlan & { kind: "words" | "text" }): RawBuilder<SqlBool> {
  if (dialectOf(db) === "sqlite") {
    const { table, match } = ftsQuery(plan) as { table: string; match: string };
    return sql<SqlBool>`products.id in (select rowid from ${sql.table(table)} where ${sql.table(table)} match ${match})`;
  }
  if (plan.kind === "words") return sql<SqlBool>`products.search_vector @@ to_tsquery('simple', ${planWords(plan, tsWords, " | ")})`;
  return sql<SqlBool>`products.search_text like ${containsPattern(plan.text)} escape '\\'`;
}

export function filtered(db: Kysely<Database>, { filter, plan }: ProductSearch) {
  let query = db.selectFrom("products");
  if (plan) query = query.where((eb) => matchesPlan(db, eb, plan));
  if (filter.categoryId !== undefined) query = query.where("products.category_id", "=", filter.categoryId);
  if (filter.categoryName !== undefined) {
    const name = filter.categoryName;
    query = query.where((eb) => eb("products.category_id", "in", categoriesNamed(db, name)));
  }
  if (filter.inStock) query = query.where("products.count_in_stock", ">", 0);
  return query;
}

/** Whether a list is a keyword's matches (read best first, from the start: see findProductIds in product-pages.ts). */
export const isKeyword = (plan: KeywordPlan | undefined): plan is KeywordPlan & { kind: "words" | "text" } =>
  plan?.kind === "words" || plan?.kind === "text";

/**
 * One tier of best-first results, newest first within it: the matches of an FTS5 query (SQLite)
 * or of a condition on products (PostgreSQL), with, for a words plan, the same matches as a
 * query of their ids in the postings (postingIds), read without the products.
 */
export type Tier = { table: string; match: string } | { where: RawBuilder<SqlBool>; ids?: RawBuilder<{ id: number }> };

/**
 * The tiers of a keyword's best-first results: its matches in the name, then the others; then
 * its alternatives' (from the vocabulary) in the name, then theirs elsewhere. Each is read
 * straight from the index in id order (no ranking of every match: bm25 over the 18 750 matches
 * of one word at 100 000 products takes ~20 ms); PostgreSQL finds name matches through the name's
 * own tsvector and GIN index, or, `postings` (see ProductSearch; never with alternatives), the
 * name's postings.
 */
export function tiers(db: Kysely<Database>, plan: KeywordPlan & { kind: "words" | "text" }, postings = false): Tier[] {
  if (dialectOf(db) === "sqlite") {
    const { table, match } = ftsQuery(plan) as { table: string; match: string };
    if (plan.kind !== "words") return [{ table, match }];
    const own = ftsWords(plan.words);
    const synonyms = anyOf(plan.synonyms, ftsWords, " OR ");
    const tiers = [
      { table, match: `{name} : (${own})` },
      { table, match: `({body} : (${own})) NOT ({name} : (${own}))` },
    ];
    if (synonyms === undefined) return tiers;
    return [
      ...tiers,
      { table, match: `({name} : (${synonyms})) NOT ({body} : (${own}))` },
      { table, match: `(({body} : (${synonyms})) NOT ({body} : (${own}))) NOT ({name} : (${synonyms}))` },
    ];
  }
  if (plan.kind !== "words") return [{ where: keywordMatch(db, plan) }];
  if (postings) {
    return [postingsTier(postingIds(plan.words, IN_NAME)), postingsTier(postingIds(plan.words, ANYWHERE, { notInName: true }))];
  }
  const vector = (column: "search_vector" | "search_name_vector", query: string) =>
    sql<SqlBool>`products.${sql.raw(column)} @@ to_tsquery('simple', ${query})`;
  const own = tsWords(plan.words);
  const inName = vector("search_name_vector", own);
  const tiers = [{ where: inName }, { where: sql<SqlBool>`${vector("search_vector", own)} and not (${inName})` }];
  const synonyms = anyOf(plan.synonyms, tsWords, " | ");
  if (synonyms === undefined) return tiers;
  const anywhere = vector("search_vector", own);
  const synonymsInName = vector("search_name_vector", synonyms);
  return [
    ...tiers,
    { where: sql<SqlBool>`${synonymsInName} and not (${anywhere})` },
    { where: sql<SqlBool>`${vector("search_vector", synonyms)} and not (${anywhere}) and not (${synonymsInName})` },
  ];
}

/** All the matches of a keyword as one tier (PostgreSQL): read from the postings when `postings` (see ProductSearch). */
export function matchTier(db: Kysely<Database>, plan: KeywordPlan & { kind: "words" | "text" }, postings = false): Tier {
  return plan.kind === "words" && postings ? postingsTier(postingIds(plan.words, ANYWHERE)) : { where: keywordMatch(db, plan) };
}

const postingsTier = (ids: RawBuilder<{ id: number }>): Tier => ({ where: sql<SqlBool>`products.id in (${ids})`, ids });

/** search_postings.field (migration 0010): a word anywhere in a product, and in its name. */
const ANYWHERE = 0;
const IN_NAME = 1;

/** Just after every word that starts with `prefix` (keys hold a–z and 0–9, all before "{"). */
export const afterPrefix = (prefix: string) => `${prefix}{`;

/** A search_postings row's word (of the row aliased `alias`) is one of a key's terms. */
function isTerm(alias: string, terms: readonly Term[]): RawBuilder<SqlBool> {
  const word = sql.ref(`${alias}.word`);
  const whole = terms.filter((t) => !t.prefix).map((t) => t.term);
  const parts = terms.filter((t) => t.prefix).map(({ term }) => sql<SqlBool>`(${word} >= ${term} and ${word} < ${afterPrefix(term)})`);
  if (whole.length === 1) parts.unshift(sql<SqlBool>`${word} = ${whole[0]}`);
  else if (whole.length > 1) parts.unshift(sql<SqlBool>`${word} in (${sql.join(whole)})`);
  return parts.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * That `product` has one of a key's terms in `field` (a search_postings row aliased `alias`).
 * `probe`: looked up in the index for each product (OFFSET 0 keeps PostgreSQL from turning it
 * into a join). Otherwise PostgreSQL may merge the key's postings beside the others', which it
 * costs as if matches were spread evenly: for "product 9999" it reads the 90 000 newer products
 * with "product" before reaching the 11 with "9999" (22 ms, where 11 lookups take 0.1 ms).
 */
const hasKey = (alias: string, field: number, terms: readonly Term[], product: RawBuilder<unknown>, probe: boolean) =>
  sql<SqlBool>`exists (select 1 from search_postings as ${sql.raw(alias)}
    where ${sql.ref(`${alias}.field`)} = ${sql.lit(field)} and ${isTerm(alias, terms)} and ${sql.ref(`${alias}.product_id`)} = ${product}${
      probe ? sql` offset 0` : sql``
    })`;

/**
 * A plan's other keys are looked up product by product (hasKey's `probe`) when its rarest key is
 * in at most this many products: ~1.6 µs a lookup, ~3 ms at most. Otherwise PostgreSQL chooses,
 * and merges frequent keys' postings side by side (two frequent words' first 1 000 shared
 * products: ~4.5 ms merged, ~9 ms looked up).
 */
const PROBED_DOCS = 2_000;

/**
 * Whether a words plan is read from its postings, in id order: when its rarest key is one whole
 * word, or is in at most PROBED_DOCS products (each match then costs a few lookups). A key of
 * several frequent terms would be gathered and sorted whole first: such a plan (a typo's
 * corrections, a short prefix) is read through the GIN index. Two frequent words with few
 * products in common are read to their ends (~8 ms for 12 501 and 18 750 products), where the
 * GIN index would take ~2 ms; with none in common, planSearch's existence check (through the GIN
 * index) has already answered.
 */
export function postingsFit(words: readonly Term[][]): boolean {
  const docs = words.map(keyDocs);
  const rarest = Math.min(...docs);
  const driver = words[docs.indexOf(rarest)] ?? [];
  return rarest <= PROBED_DOCS || (driver.length === 1 && driver[0]?.prefix === false);
}

/** How many products a key's terms are in, when search_words told it for each; otherwise unknown (Infinity). */
const keyDocs = (terms: readonly Term[]) => terms.reduce((sum, t) => sum + (t.docs ?? Number.POSITIVE_INFINITY), 0);

/**
 * PostgreSQL: the ids (as `id`) of the products that have every word of a plan in `field`
 * (search_postings), and, `notInName`, not all of them in the name. The key in the fewest
 * products is read from the index in id order; the others are looked up, or merged beside it, by
 * product (see PROBED_DOCS): the newest matches, or the first SEARCH_LIMIT, are found without
 * reading the rest.
 */
function postingIds(words: readonly Term[][], field: number, { notInName = false } = {}): RawBuilder<{ id: number }> {
  const [first = [], ...others] = [...words].sort((a, b) => keyDocs(a) - keyDocs(b));
  const product = sql.ref("p0.product_id");
  const probe = keyDocs(first) <= PROBED_DOCS;
  const conditions = others.map((terms, i) => hasKey(`p${i + 1}`, field, terms, product, probe));
  if (notInName) {
    conditions.push(
      sql<SqlBool>`not (${sql.join(
        words.map((terms, i) => hasKey(`n${i}`, IN_NAME, terms, product, probe)),
        sql` and `,
      )})`,
    );
  }
  return sql<{ id: number }>`select p0.product_id as id from search_postings as p0
    where p0.field = ${sql.lit(field)} and ${isTerm("p0", first)}${sql.join(
      conditions.map((condition) => sql` and ${condition}`),
      sql``,
    )}`;
}

/** The FTS5 matches joined to the filter's other conditions (SQLite). */
export function ftsMatches(db: Kysely<Database>, table: string, match: string, filter: ProductFilter) {
  // No other condition: the index alone answers, in its rowid order.
  if (isKeywordOnly(filter)) {
    return sql`from ${sql.table(table)} where ${sql.table(table)} match ${match}`;
  }
  const others = filtered(db, { filter: { ...filter, keyword: undefined } });
  return sql`from ${sql.table(table)} join (${others.select("products.id")}) p on p.id = ${sql.table(table)}.rowid
    where ${sql.table(table)} match ${match}`;
}

/** How many products a tier matches, counting `cap` at most. */
export async function tierCount(db: Kysely<Database>, tier: Tier, filter: ProductFilter, cap: number): Promise<number> {
  const { rows } = await tierCountQuery(db, tier, filter, cap).execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The statement of tierCount. */
export function tierCountQuery(db: Kysely<Database>, tier: Tier, filter: ProductFilter, cap: number) {
  if (!("where" in tier)) {
    return sql<{ n: number | string }>`select count(*) as n from (select 1
      ${ftsMatches(db, tier.table, tier.match, filter)} limit ${cap}) as matches`;
  }
  if (tier.ids && isKeywordOnly(filter)) {
    return sql<{ n: number | string }>`select count(*) as n from (select 1 from (${tier.ids}) as matches limit ${cap}) as capped`;
  }
  // Planned apart (a materialized CTE is planned for all its rows): under a LIMIT, PostgreSQL
  // guesses a prefix's matches are many, scans the table for the first ones, and reads all
  // 100 000 rows when there are none; the GIN index answers at once.
  const matches = filtered(db, { filter })
    .where(() => tier.where)
    .select("products.id");
  return sql<{ n: number | string }>`with matches as materialized (${matches})
    select count(*) as n from (select 1 from matches limit ${cap}) as capped`;
}
