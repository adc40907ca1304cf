import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { catalogs } from "./scripts/catalog-plugin.ts";
import { chunkModules } from "./scripts/chunk-modules.ts";
import { preloadFonts } from "./scripts/preload-fonts.ts";

/** The API server during `npm run dev -w web` (started with `npm run dev` at the root). */
const server = "http://127.0.0.1:8000";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    catalogs(),
    react(),
    preloadFonts(/mukta-latin-(400|700)-normal.*\.woff2$/),
    // Which code each built file holds, for the test that public pages load no private screen's code.
    ...(isSsrBuild ? [] : [chunkModules()]),
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
