import type { ShopEvents } from "../../lib/events.ts";
import { type CachedAnswer, etagOf, ResponseCache } from "../../lib/response-cache.ts";
import type { CatalogService, SitemapEntry } from "../catalog/service.ts";
import type { CropsService } from "../crops/service.ts";
import { robotsTxt, type SitemapPage, sitemapIndexXml, URLS_PER_PAGE, urlsetXml } from "./documents.ts";

/** Products read a query at a time while walking the catalogue. */
const READ_BATCH = 5_000;
/**
 * Sitemaps are kept this long at most. Every product write, here or in another process, drops
 * them at once (productsChanged); this only bounds what nothing announces (bulk loaders).
 */
const CACHE_TTL_MS = 5 * 60_000;
/** The index and a few parts: a part of 50 000 URLs is some 20 MB of text. */
const MAX_CACHED = 8;

/**
 * The crop pages a sitemap lists: /crops, every crop's page and every crop's problem's page, in
 * the shop's order of crops (none without crops).
 */
export function cropPaths(crops: Pick<CropsService, "staffList">): () => Promise<string[]> {
  return async () => {
    const { crops: all } = await crops.staffList();
    if (all.length === 0) return [];
    return [
      "/crops",
      ...all.flatMap((crop) => [`/crop/${crop.slug}`, ...crop.problems.map(({ problem }) => `/crop/${crop.slug}/${problem}`)]),
    ];
  };
}

/** The parts' plan: the pages before the products (the home page, the crops'), and where each part's products start. */
interface Plan {
  fixed: string[];
  /** The id each part's products come after (0: from the first product), one element a part. */
  starts: number[];
}

/**
 * robots.txt, and the sitemap of the home page, the crops' pages and every product on sale. Past
 * `urlsPerFile` URLs, /sitemap.xml is an index of parts /sitemap-1.xml, /sitemap-2.xml, …: the
 * home page, the crops' pages, then the products in id order, a page's two language versions
 * always in one part.
 */
export class SeoService {
  /** robots.txt never changes while the server runs. */
  readonly robots: CachedAnswer;
  readonly #cache = new ResponseCache(CACHE_TTL_MS, MAX_CACHED);
  readonly #pagesPerFile: number;
  /** Where each part starts (see #walk), while fresh. */
  #plan: { until: number; value: Promise<Plan> } | null = null;

  constructor(
    private readonly catalog: Pick<CatalogService, "sitemapEntries">,
    private readonly siteUrl: string,
    urlsPerFile: number,
    /** Products a query reads (tests make it small to walk in many steps). */
    private readonly readBatch = READ_BATCH,
    /** The crops' pages (cropPaths), listed after the home page. */
    private readonly cropPages: () => Promise<string[]> = async () => [],
  ) {
    if (!Number.isInteger(urlsPerFile) || urlsPerFile < URLS_PER_PAGE) {
      throw new Error(`urlsPerFile must be a whole number of at least ${URLS_PER_PAGE} (got ${urlsPerFile})`);
    }
    this.#pagesPerFile = Math.floor(urlsPerFile / URLS_PER_PAGE);
    this.robots = answer(robotsTxt(siteUrl));
  }

  /**
   * Drops the sitemaps after a change to products (ShopEvents.productsChanged). A change of
   * stock alone (an order) leaves them: a sitemap shows no stock, and taking stock does not
   * touch a product's updated_at.
   */
  forget(change: ShopEvents["productsChanged"]): void {
    if (change.stockOnly) return;
    this.forgetAll();
  }

  /** Drops the sitemaps after a change to the crops (ShopEvents.cropsChanged) or the products. */
  forgetAll(): void {
    this.#cache.clear();
    this.#plan = null;
  }

  /** /sitemap.xml: the sitemap, or the index of its parts when one file cannot hold it. */
  async sitemap(): Promise<CachedAnswer> {
    const plan = await this.#partPlan();
    if (plan.starts.length === 1) return this.#part(1, plan);
    return this.#cache.get(`index of ${plan.starts.length}`, async () => answer(sitemapIndexXml(this.siteUrl, plan.starts.length)));
  }

  /** /sitemap-{n}.xml; null when there is no such part (past the last, or no index at all). */
  async sitemapPart(n: number): Promise<CachedAnswer | null> {
    const plan = await this.#partPlan();
    if (plan.starts.length === 1 || plan.starts[n - 1] === undefined) return null;
    return this.#part(n, plan);
  }

  /**
   * Part n: its share of the pages before the products, then the products after its start it has
   * room for. Keyed by where it starts and the pages before the products too: a request that read
   * the plan before a change must not leave its part cached for those reading it after.
   */
  #part(n: number, plan: Plan): Promise<CachedAnswer> {
    const size = this.#pagesPerFile;
    const afterId = plan.starts[n - 1] ?? 0;
    const fixed = plan.fixed.slice((n - 1) * size, n * size);
    return this.#cache.get(`part ${n} after ${afterId} with ${fixed.join(" ")}`, async () => {
      const pages: SitemapPage[] = fixed.map((path) => ({ path }));
      for await (const entry of this.#entries(afterId, size - pages.length)) {
        pages.push({ path: `/product/${entry.id}`, lastmod: entry.updatedAt });
      }
      return answer(urlsetXml(this.siteUrl, pages));
    });
  }

  #partPlan(): Promise<Plan> {
    const now = Date.now();
    if (this.#plan && this.#plan.until > now) return this.#plan.value;
    const plan = { until: now + CACHE_TTL_MS, value: this.#walk() };
    this.#plan = plan;
    // A failed walk is not kept: the next request walks again.
    plan.value.catch(() => {
      if (this.#plan === plan) this.#plan = null;
    });
    return plan.value;
  }

  /**
   * The pages before the products and, from one walk over the catalogue, the id each part's
   * products come after: the pages in order are the home page, the crops' pages, then the products.
   */
  async #walk(): Promise<Plan> {
    const fixed = ["/", ...(await this.cropPages())];
    const size = this.#pagesPerFile;
    const starts = [0];
    // Parts that start among the pages before the products start with the first product.
    for (let position = size; position < fixed.length; position += size) starts.push(0);
    let position = fixed.length;
    let lastId = 0;
    for await (const { id } of this.#entries(0, Number.POSITIVE_INFINITY)) {
      if (position % size === 0 && position >= size) starts.push(lastId);
      lastId = id;
      position += 1;
    }
    return { fixed, starts };
  }

  /** Up to `count` products after `afterId` in id order, read a batch at a time (keyset paging). */
  async *#entries(afterId: number, count: number): AsyncGenerator<SitemapEntry> {
    let after = afterId;
    for (let left = count; left > 0; ) {
      const size = Math.min(this.readBatch, left);
      const batch = await this.catalog.sitemapEntries(after, size);
      yield* batch;
      const last = batch.at(-1);
      if (!last || batch.length < size) return;
      after = last.id;
      left -= size;
    }
  }
}

function answer(body: string): CachedAnswer {
  return { body, headers: { ETag: etagOf(body) } };
}
