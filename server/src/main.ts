import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";
import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { forwardClusterEvents } from "./lib/event-relay.ts";
import { sharedPinDirectory } from "./modules/pincodes/directory.ts";
import { prepareDatabase, startupLog } from "./prepare.ts";

const envFile = path.resolve(import.meta.dirname, "../../.env");
if (existsSync(envFile)) process.loadEnvFile(envFile);

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// WEB_CONCURRENCY=N: this process prepares the database, then N workers serve the shop on one port.
if (cluster.isPrimary && config.webConcurrency > 1) await runPrimary(config);
else await serve(config, { prepare: cluster.isPrimary });

function openShopDatabase(config: Config, reportPoolError: (err: Error) => void) {
  return openDatabase({ url: config.databaseUrl ?? config.sqliteFile, onPoolError: reportPoolError });
}

/** One process serving the shop (alone, or as one of the cluster's workers). */
async function serve(config: Config, { prepare }: { prepare: boolean }): Promise<void> {
  // Until the app's logger exists, a lost pooled connection is reported on stderr.
  let reportPoolError = (err: Error) => console.error(`a pooled database connection was lost: ${err.message}`);
  const database = openShopDatabase(config, (err) => reportPoolError(err));
  if (prepare) await prepareDatabase(config, database, startupLog(config));
  const app = await buildApp(config, { database });
  // Before the first request: a search on a cold PostgreSQL connection waits ~15 ms more.
  await database.warmConnections(app.services.catalog.search.warmUp(database.db));
  reportPoolError = (err) => app.log.warn({ err }, "a pooled database connection was lost; the pool replaces it");

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
  if (!cluster.isWorker) app.log.info(`Krishi Bazaar is open at ${config.siteUrl}`);
  // Loaded now rather than on a visitor's first PIN lookup (a new install extracts it once: ~3 s).
  sharedPinDirectory()
    .warm()
    .catch((err: unknown) => app.log.warn({ err }, "the PIN directory could not be loaded; lookups will try again"));
}

/**
 * The cluster's primary: prepares the database, starts the workers (which share the port), passes
 * their events to each other (SQLite's cache invalidation), replaces a worker that dies, and on
 * SIGTERM/SIGINT lets every worker finish its requests before it exits.
 */
async function runPrimary(config: Config): Promise<void> {
  const log = startupLog(config);
  const database = openShopDatabase(config, (err) => log.warn({ err }, "a pooled database connection was lost"));
  await prepareDatabase(config, database, log);
  await database.db.destroy();

  forwardClusterEvents();
  let stopping = false;
  let quickDeaths = 0;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  cluster.on("exit", (worker, code, signal) => {
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (alive === 0) process.exit(0);
      return;
    }
    // A worker that dies at once (a port in use, a broken database) would die again: give up.
    if (Date.now() - (startedAt.get(worker.id) ?? 0) < 5_000 && ++quickDeaths >= 3) {
      log.error("server workers keep failing at start-up; stopping");
      process.exit(1);
    }
    log.warn({ worker: worker.process.pid, code, signal }, "a server worker stopped; starting another");
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down the workers");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), 12_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  for (let i = 0; i < config.webConcurrency; i++) fork();
  // Open once every worker listens (the first alone would take all of the first requests).
  let listening = 0;
  cluster.on("listening", () => {
    if (++listening === config.webConcurrency)
      log.info(`Krishi Bazaar is open at ${config.siteUrl} (${config.webConcurrency} server processes)`);
  });
}
