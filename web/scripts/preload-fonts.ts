import type { Plugin } from "vite";

/**
 * Adds `<link rel="preload">` for the built font files matching `pattern` to index.html, so the
 * first page has them in time for `font-display: optional` (their names carry a content hash).
 */
export function preloadFonts(pattern: RegExp): Plugin {
  return {
    name: "krishi-preload-fonts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        return Object.keys(bundle ?? {})
          .filter((file) => pattern.test(file))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "preload", as: "font", type: "font/woff2", href: `/${file}`, crossorigin: "" },
            injectTo: "head" as const,
          }));
      },
    },
  };
}
