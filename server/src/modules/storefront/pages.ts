import {
  isProductId,
  type PageAnswers,
  type PageLanguage,
  type PageRenderRequest,
  PRODUCT_SORTS,
  type PublicConfig,
} from "@krishi/contract";
import { ProductListQuery, SLUG_PATTERN } from "@krishi/contract/schemas";
import type { FastifyBaseLogger } from "fastify";
import { Check } from "typebox/value";
import type { ShopEvents } from "../../lib/events.ts";
import { type CachedAnswer, etagOf, ResponseCache } from "../../lib/response-cache.ts";
import { categoriesAnswer, productAnswer, productListAnswer, type Serialize } from "../catalog/answers.ts";
import { type CatalogService, type ProductQuery, staleTags } from "../catalog/service.ts";
import { cropListAnswer, cropMatchesAnswer, cropPageAnswer, problemPageAnswer } from "../crops/answers.ts";
import type { CropsService } from "../crops/service.ts";
import type { PageRenderer } from "./renderer.ts";

/** The serializers of the API answers a page embeds: the API's own schemas, so a page holds what the API sends. */
export interface AnswerSerializers {
  list: Serialize;
  product: Serialize;
  categories: Serialize;
  crops: Serialize;
  crop: Serialize;
  problem: Serialize;
  cropMatches: Serialize;
}

export interface RenderedAnswer {
  status: 200 | 404;
  answer: CachedAnswer;
}

/** A rendered page is kept as long as the catalogue's answers it shows (and dropped with them). */
const PAGE_TTL_MS = 30_000;
/** Pages kept at most: odd query strings cannot grow memory. */
const MAX_PAGES = 500;

/**
 * The server-rendered public pages: the home list (keyword, category, sort, stock filter, page),
 * a product, the crops, a crop and a crop's problem, in English and Hindi, rendered from the
 * catalogue's and the crops' cached API answers and cached themselves, per page and language. A
 * change to the catalogue drops the pages it makes stale (productsChanged), a change to the crops
 * every page (cropsChanged: a product's page names its crops), in every process.
 */
export class StorefrontPages {
  readonly #cache = new ResponseCache(PAGE_TTL_MS, MAX_PAGES);

  constructor(
    private readonly deps: {
      catalog: CatalogService;
      crops: CropsService;
      renderer: PageRenderer;
      siteUrl: string;
      config: PublicConfig;
      log: FastifyBaseLogger;
      /** The shop's Content-Security-Policy allowing also this inlined stylesheet (a CSP source, 'sha256-…'). */
      policy: (styleSource: string) => string;
    },
  ) {
    this.#shell = { body: deps.renderer.shell, headers: { ETag: etagOf(deps.renderer.shell) } };
  }

  readonly #shell: CachedAnswer;

  /**
   * A page the server could not render (a fault in a component, a build replaced under a running
   * server) goes to the browser as the app's shell, which renders it itself: the shop stays open.
   */
  async #orShell(language: PageLanguage, render: () => Promise<RenderedAnswer>, status: 200 | 404 = 200): Promise<RenderedAnswer> {
    try {
      return await render();
    } catch (err) {
      if (!(err instanceof RenderFailure)) throw err;
      this.deps.log.error({ err: err.cause, language }, "rendering a page failed: sent the shell");
      return { status, answer: this.#shell };
    }
  }

