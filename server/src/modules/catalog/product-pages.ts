import type { ProductSort } from "@krishi/contract";
import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import { jsonArrayFromFor } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { type PackJsonRow, type ProductWithCategory, packJsonColumns, productColumns } from "./columns.ts";
import type { SearchBackend } from "./search-backend.ts";
import {
  filtered,
  ftsMatches,
  isKeyword,
  isKeywordOnly,
  type KeywordPlan,
  type ProductSearch,
  SEARCH_LIMIT,
  type Tier,
  tierCount,
} from "./search-match.ts";

/**
 * The pages of product lists: the products of a planned filter (search-plan.ts) found a page at
 * a time, in the order asked for, and counted, a keyword's through the database's search backend
 * (its condition and tiers). Rows stay snake_case here.
 */

/** Rows, newest first, in which a keyword's matches are looked for before its GIN index is read (tierIds, PostgreSQL). */
const NEWEST_PROBED = 1_000;

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
async function findProductIds(
  db: Kysely<Database>,
  backend: SearchBackend,
  search: ProductSearch,
  wanted: PageWanted,
  newestProbed = false,
): Promise<number[]> {
  const { plan } = search;
  if (plan?.kind === "none") return [];
  let { limit } = wanted;
  const { sort, offset } = wanted;
  if (isKeyword(plan)) {
    // Only the best SEARCH_LIMIT matches are paged (as they are counted).
    if (offset >= SEARCH_LIMIT) return [];
    limit = Math.min(limit, SEARCH_LIMIT - offset);
    if (sort === undefined) return rankedIds(db, backend, search, limit, offset, newestProbed);
  }
  const page = pageIds(db, backend, search, { ...wanted, limit });
  if (!page) return [];
  const ids = (await page.query.execute()).map((row) => row.id);
  return page.reversed ? ids.reverse() : ids;
}

/**
 * The query of a page's ids in a sorted list. Past the middle, the index is walked back from the
 * end over the rows after the page, instead of forward over every row before it (the last page of
 * 100 000 skips none): the ids then come `reversed`. Undefined for a page past the end.
 */
function pageIds(db: Kysely<Database>, backend: SearchBackend, search: ProductSearch, { sort, limit, offset, total }: PageWanted) {
  const ids = filtered(db, search, backend.keywordMatch).select("products.id");
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

/** A product row with its images (id and path, in their order) and packs (default first): what a list shows of a product. */
export type ListedProduct = ProductWithCategory & { images: { id: number; path: string }[]; packs: PackJsonRow[] };

/** Products with their images and packs, gathered as JSON by the same statement (one round trip, not three). */
function listedProducts(db: Kysely<Database>) {
  const jsonArrayFrom = jsonArrayFromFor(db);
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
    )
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom("product_variants")
          .select(packJsonColumns)
          .whereRef("product_variants.product_id", "=", "products.id")
          .orderBy("product_variants.position")
          .orderBy("product_variants.id"),
      ).as("packs"),
    );
}

/** SQLite answers the JSON as text. */
const fromJson = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
const listed = <R extends { images: unknown; packs: unknown }>(row: R): ListedProduct =>
  ({ ...row, images: fromJson(row.images), packs: fromJson(row.packs) }) as unknown as ListedProduct;

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
export async function findPage(
  db: Kysely<Database>,
  backend: SearchBackend,
  search: ProductSearch,
  wanted: PageWanted,
): Promise<ListedProduct[]> {
  const { plan } = search;
  if (isKeyword(plan)) {
    const ranked = wanted.sort === undefined ? await postingsBestPage(db, backend, search, wanted) : undefined;
    if (ranked) return ranked;
    const newest = wanted.sort === undefined ? await newestBestPage(db, backend, search, wanted) : undefined;
    if (newest?.full) return newest.rows;
    return productRows(db, await findProductIds(db, backend, search, wanted, newest !== undefined));
  }
  if (plan?.kind === "none") return [];
  const page = pageIds(db, backend, search, wanted);
  if (!page) return [];
  const rows = await sorted(listedProducts(db).where("products.id", "in", page.query), wanted.sort ?? "newest").execute();
  return rows.map(listed);
}

/**
 * PostgreSQL, a words plan alone read from its postings (ProductSearch.postings), best first:
 * every tier's newest matches up to the page's end, read in id order, ranked and read with their
 * products in one statement. Undefined for any other list.
 */
async function postingsBestPage(
  db: Kysely<Database>,
  backend: SearchBackend,
  search: ProductSearch,
  wanted: PageWanted,
): Promise<ListedProduct[] | undefined> {
  if (!search.postings || !isKeywordOnly(search.filter)) return undefined;
  if (wanted.offset >= SEARCH_LIMIT) return [];
  return (await postingsPageQuery(db, backend, search, wanted).execute()).map(listed);
}

/** The statement of postingsBestPage (offset below SEARCH_LIMIT). */
export function postingsPageQuery(db: Kysely<Database>, backend: SearchBackend, search: ProductSearch, { offset, limit }: PageWanted) {
  const ids = backend
    .tiers(search.plan as KeywordPlan & { kind: "words" | "text" }, true)
    .flatMap((tier) => ("ids" in tier && tier.ids ? [tier.ids] : []));
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

/** `newestProbed`: the first tier's newest rows were searched already, without the page (newestBestPage). */
async function rankedIds(
  db: Kysely<Database>,
  backend: SearchBackend,
  search: ProductSearch,
  limit: number,
  offset: number,
  newestProbed: boolean,
): Promise<number[]> {
  const all = backend.tiers(search.plan as KeywordPlan & { kind: "words" | "text" });
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
  backend: SearchBackend,
  search: ProductSearch,
  { offset, limit }: PageWanted,
): Promise<{ rows: ListedProduct[]; full: boolean } | undefined> {
  const [first] = backend.tiers(search.plan as KeywordPlan & { kind: "words" | "text" });
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

/** How many products a list has; a keyword's matches are counted up to SEARCH_LIMIT (see there). */
export async function countProducts(db: Kysely<Database>, backend: SearchBackend, search: ProductSearch): Promise<number> {
  const { plan } = search;
  if (plan?.kind === "none") return 0;
  if (isKeyword(plan)) {
    if (search.counted !== undefined) return search.counted;
    return tierCount(db, backend.matchTier(plan, search.postings), search.filter, SEARCH_LIMIT);
  }
  const row = await filtered(db, search, backend.keywordMatch)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
