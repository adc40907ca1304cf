import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The files wait on databases and child processes as much as they compute: on a 2-core
    // machine Vitest's default (one worker fewer than the cores) leaves one core idle. Each file
    // has a database, a DATA_DIR and a Redis namespace of its own, so two run side by side.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker imports the app once for all its files instead of once a file (that import was
    // most of the suite's time: 572 s isolated vs ~200 s on a loaded 2-core machine). Files share
    // no state but modules': each builds its own app and database, and none mocks a module.
    isolate: false,
  },
});
