import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CompiledQuery, sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../testing/test-app.ts";
import { inlined, openDatabase } from "./database.ts";

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

describe("inlined", () => {
  it("writes a compiled statement's parameters in as literals, quotes doubled", () => {
    const query = CompiledQuery.raw("select $1 as a, $2 as b, $3 as c, $10 as d", ["it's", 3, true, 4, 5, 6, 7, 8, 9, "ten"]);
    expect(inlined(query)).toBe("select 'it''s' as a, 3 as b, true as c, 'ten' as d");
    expect(() => inlined(CompiledQuery.raw("select $1", [null]))).toThrow(/parameter \$1/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL's pool", () => {
  it("warmConnections opens every connection and warms each, warms a connection opened later, and throws a statement that fails", async () => {
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

      // The server ends every connection; the pool opens new ones, each warmed before it is used.
      const pids = first.map((c) => c.pid);
      await sql`select pg_terminate_backend(pid) from unnest(${pids}::int[]) as pid`.execute(test.db);
      await vi.waitFor(
        async () => {
          const again = await threeAtOnce().catch(() => []);
          expect(again.some((c) => pids.includes(c.pid))).toBe(false);
          expect(again.map((c) => c.warmed)).toEqual(["yes", "yes", "yes"]);
        },
        { timeout: 5_000, interval: 50 },
      );

      await expect(warmConnections("select no_such_function()")).rejects.toThrow(/no_such_function/);
    } finally {
      await db.destroy();
      await test.close();
    }
  });

  it("runs the shop's statements without JIT compilation", async () => {
    const test = await createTestDatabase({ migrate: false });
    const { db } = openDatabase({ url: test.pgConfig?.connectionString as string, poolSize: 1 });
    try {
      const { rows } = await sql<{ jit: string }>`select current_setting('jit') as jit`.execute(db);
      expect(rows[0]?.jit).toBe("off");
    } finally {
      await db.destroy();
      await test.close();
    }
  });

  it("a connection the server drops while a request holds it fails that request, is reported once, and is replaced", async () => {
    const test = await createTestDatabase({ migrate: false });
    const url = test.pgConfig?.connectionString as string;
    const lost: Error[] = [];
    const { db } = openDatabase({ url, poolSize: 2, onPoolError: (err) => lost.push(err) });
    const terminate = (pid: number) => sql`select pg_terminate_backend(${pid}::int)`.execute(test.db);
    try {
      // Between a transaction's statements: held, with no query to fail.
      const held = db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await terminate(rows[0]?.pid as number);
        await vi.waitFor(() => expect(lost).toHaveLength(1), { timeout: 5_000, interval: 20 });
        await sql`select 1`.execute(trx);
      });
      await expect(held).rejects.toThrow();

      // While its statement runs: the statement fails, then the connection ends.
      const sleeping = sql`select pg_sleep(30)`.execute(db);
      sleeping.catch(() => {});
      const pid = await vi.waitFor(
        async () => {
          const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
            where datname = current_database() and query = 'select pg_sleep(30)' and state = 'active'`.execute(test.db);
          expect(rows).toHaveLength(1);
          return rows[0]?.pid as number;
        },
        { timeout: 5_000, interval: 20 },
      );
      await terminate(pid);
      await expect(sleeping).rejects.toThrow(/terminat/);
      await vi.waitFor(() => expect(lost).toHaveLength(2), { timeout: 5_000, interval: 20 });

      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
      expect(lost).toHaveLength(2);
    } finally {
      await db.destroy();
      await test.close();
    }
  });
});
