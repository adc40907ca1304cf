import type { ProductSort } from "@krishi/contract";
import { type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from "kysely";
import { dialectOf, supportsRowLocks } from "../../db/dialect.ts";
import { containsPattern } from "../../db/like.ts";
import type { Database } from "../../db/schema.ts";
import { queryKeys, textKeys } from "./search-keys.ts";

/** The only place with the catalogue's SQL. Rows stay snake_case here. */

export interface ProductFilter {
  /** A category's exact name (English or Hindi, any case) lists that category; other text searches. */
  keyword?: string;
  categoryId?: number;
  categoryName?: string;
  /** Only products with stock. */
  inStock?: boolean;
}

const productColumns = [
  "products.id",
  "products.name",
  "products.brand",
  "products.description",
  "products.name_hi",
  "products.description_hi",
  "products.price_paise",
  "products.hsn_code",
  "products.gst_rate",
  "products.count_in_stock",
  "products.rating",
  "products.num_reviews",
  "products.created_at",
  "products.category_id",
  "categories.name as category_name",
  "categories.name_hi as category_name_hi",
] as const;

const isSqlite = (db: Kysely<Database> | Transaction<Database>) => dialectOf(db as unknown as Kysely<unknown>) === "sqlite";

/** The categories named `name` in English or Hindi, in any case. */
function categoriesNamed(eb: ExpressionBuilder<Database, "products">, name: string) {
  const lower = name.toLowerCase();
  return eb
    .selectFrom("categories")
    .select("categories.id")
    .where(sql<SqlBool>`lower(categories.name) = ${lower} or lower(categories.name_hi) = ${lower}`);
}

/**
 * How a keyword is searched, decided once per request by planSearch(), each way tried only when
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
  /** Per word of the keyword, the index terms it may be (all words required, any of a word's terms). */
  | { kind: "words"; words: Term[][] }
  | { kind: "text"; text: string }
  | { kind: "none" };

/** An index term, whole or as the start of a word. Terms hold only a–z and 0–9: nothing to escape. */
interface Term {
  term: string;
  prefix: boolean;
}

/** A product list's filter with its keyword planned (planSearch). */
export interface ProductSearch {
  filter: ProductFilter;
  plan?: KeywordPlan;
}

/**
 * A keyword search answers its best matches up to this many (counted so, and paged so): counting
 * or paging every match of a word that most products have costs as much as the rows it reads.
 */
export const SEARCH_LIMIT = 1_000;
/** Shorter keys than this are never corrected as typos: too many words are one letter away. */
const SIMILAR_MIN_LENGTH = 4;
/** pg_trgm's similarity of two keys at least this: "tomatoe" and "tomato" 0.67, "tomatoseds" and "tomato" 0.55. */
const SIMILARITY = 0.6;
/** A typo stands for at most this many index terms, the most alike first. */
const SIMILAR_TERMS = 8;
/** The longest prefix FTS5 keeps an index of (migration 0007: prefix = '2 3 4 5 6'). */
const FTS_PREFIX_INDEX = 6;
/** A longer prefix is asked for as its words when it starts at most this many. */
const PREFIX_WORDS = 16;

/**
 * A key is matched as the start of an index term when it has 3 letters or more, or when it ends a
 * query of several words (as it is typed: "tomato seeds 1" finds seeds 1 and 10–19); otherwise as
 * a whole term, so "1" does not find "150" and "zzz" (key "s") does not find every word with s.
 */
const isPrefix = (keys: readonly string[], i: number) => (keys[i] as string).length >= 3 || (i === keys.length - 1 && keys.length > 1);

/** An FTS5 query of the words, all required. */
function ftsWords(words: readonly Term[][]): string {
  return words.map((terms) => `(${terms.map(({ term, prefix }) => `"${term}"${prefix ? "*" : ""}`).join(" OR ")})`).join(" AND ");
}

/** A tsquery of the words, all required. */
function tsWords(words: readonly Term[][]): string {
  return words.map((terms) => `(${terms.map(({ term, prefix }) => (prefix ? `${term}:*` : term)).join(" | ")})`).join(" & ");
}

/** The keyword as typed, as an FTS5 phrase of the trigram index: that text anywhere. */
const ftsText = (text: string) => `"${text.toLowerCase().replaceAll('"', '""')}"`;

/** The FTS5 table and query of a plan on SQLite (the keyword kinds only). */
function ftsQuery(plan: KeywordPlan): { table: "product_search" | "product_text"; match: string } | undefined {
  switch (plan.kind) {
    case "words":
      return { table: "product_search", match: ftsWords(plan.words) };
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
function keywordMatch(db: Kysely<Database>, plan: KeywordPlan & { kind: "words" | "text" }): RawBuilder<SqlBool> {
  if (isSqlite(db)) {
    const { table, match } = ftsQuery(plan) as { table: string; match: string };
    return sql<SqlBool>`products.id in (select rowid from ${sql.table(table)} where ${sql.table(table)} match ${match})`;
  }
  if (plan.kind === "words") return sql<SqlBool>`products.search_vector @@ to_tsquery('simple', ${tsWords(plan.words)})`;
  return sql<SqlBool>`products.search_text like ${containsPattern(plan.text)} escape '\\'`;
}

function filtered(db: Kysely<Database>, { filter, plan }: ProductSearch) {
  let query = db.selectFrom("products");
  if (plan) query = query.where((eb) => matchesPlan(db, eb, plan));
  if (filter.categoryId !== undefined) query = query.where("products.category_id", "=", filter.categoryId);
  if (filter.categoryName !== undefined) {
    const name = filter.categoryName;
    query = query.where((eb) => eb("products.category_id", "in", categoriesNamed(eb, name)));
  }
  if (filter.inStock) query = query.where("products.count_in_stock", ">", 0);
  return query;
}

/**
 * Plans the keyword of a list (see KeywordPlan); first indexes the rows written without the
 * catalogue (bulk loaders and tests write products directly), so the search sees them.
 */
export async function planSearch(db: Kysely<Database>, filter: ProductFilter): Promise<ProductSearch> {
  const { keyword } = filter;
  if (!keyword) return { filter };
  const sqlite = isSqlite(db);
  await indexPendingProducts(db);
  const lower = keyword.toLowerCase();
  const categories = await db
    .selectFrom("categories")
    .select("id")
    .where(sql<SqlBool>`lower(name) = ${lower} or lower(name_hi) = ${lower}`)
    .execute();
  if (categories.length > 0) return { filter, plan: { kind: "category", ids: categories.map((c) => c.id) } };
  const exists = async (plan: KeywordPlan) => {
    const fts = sqlite ? ftsQuery(plan) : undefined;
    if (fts) {
      const { rows } =
        await sql`select rowid from ${sql.table(fts.table)} where ${sql.table(fts.table)} match ${fts.match} limit 1`.execute(db);
      return rows.length > 0;
    }
    return (await tierCount(db, { where: keywordMatch(db, plan as KeywordPlan & { kind: "words" | "text" }) }, {}, 1)) > 0;
  };
  const keys = queryKeys(keyword);
  const words = await Promise.all(keys.map((key, i) => keyTerms(db, key, isPrefix(keys, i))));
  const plan: KeywordPlan = { kind: "words", words };
  if (keys.length > 0 && (await exists(plan))) return { filter, plan };
  // Trigrams: a shorter text has none to look up.
  const text: KeywordPlan = { kind: "text", text: keyword };
  if ([...keyword].length >= 3 && (await exists(text))) return { filter, plan: text };
  const corrections = await Promise.all(keys.map((key, i) => (correctable(keys, i) ? similarWords(db, key) : [])));
  if (corrections.some((terms) => terms.length > 0)) {
    const similar: KeywordPlan = {
      kind: "words",
      words: words.map((terms, i) => [...terms, ...(corrections[i] as string[]).map((term) => ({ term, prefix: false }))]),
    };
    if (await exists(similar)) return { filter, plan: similar };
  }
  return { filter, plan: { kind: "none" } };
}

/** Only words of letters, of 4 or more, matched as a prefix, are corrected (not numbers: "lot 3100"). */
const correctable = (keys: readonly string[], i: number) =>
  (keys[i] as string).length >= SIMILAR_MIN_LENGTH && isPrefix(keys, i) && /^[a-z]+$/.test(keys[i] as string);

/** Just after every word that starts with `prefix` (keys hold a–z and 0–9, all before "{"). */
const afterPrefix = (prefix: string) => `${prefix}{`;

/**
 * The index terms a key is asked for as. SQLite keeps prefix indexes up to FTS_PREFIX_INDEX
 * letters; a longer prefix would be matched by merging every one of its words' entries (~8 ms
 * for a word all 100 000 products have). So, looked up in search_words: when every word that
 * starts like the key's first letters starts with the whole key, those letters are asked for
 * (an indexed prefix, the same matches); when the key starts a few words, those words.
 */
async function keyTerms(db: Kysely<Database>, key: string, prefix: boolean): Promise<Term[]> {
  if (!prefix || key.length <= FTS_PREFIX_INDEX || !isSqlite(db)) return [{ term: key, prefix }];
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

/**
 * The index's words spelled like the key (the same first letter, a length within 2, trigram
 * similarity), most alike first: a short range of search_words' primary key, whatever the
 * catalogue's size.
 */
async function similarWords(db: Kysely<Database>, key: string): Promise<string[]> {
  const first = key[0] as string;
  const rows = await db
    .selectFrom("search_words")
    .select("word")
    .where("word", ">=", first)
    .where("word", "<", String.fromCharCode(first.charCodeAt(0) + 1))
    .where(sql<SqlBool>`length(word) between ${key.length - 2} and ${key.length + 2}`)
    .execute();
  return rows
    .map(({ word }) => ({ word, score: trigramSimilarity(key, word) }))
    .filter(({ score }) => score >= SIMILARITY)
    .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word))
    .slice(0, SIMILAR_TERMS)
    .map(({ word }) => word);
}

/** pg_trgm's similarity of two words: shared trigrams (of the word padded with two spaces before, one after) over all. */
export function trigramSimilarity(a: string, b: string): number {
  const grams = (word: string) => {
    const padded = `  ${word} `;
    const set = new Set<string>();
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
    return set;
  };
  const x = grams(a);
  const y = grams(b);
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared++;
  return shared / (x.size + y.size - shared);
}

/** The ORDER BY of a sort, ending in the tiebreaks of its index (migration 0007). */
function sorted<Q extends { orderBy: (...args: never[]) => unknown }>(query: Q, sort: ProductSort): Q {
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's orderBy overloads do not survive the generic
  let q = query as any;
  switch (sort) {
    case "price_asc":
      q = q.orderBy("products.price_paise", "asc");
      break;
    case "price_desc":
      q = q.orderBy("products.price_paise", "desc");
      break;
    case "rating":
      q = q.orderBy("products.rating", "desc").orderBy("products.num_reviews", "desc");
      break;
    case "newest":
      break;
  }
  // Newest first among equals, and always a total order, so pages neither repeat nor skip.
  return q.orderBy("products.created_at", "desc").orderBy("products.id", "desc");
}

/**
 * A page of products. `sort` undefined: best first for a keyword — matches in the name before
 * matches elsewhere, then the newest (the highest id: ids are given as products are created) —
 * and newest first for a list without one.
 */
export async function findProducts(
  db: Kysely<Database>,
  search: ProductSearch,
  sort: ProductSort | undefined,
  limit: number,
  offset: number,
) {
  const ids = await findProductIds(db, search, sort, limit, offset);
  if (ids.length === 0) return [];
  // The rows of the page only (a deferred join): the page's ids come from an index alone.
  const rows = await db
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .select(productColumns)
    .where("products.id", "in", ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const isKeyword = (plan: KeywordPlan | undefined): plan is KeywordPlan & { kind: "words" | "text" } =>
  plan?.kind === "words" || plan?.kind === "text";

async function findProductIds(db: Kysely<Database>, search: ProductSearch, sort: ProductSort | undefined, limit: number, offset: number) {
  const { plan } = search;
  if (plan?.kind === "none") return [];
  if (isKeyword(plan)) {
    // Only the best SEARCH_LIMIT matches are paged (as they are counted).
    if (offset >= SEARCH_LIMIT) return [];
    limit = Math.min(limit, SEARCH_LIMIT - offset);
    if (sort === undefined) return rankedIds(db, search, limit, offset);
  }
  const rows = await sorted(filtered(db, search).select("products.id"), sort ?? "newest")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * One tier of best-first results, newest first within it: the matches of an FTS5 query (SQLite)
 * or of a condition on products (PostgreSQL).
 */
type Tier = { table: string; match: string } | { where: RawBuilder<SqlBool> };

/**
 * The tiers of a keyword's best-first results: its matches in the name, then the others. Each is
 * read straight from the index in id order (no ranking of every match: bm25 over the 18 750
 * matches of one word at 100 000 products takes ~20 ms); PostgreSQL finds name matches through
 * the name's own tsvector and GIN index.
 */
function tiers(db: Kysely<Database>, plan: KeywordPlan & { kind: "words" | "text" }): Tier[] {
  if (isSqlite(db)) {
    const { table, match } = ftsQuery(plan) as { table: string; match: string };
    if (table !== "product_search") return [{ table, match }];
    return [
      { table, match: `{name} : (${match})` },
      { table, match: `{body} : (${match}) NOT {name} : (${match})` },
    ];
  }
  if (plan.kind !== "words") return [{ where: keywordMatch(db, plan) }];
  const query = tsWords(plan.words);
  const inName = sql<SqlBool>`products.search_name_vector @@ to_tsquery('simple', ${query})`;
  return [{ where: inName }, { where: sql<SqlBool>`products.search_vector @@ to_tsquery('simple', ${query}) and not (${inName})` }];
}

async function rankedIds(db: Kysely<Database>, search: ProductSearch, limit: number, offset: number): Promise<number[]> {
  const all = tiers(db, search.plan as KeywordPlan & { kind: "words" | "text" });
  const ids: number[] = [];
  let skip = offset;
  for (const [i, tier] of all.entries()) {
    const page = await tierIds(db, tier, search.filter, limit - ids.length, skip);
    ids.push(...page);
    if (ids.length >= limit || i === all.length - 1) break;
    // The next tier starts after this one's matches: skip what is left of the offset (counting
    // this tier's matches up to the offset at most).
    skip = page.length > 0 ? 0 : skip - (await tierCount(db, tier, search.filter, skip));
  }
  return ids;
}

/** The FTS5 matches joined to the filter's other conditions (SQLite). */
function ftsMatches(db: Kysely<Database>, table: string, match: string, filter: ProductFilter) {
  // No other condition: the index alone answers, in its rowid order.
  if (filter.categoryId === undefined && filter.categoryName === undefined && !filter.inStock) {
    return sql`from ${sql.table(table)} where ${sql.table(table)} match ${match}`;
  }
  const others = filtered(db, { filter: { ...filter, keyword: undefined } });
  return sql`from ${sql.table(table)} join (${others.select("products.id")}) p on p.id = ${sql.table(table)}.rowid
    where ${sql.table(table)} match ${match}`;
}

async function tierIds(db: Kysely<Database>, tier: Tier, filter: ProductFilter, limit: number, offset: number) {
  if ("where" in tier) {
    const rows = await filtered(db, { filter })
      .where(() => tier.where)
      .select("products.id")
      .orderBy("products.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => row.id);
  }
  const { table, match } = tier;
  const { rows } = await sql<{ id: number }>`select ${sql.table(table)}.rowid as id ${ftsMatches(db, table, match, filter)}
    order by ${sql.table(table)}.rowid desc limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => row.id);
}

/** How many products a tier matches, counting `cap` at most. */
async function tierCount(db: Kysely<Database>, tier: Tier, filter: ProductFilter, cap: number): Promise<number> {
  if ("where" in tier) {
    // Planned apart (a materialized CTE is planned for all its rows): under a LIMIT, PostgreSQL
    // guesses a prefix's matches are many, scans the table for the first ones, and reads all
    // 100 000 rows when there are none; the GIN index answers at once.
    const matches = filtered(db, { filter })
      .where(() => tier.where)
      .select("products.id");
    const { rows } = await sql<{ n: number | string }>`with matches as materialized (${matches})
      select count(*) as n from (select 1 from matches limit ${cap}) as capped`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from (select 1
    ${ftsMatches(db, tier.table, tier.match, filter)} limit ${cap}) as matches`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** How many products a list has; a keyword's matches are counted up to SEARCH_LIMIT (see there). */
export async function countProducts(db: Kysely<Database>, search: ProductSearch): Promise<number> {
  const { plan } = search;
  if (plan?.kind === "none") return 0;
  if (isKeyword(plan)) {
    const fts = ftsQuery(plan);
    return tierCount(db, isSqlite(db) && fts ? fts : { where: keywordMatch(db, plan) }, search.filter, SEARCH_LIMIT);
  }
  const row = await filtered(db, search)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findProduct(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .select(productColumns)
    .where("products.id", "=", id)
    .executeTakeFirst();
}

export type ProductWithCategory = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export async function findImages(db: Kysely<Database>, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom("product_images")
    .select(["id", "product_id", "path"])
    .where("product_id", "in", productIds)
    .orderBy("product_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export async function findReviews(db: Kysely<Database>, productId: number) {
  return db
    .selectFrom("reviews")
    .select(["id", "user_id", "name", "rating", "comment", "created_at"])
    .where("product_id", "=", productId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/**
 * Locks a product row for the rest of the transaction (PostgreSQL; SQLite writes one at a time),
 * so concurrent reviews of one product recompute its rating one after another. Answers its id,
 * stock, Hindi texts and tax fields (what an edit may leave as they are).
 */
export async function lockProduct(trx: Transaction<Database>, id: number) {
  const query = trx
    .selectFrom("products")
    .select(["id", "count_in_stock", "name_hi", "description_hi", "hsn_code", "gst_rate"])
    .where("id", "=", id);
  return (supportsRowLocks(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function findUserReview(trx: Transaction<Database>, productId: number, userId: number) {
  return trx.selectFrom("reviews").select("id").where("product_id", "=", productId).where("user_id", "=", userId).executeTakeFirst();
}

export interface NewReview {
  productId: number;
  userId: number;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
}

export async function insertReview(trx: Transaction<Database>, review: NewReview): Promise<void> {
  await trx
    .insertInto("reviews")
    .values({
      product_id: review.productId,
      user_id: review.userId,
      name: review.name,
      rating: review.rating,
      comment: review.comment,
      created_at: review.createdAt,
    })
    .execute();
}

/** Sets rating (the mean) and num_reviews from the product's reviews. */
export async function recomputeRating(trx: Transaction<Database>, productId: number): Promise<void> {
  const { mean, count } = await trx
    .selectFrom("reviews")
    .select((eb) => [eb.fn.avg<number | string | null>("rating").as("mean"), eb.fn.countAll<number | string>().as("count")])
    .where("product_id", "=", productId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("products")
    .set({ rating: mean === null ? 0 : Number(mean), num_reviews: Number(count) })
    .where("id", "=", productId)
    .execute();
}

export async function findCategories(db: Kysely<Database>) {
  return db.selectFrom("categories").select(["id", "name", "name_hi"]).orderBy("name").execute();
}

export interface SearchableProduct {
  name: string;
  brand: string;
  category: string;
  description: string;
  nameHi?: string | undefined;
  descriptionHi?: string | undefined;
  /** The category's Hindi name. */
  categoryHi?: string | undefined;
}

/**
 * What keyword search scans, kept in one place so writers and the seed agree: `search_text`, the
 * product's texts in English and Hindi, lower-cased, one per line; `search_keys`, the spelling
 * keys of their words, each after a space (and one at the end), so that a key can be matched as
 * the start of a word or as a whole word (search-keys.ts).
 */
export function searchColumns(parts: SearchableProduct): SearchColumns {
  const texts = [parts.name, parts.brand, parts.category, parts.description, parts.nameHi, parts.descriptionHi, parts.categoryHi];
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
 * tables (contentless: the text is in products; delete, then insert). PostgreSQL derives its
 * tsvector from the columns themselves, and keeps its GIN indexes in step.
 */
async function indexProduct(trx: Writer, id: number, columns: SearchColumns): Promise<void> {
  await addSearchWords(trx, columns.search_keys);
  if (!isSqlite(trx)) return;
  await unindexProduct(trx, id);
  await sql`insert into product_search (rowid, name, body) values (${id}, ${columns.search_name_keys}, ${columns.search_keys})`.execute(
    trx,
  );
  await sql`insert into product_text (rowid, text) values (${id}, ${columns.search_text})`.execute(trx);
}

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

async function unindexProduct(trx: Writer, id: number): Promise<void> {
  if (!isSqlite(trx)) return;
  await sql`delete from product_search where rowid = ${id}`.execute(trx);
  await sql`delete from product_text where rowid = ${id}`.execute(trx);
}

/**
 * Indexes the products written without the catalogue's writer (their search columns are set,
 * search_indexed is not), from the columns they have: SQLite's FTS5 tables, and on both the
 * words of search_words (PostgreSQL's tsvectors follow the columns themselves). A partial index
 * finds them at once.
 */
async function indexPendingProducts(db: Kysely<Database>): Promise<number> {
  if (!isSqlite(db)) {
    const pending = await sql`select id from products where not search_indexed limit 1`.execute(db);
    if (pending.rows.length === 0) return 0;
    await sql`insert into search_words (word)
      select distinct unnest(tsvector_to_array(search_vector)) from products where not search_indexed
      on conflict do nothing`.execute(db);
    return flagIndexed(db);
  }
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

/**
 * PostgreSQL: marks the unindexed products indexed, in batches (one UPDATE of 100 000 rows would
 * outlast the statement timeout: each row's new version goes into every index). Answers how many.
 */
async function flagIndexed(db: Kysely<Database>): Promise<number> {
  let flagged = 0;
  for (;;) {
    const result = await sql`update products set search_indexed = true
      where id in (select id from products where not search_indexed limit 5000)`.execute(db);
    const n = Number(result.numAffectedRows ?? 0);
    if (n === 0) return flagged;
    flagged += n;
  }
}

/**
 * Rebuilds the whole search index from the products' search columns, for bulk loaders that
 * insert products directly (the bench): rows without search text get it first. SQLite refills its
 * FTS5 tables in a few statements; PostgreSQL's tsvectors and GIN indexes follow the columns. Both
 * refill search_words, and refresh the planner's statistics (PostgreSQL vacuums too).
 */
export async function rebuildSearchIndex(db: Kysely<Database>): Promise<void> {
  await fillSearchColumns(db);
  if (isSqlite(db)) {
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
    await db.transaction().execute(async (trx) => {
      await sql`delete from search_words`.execute(trx);
      await sql`insert into search_words (word) select distinct unnest(tsvector_to_array(search_vector)) from products
        on conflict do nothing`.execute(trx);
    });
    await flagIndexed(db);
    // A bulk load leaves no statistics and no visibility map: the planner needs the first, and
    // index-only scans (counts, deep pages) the second.
    await sql`vacuum analyze products`.execute(db);
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
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const columns = searchColumns(searchable(row));
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

const searchable = (row: ProductWithCategory): SearchableProduct => ({
  name: row.name,
  brand: row.brand,
  category: row.category_name,
  description: row.description,
  nameHi: row.name_hi,
  descriptionHi: row.description_hi,
  categoryHi: row.category_name_hi,
});

// ---- Writes of the staff back office. The catalogue is the one writer of products, their
// images and categories; search_text is set here, beside every write of the fields it covers.

type Writer = Kysely<Database> | Transaction<Database>;

export interface CategoryRow {
  id: number;
  name: string;
  name_hi: string;
}

/** The category with this name (case-insensitive), created when there is none. */
export async function categoryNamed(trx: Transaction<Database>, name: string): Promise<CategoryRow> {
  const existing = await trx
    .selectFrom("categories")
    .select(["id", "name", "name_hi"])
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
    .executeTakeFirst();
  if (existing) return existing;
  return trx.insertInto("categories").values({ name }).returning(["id", "name", "name_hi"]).executeTakeFirstOrThrow();
}

export async function findCategory(db: Writer, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom("categories").select(["id", "name", "name_hi"]).where("id", "=", id).executeTakeFirst();
}

export interface ProductFields {
  name: string;
  brand: string;
  category: CategoryRow;
  description: string;
  nameHi: string;
  descriptionHi: string;
  pricePaise: number;
  countInStock: number;
  /** The HSN code (4, 6 or 8 digits, or "") and the GST rate in percent (one of GST_RATES). */
  hsnCode: string;
  gstRate: number;
}

const productValues = (fields: ProductFields) => ({
  name: fields.name,
  brand: fields.brand,
  category_id: fields.category.id,
  description: fields.description,
  name_hi: fields.nameHi,
  description_hi: fields.descriptionHi,
  price_paise: fields.pricePaise,
  count_in_stock: fields.countInStock,
  hsn_code: fields.hsnCode,
  gst_rate: fields.gstRate,
  search_indexed: true,
  ...searchColumns({
    name: fields.name,
    brand: fields.brand,
    category: fields.category.name,
    description: fields.description,
    nameHi: fields.nameHi,
    descriptionHi: fields.descriptionHi,
    categoryHi: fields.category.name_hi,
  }),
});

export async function insertProduct(trx: Transaction<Database>, fields: ProductFields, at: string): Promise<number> {
  const values = productValues(fields);
  const row = await trx
    .insertInto("products")
    .values({ ...values, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  await indexProduct(trx, row.id, values);
  return row.id;
}

export async function updateProduct(trx: Transaction<Database>, id: number, fields: ProductFields, at: string): Promise<void> {
  const values = productValues(fields);
  await trx
    .updateTable("products")
    .set({ ...values, updated_at: at })
    .where("id", "=", id)
    .execute();
  await indexProduct(trx, id, values);
}

/** Deletes a product (its images and reviews go with it; order lines keep their snapshot). */
export async function deleteProduct(trx: Transaction<Database>, id: number): Promise<boolean> {
  const result = await trx.deleteFrom("products").where("id", "=", id).executeTakeFirst();
  await unindexProduct(trx, id);
  return Number(result.numDeletedRows) > 0;
}

export async function findImage(db: Writer, id: number) {
  return db.selectFrom("product_images").select(["id", "product_id", "path"]).where("id", "=", id).executeTakeFirst();
}

/** Appends an image after the product's others. */
export async function insertImage(trx: Transaction<Database>, productId: number, path: string): Promise<void> {
  const { last } = await trx
    .selectFrom("product_images")
    .select((eb) => eb.fn.max<number | null>("position").as("last"))
    .where("product_id", "=", productId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("product_images")
    .values({ product_id: productId, path, position: last === null ? 0 : Number(last) + 1 })
    .execute();
}

export async function deleteImage(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom("product_images").where("id", "=", id).execute();
}

export async function setImagePosition(trx: Transaction<Database>, id: number, position: number): Promise<void> {
  await trx.updateTable("product_images").set({ position }).where("id", "=", id).execute();
}

/** Which of these image paths an order line still shows (those files must stay). */
export async function pathsInOrders(db: Writer, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db.selectFrom("order_items").select("image").distinct().where("image", "in", paths).execute();
  return new Set(rows.map((row) => row.image));
}

/** Products with at most `threshold` units left, fewest first. */
export async function findLowStock(db: Writer, threshold: number, limit: number) {
  return db
    .selectFrom("products")
    .select(["id", "name", "count_in_stock"])
    .where("count_in_stock", "<=", threshold)
    .orderBy("count_in_stock")
    .orderBy("id")
    .limit(limit)
    .execute();
}

// ---- Inventory: checkouts take stock through these, inside their own transaction.

/**
 * Takes `qty` units of a product if, and only if, that many are in stock — one atomic UPDATE,
 * so concurrent checkouts can never oversell. Answers false when the stock was not there.
 */
export async function takeStock(trx: Transaction<Database>, productId: number, qty: number): Promise<boolean> {
  const result = await trx
    .updateTable("products")
    .set((eb) => ({ count_in_stock: eb("count_in_stock", "-", qty) }))
    .where("id", "=", productId)
    .where("count_in_stock", ">=", qty)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts units back on sale (a cancelled or expired order's); a deleted product takes none. */
export async function returnStock(trx: Transaction<Database>, productId: number, qty: number): Promise<void> {
  await trx
    .updateTable("products")
    .set((eb) => ({ count_in_stock: eb("count_in_stock", "+", qty) }))
    .where("id", "=", productId)
    .execute();
}

/** What a checkout prices a line with: name, price, stock, HSN code, GST rate and first image. */
export async function productsForOrder(trx: Transaction<Database>, ids: readonly number[]) {
  return trx
    .selectFrom("products")
    .select(["id", "name", "price_paise", "count_in_stock", "hsn_code", "gst_rate"])
    .select((eb) =>
      eb
        .selectFrom("product_images")
        .select("path")
        .whereRef("product_images.product_id", "=", "products.id")
        .orderBy("position")
        .orderBy("id")
        .limit(1)
        .as("image"),
    )
    .where("id", "in", ids)
    .execute();
}
