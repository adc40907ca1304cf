import { PAGE_SIZE } from "@krishi/contract";
import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import { inlined } from "../../db/database.ts";
import { containsPattern } from "../../db/like.ts";
import type { Database } from "../../db/schema.ts";
import { type ListedProduct, listed, listedProducts, type PageWanted } from "./listed-products.ts";
import type { SearchBackend, WantedKey } from "./search-backend.ts";
import {
  afterPrefix,
  anyOf,
  categoriesNamed,
  filtered,
  hasSynonyms,
  isKeywordOnly,
  type KeywordPlan,
  PREFIX_WORDS,
  type ProductFilter,
  type ProductSearch,
  planWords,
  SEARCH_LIMIT,
  type Term,
} from "./search-match.ts";

/**
 * Keyword search on PostgreSQL: the products' tsvectors (search_vector, search_name_vector) and
 * the trigram index of their text (migration 0007), which follow the search columns by
 * themselves; search_postings (0010) and search_words with each word's count of products (0008),
 * kept by triggers. Planning counts matches from search_words where it can, and reads a words
 * plan's pages from the postings when they fit (postingsFit).
 */

/** PostgreSQL's GIN indexes of keyword search (migration 0007). */
const SEARCH_GIN_INDEXES = ["products_search_vector_idx", "products_search_name_vector_idx", "products_search_text_trgm_idx"];

/**
 * The tsvectors, postings, GIN indexes and search_words follow the columns: search_words' counts
 * are counted again, the GIN indexes rebuilt whole, and the tables vacuumed and analyzed.
 */
async function rebuildIndex(db: Kysely<Database>): Promise<void> {
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

/** The search_words rows of a key (see countedTerms): the word, or up to PREFIX_WORDS + 1 words it starts. */
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
 * A keyword's lookup in one statement (a query costs a round trip, and its writes and reads on
 * the event loop): key -1, a category's id; key i, a word of wanted[i] and its products' count.
 */
export function lookUpQuery(db: Kysely<Database>, lower: string, wanted: readonly WantedKey[]) {
  const parts = [
    sql`select -1 as key, id::text as word, 0 as docs from ${categoriesNamed(db, lower)} as named`,
    ...wanted.map(({ key, prefix }, i) => sql`select ${sql.lit(i)} as key, word, docs from ${wordsOfKey(db, key, prefix)} as words`),
  ];
  return sql<{ key: number; word: string; docs: number }>`${sql.join(parts, sql` union all `)}`;
}

/**
 * The index terms of a key, from its rows of search_words (wordsOfKey), with how many products
 * have each (docs). A prefix is asked for as the words it starts when they are few: the GIN index
 * reads a prefix by collecting every match of its words before anything else, where whole words
 * skip through one another's matches ("tomato:* & sids:*" ~8 ms at 100 000 products, "tomato &
 * sids" ~3 ms; "product:* & 9999:*" ~13 ms, "product & (9999 | 99990 | …)" ~0.5 ms); and a whole
 * word's count is known, its postings read in product order (postingsFit).
 */
function countedTerms(key: string, prefix: boolean, rows: readonly { word: string; docs: number }[]): Term[] {
  if (rows.length > PREFIX_WORDS) return [{ term: key, prefix: true }];
  if (rows.length === 0) return [{ term: key, prefix, docs: 0 }];
  return rows.map(({ word, docs }) => ({ term: word, prefix: false, docs }));
}

/**
 * A words plan's matches up to SEARCH_LIMIT when the products' counts of its terms tell them
 * without reading the index: none when a word of the keyword is in no product; when the keyword
 * is one word, SEARCH_LIMIT when one of its terms is in that many products, and the count of its
 * term when it is one whole word.
 */
function countFromDocs(words: readonly Term[][]): number | undefined {
  if (words.some((terms) => terms.every((t) => t.docs === 0))) return 0;
  if (words.length !== 1) return undefined;
  const terms = words[0] as Term[];
  if (terms.some((t) => (t.docs ?? 0) >= SEARCH_LIMIT)) return SEARCH_LIMIT;
  const [only] = terms;
  return terms.length === 1 && only && !only.prefix ? only.docs : undefined;
}

/** A tsquery of the words, all required. */
function tsWords(words: readonly Term[][]): string {
  return words.map((terms) => `(${terms.map(({ term, prefix }) => (prefix ? `${term}:*` : term)).join(" | ")})`).join(" & ");
}

/** The condition on `products` of a keyword: its tsquery of the words, or its text through the trigram index. */
function keywordMatch(plan: KeywordPlan & { kind: "words" | "text" }): RawBuilder<SqlBool> {
  if (plan.kind === "words") return sql<SqlBool>`products.search_vector @@ to_tsquery('simple', ${planWords(plan, tsWords, " | ")})`;
  return sql<SqlBool>`products.search_text like ${containsPattern(plan.text)} escape '\\'`;
}

