/// <reference lib="webworker" />
// The shop's service worker (docs/design.md, "Offline and installing"), built by vite-plugin-pwa
// (injectManifest) into dist/sw.js. Registered by the page once it has loaded (lib/service-worker.ts).
import { clientsClaim, type WorkboxPlugin } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import * as navigationPreload from "workbox-navigation-preload";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { CACHES } from "./cache-names.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// The offline pages, the saved copies' stylesheet and the rendered pages' start-app.js: a few KB,
// fetched once the page that registered the worker has loaded. The app's own files are cached as
// pages use them (below), not ahead.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new release takes over at once, without reloading an open page: its files stay in the assets
// cache, which outlives releases, and the routes below are the same in every release.
self.skipWaiting();
clientsClaim();
// Pages start loading while the worker starts up.
navigationPreload.enable();

/**
 * Keeps a page as it came (200), but never one its server said not to store (the cart page,
 * a visitor's own). A page that sets the language cookie is private to shared caches, not to this
 * browser's: it is the same page for everyone, and the cookie is not kept with it.
 */
const storablePage: WorkboxPlugin = {
  async cacheWillUpdate({ response }) {
    const kept = response.status === 200 && response.type === "basic" && !/\bno-store\b/.test(response.headers.get("Cache-Control") ?? "");
    return kept ? response : null;
  },
};

/** A public answer is kept only when it is the same for everyone: neither private nor no-store. */
const sharedOnly: WorkboxPlugin = {
  async cacheWillUpdate({ response }) {
    const control = response.headers.get("Cache-Control") ?? "";
    const kept = response.status === 200 && response.type === "basic" && !/\b(private|no-store)\b/.test(control);
    return kept ? response : null;
  },
};

/** A saved page, shown because the network failed, says so (saved-copy.css; before any script runs). */
const markedAsSaved: WorkboxPlugin = {
  async cachedResponseWillBeUsed({ cachedResponse }) {
    return cachedResponse ? markSaved(cachedResponse) : null;
  },
};

/** The language of the public pages the shopper opens (their `Content-Language`), for the offline page when nothing else tells it. */
const languageOfPages: WorkboxPlugin = {
  async fetchDidSucceed({ response }) {
    const language = response.headers.get("Content-Language");
    if (language === "hi" || language === "en") await rememberLanguage(language);
    return response;
  },
};

