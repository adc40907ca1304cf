import type { ProductSort } from "@krishi/contract";
import { type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import { jsonArrayFrom as pgJsonArrayFrom } from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteJsonArrayFrom } from "kysely/helpers/sqlite";
import { containsPattern } from "../../db/like.ts";
import type { Database } from "../../db/schema.ts";
import { isSqlite, type ProductWithCategory, productColumns } from "./columns.ts";
import { indexPendingProducts } from "./search-index.ts";
import { queryKeys } from "./search-keys.ts";

/**
 * The SQL of product lists: a keyword planned once (category, words, text, corrected words),
 * then the products of a filter found a page at a time and counted, in the order asked for.
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

/**
 * PostgreSQL: what each pooled connection runs before its first search (warmConnections in
 * db/database.ts): every index a search reads, asked for a word no product has, so the connection
 * has loaded the products' relation, the 'simple' text-search configuration and pg_trgm.
 */
export const SEARCH_WARM_UP = [
  "select 1 from products where search_vector @@ to_tsquery('simple', 'xwarmupx') limit 1",
  "select 1 from products where search_name_vector @@ to_tsquery('simple', 'xwarmupx') limit 1",
  "select 1 from products where search_text like '%xwarmupx%' limit 1",
  "select word from search_words where word >= 'xwarmupx' order by word limit 1",
  "select id from categories where lower(name) = 'xwarmupx' or lower(name_hi) = 'xwarmupx'",
  "select id from product_images where product_id = 0 order by position limit 1",
].join(";\n");

