/**
 * `npm run migrate`: brings the database named by the configuration (DATABASE_URL, else SQLite in
 * DATA_DIR) up to this release — migrations, search index, and the demo catalogue if SEED_DEMO is
 * on — then exits. Instances starting together do the same under the same lock, so running this
 * first (before a rolling release) is optional but keeps a migration's time out of start-up.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { prepareDatabase, startupLog } from "../prepare.ts";

const envFile = path.resolve(import.meta.dirname, "../../../.env");
if (existsSync(envFile)) process.loadEnvFile(envFile);

try {
  const config = loadConfig();
  const log = startupLog(config);
  const database = openDatabase({ url: config.databaseUrl ?? config.sqliteFile });
  try {
    await prepareDatabase(config, database, log);
    log.info("the database is up to date");
  } finally {
    await database.db.destroy();
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
