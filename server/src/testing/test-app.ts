import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { KyselyPlugin } from "kysely";
import pg from "pg";
import { type AppDeps, buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { type DatabaseHandle, openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import type { ScryptParams } from "../lib/passwords.ts";

/** The scrypt cost of passwords in tests (cheap; production's is DEFAULT_SCRYPT). */
export const TEST_SCRYPT: ScryptParams = { N: 2 ** 12, r: 8, p: 1 };

/**
 * A fresh, migrated database for one test file: SQLite in memory by default, or a database of its
 * own on the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped by close()).
 * `migrate: false` leaves it empty (tests of a migration start from the schema before it).
 */
export async function createTestDatabase({ migrate = true } = {}): Promise<DatabaseHandle & { close(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = openDatabase({ url: ":memory:" });
    if (migrate) await migrateToLatest(handle.db);
    return { ...handle, close: () => handle.db.destroy() };
  }
  const name = `kb_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ url: url.toString(), poolSize: 20 });
  if (migrate) await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.db.destroy();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // pg's pool.end() resolves before its connections have finished closing; dropping "with
      // (force)" at once would kill them mid-goodbye (an unhandled 57P01 in the test run). Give
      // them a moment, and force only connections that linger.
      for (let attempt = 0; ; attempt++) {
        try {
          await dropper.query(`drop database if exists ${name}${attempt < 50 ? "" : " with (force)"}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== "55006" || attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Readonly<Config>;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database, with a temporary DATA_DIR; env overrides config and
 * deps the policies (mailer, clock, Google, rate limits). With TEST_REDIS_URL or REDIS_URL set,
 * rate limits use that Redis, under a key prefix of this app's own.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
  {
    plugins = [],
    ...deps
  }: Omit<AppDeps, "database"> & { /** Kysely plugins on the app's database (a statement counter). */ plugins?: KyselyPlugin[] } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kb-test-"));
  const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
  const config = Object.freeze({
    ...loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString("hex"),
      // Tests place many orders for one customer; the limit itself has its own test.
      ORDER_MAX_UNPAID: "100",
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      ...env,
    }),
    ...overrides,
  });
  const created = await createTestDatabase();
  const database = { ...created, db: plugins.reduce((db, plugin) => db.withPlugin(plugin), created.db) };
  const rateLimit = { namespace: `kb-test-${randomBytes(6).toString("hex")}:`, ...deps.rateLimit };
  // Production's scrypt cost (N=2^17, ~300 ms a hash) would make every sign-in in the suites slow;
  // the cost rule and the rehash at sign-in have their own tests.
  const app = await buildApp(config, { passwordCost: TEST_SCRYPT, ...deps, rateLimit, database });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