  /** The home list for the address's query; a query the API would refuse gets the not-found page. */
  async home(params: URLSearchParams, serializers: AnswerSerializers): Promise<RenderedAnswer> {
    const language = languageOf(params);
    const query = listQuery(params);
    if (!query) return this.notFound(language, serializers);
    const url = withQuery("/", listParams(query, language));
    // The unfiltered first page shows "Shop by crop"; a search offers the crop pages its words name.
    const keyword = query.keyword?.trim() ?? "";
    const shopByCrop = !keyword && !query.category && (query.page ?? 1) === 1;
    return this.#orShell(language, async () => {
      const answer = await this.#cache.get(`${language} ${url}`, async () => {
        const apiUrl = withQuery("/api/products", listParams({ ...query, pageSize: undefined }, "en"));
        const { crops } = this.deps;
        const [list, answers, cropList, matches] = await Promise.all([
          productListAnswer(this.deps.catalog, apiUrl, query, serializers.list),
          this.#common(serializers),
          shopByCrop ? cropListAnswer(crops, serializers.crops) : undefined,
          keyword ? cropMatchesAnswer(crops, keyword, serializers.cropMatches) : undefined,
        ]);
        const products = { body: JSON.parse(list.body), headers: list.headers };
        const cropAnswers = {
          ...(cropList ? { crops: JSON.parse(cropList.body) } : {}),
          ...(matches ? { cropMatches: JSON.parse(matches.body) } : {}),
        };
        return this.#render({ url, language, answers: { ...answers, products, ...cropAnswers } }, list.tags);
      });
      return { status: 200, answer };
    });
  }

  /** A product's page; an unknown or deleted product (or an id that is not one) gets the product's not-found page. */
  async product(id: string, params: URLSearchParams, serializers: AnswerSerializers): Promise<RenderedAnswer> {
    const language = languageOf(params);
    if (!isProductId(id)) return this.notFound(language, serializers, "product");
    const named = params.get(PACK_PARAM) ?? "";
    try {
      return await this.#orShell(language, async () => {
        // The catalogue's answer is kept: asked before the page, it tells whether ?pack= names one
        // of the product's packs other than the default (that pack's page), or not (the product's).
        const product = await productAnswer(this.deps.catalog, Number(id), serializers.product);
        const query: Record<string, string> = {};
        if (/^[1-9]\d{0,9}$/.test(named) && otherPacks(product.body).includes(Number(named))) query[PACK_PARAM] = named;
        if (language !== "en") query.lang = language;
        const url = withQuery(`/product/${id}`, query);
        const answer = await this.#cache.get(`${language} ${url}`, async () => {
          const answers = await this.#common(serializers);
          return this.#render({ url, language, answers: { ...answers, product: JSON.parse(product.body) } }, product.tags);
        });
        return { status: 200, answer };
      });
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return this.notFound(language, serializers, "product");
      throw error;
    }
  }

  /** /crops: every crop, by season. */
  async crops(params: URLSearchParams, serializers: AnswerSerializers): Promise<RenderedAnswer> {
    const language = languageOf(params);
    const url = withQuery("/crops", language === "en" ? {} : { lang: language });
    return this.#orShell(language, async () => {
      const answer = await this.#cache.get(`${language} ${url}`, async () => {
        const [list, answers] = await Promise.all([cropListAnswer(this.deps.crops, serializers.crops), this.#common(serializers)]);
        return this.#render({ url, language, answers: { ...answers, crops: JSON.parse(list.body) } }, list.tags);
      });
      return { status: 200, answer };
    });
  }

  /**
   * A crop's page (`problem` absent) or a crop's problem's page; a slug the shop has no crop or
   * problem for (or one that is not a slug) gets the not-found page.
   */
  async crop(slug: string, problem: string | undefined, params: URLSearchParams, serializers: AnswerSerializers): Promise<RenderedAnswer> {
    const language = languageOf(params);
    if (!isSlug(slug) || (problem !== undefined && !isSlug(problem))) return this.notFound(language, serializers);
    const path = problem === undefined ? `/crop/${slug}` : `/crop/${slug}/${problem}`;
    const url = withQuery(path, language === "en" ? {} : { lang: language });
    const { crops } = this.deps;
    try {
      return await this.#orShell(language, async () => {
        // The crops' answer first: an unknown crop or problem is its 404, before any page is kept.
        const page =
          problem === undefined
            ? await cropPageAnswer(crops, slug, serializers.crop)
            : await problemPageAnswer(crops, slug, problem, serializers.problem);
        const answer = await this.#cache.get(`${language} ${url}`, async () => {
          const answers = await this.#common(serializers);
          const body = JSON.parse(page.body);
          return this.#render(
            { url, language, answers: { ...answers, ...(problem === undefined ? { crop: body } : { problem: body }) } },
            page.tags,
          );
        });
        return { status: 200, answer };
      });
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return this.notFound(language, serializers);
      throw error;
    }
  }

  /**
   * The visitor's cart page. It names its own address (`url`) for the browser to show: it is also
   * the answer to Add to Cart's form, at the form's address.
   */
  async cart(
    url: string,
    language: PageLanguage,
    cart: NonNullable<PageAnswers["cart"]>,
    serializers: AnswerSerializers,
  ): Promise<RenderedAnswer> {
    return this.#orShell(language, async () => {
      const answers = await this.#common(serializers);
      return { status: 200, answer: await this.#render({ url, language, answers: { ...answers, cart } }, undefined, url) };
    });
  }

  /**
   * The shop's not-found page (its header, categories and footer), answered with 404; at a product
   * address (`what`: "product"), it says the product was not found.
   */
  async notFound(language: PageLanguage, serializers: AnswerSerializers, what: "page" | "product" = "page"): Promise<RenderedAnswer> {
    return this.#orShell(
      language,
      async () => {
        const notFound = what === "product" ? "product" : true;
        const answer = await this.#cache.get(`${language} 404 ${what}`, async () =>
          this.#render({ url: "/", language, answers: await this.#common(serializers), notFound }, undefined),
        );
        return { status: 404, answer };
      },
      404,
    );
  }

  /** Drops the pages a catalogue change makes stale (as the catalogue's own answers are dropped). */
  forget(change: ShopEvents["productsChanged"]): void {
    const stale = staleTags(change);
    if (stale) this.#cache.dropTagged(stale);
    else this.#cache.clear();
  }

  /** Drops every page after a change to the crops (cropsChanged): the home page, the crops' pages and the products' name them. */
  forgetCrops(): void {
    this.#cache.clear();
  }

  async #common(serializers: AnswerSerializers): Promise<Pick<PageAnswers, "config" | "categories">> {
    const categories = await categoriesAnswer(this.deps.catalog, serializers.categories);
    return { config: this.deps.config, categories: JSON.parse(categories.body) };
  }

  async #render(
    request: Omit<PageRenderRequest, "siteUrl">,
    tags: ReadonlySet<string> | undefined,
    address?: string,
  ): Promise<CachedAnswer> {
    const rendered = this.deps.renderer.render({ ...request, siteUrl: this.deps.siteUrl }, { address });
    const { html, styleSource } = await rendered.catch((cause: unknown) => {
      throw new RenderFailure(cause);
    });
    const headers = { ETag: etagOf(html), "Content-Language": request.language, "Content-Security-Policy": this.deps.policy(styleSource) };
    return { body: html, headers, tags: new Set(tags) };
  }
}

