import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { makeProduct } from "../testing/factories.ts";
import { createTestApp } from "../testing/test-app.ts";
import { DATABASE_UNAVAILABLE } from "./errors.ts";

/** The shop when its database fails: 503 with Retry-After (not 500), a process that stays up, readiness that tells. */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function testConfig() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kb-faults-"));
  dirs.push(dataDir);
  return loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString("hex") });
}

describe("a database that cannot be reached", () => {
  it("answers 503 with Retry-After and a clear detail, and readiness fails", async () => {
    // Nothing listens on port 9 (discard): every connection is refused at once.
    const database = openDatabase({ url: "postgres://postgres@127.0.0.1:9/nowhere" });
    const app = await buildApp(testConfig(), { database });
    try {
      const res = await app.inject("/api/products");
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toMatchObject({ detail: DATABASE_UNAVAILABLE, message: DATABASE_UNAVAILABLE });
      expect((await app.inject("/readyz")).statusCode).toBe(503);
      expect((await app.inject("/healthz")).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.db.destroy();
    }
  });
});

describe("a SQLite database that cannot write (read-only or full disk)", () => {
  it("still reads, answers 503 to writes, and readiness fails", async () => {
    const database = openDatabase({ url: ":memory:" });
    await migrateToLatest(database.db);
    const app = await buildApp(testConfig(), { database });
    try {
      expect((await app.inject("/readyz")).statusCode).toBe(200);
      await sql`pragma query_only = 1`.execute(database.db);
      expect((await app.inject("/api/products")).statusCode).toBe(200);
      const write = await app.inject({
        method: "POST",
        url: "/api/users/dj-rest-auth/registration/",
        payload: { email: "new.farmer@example.in", password1: "Kharif-Harvest-42!", password2: "Kharif-Harvest-42!" },
      });
      expect(write.statusCode, write.body).toBe(503);
      expect(write.json().detail).toBe(DATABASE_UNAVAILABLE);
      expect((await app.inject("/readyz")).statusCode).toBe(503);
      await sql`pragma query_only = 0`.execute(database.db);
      expect((await app.inject("/readyz")).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.db.destroy();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL dropping the shop's connections", () => {
  it("keeps the process up and recovers by itself", async () => {
    const t = await createTestApp();
    try {
      // Fill the pool with idle connections, then have the server end every one of them.
      await Promise.all(Array.from({ length: 5 }, (_, i) => t.app.inject(`/api/products?keyword=warm${i}`)));
      const { database } = await t.database.db.selectNoFrom(sql<string>`current_database()`.as("database")).executeTakeFirstOrThrow();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const ended = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [database],
        );
        expect(ended.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      // Requests meanwhile may get 503, never 500; the pool replaces the dropped connections.
      // (A new keyword each time: the catalogue's cache must not answer for the database.)
      const seen: number[] = [];
      let n = 0;
      await vi.waitFor(
        async () => {
          const res = await t.app.inject(`/api/products?keyword=probe${++n}`);
          seen.push(res.statusCode);
          expect(res.statusCode, res.body).toBe(200);
        },
        { timeout: 15_000, interval: 100 },
      );
      expect(
        seen.filter((status) => status !== 200 && status !== 503),
        `statuses: ${seen.join(", ")}`,
      ).toEqual([]);
      expect((await t.app.inject("/readyz")).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL refusing new connections", () => {
  it("answers 503 with Retry-After on every route while no connection can be had, then serves again", async () => {
    const t = await createTestApp();
    const product = await makeProduct(t.database.db, { name: "Potash 25 kg" });
    const { database } = await t.database.db.selectNoFrom(sql<string>`current_database()`.as("database")).executeTakeFirstOrThrow();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      // What `ALTER DATABASE … ALLOW_CONNECTIONS false` does to a running shop: its connections
      // ended, and every new one refused with 55000 "not currently accepting connections".
      await admin.query(`alter database ${database} with allow_connections false`);
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [database]);
      // A new keyword each time: the catalogue's cache must not answer for the database.
      let n = 0;
      const urls = () => [`/api/products?keyword=refused${++n}`, `/api/products/${product.id}/`, "/api/products/category/"];
      // The first request after the kill may still meet a dying connection; either way not a 500.
      await vi.waitFor(
        async () => {
          for (const url of urls()) {
            const res = await t.app.inject(url);
            expect(res.statusCode, `${url}: ${res.body}`).toBe(503);
            expect(res.headers["retry-after"]).toBe("5");
            expect(res.json().detail).toBe(DATABASE_UNAVAILABLE);
          }
        },
        { timeout: 15_000, interval: 100 },
      );
      expect((await t.app.inject("/readyz")).statusCode).toBe(503);
      await admin.query(`alter database ${database} with allow_connections true`);
      await vi.waitFor(
        async () => {
          const res = await t.app.inject(`/api/products/${product.id}/`);
          expect(res.statusCode, res.body).toBe(200);
        },
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      await admin.query(`alter database ${database} with allow_connections true`);
      await admin.end();
      await t.close();
    }
  });
});
