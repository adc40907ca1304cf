import { Writable } from "node:stream";
import { type PageAnswers, type PageRenderRequest, type RenderedPage, shippingRuleOf } from "@krishi/contract";
import { renderToPipeableStream } from "react-dom/server";
import { Provider } from "react-redux";
import { StaticRouter } from "react-router";
import { AppRoutes, CART_AREAS } from "./app/router.tsx";
import { catalogApi, toProductPage } from "./base/catalog-api.ts";
import { configApi } from "./base/config-api.ts";
import { ServerRendering } from "./base/page-title.tsx";
import { makeStore } from "./base/store.ts";
import { cartReceived, offersReceived } from "./features/cart/cart-slice.ts";
import { cartItemOf, offersOf } from "./features/cart/cart-sync.ts";
import { shippingRulesApi } from "./features/cart/shipping-rules-api.ts";
import { cropsApi } from "./features/catalog/crops-api.ts";
import { homeHeading, homeProductsQuery } from "./features/catalog/home-screen.tsx";
import { PACK_PARAM } from "./features/catalog/product-screen.tsx";
import { type Area, activateLanguage, type Language, localized, PAGE_AREAS, t } from "./i18n/index.ts";
import { cropListHead, cropPageHead, problemPageHead } from "./ssr/crop-heads.ts";
import { escapeHtml, headTags, listDescription, productDescription, scriptJson } from "./ssr/head.ts";

/**
 * The web app's server entry (Vite's SSR build, loaded by the server): renders a public page —
 * the home list, a product, the crops, a crop or a crop's problem — with the API answers the server gathered, the same components
 * and routes as the browser, and the store's state for hydration (see main.tsx).
 */

/** The lazily loaded screens each page shows: their stylesheets and scripts go in its head. */
const LAYOUT_MODULES = ["src/app/footer.tsx"];
const LAZY_MODULES = {
  home: ["src/features/catalog/home-screen.tsx", "src/components/paginate.tsx", ...LAYOUT_MODULES],
  product: ["src/features/catalog/product-screen.tsx", ...LAYOUT_MODULES],
  crops: ["src/features/catalog/crop-screens.tsx", ...LAYOUT_MODULES],
  cart: ["src/features/cart/cart-screen.tsx", ...LAYOUT_MODULES],
  notFound: LAYOUT_MODULES,
};

/** Every screen module a public page may name: the code whose classes the pages' inlined stylesheet keeps (scripts/public-css.mjs). */
export const PUBLIC_MODULES = [...new Set(Object.values(LAZY_MODULES).flat())];

/**
 * The Hindi catalogs a page loads before it hydrates (the public pages' areas; the cart's besides),
 * named in its head with its screens, so they come with the app rather than after it.
 */
function textModules(language: Language, areas: readonly Area[]): string[] {
  return language === "hi" ? areas.map((area) => `src/i18n/hi/${area}.json?catalog`) : [];
}

/** An address no route but the not-found screen's matches. */
const NOT_FOUND_PATH = "/404";
/** A product address that can name no product: the product screen says it was not found, as it does for any missing product. */
const PRODUCT_NOT_FOUND_PATH = "/product/not-found";

let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders one page at a time: the language is the i18n runtime's, one for the whole process,
 * and a render that waits (a lazy screen loading) must not see another page's language.
 */
export function renderPage(request: PageRenderRequest): Promise<RenderedPage> {
  const rendered = queue.then(() => render(request));
  queue = rendered.catch(() => undefined);
  return rendered;
}