/** The renderer failed (not the data it was given): the page goes as the shell. */
class RenderFailure extends Error {
  constructor(cause: unknown) {
    super("rendering the page failed", { cause });
  }
}

/** The query parameter of a product page's pack (/product/7?pack=12): the web app's PACK_PARAM. */
const PACK_PARAM = "pack";

/** The ids of a product's packs but its default, read from its API answer only when an address names a pack. */
function otherPacks(productBody: string): number[] {
  const { variants } = JSON.parse(productBody) as { variants: { id: number }[] };
  return variants.slice(1).map((variant) => variant.id);
}

const SLUG = new RegExp(SLUG_PATTERN);

/** Whether a path's segment can name a crop or a problem (as staff write their slugs). */
function isSlug(segment: string): boolean {
  return segment.length <= 60 && SLUG.test(segment);
}

function languageOf(params: URLSearchParams): PageLanguage {
  return params.get("lang") === "hi" ? "hi" : "en";
}

/**
 * The list a home address asks for, read as the web app reads it (a sort or page it does not
 * know is the default), or null when the API would refuse it (a keyword too long, a control character).
 */
function listQuery(params: URLSearchParams): ProductQuery | null {
  const keyword = params.get("keyword") || undefined;
  const category = params.get("category") || undefined;
  if (!Check(ProductListQuery, { ...(keyword ? { keyword } : {}), ...(category ? { category } : {}) })) return null;
  const sort = PRODUCT_SORTS.find((s) => s === params.get("sort") && s !== "newest");
  const page = Number(params.get("page") ?? "1");
  return {
    keyword,
    category,
    sort,
    inStock: params.get("in_stock") === "true",
    page: Number.isSafeInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

/** The query parameters of a list, in the order the web app writes them (so its address and the page's agree). */
function listParams(query: ProductQuery, language: PageLanguage): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.keyword) params.keyword = query.keyword;
  if (query.category) params.category = query.category;
  if (query.sort) params.sort = query.sort;
  if (query.inStock) params.in_stock = "true";
  if (query.page && query.page > 1) params.page = String(query.page);
  if (language !== "en") params.lang = language;
  return params;
}

function withQuery(path: string, params: Record<string, string>): string {
  const search = new URLSearchParams(params).toString();
  return search ? `${path}?${search}` : path;
}
