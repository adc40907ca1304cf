import { existsSync } from "node:fs";
import path from "node:path";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { DEMO_ACCOUNTS, seedDemo } from "./db/seed/demo.ts";
import { indexUnsearchableProducts } from "./modules/catalog/repository.ts";
import { sharedPinDirectory } from "./modules/pincodes/directory.ts";

const envFile = path.resolve(import.meta.dirname, "../../.env");
if (existsSync(envFile)) process.loadEnvFile(envFile);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// Until the app's logger exists, a lost pooled connection is reported on stderr.
let reportPoolError = (err: Error) => console.error(`a pooled database connection was lost: ${err.message}`);
const database = openDatabase({ url: config.databaseUrl ?? config.sqliteFile, onPoolError: (err) => reportPoolError(err) });
await migrateToLatest(database.db);
// Products written before the current search rules (0005 emptied their search text) are indexed again.
await indexUnsearchableProducts(database.db);
const app = await buildApp(config, { database });
reportPoolError = (err) => app.log.warn({ err }, "a pooled database connection was lost; the pool replaces it");

if (config.seedDemo) {
  const demoAccounts = config.env !== "production";
  const seeded = await seedDemo(database.db, { media: app.media, log: app.log, accounts: demoAccounts });
  if (seeded) app.log.info(seeded, "seeded the demo catalogue");
  if (demoAccounts) {
    const list = DEMO_ACCOUNTS.map((a) => `${a.staff ? "staff" : "customer"} ${a.email} / ${a.password}`).join(", ");
    app.log.info(`Demo accounts (not in production): ${list}`);
  }
}

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  const timer = setTimeout(() => {
    app.log.error("shutdown timed out");
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await app.close();
    await database.db.destroy();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Krishi Bazaar is open at ${config.siteUrl}`);
// Loaded now rather than on a visitor's first PIN lookup (a new install extracts it once: ~3 s).
sharedPinDirectory()
  .warm()
  .catch((err: unknown) => app.log.warn({ err }, "the PIN directory could not be loaded; lookups will try again"));
