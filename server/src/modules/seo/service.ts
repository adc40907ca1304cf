import type { ShopEvents } from "../../lib/events.ts";
import { type CachedAnswer, etagOf, ResponseCache } from "../../lib/response-cache.ts";
import type { CatalogService, SitemapEntry } from "../catalog/service.ts";
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
 * robots.txt, and the sitemap of the home page and every product on sale. Past `urlsPerFile`
 * URLs, /sitemap.xml is an index of parts /sitemap-1.xml, /sitemap-2.xml, …: the home page and
 * the products in id order, a page's two language versions always in one part.
 */
export class SeoService {
  /** robots.txt never changes while the server runs. */
  readonly robots: CachedAnswer;
  readonly #cache = new ResponseCache(CACHE_TTL_MS, MAX_CACHED);
  readonly #pagesPerFile: number;
  /** Where each part starts (see #walk), while fresh. */
  #starts: { until: number; value: Promise<number[]> } | null = null;

  constructor(
    private readonly catalog: Pick<CatalogService, "sitemapEntries">,
    private readonly siteUrl: string,
    urlsPerFile: number,
    /** Products a query reads (tests make it small to walk in many steps). */
    private readonly readBatch = READ_BATCH,
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
    this.#cache.clear();
    this.#starts = null;
  }

  /** /sitemap.xml: the sitemap, or the index of its parts when one file cannot hold it. */
  async sitemap(): Promise<CachedAnswer> {
    const starts = await this.#partStarts();
    if (starts.length === 1) return this.#part(1, 0);
    return this.#cache.get(`index of ${starts.length}`, async () => answer(sitemapIndexXml(this.siteUrl, starts.length)));
  }

  /** /sitemap-{n}.xml; null when there is no such part (past the last, or no index at all). */
  async sitemapPart(n: number): Promise<CachedAnswer | null> {
    const starts = await this.#partStarts();
    const afterId = starts[n - 1];
    if (starts.length === 1 || afterId === undefined) return null;
    return this.#part(n, afterId);
  }

  /**
   * Part n: the products after `afterId` it has room for, after the home page in the first. Keyed
   * by where it starts too: a request that read the starts before a change must not leave its
   * part cached for those reading them after.
   */
  #part(n: number, afterId: number): Promise<CachedAnswer> {
    return this.#cache.get(`part ${n} after ${afterId}`, async () => {
      const pages: SitemapPage[] = n === 1 ? [{ path: "/" }] : [];
      for await (const entry of this.#entries(afterId, this.#pagesPerFile - pages.length)) {
        pages.push({ path: `/product/${entry.id}`, lastmod: entry.updatedAt });
      }
      return answer(urlsetXml(this.siteUrl, pages));
    });
  }

  #partStarts(): Promise<number[]> {
    const now = Date.now();
    if (this.#starts && this.#starts.until > now) return this.#starts.value;
    const starts = { until: now + CACHE_TTL_MS, value: this.#walk() };
    this.#starts = starts;
    // A failed walk is not kept: the next request walks again.
    starts.value.catch(() => {
      if (this.#starts === starts) this.#starts = null;
    });
    return starts.value;
  }

  /**
   * The id each part's products come after (0 for the first part), one element a part, from one
   * walk over the catalogue: the pages in order are the home page, then the products.
   */
  async #walk(): Promise<number[]> {
    const starts = [0];
    let position = 0;
    let lastId = 0;
    for await (const { id } of this.#entries(0, Number.POSITIVE_INFINITY)) {
      position += 1;
      if (position % this.#pagesPerFile === 0) starts.push(lastId);
      lastId = id;
    }
    return starts;
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
