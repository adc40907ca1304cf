/**
 * `npm run migrate`: brings the database named by the configuration (DATABASE_URL, else SQLite in
 * DATA_DIR) up to this release — migrations, search index, and the demo catalogue if SEED_DEMO is
 * on — then exits. Instances starting together do the same under the same lock, so running this
 * first (before a rolling release) is optional but keeps a migration's time out of start-up.
 */
import { openDatabase } from "../db/database.ts";
import { prepareDatabase, startupLog } from "../prepare.ts";
import { scriptConfig } from "./script-config.ts";

const config = scriptConfig();
const log = startupLog(config);
const database = openDatabase({ url: config.databaseUrl ?? config.sqliteFile });
try {
  await prepareDatabase(config, database, log);
  log.info("the database is up to date");
} finally {
  await database.db.destroy();
}