async function render(request: PageRenderRequest): Promise<RenderedPage> {
  const { url, language, answers, notFound } = request;
  await activateLanguage(language);
  const store = makeStore({ persist: false });
  const address = new URL(url, "http://shop.invalid");
  const productId = /^\/product\/([^/]+)$/.exec(address.pathname)?.[1];
  const query = homeProductsQuery(address.searchParams);
  const fills: Promise<unknown>[] = [
    store.dispatch(configApi.util.upsertQueryData("getConfig", undefined, answers.config)),
    store.dispatch(catalogApi.util.upsertQueryData("getCategories", undefined, answers.categories)),
  ];
  if (answers.products) {
    const { body, headers } = answers.products;
    const page = toProductPage(body, new Headers(headers), query.page ?? 1);
    fills.push(store.dispatch(catalogApi.util.upsertQueryData("getProducts", query, page)));
  }
  if (answers.product && productId) fills.push(store.dispatch(catalogApi.util.upsertQueryData("getProduct", productId, answers.product)));
  const [, cropSlug, problemSlug] = /^\/crop\/([^/]+)(?:\/([^/]+))?$/.exec(address.pathname) ?? [];
  if (answers.crops) fills.push(store.dispatch(cropsApi.util.upsertQueryData("getCrops", undefined, answers.crops)));
  if (answers.crop && cropSlug) fills.push(store.dispatch(cropsApi.util.upsertQueryData("getCrop", cropSlug, answers.crop)));
  if (answers.problem && cropSlug && problemSlug) {
    fills.push(store.dispatch(cropsApi.util.upsertQueryData("getProblem", { crop: cropSlug, problem: problemSlug }, answers.problem)));
  }
  if (answers.cropMatches) {
    // The search's words as the home screen asks for its crop pages.
    const keyword = (address.searchParams.get("keyword") ?? "").trim();
    fills.push(store.dispatch(cropsApi.util.upsertQueryData("findCrops", keyword, answers.cropMatches)));
  }
  if (answers.cart) {
    store.dispatch(cartReceived(answers.cart.cart.lines.map(cartItemOf)));
    store.dispatch(offersReceived(offersOf(answers.cart.cart)));
    const rules = answers.cart.shippingRules.map(shippingRuleOf);
    fills.push(store.dispatch(shippingRulesApi.util.upsertQueryData("getShippingRules", undefined, rules)));
  }
  await Promise.all(fills);

  const body = await renderApp(store, notFound === "product" ? PRODUCT_NOT_FOUND_PATH : notFound ? NOT_FOUND_PATH : url);
  const common = { url, language, siteUrl: request.siteUrl, config: answers.config };
  if (notFound === "product") {
    // Not hydrated: the app renders the address afresh, and its product screen says the same.
    const title = t("Product not found");
    const description = t("We could not find this product. It may have been removed, or the link is wrong.");
    return {
      head: headTags({ ...common, title, description, notFound: true }),
      body,
      state: null,
      modules: [...LAZY_MODULES.product, ...textModules(language, PAGE_AREAS)],
    };
  }
  if (notFound) {
    const title = t("Page not found");
    return {
      head: headTags({ ...common, title, description: t("There is nothing at this address."), notFound }),
      body,
      state: null,
      modules: [...LAZY_MODULES.notFound, ...textModules(language, PAGE_AREAS)],
    };
  }
  if (answers.cart) {
    // The visitor's own page: kept out of search engines, its state theirs alone.
    const head = `<title>${escapeHtml(`${t("Shopping Cart")} | Krishi Bazaar`)}</title><meta name="robots" content="noindex">`;
    const modules = [...LAZY_MODULES.cart, ...textModules(language, [...PAGE_AREAS, ...CART_AREAS])];
    return { head, body, state: scriptJson(store.getState()), modules };
  }
  const cropHead = answers.problem
    ? problemPageHead(answers.problem)
    : answers.crop
      ? cropPageHead(answers.crop)
      : !answers.products && answers.crops
        ? cropListHead(answers.crops)
        : undefined;
  if (cropHead) {
    const modules = [...LAZY_MODULES.crops, ...textModules(language, PAGE_AREAS)];
    return { head: headTags({ ...common, ...cropHead }), body, state: scriptJson(store.getState()), modules };
  }
  const { product } = answers;
  // The pack a shared link names (?pack=), unless it is the default: the page's price and offer are its.
  const pack = product?.variants.slice(1).find((variant) => String(variant.id) === address.searchParams.get(PACK_PARAM));
  const head = product
    ? headTags({
        ...common,
        title: localized(product.name, product.nameHi),
        description: productDescription(product, pack),
        product,
        ...(pack ? { pack } : {}),
      })
    : listHead(common, homeHeading(address.searchParams, answers.categories), answers.products, isFiltered(address.searchParams));
  const modules = [...(product ? LAZY_MODULES.product : LAZY_MODULES.home), ...textModules(language, PAGE_AREAS)];
  return { head, body, state: scriptJson(store.getState()), modules };
}

/**
 * A list page's head: its heading, how many it lists, and a category's or a search's first
 * products for its link preview's picture (the home page's is the shop's icon).
 */
function listHead(
  common: Omit<Parameters<typeof headTags>[0], "title" | "description">,
  heading: string,
  products: PageAnswers["products"],
  filtered: boolean,
) {
  const total = Number(products?.headers["X-Total-Count"] ?? 0);
  const listed = filtered ? products?.body : undefined;
  return headTags({ ...common, title: heading, description: listDescription(heading, total), ...(listed ? { listed } : {}) });
}

/** Whether a home address lists a category or a search rather than the whole shop. */
function isFiltered(params: URLSearchParams): boolean {
  return Boolean(params.get("keyword")?.trim() || params.get("category")?.trim());
}

/**
 * Streams the app into a string once everything is ready, lazy screens included: piped before,
 * React would send the unfinished parts as fallbacks with inline scripts to swap them in, which
 * the page's Content-Security-Policy refuses and crawlers do not run.
 */
function renderApp(store: ReturnType<typeof makeStore>, location: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: string[] = [];
    const decoder = new TextDecoder();
    const sink = new Writable({
      write(chunk: Uint8Array | string, _encoding, done) {
        chunks.push(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
        done();
      },
      final(done) {
        resolve(chunks.join("") + decoder.decode());
        done();
      },
    });
    let failed: unknown = null;
    const stream = renderToPipeableStream(
      <ServerRendering value={true}>
        <Provider store={store}>
          <StaticRouter location={location}>
            <AppRoutes />
          </StaticRouter>
        </Provider>
      </ServerRendering>,
      {
        // Every part in place, however large: by default React sends a large finished part after
        // the rest, with an inline script to move it in.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // A part that failed would be rendered again by the browser: the server sends the shell instead.
        onError(error) {
          failed ??= error;
        },
        onShellError: reject,
        onAllReady: () => (failed ? reject(failed) : stream.pipe(sink)),
      },
    );
  });
}
