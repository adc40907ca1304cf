import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { withStartupLock } from "./db/startup-lock.ts";
import { loggerOptions } from "./lib/logging.ts";
import { LocalMediaStorage } from "./lib/storage.ts";
import { searchBackendFor } from "./modules/catalog/search-backends.ts";
import { indexUnsearchableProducts } from "./modules/catalog/search-index.ts";
import { productCropLinks } from "./modules/crops/product-links.ts";
import { movePhotosOutOfMedia } from "./modules/returns/private-photos.ts";
import { DEMO_ACCOUNTS, seedDemo } from "./seed/demo.ts";

/**
 * Brings the database up to this release before the shop serves it, once however many instances
 * start together (withStartupLock): migrations, the search index of rows that lack it, return
 * photos out of the public media, and the demo catalogue when SEED_DEMO is on. `npm start` runs
 * it, and so does `npm run migrate` alone.
 */
export async function prepareDatabase(
  config: Readonly<Config>,
  database: DatabaseHandle,
  log: Pick<FastifyBaseLogger, "info" | "warn">,
): Promise<void> {
  await withStartupLock(database, async () => {
    await migrateToLatest(database.db);
    // Products written before the current search rules (0005 emptied their search text) are indexed again.
    const indexed = await indexUnsearchableProducts(database.db, searchBackendFor(database.dialect), productCropLinks.wordsOf);
    if (indexed > 0) log.info({ products: indexed }, "indexed products for search");
    // Return photos stored before they were private leave the public media for good.
    const photos = await movePhotosOutOfMedia(
      database.db,
      new LocalMediaStorage(config.mediaDir),
      new LocalMediaStorage(config.privateMediaDir),
    );
    if (photos > 0) log.info({ files: photos }, "moved return photos out of the public media");
    if (!config.seedDemo) return;
    const accounts = config.env !== "production";
    const media = new LocalMediaStorage(config.mediaDir);
    const seeded = await seedDemo(database.db, { media, log, accounts });
    if (seeded) log.info(seeded, "seeded the demo catalogue");
    if (accounts) {
      const list = DEMO_ACCOUNTS.map((a) => `${a.staff ? "staff" : "customer"} ${a.email} / ${a.password}`).join(", ");
      log.info(`Demo accounts (not in production): ${list}`);
    }
  });
}

/** The log of work done before (or outside) the app: the same level and format as the app's. */
export function startupLog(config: Readonly<Config>): FastifyBaseLogger {
  const { stream, ...options } = loggerOptions(config);
  return stream ? pino(options, stream) : pino(options);
}
