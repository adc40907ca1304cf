import type { ProductSort } from "@krishi/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { type ListedProduct, listed, listedProducts, type PageWanted } from "./listed-products.ts";
import type { SearchBackend } from "./search-backend.ts";
import { filtered, isKeyword, type KeywordPlan, type ProductSearch, SEARCH_LIMIT } from "./search-match.ts";

/**
 * The pages of product lists: the products of a planned filter (search-plan.ts) found a page at
 * a time, in the order asked for, and counted; a keyword's best first, tier by tier, each read and
 * counted by the database's search backend. Rows stay snake_case here.
 */

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
    // Best first, the backend may read the page with its products at once (PostgreSQL).
    const best = wanted.sort === undefined ? await backend.bestPage(db, search, wanted) : undefined;
    if (best?.full) return best.rows;
    return productRows(db, await findProductIds(db, backend, search, wanted, best !== undefined));
  }
  if (plan?.kind === "none") return [];
  const page = pageIds(db, backend, search, wanted);
  if (!page) return [];
  const rows = await sorted(listedProducts(db).where("products.id", "in", page.query), wanted.sort ?? "newest").execute();
  return rows.map(listed);
}

/** `newestProbed`: the first tier's newest rows were searched already, without the page (SearchBackend.bestPage). */
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
    const page = await backend.tierIds(db, tier, search, limit - ids.length, skip, i === 0 && newestProbed);
    ids.push(...page);
    if (ids.length >= limit || i === all.length - 1) break;
    // The next tier starts after this one's matches: skip what is left of the offset (counting
    // this tier's matches up to the offset at most).
    skip = page.length > 0 || skip === 0 ? 0 : skip - (await backend.countTier(db, tier, search.filter, skip));
  }
  return ids;
}

/** How many products a list has; a keyword's matches are counted up to SEARCH_LIMIT (see there). */
export async function countProducts(db: Kysely<Database>, backend: SearchBackend, search: ProductSearch): Promise<number> {
  const { plan } = search;
  if (plan?.kind === "none") return 0;
  if (isKeyword(plan)) {
    if (search.counted !== undefined) return search.counted;
    return backend.countTier(db, backend.matchTier(plan, search.postings), search.filter, SEARCH_LIMIT);
  }
  const row = await filtered(db, search, backend.keywordMatch)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
