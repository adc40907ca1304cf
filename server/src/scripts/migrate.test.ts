import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { runScript } from "../testing/scripts.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "kb-migrate-"));
const script = path.resolve(import.meta.dirname, "migrate.ts");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run migrate` as an operator runs it: its own process, SQLite in a temporary DATA_DIR. */
async function migrate(env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const { code, stdout, stderr } = await runScript(script, [], {
    NODE_ENV: "development",
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    LOG_FORMAT: "json",
    ...env,
  });
  return { code, output: stdout + stderr };
}

// SQLite in a DATA_DIR of its own: the PostgreSQL run of the suite has nothing to add here.
describe.skipIf(process.env.TEST_DATABASE_URL)("npm run migrate", () => {
  it("brings a new database to the latest schema and exits; a second run finds nothing to do", async () => {
    const first = await migrate({ SEED_DEMO: "false" });
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain("the database is up to date");

    const { db } = openDatabase({ url: path.join(dataDir, "shop.db") });
    try {
      const applied = await db
        .selectFrom("kysely_migration" as never)
        .select("name" as never)
        .execute();
      expect(applied.length).toBeGreaterThanOrEqual(6);
      const products = await db.selectFrom("products").select("id").execute();
      expect(products).toEqual([]);
    } finally {
      await db.destroy();
    }

    const again = await migrate({ SEED_DEMO: "false" });
    expect(again.code, again.output).toBe(0);
  }, 60_000);

  it("stops on a wrong setting, naming it", async () => {
    const result = await migrate({ LOG_LEVEL: "chatty" });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/^Configuration error: LOG_LEVEL /m);
  }, 60_000);
});
