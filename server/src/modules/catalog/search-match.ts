import { type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * What a product list's filter matches: a planned keyword (search-plan.ts) as a condition on
 * products (its database's SearchBackend writes it), the tiers of best-first results, and how
 * many a tier matches. Rows stay snake_case here.
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
 *   (search-keys.ts) — the full-text index (FTS5 on SQLite, a tsvector on PostgreSQL); with, ranked
 *   after, the keyword's alternatives from the vocabulary and, for a word that starts no word of
 *   the index, the words one typo away from it (search-typos.ts: "urya" urea, "fertlizer" fertiliser);
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
   * PostgreSQL, a words plan: its tiers are read from search_postings, in id order, rather than
   * through the GIN indexes (its backend's exists decides, by postingsFit in search-postgres.ts).
   */
  postings?: boolean;
}

/**
 * A keyword search answers its best matches up to this many (counted so, and paged so): counting
 * or paging every match of a word that most products have costs as much as the rows it reads.
 */
export const SEARCH_LIMIT = 1_000;

/**
 * A query of any of the alternatives (each its words, all required), written by `write` (FTS5 or
 * tsquery) and joined by `or`; undefined without any.
 */
export function anyOf(
  synonyms: readonly Term[][][] | undefined,
  write: (words: readonly Term[][]) => string,
  or: string,
): string | undefined {
  if (!synonyms?.length) return undefined;
  return synonyms.map((words) => `(${write(words)})`).join(or);
}

/** A words plan's query, its alternatives' matches included (FTS5 or tsquery, by `write` and `or`). */
export function planWords(
  plan: { words: readonly Term[][]; synonyms?: readonly Term[][][] | undefined },
  write: (words: readonly Term[][]) => string,
  or: string,
) {
  const synonyms = anyOf(plan.synonyms, write, or);
  return synonyms === undefined ? write(plan.words) : `(${write(plan.words)})${or}${synonyms}`;
}

/** Whether a plan has alternatives from the vocabulary. */
export const hasSynonyms = (plan: KeywordPlan) => plan.kind === "words" && (plan.synonyms?.length ?? 0) > 0;

/** The condition on `products` of a keyword searched in the index (words or text): SearchBackend.keywordMatch. */
export type KeywordMatch = (plan: KeywordPlan & { kind: "words" | "text" }) => RawBuilder<SqlBool>;

/** The condition on `products` of a planned keyword (`match`: the backend's, for a keyword searched in the index). */
function matchesPlan(eb: ExpressionBuilder<Database, "products">, plan: KeywordPlan, match: KeywordMatch | undefined) {
  if (plan.kind === "category") return eb("products.category_id", "in", plan.ids);
  if (plan.kind === "none") return sql<SqlBool>`1 = 0`;
  if (!match) throw new Error("a keyword's condition is its search backend's (pass its keywordMatch)");
  return match(plan);
}

/** The products of a filter and its planned keyword; `match` writes a keyword's condition (SearchBackend.keywordMatch). */
export function filtered(db: Kysely<Database>, { filter, plan }: ProductSearch, match?: KeywordMatch) {
  let query = db.selectFrom("products");
  if (plan) query = query.where((eb) => matchesPlan(eb, plan, match));
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

/** Just after every word that starts with `prefix` (keys hold a–z and 0–9, all before "{"). */
export const afterPrefix = (prefix: string) => `${prefix}{`;

/** A longer prefix than the index reads quickly is asked for as its words when it starts at most this many (search-sqlite.ts, search-postgres.ts). */
export const PREFIX_WORDS = 16;
