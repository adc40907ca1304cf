import type {
  Cart,
  Category,
  CropList,
  CropMatches,
  CropPage,
  ProblemPage,
  Product,
  ProductSummary,
  PublicConfig,
  ShippingRuleJson,
} from "./api.ts";

/**
 * The server-rendered storefront: the server gathers a public page's API answers from its own
 * services and hands them to the web app's server entry (web/src/entry-server.tsx), which
 * renders the page with them and embeds them for hydration.
 */

/** The languages a public page has an address in. */
export type PageLanguage = "en" | "hi";

/** The query parameter of a page's language: the English address names none, the Hindi one has ?lang=hi. */
export const LANGUAGE_PARAM = "lang";

/**
 * The cookie that remembers the shopper's language (`hi` or `en`): set by the web app when the
 * shopper switches and by the server when a public page is asked for with ?lang=; not HttpOnly,
 * since the app reads it to start in that language.
 */
export const LANGUAGE_COOKIE = "lang";

/** An address of the shop in a language: Hindi adds ?lang=hi (the app opens in it); English is the address as it is. */
export function addressIn(language: PageLanguage, url: string): string {
  if (language === "en") return url;
  return `${url}${url.includes("?") ? "&" : "?"}${LANGUAGE_PARAM}=${language}`;
}

/** What a public page shows, as the API answers it (the same bodies, so the cache holds them as they are). */
export interface PageAnswers {
  config: PublicConfig;
  categories: Category[];
  /** The home page's list: GET /api/products's body and its paging headers. */
  products?: { body: ProductSummary[]; headers: Record<string, string> };
  /** The product page's product: GET /api/products/{id}/'s body. */
  product?: Product;
  /**
   * The cart page (rendered for its visitor, never cached): their cart (GET /api/cart/'s body), the
   * shipping rules it is priced by, and the code of an error to say above it (a line not added).
   */
  cart?: { cart: Cart; shippingRules: ShippingRuleJson[]; notice?: string };
  /** Every crop (GET /api/crops/'s body): the crops page, and the home page's "Shop by crop" row. */
  crops?: CropList;
  /** A crop's page: GET /api/crops/{slug}/'s body. */
  crop?: CropPage;
  /** A crop's problem's page: GET /api/crops/{slug}/problems/{problem}/'s body. */
  problem?: ProblemPage;
  /** A search's crop and problem pages (GET /api/crops/find/?keyword=), offered above its results. */
  cropMatches?: CropMatches;
}

export interface PageRenderRequest {
  /** Path and query of the page, as the shop links it (only the parameters the page reads). */
  url: string;
  language: PageLanguage;
  /** The shop's public origin (SITE_URL), for absolute links in the head. */
  siteUrl: string;
  answers: PageAnswers;
  /**
   * Render the not-found page (answered with 404 and kept out of search engines): `true` for an
   * address no screen has, "product" for a product address that names no product the shop sells
   * (its screen says the product was not found).
   */
  notFound?: boolean | "product";
}

export interface RenderedPage {
  /** The tags of the page's head: title, description, canonical and language links, Open Graph, JSON-LD. */
  head: string;
  /** The rendered app, the content of `<div id="root">`. */
  body: string;
  /** The store's state (JSON, safe inside a script element) the page hydrates with; null: not hydrated. */
  state: string | null;
  /** Stylesheets and scripts of the lazily loaded screens the page shows (source paths, for the build's manifest). */
  modules: string[];
}

export type RenderPage = (request: PageRenderRequest) => Promise<RenderedPage>;
