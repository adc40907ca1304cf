import { PAGE_SIZE } from "@krishi/contract";
import type { Kysely } from "kysely";
import { inlined } from "../../db/database.ts";
import { dialectOf } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { postingsPageQuery } from "./product-pages.ts";
import { keywordMatch, matchTier, SEARCH_LIMIT, type Term, tierCountQuery } from "./search-match.ts";
import { lookUpQuery } from "./search-plan.ts";

/** Indexes a search reads, each asked for a word no product has. */
const INDEXES = [
  "select 1 from products where search_vector @@ to_tsquery('simple', 'xwarmupx') limit 1",
  "select 1 from products where search_name_vector @@ to_tsquery('simple', 'xwarmupx') limit 1",
  "select 1 from products where search_text like '%xwarmupx%' limit 1",
  "select word from search_words where word >= 'xwarmupx' order by word limit 1",
  "select id from product_images where product_id = 0 order by position limit 1",
];

/**
 * PostgreSQL: what each pooled connection runs before its first search (warmConnections in
 * db/database.ts), so that no shopper waits while a connection loads what searching needs: every
 * index a search reads, and a search's own statements (lookup, existence, count, page) for words
 * no product has — one word, and two words looked up product by product or merged. A connection's
 * first statement of a kind costs ~4 ms more to plan than its next (the relations, statistics and
 * operators it reads are cached per connection).
 */
export function searchWarmUp(db: Kysely<Database>): string {
  if (dialectOf(db) === "sqlite") return "";
  const words = (docs?: number): Term[][][] => [
    [[{ term: "xwarmupx", prefix: false, docs }]],
    [[{ term: "xwarmupx", prefix: false, docs }], [{ term: "xwarmupy", prefix: false, docs }]],
  ];
  const statements = [
    ...INDEXES,
    inlined(
      lookUpQuery(db, "xwarmupx", [
        { key: "xwarmupx", prefix: true },
        { key: "xwarmupy", prefix: true },
      ]).compile(db),
    ),
  ];
  for (const plan of [...words(0), ...words(undefined)].map((w) => ({ kind: "words" as const, words: w }))) {
    const search = { filter: { keyword: "xwarmupx" }, plan, postings: true };
    statements.push(
      inlined(tierCountQuery(db, { where: keywordMatch(db, plan) }, {}, 1).compile(db)),
      inlined(tierCountQuery(db, matchTier(db, plan, true), {}, SEARCH_LIMIT).compile(db)),
      inlined(postingsPageQuery(db, search, { sort: undefined, limit: PAGE_SIZE, offset: 0 }).compile()),
    );
  }
  return statements.join(";\n");
}
