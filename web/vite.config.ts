import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";
import { catalogs } from "./scripts/catalog-plugin.ts";
import { chunkModules } from "./scripts/chunk-modules.ts";

/** The API server during `npm run dev -w web` (started with `npm run dev` at the root). */
const server = "http://127.0.0.1:8000";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    catalogs(),
    react(),
    // Which code each built file holds, for the test that public pages load no private screen's code.
    ...(isSsrBuild ? [] : [chunkModules()]),
    // The web app manifest and the service worker (src/sw/sw.ts; docs/design.md, "Offline and installing").
    ...(isSsrBuild ? [] : [installable()]),
  ],
  server: {
    proxy: {
      "/api": server,
      "/media": server,
      "/healthz": server,
      "/sandbox": server,
    },
  },
  build: isSsrBuild
    ? // The server entry (entry-server.tsx) for the server's renders of the public pages: one file
      // with its dependencies, so the server loads the same React and router the pages hydrate with.
      { outDir: "dist-ssr", emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: "dist",
        assetsDir: "assets",
        emptyOutDir: true,
        // Which files each source module became: the server names a page's lazy screens in its head.
        manifest: true,
        rolldownOptions: {
          output: {
            // Everything the first page needs in one chunk: split into shared chunks (once several
            // lazy screens use the same modules) it compresses ~2 KB worse (its budget: 120 KB).
            codeSplitting: { groups: [{ name: "index", tags: ["$initial"] }] },
          },
        },
      },
  ssr: { noExternal: true },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/testing/setup.ts"],
    css: false,
    // Vitest's default leaves one of a 2-core machine's cores idle; each file has its own jsdom.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Room for a few waits of Testing Library's (5 s each at most, see src/testing/setup.ts).
    testTimeout: 20_000,
  },
}));

/**
 * The manifest (linked from index.html's head by the plugin) and dist/sw.js, built from src/sw/sw.ts
 * with the few files it precaches. The page registers the worker itself once it has loaded
 * (src/lib/service-worker.ts): nothing is added to the first visit's bytes but the manifest link.
 */
function installable() {
  return VitePWA({
    strategies: "injectManifest",
    srcDir: "src/sw",
    filename: "sw.ts",
    injectRegister: false,
    includeManifestIcons: false,
    manifestFilename: "manifest.webmanifest",
    manifest: {
      id: "/",
      name: "Krishi Bazaar",
      short_name: "Krishi Bazaar",
      description:
        "Krishi Bazaar (कृषि बाज़ार): seeds, fertilisers, farm tools and fresh produce delivered across India. बीज, खाद, खेती के औज़ार और ताज़ी उपज, पूरे भारत में।",
      lang: "en",
      dir: "ltr",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#14502a",
      background_color: "#fbf8f1",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    injectManifest: {
      // Only what a page needs offline before any of the app's files: the offline pages, the saved
      // copies' note, the rendered pages' start-app.js and the icon (a few KB in all).
      globPatterns: ["offline.html", "offline-hi.html", "offline.css", "saved-copy.css", "start-app.js", "favicon.svg"],
    },
  });
}
