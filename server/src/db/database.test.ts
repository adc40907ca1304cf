import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/test-app.ts";
import { openDatabase } from "./database.ts";

describe("the embedded SQLite database", () => {
  it("writes ahead (WAL) and syncs every commit to disk before acknowledging it (synchronous FULL)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "kb-sqlite-"));
    const { db } = openDatabase({ url: path.join(dir, "shop.db") });
    try {
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      const keys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
      expect(mode.rows[0]?.journal_mode).toBe("wal");
      expect(sync.rows[0]?.synchronous).toBe(2); // 2 = FULL
      expect(keys.rows[0]?.foreign_keys).toBe(1);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL's pool", () => {
  it("warmConnections opens every connection and warms each, and throws a statement that fails", async () => {
    const test = await createTestDatabase({ migrate: false });
    const url = test.pgConfig?.connectionString as string;
    const { db, warmConnections } = openDatabase({ url, poolSize: 3 });
    // Three statements at once take a connection each.
    const threeAtOnce = () =>
      Promise.all(
        [1, 2, 3].map(async () => {
          const { rows } = await sql<{ pid: number; warmed: string | null }>`select pg_backend_pid() as pid,
            current_setting('krishi.warmed', true) as warmed from pg_sleep(0.05)`.execute(db);
          return rows[0] as { pid: number; warmed: string | null };
        }),
      );
    try {
      await warmConnections("select set_config('krishi.warmed', 'yes', false)");
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database()`.execute(
        db,
      );
      expect(rows[0]?.n).toBe(3);
      const first = await threeAtOnce();
      expect(new Set(first.map((c) => c.pid)).size).toBe(3);
      expect(first.map((c) => c.warmed)).toEqual(["yes", "yes", "yes"]);

      await expect(warmConnections("select no_such_function()")).rejects.toThrow(/no_such_function/);
    } finally {
      await db.destroy();
      await test.close();
    }
  });
});
