/**
 * The service worker's caches (docs/design.md, "Offline and installing"). The names stay the same
 * from release to release: an open page of an older release deletes the personal cache by this
 * name, and hashed assets outlive the release that fetched them.
 */
export const CACHES = {
  /** Hashed files (/assets/: scripts, stylesheets, fonts), cache-first: a name never changes its content. */
  assets: "kb-assets",
  /** Public pages as last seen (network-first), the same for everyone. */
  pages: "kb-pages",
  /** Public API answers (settings, categories, products) asked without a token. */
  publicApi: "kb-public-api",
  /** The signed-in shopper's own pages and answers (their orders): deleted when they sign out. */
  personal: "kb-personal",
  /** The language of the public pages last opened (English or Hindi), for the offline page. */
  shopper: "kb-shopper",
} as const;