// Hashed files: a name never changes its content, so the cached copy is always right; kept across
// releases so that an open page of the previous one still finds the screens it loads later.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: CACHES.assets,
    plugins: [
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// The shopper's own pages: an order's page and the profile (the app's shell), with their answers.
const PERSONAL_SCREENS = /^\/(order\/[^/]+|profile)\/?$/;
const PERSONAL_API = /^\/api\/orders\/([^/]+)\/$/;

/** How long a page may take before the saved copy is shown (a very slow link; the fresh page still refreshes the copy). */
const NETWORK_TIMEOUT_SECONDS = 8;

registerRoute(
  ({ request, url }) => request.mode === "navigate" && PERSONAL_SCREENS.test(url.pathname),
  new NetworkFirst({
    cacheName: CACHES.personal,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [storablePage, markedAsSaved],
  }),
);

// Public pages ("/", products, searches, the not-found page is not kept: 404): the same for everyone.
registerRoute(
  ({ request }) => request.mode === "navigate",
  new NetworkFirst({
    cacheName: CACHES.pages,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [storablePage, markedAsSaved, languageOfPages, new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
  }),
);

// A signed-in shopper's orders, kept with the account they belong to (the token's subject): a
// saved answer is given only to a request of the same account, whatever the page deleted or not.
registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && PERSONAL_API.test(url.pathname) && accountOf(request) !== null,
  new NetworkFirst({
    cacheName: CACHES.personal,
    plugins: [
      {
        async cacheWillUpdate({ request, response }) {
          const account = accountOf(request);
          if (response.status !== 200 || account === null) return null;
          const headers = new Headers(response.headers);
          headers.set(ACCOUNT_HEADER, account);
          return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
        },
        async cachedResponseWillBeUsed({ request, cachedResponse }) {
          const account = accountOf(request);
          return cachedResponse && account !== null && cachedResponse.headers.get(ACCOUNT_HEADER) === account ? cachedResponse : null;
        },
      },
      new ExpirationPlugin({ maxEntries: 50, purgeOnQuotaError: true }),
    ],
  }),
);

// Public answers the app's screens ask for (settings, categories, products), asked without a token.
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && /^\/api\/(config|products)(\/|$)/.test(url.pathname) && !request.headers.has("Authorization"),
  new NetworkFirst({
    cacheName: CACHES.publicApi,
    plugins: [sharedOnly, new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
  }),
);

// A page neither the network nor the caches have: the offline page in the shopper's language (or,
// for an address without a language, the Hindi page's saved copy when the shopper reads Hindi).
setCatchHandler(async ({ request, url }) => {
  if (request.mode !== "navigate" || !url) return Response.error();
  const language = await shopperLanguage(url);
  if (language === "hi" && !url.searchParams.has("lang")) {
    const hindi = new URL(url);
    hindi.searchParams.set("lang", "hi");
    const saved = await caches.match(hindi.href, { cacheName: CACHES.pages });
    if (saved) return markSaved(saved);
  }
  return (await matchPrecache(language === "hi" ? "/offline-hi.html" : "/offline.html")) ?? Response.error();
});

/** Where a saved answer keeps the account it belongs to. */
const ACCOUNT_HEADER = "X-Saved-For-Account";

/** The account a request's bearer token names (its `sub`, read, not verified: the server verifies), or null. */
function accountOf(request: Request): string | null {
  const token = /^Bearer ([\w-]+)\.([\w-]+)\.[\w-]+$/.exec(request.headers.get("Authorization") ?? "")?.[2];
  if (!token) return null;
  try {
    const claims = JSON.parse(atob(token.replace(/-/g, "+").replace(/_/g, "/"))) as { sub?: unknown };
    return typeof claims.sub === "string" && claims.sub !== "" ? claims.sub : null;
  } catch {
    return null;
  }
}

/**
 * The saved copy of a page, marked on its `<html>` tag (`data-saved-copy`) and given the stylesheet
 * that shows the note in the page's language. Its headers are the page's, but for the body's.
 */
async function markSaved(response: Response): Promise<Response> {
  const html = await response.text();
  const marked = html
    .replace(/<html(\s|>)/i, "<html data-saved-copy$1")
    .replace(/<\/head>/i, '<link rel="stylesheet" href="/saved-copy.css"></head>');
  const headers = new Headers(response.headers);
  for (const name of ["Content-Length", "Content-Encoding", "ETag"]) headers.delete(name);
  return new Response(marked, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The shopper's language: the address's `?lang=`, else the `lang` cookie (read by the Cookie Store
 * API where the browser has it in workers: Chrome, Edge, Samsung Internet), else the language of
 * the last page opened through this worker, else English.
 */
async function shopperLanguage(url: URL): Promise<"en" | "hi"> {
  const named = url.searchParams.get("lang");
  if (named === "hi" || named === "en") return named;
  const store = (self as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } }).cookieStore;
  const cookie = await store?.get("lang").catch(() => null);
  if (cookie?.value === "hi" || cookie?.value === "en") return cookie.value;
  return rememberedLanguage();
}

/** The language last remembered, kept in a cache of its own: a worker is stopped when idle and started again offline. */
const LANGUAGE_KEY = "/offline-language";
let lastLanguage: Promise<"en" | "hi"> | null = null;

async function rememberedLanguage(): Promise<"en" | "hi"> {
  lastLanguage ??= caches
    .open(CACHES.shopper)
    .then((cache) => cache.match(LANGUAGE_KEY))
    .then((saved) => saved?.text())
    .then((saved) => (saved === "hi" ? "hi" : "en"));
  return lastLanguage;
}

async function rememberLanguage(language: "en" | "hi"): Promise<void> {
  if ((await rememberedLanguage()) === language) return;
  lastLanguage = Promise.resolve(language);
  await (await caches.open(CACHES.shopper)).put(LANGUAGE_KEY, new Response(language));
}