/**
 * A tier: a condition on products, with, for a words plan read from its postings, the same
 * matches as a query of their ids in the postings (postingIds), read without the products.
 */
interface ConditionTier {
  where: RawBuilder<SqlBool>;
  ids?: RawBuilder<{ id: number }>;
}

/** The statement of countTier. */
function tierCountQuery(db: Kysely<Database>, tier: ConditionTier, filter: ProductFilter, cap: number) {
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

/** How many products of the filter a tier matches, counting `cap` at most. */
async function countTier(db: Kysely<Database>, tier: ConditionTier, filter: ProductFilter, cap: number): Promise<number> {
  const { rows } = await tierCountQuery(db, tier, filter, cap).execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** All the matches of a keyword as one tier: read from the postings when `postings` (see ProductSearch). */
function matchTier(plan: KeywordPlan & { kind: "words" | "text" }, postings = false): ConditionTier {
  return plan.kind === "words" && postings ? postingsTier(postingIds(plan.words, ANYWHERE)) : { where: keywordMatch(plan) };
}

const postingsTier = (ids: RawBuilder<{ id: number }>): ConditionTier => ({ where: sql<SqlBool>`products.id in (${ids})`, ids });

/** search_postings.field (migration 0010): a word anywhere in a product, and in its name. */
const ANYWHERE = 0;
const IN_NAME = 1;

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
 * The ids (as `id`) of the products that have every word of a plan in `field` (search_postings),
 * and, `notInName`, not all of them in the name. The key in the fewest products is read from the
 * index in id order; the others are looked up, or merged beside it, by product (see PROBED_DOCS):
 * the newest matches, or the first SEARCH_LIMIT, are found without reading the rest.
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

/**
 * The tiers: name matches through the name's own tsvector and GIN index, or, `postings` (never
 * with alternatives), the name's postings; a text plan is one tier.
 */
function tiers(plan: KeywordPlan & { kind: "words" | "text" }, postings = false): ConditionTier[] {
  if (plan.kind !== "words") return [{ where: keywordMatch(plan) }];
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

/** Rows, newest first, in which a keyword's matches are looked for before its GIN index is read (tierIds). */
const NEWEST_PROBED = 1_000;

/** Whether a keyword's tiers are looked for among the newest rows first (see tierIds): unless planning counted them few. */
const probesNewest = (counted: ProductSearch["counted"]) => typeof counted !== "number" || counted >= SEARCH_LIMIT;

/** The first `wanted` matches of a condition among the newest rows, newest first. */
const newestMatches = (where: RawBuilder<SqlBool>, wanted: number) =>
  sql<{ id: number }>`select id from (select id, search_vector, search_name_vector, search_text
    from products order by id desc limit ${Math.max(NEWEST_PROBED, 2 * wanted)}) as products
    where ${where} order by id desc limit ${wanted}`;

/**
 * A keyword alone, best first: its first tier's page looked for among the newest rows
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
  const [first] = tiers(search.plan as KeywordPlan & { kind: "words" | "text" });
  if (!first || !isKeywordOnly(search.filter) || !probesNewest(search.counted) || offset >= SEARCH_LIMIT) {
    return undefined;
  }
  const size = Math.min(limit, SEARCH_LIMIT - offset);
  const ids = sql<SqlBool>`products.id in (select id from (${newestMatches(first.where, offset + size)}) as newest offset ${offset})`;
  const rows = (await listedProducts(db).where(ids).orderBy("products.id", "desc").execute()).map(listed);
  return { rows, full: rows.length === size };
}

/**
 * A words plan alone read from its postings (ProductSearch.postings), best first:
 * every tier's newest matches up to the page's end, read in id order, ranked and read with their
 * products in one statement. Undefined for any other list.
 */
async function postingsBestPage(db: Kysely<Database>, search: ProductSearch, wanted: PageWanted): Promise<ListedProduct[] | undefined> {
  if (!search.postings || !isKeywordOnly(search.filter)) return undefined;
  if (wanted.offset >= SEARCH_LIMIT) return [];
  return (await postingsPageQuery(db, search, wanted).execute()).map(listed);
}

/** The statement of postingsBestPage (offset below SEARCH_LIMIT). */
function postingsPageQuery(db: Kysely<Database>, search: ProductSearch, { offset, limit }: PageWanted) {
  const ids = tiers(search.plan as KeywordPlan & { kind: "words" | "text" }, true).flatMap((tier) => (tier.ids ? [tier.ids] : []));
  const size = Math.min(limit, SEARCH_LIMIT - offset);
  const wanted = offset + size;
  // Each tier's newest matches up to the page's end; a tier is read only when the tiers before it
  // end before the page does (a one-time filter: "drip", in 2 749 names, would otherwise look up
  // each of its 12 501 products for a match outside the name, ~22 ms).
  const tier = (i: number) => sql.table(`tier${i}`);
  const read = sql.join(
    ids.map((matches, i) => sql`${tier(i)} as materialized (select id from (${matches}) as matches order by id desc limit ${wanted})`),
  );
  const ranked = sql.join(
    ids.map((_, i) => {
      const before = ids.slice(0, i).map((_, j) => sql`(select count(*) from ${tier(j)})`);
      const needed = before.length === 0 ? sql`` : sql` where ${sql.join(before, sql` + `)} < ${wanted}`;
      return sql`select id, ${sql.lit(i)} as tier from ${tier(i)}${needed}`;
    }),
    sql` union all `,
  );
  const page = sql<{ id: number; tier: number }>`(with ${read}
    select id, tier from (${ranked}) as ranked order by tier, id desc limit ${size} offset ${offset})`;
  return listedProducts(db).innerJoin(page.as("page"), "page.id", "products.id").orderBy("page.tier").orderBy("products.id", "desc");
}

/** A tier's page of ids (SearchBackend.tierIds). */
async function tierIds(
  db: Kysely<Database>,
  tier: ConditionTier,
  { filter, counted }: ProductSearch,
  limit: number,
  offset: number,
  newestProbed = false,
): Promise<number[]> {
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

/** Indexes a search reads, each asked for a word no product has. */
const INDEXES = [
  "select 1 from products where search_vector @@ to_tsquery('simple', 'xwarmupx') limit 1",
  "select 1 from products where search_name_vector @@ to_tsquery('simple', 'xwarmupx') limit 1",
  "select 1 from products where search_text like '%xwarmupx%' limit 1",
  "select word from search_words where word >= 'xwarmupx' order by word limit 1",
  "select id from product_images where product_id = 0 order by position limit 1",
];

/**
 * What each pooled connection runs before its first search (warmConnections in db/database.ts),
 * so that no shopper waits while a connection loads what searching needs: every index a search
 * reads, and a search's own statements (lookup, existence, count, page) for words no product has
 * — one word, and two words looked up product by product or merged. A connection's first
 * statement of a kind costs ~4 ms more to plan than its next (the relations, statistics and
 * operators it reads are cached per connection).
 */
function warmUp(db: Kysely<Database>): string {
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
      inlined(tierCountQuery(db, { where: keywordMatch(plan) }, {}, 1).compile(db)),
      inlined(tierCountQuery(db, matchTier(plan, true), {}, SEARCH_LIMIT).compile(db)),
      inlined(postingsPageQuery(db, search, { sort: undefined, limit: PAGE_SIZE, offset: 0 }).compile()),
    );
  }
  return statements.join(";\n");
}

export const postgresSearch: SearchBackend<ConditionTier> = {
  // The tsvectors follow the search columns, and the postings and search_words follow them by triggers.
  indexProduct: async () => {},
  unindexProduct: async () => {},
  indexPendingProducts: async () => 0,
  rebuildIndex,

  async lookUp(db, lower, wanted) {
    const { rows } = await lookUpQuery(db, lower, wanted).execute(db);
    return {
      categories: rows.filter((row) => row.key === -1).map((row) => Number(row.word)),
      terms: wanted.map(({ key, prefix }, i) =>
        countedTerms(
          key,
          prefix,
          rows.filter((row) => row.key === i),
        ),
      ),
    };
  },

  /**
   * Counted from search_words when the words' counts tell it; otherwise, once the plan is known
   * to match (through the GIN indexes, which tell at once that frequent words share no product),
   * its count up to SEARCH_LIMIT is started, and the page is read meanwhile (product-pages.ts,
   * countProducts, awaits it). A words plan's matches are read from its postings when they fit.
   */
  async exists(db, plan, filter) {
    const postings = plan.kind === "words" && !hasSynonyms(plan) && postingsFit(plan.words);
    const known = plan.kind === "words" && !hasSynonyms(plan) ? countFromDocs(plan.words) : undefined;
    if (known !== undefined) return { found: known > 0, counted: known, postings };
    if ((await countTier(db, { where: keywordMatch(plan) }, {}, 1)) === 0) return { found: false, postings };
    if (!isKeywordOnly(filter)) return { found: true, postings };
    const counting = countTier(db, matchTier(plan, postings), {}, SEARCH_LIMIT);
    counting.catch(() => {}); // awaited by countProducts; a failure is thrown there
    return { found: true, counted: counting, postings };
  },

  ownFillLimit: async (_db, words) => countFromDocs(words) === SEARCH_LIMIT,

  keywordMatch,
  tiers,
  matchTier,
  tierIds,
  countTier,

  /**
   * A words plan alone read from its postings: its page ranked in one statement; otherwise its
   * first tier's page looked for among the newest rows (newestBestPage).
   */
  async bestPage(db, search, wanted) {
    const ranked = await postingsBestPage(db, search, wanted);
    if (ranked) return { rows: ranked, full: true };
    return newestBestPage(db, search, wanted);
  },

  warmUp,
};
