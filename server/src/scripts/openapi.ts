/**
 * `node --import tsx server/src/scripts/openapi.ts [file]`: the API's OpenAPI document as the server publishes it at
 * /api/docs/openapi.json, from the app built on an empty in-memory database with a throwaway data
 * directory (no keys: the settings of development, so the document does not depend on this
 * machine's .env), written to the file or to standard output. `npm run lint:api` lints it.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "kb-openapi-"));
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString("hex"), RUN_JOBS: "false" }, false);
const database = openDatabase({ url: ":memory:" });
try {
  await migrateToLatest(database.db);
  const app = await buildApp(config, { database, relay: null });
  try {
    await app.ready();
    const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
    const file = process.argv[2];
    if (file) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, document);
    } else process.stdout.write(document);
  } finally {
    await app.close();
  }
} finally {
  await database.db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
