import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
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
