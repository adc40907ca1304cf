import { type Category, PAGE_SIZE, type Product, type ProductSort, type ProductSummary } from "@krishi/contract";
import { CONTROL_CHARACTERS } from "@krishi/contract/schemas";
import type { Kysely, Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { type Clock, systemClock } from "../../lib/clock.ts";
// The one HTTP error left in the catalogue's services: a list's page past its end is thrown (the
// paginator's 404), because listProducts answers the page itself to its callers (the cached answers,
// the search tests), which expect it to reject "Invalid page.".
// biome-ignore lint/style/noRestrictedImports: a list's page past its end (above)
import { notFound } from "../../lib/errors.ts";
import type { ShopEvents } from "../../lib/events.ts";
import { ResponseCache } from "../../lib/response-cache.ts";
import { done, fail, ok, Refusal, type Result, refusals } from "../../lib/result.ts";
import type { ProductWithCategory, Writer } from "./columns.ts";
import { noCropLinks, noLinks, type ProductCropLinks } from "./crop-links.ts";
import { countProducts, findPage } from "./product-pages.ts";
import * as repo from "./repository.ts";
import type { SearchBackend } from "./search-backend.ts";
import { reindexProducts } from "./search-index.ts";
import { isKeyword, type ProductFilter, type ProductSearch } from "./search-match.ts";
import { planSearch } from "./search-plan.ts";
import { TypoCorrections } from "./search-typos.ts";
import { Synonyms } from "./search-vocabulary.ts";
import { categoryJson, imageJson, productJson, productSummaryJson, reviewJson } from "./serialize.ts";
import { findGroups } from "./vocabulary.ts";

export interface ProductQuery {
  /** Search words, or a category's exact name (English or Hindi) for that category's products. */
  keyword?: string;
  /** A category id ("3") or name ("Seeds"). */
  category?: string;
  /** Best first for a keyword, newest first for a list, when none is given. */
  sort?: ProductSort;
  /** Only products with stock. */
  inStock?: boolean;
  page?: number;
  pageSize?: number;
}

export interface ProductPage {
  products: ProductSummary[];
  total: number;
  page: number;
  pages: number;
  pageSize: number;
}

/** A product as a sitemap lists it: its id and when it last changed (ISO 8601). */
export interface SitemapEntry {
  id: number;
  updatedAt: string;
}

/**
 * A product in one of its packs as a checkout prices a line and copies it onto the order
 * (catalogue.takeStock): price, MRP, stock (after the taking) and shipping weight are the pack's;
 * `gst_rate` is a percent of GST_RATES.
 */
export interface ProductForOrder {
  id: number;
  name: string;
  name_hi: string;
  hsn_code: string;
  gst_rate: number;
  /** The product's first image, null when it has none. */
  image: string | null;
  variant_id: number;
  variant_label: string;
  price_paise: number;
  mrp_paise: number;
  count_in_stock: number;
  weight_grams: number;
}

/** A pack running out, as the staff's dashboard lists it. */
export interface LowStockPack {
  _id: number;
  name: string;
  variant: { id: number; label: string };
  countInStock: number;
}

/** A pack as a checkout weighs a refusal: its label and what is left of it. */
export interface PackForOrder {
  id: number;
  label: string;
  price_paise: number;
  mrp_paise: number;
  count_in_stock: number;
  weight_grams: number;
}

/**
 * A product as a checkout reads it to explain a refusal (catalogue.productsForOrder): its packs,
 * default first, and price_paise and count_in_stock of its default pack (null when it has none).
 */
export interface ProductPacksForOrder {
  id: number;
  name: string;
  name_hi: string;
  /** The category's name (promotions may name it). */
  category: string;
  hsn_code: string;
  gst_rate: number;
  image: string | null;
  price_paise: number;
  count_in_stock: number;
  variants: PackForOrder[];
}

const packForOrder = (row: repo.PackRow): PackForOrder => ({
  id: row.id,
  label: row.label,
  price_paise: Number(row.price_paise),
  mrp_paise: Number(row.mrp_paise),
  count_in_stock: row.count_in_stock,
  weight_grams: row.weight_grams,
});

export const PRODUCT_NOT_FOUND = "No Product matches the given query.";

/** A product asked for by id that is not there (or no longer). */
export type ProductNotFound = { kind: "product-not-found" };
/** Why a review is not added (failures.ts answers it). */
export type ReviewFailure = ProductNotFound | { kind: "already-reviewed" };
export const ALREADY_REVIEWED = "Product already reviewed";

export interface Reviewer {
  id: number;
  email: string | null;
  first_name: string;
  last_name: string;
}

/**
 * Serialized catalogue answers are kept this long at most. Every catalogue write, here or in
 * another process, drops the answers it makes stale at once (productsChanged, through the event
 * bus and its relay; a relay that lost messages drops everything). This only bounds what nothing
 * announces: rows written straight into the database by a bulk loader.
 */
const CACHE_TTL_MS = 30_000;
/** The tags of a cached answer (ResponseCache.dropTagged): the products it shows, and whether stock filtered them. */
export const productTag = (id: number) => `product:${id}`;
export const IN_STOCK_TAG = "in-stock";
/**
 * The cached answers a change makes stale, by tag; null for all of them. A change of stock alone
 * (every order placed or cancelled) stales the answers showing those products and those filtered
 * by stock; any other change may move any product into or out of any list.
 */
export function staleTags(change: ShopEvents["productsChanged"]): string[] | null {
  if (!change.stockOnly || change.productIds.length === 0) return null;
  return [IN_STOCK_TAG, ...change.productIds.map(productTag)];
}
/** Filters whose counts are kept at most (then the count cache starts again). */
const MAX_COUNTS = 1_000;

export class CatalogService {
  /** Serialized list and detail answers (see ResponseCache); cleared by every catalogue write. */
  readonly cache = new ResponseCache(CACHE_TTL_MS, 1_000);
  /**
   * How many products match each filter (as JSON), so paging through a list does not count
   * 100 000 rows a request; as fresh as the answers (cleared with them, kept CACHE_TTL_MS at most).
   */
  readonly #counts = new Map<string, { total: number; until: number; inStock: boolean }>();
  /** The search vocabulary as searches use it: read once, dropped with the answers (a staff edit announces a change). */
  #synonyms: Promise<Synonyms> | undefined;
  /** The index's words one typo away from the keys searched (search-typos.ts), made again with the vocabulary. */
  #typos = new TypoCorrections();

  constructor(
    private readonly db: Db,
    /** Keyword search as the database does it (search-backend.ts), chosen where the app is composed. */
    readonly search: SearchBackend,
    private readonly clock: Clock = systemClock,
    /** Tells the rest of the shop (and, through the event bus, the other processes) of a change. */
    private readonly announce: (productIds: readonly number[]) => Promise<void> = async () => {},
    /** A product's crops, problems and label claim, kept by the crops module (crop-links.ts); none without it. */
    readonly links: ProductCropLinks = noCropLinks,
  ) {}

  /** Call after any change to products, stock, images, categories or reviews. */
  invalidate(productIds: readonly number[] = []): void {
    this.cache.clear();
    this.#counts.clear();
    this.#synonyms = undefined;
    this.#typos = new TypoCorrections();
    void this.announce(productIds);
  }

  /**
   * Drops this process's copies made stale by a change announced here or by another process
   * (ShopEvents.productsChanged). A change of stock alone (every order placed or cancelled)
   * drops only the answers showing those products and those filtered by stock, so browsing
   * keeps its cache while shoppers buy; any other change drops everything.
   */
  forget(change: ShopEvents["productsChanged"] = { productIds: [] }): void {
    const stale = staleTags(change);
    if (!stale) {
      this.cache.clear();
      this.#counts.clear();
      this.#synonyms = undefined;
      this.#typos = new TypoCorrections();
      return;
    }
    this.cache.dropTagged(stale);
    for (const [key, count] of this.#counts) if (count.inStock) this.#counts.delete(key);
  }

  /** The search vocabulary (vocabulary.ts), read when a search first needs it after a change. */
  #vocabulary(): Promise<Synonyms> {
    if (!this.#synonyms) {
      const loading = findGroups(this.db).then((groups) => new Synonyms(groups.map((group) => group.words)));
      // A failed read is not kept: the next search reads again.
      loading.catch(() => {
        if (this.#synonyms === loading) this.#synonyms = undefined;
      });
      this.#synonyms = loading;
    }
    return this.#synonyms;
  }

  async listProducts(query: ProductQuery): Promise<ProductPage> {
    const pageSize = query.pageSize ?? PAGE_SIZE;
    const page = query.page ?? 1;
    const filter = toFilter(query);
    const synonyms = filter.keyword ? await this.#vocabulary() : undefined;
    const search = await planSearch(this.db, this.search, filter, synonyms, this.#typos);
    const wanted = { sort: query.sort, limit: pageSize, offset: (page - 1) * pageSize };
    // A list is counted first (mostly from #counts): a page past the middle is then read from its
    // end. A keyword's page is read from its start whatever the count: both at once.
    const reading = isKeyword(search.plan) ? findPage(this.db, this.search, search, wanted) : undefined;
    reading?.catch(() => {}); // awaited below, unless the page is past the end
    const total = await this.#count(search);
    const pages = Math.max(1, Math.ceil(total / pageSize));
    if (page > pages) throw notFound("page_not_found", "Invalid page.");
    const rows = await (reading ?? findPage(this.db, this.search, search, { ...wanted, total }));
    return {
      products: rows.map((row) => productSummaryJson(row, row.images.map(imageJson), row.packs)),
      total,
      page,
      pages,
      pageSize,
    };
  }

  async getProduct(id: number): Promise<Result<Product, ProductNotFound>> {
    const row = await repo.findProduct(this.db, id);
    if (!row) return fail({ kind: "product-not-found" });
    const [images, packs, reviews, links] = await Promise.all([
      repo.findImages(this.db, [id]),
      repo.findPacks(this.db, [id]),
      repo.findReviews(this.db, id),
      this.links.linksOf(this.db, [id]),
    ]);
    return ok(productJson(row, images.map(imageJson), packs, reviews.map(reviewJson), links.get(id) ?? noLinks()));
  }

  /**
   * One review per user and product (a second is refused); the product's rating and numReviews are
   * recomputed in the same transaction, with the product row locked.
   */
  async addReview(
    productId: number,
    reviewer: Reviewer,
    input: { rating: number; comment?: string | undefined },
  ): Promise<Result<void, ReviewFailure>> {
    const added = await refusals(() =>
      this.db.transaction().execute(async (trx): Promise<Result<void, ReviewFailure>> => {
        if (!(await repo.lockProduct(trx, productId))) return fail({ kind: "product-not-found" });
        if (await repo.findUserReview(trx, productId, reviewer.id)) return fail({ kind: "already-reviewed" });
        try {
          await repo.insertReview(trx, {
            productId,
            userId: reviewer.id,
            name: reviewerName(reviewer),
            rating: input.rating,
            comment: (input.comment ?? "").trim(),
            createdAt: this.clock().toISOString(),
          });
        } catch (error) {
          // Thrown, so that the transaction rolls back.
          if (isUniqueViolation(error)) throw new Refusal<ReviewFailure>({ kind: "already-reviewed" });
          throw error;
        }
        await repo.recomputeRating(trx, productId);
        return done;
      }),
    );
    if (added.ok) this.invalidate();
    return added;
  }

  async listCategories(): Promise<Category[]> {
    return (await repo.findCategories(this.db)).map(categoryJson);
  }

  /**
   * Inventory, for a checkout's transaction: takes `qty` units of one pack (`variantId`; null: the
   * product's default pack) only if that many are in stock (atomic, so concurrent checkouts never
   * oversell a pack), and as many off the product's total. Answers the product in that pack as the
   * checkout prices the line (not its image: a checkout has it from its read), the product row
   * locked until the transaction ends; null, with
   * nothing taken, when the units are not there or the pack is not the product's.
   */
  async takeStock(
    trx: Transaction<Database>,
    productId: number,
    variantId: number | null,
    qty: number,
  ): Promise<Omit<ProductForOrder, "image"> | null> {
    const row = await repo.takeStock(trx, productId, variantId, qty);
    return row ? { ...row, gst_rate: Number(row.gst_rate) } : null;
  }

  /**
   * Inventory: gives units back to their pack (and the product's total), in the transaction that
   * cancels or takes back the order holding them. `variantId` is the order line's: null (its pack
   * was removed), a removed pack or a deleted product takes none.
   */
  async returnStock(trx: Transaction<Database>, productId: number, variantId: number | null, qty: number): Promise<void> {
    if (variantId !== null) await repo.returnStock(trx, productId, variantId, qty);
  }

  /**
   * What a checkout needs of these products to explain a refusal: name, first image, HSN code,
   * GST rate and their packs (label, price, stock), default first.
   */
  async productsForOrder(trx: Kysely<Database>, ids: readonly number[]): Promise<ProductPacksForOrder[]> {
    const [rows, packs] = await Promise.all([repo.productsForOrder(trx, ids), repo.findPacks(trx, ids)]);
    const byProduct = groupBy(packs, (pack) => pack.product_id);
    return rows.map((row) => {
      const variants = (byProduct.get(row.id) ?? []).map(packForOrder);
      return {
        ...row,
        image: row.image ?? null,
        gst_rate: Number(row.gst_rate),
        price_paise: variants[0]?.price_paise ?? Number(row.price_paise),
        count_in_stock: variants[0]?.count_in_stock ?? row.count_in_stock,
        variants,
      };
    });
  }

  /** Packs with at most `threshold` units left, fewest first, each with its product. */
  async lowStock(threshold: number, limit: number): Promise<LowStockPack[]> {
    const rows = await repo.findLowStock(this.db, threshold, limit);
    return rows.map((row) => ({
      _id: row.id,
      name: row.name,
      variant: { id: row.variant_id, label: row.variant_label },
      countInStock: row.count_in_stock,
    }));
  }

  /**
   * The products on sale after `afterId`, at most `limit`, in id order (a page of a keyset walk
   * over the whole catalogue: pass the last id read), with when each last changed (ISO 8601).
   */
  async sitemapEntries(afterId: number, limit: number): Promise<SitemapEntry[]> {
    const rows = await repo.sitemapEntries(this.db, afterId, limit);
    return rows.map((row) => ({ id: row.id, updatedAt: new Date(row.updated_at).toISOString() }));
  }

  /**
   * The whole catalogue in id order, `batch` products at a time with their packs and images (the
   * staff's export): each batch is three queries, and the caller's writing runs between batches.
   */
  async *everyProduct(batch = 100): AsyncGenerator<ProductSummary[]> {
    for (let after = 0; ; ) {
      const rows = await repo.productsAfter(this.db, after, batch);
      if (rows.length === 0) return;
      yield await this.#summaries(rows);
      after = rows[rows.length - 1]?.id ?? after;
      if (rows.length < batch) return;
    }
  }

  /** These products as the API shows them, in id order (ids that are not there are left out). */
  async productsById(ids: readonly number[]): Promise<ProductSummary[]> {
    return this.#summaries(await repo.productsWithIds(this.db, ids));
  }

  /**
   * Of these products, the `limit` best first as the API shows them: in stock first, then the
   * best rated, the most reviewed, then by name (a crop's or problem's page).
   */
  async bestFirst(ids: readonly number[], limit: number): Promise<ProductSummary[]> {
    const best = await repo.bestFirstIds(this.db, ids, limit);
    const summaries = new Map((await this.productsById(best)).map((product) => [product._id, product]));
    return best.flatMap((id) => summaries.get(id) ?? []);
  }

  /**
   * Computes again these products' search text, in the caller's transaction: the words of their
   * crops and problems changed (a crop renamed, a link written by the crops module). Announce
   * the change after the transaction commits (invalidate).
   */
  reindexProducts(trx: Writer, ids: readonly number[]): Promise<void> {
    return reindexProducts(trx, ids, this.search, (db, productIds) => this.links.wordsOf(db, productIds));
  }

  /**
   * Locks these products' rows (id order) before a write of the crops' tables that changes their
   * search text (reindexProducts after it): the catalogue's lock order, product rows first.
   */
  lockProducts(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
    return repo.lockProducts(trx, ids);
  }

  /** Which of these packs the catalogue has. */
  async existingPacks(ids: readonly number[]): Promise<Set<number>> {
    return new Set(await repo.existingPackIds(this.db, ids));
  }

  /** The product each of these SKUs is a pack of; SKUs no pack has are not in the map. */
  async productsOfSkus(skus: readonly string[]): Promise<Map<string, number>> {
    return new Map((await repo.productIdsOfSkus(this.db, skus)).map((row) => [row.sku, row.product_id]));
  }

  async #summaries(rows: readonly ProductWithCategory[]): Promise<ProductSummary[]> {
    const ids = rows.map((row) => row.id);
    const [images, packs] = await Promise.all([repo.findImages(this.db, ids), repo.findPacks(this.db, ids)]);
    const imagesOf = groupBy(images, (image) => image.product_id);
    const packsOf = groupBy(packs, (pack) => pack.product_id);
    return rows.map((row) => productSummaryJson(row, (imagesOf.get(row.id) ?? []).map(imageJson), packsOf.get(row.id) ?? []));
  }

  countProducts(): Promise<number> {
    return countProducts(this.db, this.search, { filter: {} });
  }

  async #count(search: ProductSearch): Promise<number> {
    const key = JSON.stringify(search.filter);
    const now = Date.now();
    const cached = this.#counts.get(key);
    if (cached && cached.until > now) return cached.total;
    const total = await countProducts(this.db, this.search, search);
    // A small cache: odd filters must not grow memory.
    if (this.#counts.size >= MAX_COUNTS) this.#counts.clear();
    this.#counts.set(key, { total, until: now + CACHE_TTL_MS, inStock: search.filter.inStock === true });
    return total;
  }
}

/**
 * The name shown on a review: the user's name, else the part of the e-mail address before the @
 * (never the whole address), else "Customer" (an account with a mobile number alone: never the number).
 */
export function reviewerName(user: Pick<Reviewer, "email" | "first_name" | "last_name">): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email?.split("@")[0] || "Customer";
}

function toFilter(query: ProductQuery): ProductFilter {
  const filter: ProductFilter = {};
  // Control characters separate words, as spaces do; a keyword of nothing else finds nothing.
  const keyword = query.keyword?.trim();
  if (keyword) filter.keyword = keyword.replace(CONTROL_CHARACTERS, " ");
  const category = query.category?.trim();
  if (category) {
    if (/^\d{1,9}$/.test(category)) filter.categoryId = Number(category);
    else filter.categoryName = category;
  }
  if (query.inStock) filter.inStock = true;
  return filter;
}

/** Rows by a key, in their order. */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