/** A filter with no condition besides its keyword. */
const isKeywordOnly = (filter: ProductFilter) => filter.categoryId === undefined && filter.categoryName === undefined && !filter.inStock;

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
/** Rows, newest first, in which a keyword's matches are looked for before its GIN index is read (tierIds, PostgreSQL). */
const NEWEST_PROBED = 1_000;
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
  const keys = queryKeys(keyword);
  const { categories, words } = await lookUp(db, lower, keys);
  if (categories.length > 0) return { filter, plan: { kind: "category", ids: categories } };
  // PostgreSQL: a plan's count up to SEARCH_LIMIT, when the words' counts do not tell it, reads
  // that many rows (a page of the table each, for a keyword most products have): it is started
  // once the plan is known to match, and the page is read meanwhile (countProducts awaits it).
  let counted: number | Promise<number> | undefined;
  const exists = async (plan: KeywordPlan) => {
    const fts = sqlite ? ftsQuery(plan) : undefined;
    if (fts) {
      const { rows } =
        await sql`select rowid from ${sql.table(fts.table)} where ${sql.table(fts.table)} match ${fts.match} limit 1`.execute(db);
      return rows.length > 0;
    }
    const known = plan.kind === "words" ? countFromDocs(plan.words) : undefined;
    if (known !== undefined) {
      counted = known;
      return known > 0;
    }
    const tier = { where: keywordMatch(db, plan as KeywordPlan & { kind: "words" | "text" }) };
    if ((await tierCount(db, tier, {}, 1)) === 0) return false;
    if (isKeywordOnly(filter)) {
      const counting = tierCount(db, tier, {}, SEARCH_LIMIT);
      counting.catch(() => {}); // awaited by countProducts; a failure is thrown there
      counted = counting;
    }
    return true;
  };
  const planned = (plan: KeywordPlan): ProductSearch =>
    isKeywordOnly(filter) && counted !== undefined ? { filter, plan, counted } : { filter, plan };
  const plan: KeywordPlan = { kind: "words", words };
  if (keys.length > 0 && (await exists(plan))) return planned(plan);
  // The words spelled like the keyword's are looked up while its text is searched for.
  const correcting = Promise.all(keys.map((key, i) => (correctable(keys, i) ? similarWords(db, key) : [])));
  correcting.catch(() => {}); // not awaited when the text is found; awaited (and thrown) otherwise
  // Trigrams: a shorter text has none to look up.
  const text: KeywordPlan = { kind: "text", text: keyword };
  if ([...keyword].length >= 3 && (await exists(text))) return planned(text);
  const corrections = await correcting;
  if (corrections.some((terms) => terms.length > 0)) {
    const similar: KeywordPlan = {
      kind: "words",
      words: words.map((terms, i) => [...terms, ...(corrections[i] as Term[])]),
    };
    if (await exists(similar)) return planned(similar);
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

/** The search_words rows of a key (PostgreSQL, see countedTerms): the word, or up to PREFIX_WORDS + 1 words it starts. */
function wordsOfKey(db: Kysely<Database>, key: string, prefix: boolean) {
  const words = db.selectFrom("search_words").select(["word", "docs"]);
  return prefix
    ? words
        .where("word", ">=", key)
        .where("word", "<", afterPrefix(key))
        .orderBy("word")
        .limit(PREFIX_WORDS + 1)
    : words.where("word", "=", key);
}

/**
 * The categories a keyword (lower-cased) names, in English or Hindi, and the index terms of each of
 * its keys: looked up together, since most keywords name no category. PostgreSQL answers all of
 * it in one statement (a query costs a round trip, and its writes and reads on the event loop).
 */
async function lookUp(db: Kysely<Database>, lower: string, keys: readonly string[]): Promise<{ categories: number[]; words: Term[][] }> {
  const named = db.selectFrom("categories").select("id").where(sql<SqlBool>`lower(name) = ${lower} or lower(name_hi) = ${lower}`);
  if (isSqlite(db)) {
    const [categories, words] = await Promise.all([
      named.execute(),
      Promise.all(keys.map((key, i) => keyTerms(db, key, isPrefix(keys, i)))),
    ]);
    return { categories: categories.map((c) => c.id), words };
  }
  // key -1: a category's id; key i: a word of keys[i].
  const parts = [
    sql`select -1 as key, id::text as word, 0 as docs from ${named} as named`,
    ...keys.map((key, i) => sql`select ${sql.lit(i)} as key, word, docs from ${wordsOfKey(db, key, isPrefix(keys, i))} as words`),
  ];
  const { rows } = await sql<{ key: number; word: string; docs: number }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return {
    categories: rows.filter((row) => row.key === -1).map((row) => Number(row.word)),
    words: keys.map((key, i) =>
      countedTerms(
        key,
        isPrefix(keys, i),
        rows.filter((row) => row.key === i),
      ),
    ),
  };
}

/**
 * PostgreSQL: the index terms of a key, from its rows of search_words (wordsOfKey), with how many
 * products have each (docs). A
 * prefix is asked for as the words it starts when they are few: the GIN index reads a prefix by
 * collecting every match of its words before anything else, where whole words skip through one
 * another's matches ("tomato:* & sids:*" ~8 ms at 100 000 products, "tomato & sids" ~3 ms;
 * "product:* & 9999:*" ~13 ms, "product & (9999 | 99990 | …)" ~0.5 ms).
 */
function countedTerms(key: string, prefix: boolean, rows: readonly { word: string; docs: number }[]): Term[] {
  if (rows.length > PREFIX_WORDS) return [{ term: key, prefix: true }];
  if (rows.length === 0) return [{ term: key, prefix, docs: 0 }];
  return rows.map(({ word, docs }) => ({ term: word, prefix: false, docs }));
}

/**
 * A words plan's matches up to SEARCH_LIMIT when the products' counts of its terms (PostgreSQL)
 * tell them without reading the index: none when a word of the keyword is in no product, and
 * SEARCH_LIMIT when the keyword is one word and one of its terms is in that many products.
 */
function countFromDocs(words: readonly Term[][]): number | undefined {
  if (words.some((terms) => terms.every((t) => t.docs === 0))) return 0;
  if (words.length === 1 && (words[0] as Term[]).some((t) => (t.docs ?? 0) >= SEARCH_LIMIT)) return SEARCH_LIMIT;
  return undefined;
}

/**
 * The index's words spelled like the key (the same first letter, a length within 2, trigram
 * similarity), most alike first: a short range of search_words' primary key, whatever the
 * catalogue's size.
 */
async function similarWords(db: Kysely<Database>, key: string): Promise<Term[]> {
  const first = key[0] as string;
  const rows = await db
    .selectFrom("search_words")
    // With `docs` on PostgreSQL (SQLite has no such column).
    .selectAll()
    .where("word", ">=", first)
    .where("word", "<", String.fromCharCode(first.charCodeAt(0) + 1))
    .where(sql<SqlBool>`length(word) between ${key.length - 2} and ${key.length + 2}`)
    .execute();
  const docsOf = new Map(rows.map((row) => [row.word, typeof row.docs === "number" ? row.docs : undefined]));
  return rows
    .map(({ word }) => ({ word, score: trigramSimilarity(key, word) }))
    .filter(({ score }) => score >= SIMILARITY)
    .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word))
    .slice(0, SIMILAR_TERMS)
    .map(({ word }) => ({ term: word, prefix: false, docs: docsOf.get(word) }));
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

