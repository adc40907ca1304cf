import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { ListedProduct, PageWanted } from "./listed-products.ts";
import type { SearchIndex } from "./search-index.ts";
import type { KeywordMatch, KeywordPlan, ProductFilter, ProductSearch, Term } from "./search-match.ts";

/**
 * Keyword search as one database does it: SQLite's FTS5 tables and search_words
 * (search-sqlite.ts), or PostgreSQL's tsvectors, trigrams, postings and search_words' counts
 * (search-postgres.ts). One is chosen where the app is composed (searchBackendFor, by the
 * configured database) and handed to the catalogue, whose planning, paging and counting
 * (search-plan.ts, product-pages.ts) are the same for both and ask it for what differs.
 *
 * `T`, a tier: one slice of a keyword's best-first results (its matches in the name, then
 * elsewhere, then its alternatives'), newest first within it, as the backend reads it (an FTS5
 * query, a condition on products). The catalogue only hands tiers back to the backend that made them.
 */
export interface SearchBackend<T = unknown> extends SearchIndex {
  /** The categories a keyword (lower-cased) names and the index terms of each wanted key (see WantedKey). */
  lookUp(db: Kysely<Database>, lower: string, wanted: readonly WantedKey[]): Promise<{ categories: number[]; terms: Term[][] }>;
  /**
   * Whether a keyword plan matches any product; with, when the database tells them on the way,
   * its matches up to SEARCH_LIMIT (`counted`, possibly still being counted) and whether its
   * pages are read from the postings (see ProductSearch).
   */
  exists(db: Kysely<Database>, plan: KeywordPlan & { kind: "words" | "text" }, filter: ProductFilter): Promise<Existence>;
  /** Whether the keyword's own words (no alternatives) match SEARCH_LIMIT products or more, a keyword alone. */
  ownFillLimit(db: Kysely<Database>, words: readonly Term[][], filter: ProductFilter): Promise<boolean>;

  /** The condition on `products` of a keyword searched in the index. */
  keywordMatch: KeywordMatch;
  /** The tiers of a keyword's best-first results; `postings`: read from the postings (ProductSearch). */
  tiers(plan: KeywordPlan & { kind: "words" | "text" }, postings?: boolean): T[];
  /** All the matches of a keyword as one tier, to count them. */
  matchTier(plan: KeywordPlan & { kind: "words" | "text" }, postings?: boolean): T;
  /**
   * The ids of a tier's matches among the products of `search`'s filter, newest first, `limit`
   * from `offset`; `newestProbed`: bestPage searched the first tier's newest rows already.
   */
  tierIds(db: Kysely<Database>, tier: T, search: ProductSearch, limit: number, offset: number, newestProbed?: boolean): Promise<number[]>;
  /** How many products of the filter a tier matches, counting `cap` at most. */
  countTier(db: Kysely<Database>, tier: T, filter: ProductFilter, cap: number): Promise<number>;
  /**
   * A keyword's page, best first, read with its products at once when the backend can (no sort
   * asked for): `full` when that is the whole page; otherwise the page is read tier by tier
   * (told the first tier's newest rows were searched). Undefined when it was not tried.
   */
  bestPage(db: Kysely<Database>, search: ProductSearch, wanted: PageWanted): Promise<{ rows: ListedProduct[]; full: boolean } | undefined>;

  /** Statements each pooled connection runs before its first search (warmConnections); "" for none. */
  warmUp(db: Kysely<Database>): string;
}

/** What SearchBackend.exists found. */
export interface Existence {
  found: boolean;
  counted?: number | Promise<number>;
  postings?: boolean;
}

/** A key looked up in the index (SearchBackend.lookUp): as the start of terms, or whole. */
export interface WantedKey {
  key: string;
  prefix: boolean;
}
