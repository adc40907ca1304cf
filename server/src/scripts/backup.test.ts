import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../testing/scripts.ts";

const script = path.resolve(import.meta.dirname, "backup.ts");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "kb-backup-"));
  dirs.push(dir);
  return dir;
}

/** Runs the command as a user would: its own process, the shop's SQLite database in DATA_DIR. */
function run(dataDir: string, args: string[] = [], env: Record<string, string> = {}) {
  return runScript(script, args, { DATA_DIR: dataDir, ...env });
}

/**
 * A database like the shop's (WAL, synchronous=FULL) with a ledger and its running total, written
 * in one transaction each: a consistent copy has total.n equal to the ledger's row count.
 */
function openLedger(file: string): SQLite.Database {
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  db.exec(`CREATE TABLE IF NOT EXISTS ledger (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL, note BLOB NOT NULL);
           CREATE TABLE IF NOT EXISTS total (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL, sum INTEGER NOT NULL);
           INSERT OR IGNORE INTO total VALUES (1, 0, 0);`);
  return db;
}

function ledgerWriter(db: SQLite.Database) {
  const insert = db.prepare("INSERT INTO ledger (amount, note) VALUES (?, randomblob(200))");
  const bump = db.prepare("UPDATE total SET n = n + 1, sum = sum + ? WHERE id = 1");
  return db.transaction((amount: number) => {
    insert.run(amount);
    bump.run(amount);
  });
}

const rowCount = (db: SQLite.Database) => (db.prepare("SELECT count(*) AS n FROM ledger").get() as { n: number }).n;

describe("npm run backup", () => {
  let dataDir: string;
  let shop: SQLite.Database;
  let write: (amount: number) => void;

  beforeAll(() => {
    dataDir = tempDir();
    shop = openLedger(path.join(dataDir, "shop.db"));
    write = ledgerWriter(shop);
    // ~10 MB, so the copy is not over in an instant.
    const fill = shop.transaction(() => {
      for (let i = 0; i < 40_000; i++) write(i % 97);
    });
    fill();
  });
  afterAll(() => shop.close());

  it("copies a consistent snapshot while another connection keeps writing", async () => {
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        write(written % 89);
        written++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const before = rowCount(shop);
    const res = await run(dataDir);
    const after = rowCount(shop);
    writing = false;
    await writer;

    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    // The shop went on writing while the command ran.
    expect(after).toBeGreaterThan(before);

    const names = readdirSync(path.join(dataDir, "backups"));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^shop-\d{8}-\d{6}\.db$/);
    const file = path.join(dataDir, "backups", names[0] as string);
    expect(res.stdout).toContain(`to ${file} (`);
    expect(res.stdout).toMatch(/\(\d+\.\d MB, integrity ok\)/);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const copy = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
      const copied = rowCount(copy);
      expect(copied).toBeGreaterThanOrEqual(before);
      expect(copied).toBeLessThanOrEqual(after);
      // One snapshot: every ledger row with its running total, no transaction half in.
      const total = copy.prepare("SELECT n, sum FROM total").get() as { n: number; sum: number };
      const sum = (copy.prepare("SELECT sum(amount) AS s FROM ledger").get() as { s: number }).s;
      expect(total).toEqual({ n: copied, sum });
    } finally {
      copy.close();
    }
  });

  it("keeps the newest N dated backups and nothing else of its own", async () => {
    const small = tempDir();
    const db = openLedger(path.join(small, "shop.db"));
    ledgerWriter(db)(5);
    db.close();
    const backups = path.join(small, "backups");
    mkdirSync(backups, { recursive: true });
    const old = ["shop-20240101-000000.db", "shop-20240102-000000.db", "shop-20240103-000000.db", "shop-20240104-000000.db"];
    for (const name of old) writeFileSync(path.join(backups, name), "old");
    // Files it did not name are never its to delete.
    writeFileSync(path.join(backups, "before-upgrade.db"), "kept");
    writeFileSync(path.join(backups, "notes.txt"), "kept");

    const res = await run(small, ["--keep", "3"]);
    expect(res.code).toBe(0);
    const left = readdirSync(backups).sort();
    const dated = left.filter((name) => /^shop-\d{8}-\d{6}\.db$/.test(name));
    expect(dated).toHaveLength(3);
    // The one just made and the two newest old ones.
    expect(dated.slice(0, 2)).toEqual(["shop-20240103-000000.db", "shop-20240104-000000.db"]);
    expect(left).toContain("before-upgrade.db");
    expect(left).toContain("notes.txt");
    expect(res.stdout).toContain("Removed 2 older backups, keeping 3.");
  });

  it("writes into a directory given, or to a .db file given, and never overwrites", async () => {
    const target = tempDir();
    const intoDir = await run(dataDir, [target]);
    expect(intoDir.code).toBe(0);
    expect(readdirSync(target)).toEqual([expect.stringMatching(/^shop-\d{8}-\d{6}\.db$/)]);

    const file = path.join(target, "before-upgrade.db");
    const named = await run(dataDir, [file]);
    expect(named.code).toBe(0);
    expect(named.stdout).toContain(`to ${file} (`);
    const copy = new SQLite(file, { readonly: true });
    expect(rowCount(copy)).toBeGreaterThanOrEqual(40_000);
    copy.close();

    const again = await run(dataDir, [file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists; not overwriting it.");
  });

  it("refuses on PostgreSQL, naming pg_dump and without echoing the password", async () => {
    const res = await run(dataDir, [], { DATABASE_URL: "postgres://shop:hunter2-secret@db.internal:5432/shop" });
    expect(res.code).toBe(1);
    expect(res.stdout).toBe("");
    expect(res.stderr).toContain("this shop runs on PostgreSQL");
    expect(res.stderr).toContain('pg_dump --format=custom --file="shop-$(date -u +%Y%m%d-%H%M%S).dump" "$DATABASE_URL"');
    expect(res.stderr).toContain("pg_restore");
    expect(res.stderr).not.toContain("hunter2-secret");
  });

  it.each([
    [["--keep", "0"], '--keep must be a whole number from 1 to 9999 (got "0").'],
    [["--keep", "many"], '--keep must be a whole number from 1 to 9999 (got "many").'],
    [["--keep", "-3"], "--keep"],
    [["--keep"], "--keep"],
    [["--frobnicate"], "Unknown option '--frobnicate'"],
    [["one.db", "two.db"], "Give at most one path (got 2)."],
    [["/nonexistent-kb-dir/x.db"], "The directory /nonexistent-kb-dir does not exist."],
  ])("refuses %o", async (args, message) => {
    const res = await run(dataDir, args);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(message);
    expect(res.stdout).toBe("");
  });

  it("says so when there is no database to back up", async () => {
    const empty = tempDir();
    const res = await run(empty);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`There is no database at ${path.join(empty, "shop.db")}`);
    expect(readdirSync(empty)).not.toContain("shop.db");
  });
});