/** The ORDER BY of a sort, ending in the tiebreaks of its index (migration 0007); `reversed`: the same order read from its end. */
function sorted<Q extends { orderBy: (...args: never[]) => unknown }>(query: Q, sort: ProductSort, reversed = false): Q {
  const way = (direction: "asc" | "desc") => (reversed ? (direction === "asc" ? "desc" : "asc") : direction);
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's orderBy overloads do not survive the generic
  let q = query as any;
  switch (sort) {
    case "price_asc":
      q = q.orderBy("products.price_paise", way("asc"));
      break;
    case "price_desc":
      q = q.orderBy("products.price_paise", way("desc"));
      break;
    case "rating":
      q = q.orderBy("products.rating", way("desc")).orderBy("products.num_reviews", way("desc"));
      break;
    case "newest":
      break;
  }
  // Newest first among equals, and always a total order, so pages neither repeat nor skip.
  return q.orderBy("products.created_at", way("desc")).orderBy("products.id", way("desc"));
}

/** Which page of a list: its order, size and start, and how long the list is when that is known. */
export interface PageWanted {
  sort: ProductSort | undefined;
  limit: number;
  offset: number;
  total?: number;
}

/**
 * The ids of a page of products. `sort` undefined: best first for a keyword — matches in the name before
 * matches elsewhere, then the newest (the highest id: ids are given as products are created) —
 * and newest first for a list without one. `total`: how many the list has (countProducts), which
 * lets a page past the middle of a list be read from its end.
 */
async function findProductIds(db: Kysely<Database>, search: ProductSearch, wanted: PageWanted, newestProbed = false): Promise<number[]> {
  const { plan } = search;
  if (plan?.kind === "none") return [];
  let { limit } = wanted;
  const { sort, offset } = wanted;
  if (isKeyword(plan)) {
    // Only the best SEARCH_LIMIT matches are paged (as they are counted).
    if (offset >= SEARCH_LIMIT) return [];
    limit = Math.min(limit, SEARCH_LIMIT - offset);
    if (sort === undefined) return rankedIds(db, search, limit, offset, newestProbed);
  }
  const page = pageIds(db, search, { ...wanted, limit });
  if (!page) return [];
  const ids = (await page.query.execute()).map((row) => row.id);
  return page.reversed ? ids.reverse() : ids;
}

/**
 * The query of a page's ids in a sorted list. Past the middle, the index is walked back from the
 * end over the rows after the page, instead of forward over every row before it (the last page of
 * 100 000 skips none): the ids then come `reversed`. Undefined for a page past the end.
 */
function pageIds(db: Kysely<Database>, search: ProductSearch, { sort, limit, offset, total }: PageWanted) {
  const ids = filtered(db, search).select("products.id");
  if (isKeyword(search.plan) || total === undefined || offset <= total / 2) {
    return {
      query: sorted(ids, sort ?? "newest")
        .limit(limit)
        .offset(offset),
      reversed: false,
    };
  }
  const end = Math.min(offset + limit, total);
  if (end <= offset) return undefined;
  return {
    query: sorted(ids, sort ?? "newest", true)
      .limit(end - offset)
      .offset(total - end),
    reversed: true,
  };
}

/** A product row with its images (id and path, in their order): what a list shows of a product. */
export type ListedProduct = ProductWithCategory & { images: { id: number; path: string }[] };

/** Products with their images, gathered as JSON by the same statement (one round trip, not two). */
function listedProducts(db: Kysely<Database>) {
  const jsonArrayFrom = isSqlite(db) ? sqliteJsonArrayFrom : pgJsonArrayFrom;
  return db
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .select(productColumns)
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom("product_images")
          .select(["product_images.id", "product_images.path"])
          .whereRef("product_images.product_id", "=", "products.id")
          .orderBy("product_images.position")
          .orderBy("product_images.id"),
      ).as("images"),
    );
}

/** SQLite answers the JSON as text. */
const listed = <R extends { images: unknown }>(row: R): ListedProduct =>
  ({ ...row, images: typeof row.images === "string" ? JSON.parse(row.images) : row.images }) as unknown as ListedProduct;

/** The products of a page, in the order of its ids (findProductIds), with their images. */
async function productRows(db: Kysely<Database>, ids: readonly number[]): Promise<ListedProduct[]> {
  if (ids.length === 0) return [];
  const rows = await listedProducts(db).where("products.id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, listed(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A page of products with their images (see findProductIds for the order). A list without a
 * keyword is one statement: its page's ids are a subquery of the rows'.
 */
export async function findPage(db: Kysely<Database>, search: ProductSearch, wanted: PageWanted): Promise<ListedProduct[]> {
  const { plan } = search;
  if (isKeyword(plan)) {
    const newest = wanted.sort === undefined ? await newestBestPage(db, search, wanted) : undefined;
    if (newest?.full) return newest.rows;
    return productRows(db, await findProductIds(db, search, wanted, newest !== undefined));
  }
  if (plan?.kind === "none") return [];
  const page = pageIds(db, search, wanted);
  if (!page) return [];
  const rows = await sorted(listedProducts(db).where("products.id", "in", page.query), wanted.sort ?? "newest").execute();
  return rows.map(listed);
}

/** Whether a list is a keyword's matches (read best first, from the start: see findProductIds). */
export const isKeyword = (plan: KeywordPlan | undefined): plan is KeywordPlan & { kind: "words" | "text" } =>
  plan?.kind === "words" || plan?.kind === "text";

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

/** `newestProbed`: the first tier's newest rows were searched already, without the page (newestBestPage). */
async function rankedIds(
  db: Kysely<Database>,
  search: ProductSearch,
  limit: number,
  offset: number,
  newestProbed: boolean,
): Promise<number[]> {
  const all = tiers(db, search.plan as KeywordPlan & { kind: "words" | "text" });
  const ids: number[] = [];
  let skip = offset;
  for (const [i, tier] of all.entries()) {
    const page = await tierIds(db, tier, search, limit - ids.length, skip, i === 0 && newestProbed);
    ids.push(...page);
    if (ids.length >= limit || i === all.length - 1) break;
    // The next tier starts after this one's matches: skip what is left of the offset (counting
    // this tier's matches up to the offset at most).
    skip = page.length > 0 || skip === 0 ? 0 : skip - (await tierCount(db, tier, search.filter, skip));
  }
  return ids;
}

/** The FTS5 matches joined to the filter's other conditions (SQLite). */
function ftsMatches(db: Kysely<Database>, table: string, match: string, filter: ProductFilter) {
  // No other condition: the index alone answers, in its rowid order.
  if (isKeywordOnly(filter)) {
    return sql`from ${sql.table(table)} where ${sql.table(table)} match ${match}`;
  }
  const others = filtered(db, { filter: { ...filter, keyword: undefined } });
  return sql`from ${sql.table(table)} join (${others.select("products.id")}) p on p.id = ${sql.table(table)}.rowid
    where ${sql.table(table)} match ${match}`;
}

/** Whether a keyword's tiers are looked for among the newest rows first (see tierIds): unless planning counted them few. */
const probesNewest = (counted: ProductSearch["counted"]) => typeof counted !== "number" || counted >= SEARCH_LIMIT;

/** The first `wanted` matches of a condition among the newest rows (PostgreSQL), newest first. */
const newestMatches = (where: RawBuilder<SqlBool>, wanted: number) =>
  sql<{ id: number }>`select id from (select id, search_vector, search_name_vector, search_text
    from products order by id desc limit ${Math.max(NEWEST_PROBED, 2 * wanted)}) as products
    where ${where} order by id desc limit ${wanted}`;

/**
 * PostgreSQL, a keyword alone, best first: its first tier's page looked for among the newest rows
 * (as tierIds would) and read with its products in the same statement, one round trip where
 * findProductIds and productRows take two. `full` when that tier's newest rows hold the page;
 * otherwise the page is found as usual (told the newest rows were searched). Undefined when the
 * page is not looked for there.
 */
async function newestBestPage(
  db: Kysely<Database>,
  search: ProductSearch,
  { offset, limit }: PageWanted,
): Promise<{ rows: ListedProduct[]; full: boolean } | undefined> {
  const [first] = tiers(db, search.plan as KeywordPlan & { kind: "words" | "text" });
  if (!first || !("where" in first) || !isKeywordOnly(search.filter) || !probesNewest(search.counted) || offset >= SEARCH_LIMIT) {
    return undefined;
  }
  const size = Math.min(limit, SEARCH_LIMIT - offset);
  const ids = sql<SqlBool>`products.id in (select id from (${newestMatches(first.where, offset + size)}) as newest offset ${offset})`;
  const rows = (await listedProducts(db).where(ids).orderBy("products.id", "desc").execute()).map(listed);
  return { rows, full: rows.length === size };
}

async function tierIds(
  db: Kysely<Database>,
  tier: Tier,
  { filter, counted }: ProductSearch,
  limit: number,
  offset: number,
  newestProbed = false,
) {
  if ("where" in tier) {
    const matches = filtered(db, { filter })
      .where(() => tier.where)
      .select("products.id");
    // PostgreSQL guesses how many rows a tsquery matches, badly for prefixes and for several
    // words: it walks the id index backwards, filtering, for a word no name has (every row of the
    // table, ~200 ms at 100 000), or builds the whole bitmap of a word every row has (~150 ms).
    // So the newest rows are searched first; when they do not hold the page, the matches are
    // few among them, likely few everywhere: read through the GIN index and sorted. When
    // planning has counted fewer than SEARCH_LIMIT matches in all, they are few: read so at once.
    if (isKeywordOnly(filter)) {
      if (!newestProbed && probesNewest(counted)) {
        const wanted = offset + limit;
        const { rows } = await newestMatches(tier.where, wanted).execute(db);
        if (rows.length === wanted) return rows.slice(offset).map((row) => row.id);
      }
      const sparse = await sql<{ id: number }>`with matches as materialized (${matches})
        select id from matches order by id desc limit ${limit} offset ${offset}`.execute(db);
      return sparse.rows.map((row) => row.id);
    }
    const rows = await matches.orderBy("products.id", "desc").limit(limit).offset(offset).execute();
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
    if (search.counted !== undefined) return search.counted;
    const fts = ftsQuery(plan);
    return tierCount(db, isSqlite(db) && fts ? fts : { where: keywordMatch(db, plan) }, search.filter, SEARCH_LIMIT);
  }
  const row = await filtered(db, search)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
