/**
 * Copies the shop's SQLite database while the shop runs and writes:
 *
 *   npm run backup [-- [--keep N] [<directory or file.db>]]
 *
 * Without a path the copy goes to DATA_DIR/backups/shop-YYYYMMDD-HHMMSS.db (UTC); a directory gets
 * that name inside it; a path ending in .db is the file itself. After the copy the newest N
 * (--keep, default 14) backups named shop-YYYYMMDD-HHMMSS.db in that directory are kept and older
 * ones deleted. On PostgreSQL it refuses and names pg_dump.
 *
 * The copy is SQLite's online backup API: it reads one consistent snapshot (a read transaction; in
 * WAL mode the shop keeps writing meanwhile), is written beside the target and renamed into place
 * once complete and checked, so a backup file that exists is a whole one.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { fail, scriptConfig } from "./script-config.ts";

const USAGE = "Usage: npm run backup -- [--keep N] [<directory or file.db>]";
const DEFAULT_KEEP = 14;
/** The names this command gives, and the only files its rotation deletes. */
const BACKUP_NAME = /^shop-\d{8}-\d{6}\.db$/;
/** sqlite3_backup_step's largest page count: the whole database in one step, see below. */
const ALL_PAGES = 0x7fffffff;

function parse() {
  const { values, positionals } = parseArgs({
    options: { keep: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 1) throw new Error(`Give at most one path (got ${positionals.length}).`);
  const keepText = values.keep ?? String(DEFAULT_KEEP);
  const keep = Number(keepText);
  if (!/^\d{1,4}$/.test(keepText) || keep < 1) throw new Error(`--keep must be a whole number from 1 to 9999 (got "${keepText}").`);
  return { keep, target: positionals[0] };
}

/** shop-20260412-031500.db for 2026-04-12 03:15:00 UTC. */
function backupName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `shop-${stamp}.db`;
}

/** The file to write: a .db path as given, else the dated name in the directory (DATA_DIR/backups by default). */
function destination(target: string | undefined, dataDir: string, now: Date): string {
  if (target === undefined) return path.join(dataDir, "backups", backupName(now));
  const resolved = path.resolve(target);
  const isDirectory = existsSync(resolved) ? statSync(resolved).isDirectory() : !resolved.endsWith(".db");
  return isDirectory ? path.join(resolved, backupName(now)) : resolved;
}

/** Deletes the oldest dated backups in the directory beyond the newest `keep` (names sort by date). */
function rotate(dir: string, keep: number): string[] {
  const dated = readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort();
  const old = dated.slice(0, Math.max(0, dated.length - keep));
  for (const name of old) rmSync(path.join(dir, name), { force: true });
  return old;
}

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse();
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const config = scriptConfig();
  if (config.databaseUrl) {
    fail(
      [
        "npm run backup copies the SQLite database; this shop runs on PostgreSQL (DATABASE_URL is set).",
        "Back PostgreSQL up with pg_dump, for example:",
        '  pg_dump --format=custom --file="shop-$(date -u +%Y%m%d-%H%M%S).dump" "$DATABASE_URL"',
        'and restore into an empty database with: pg_restore --no-owner --dbname="$DATABASE_URL" shop-….dump',
      ].join("\n"),
    );
  }
  if (!existsSync(config.sqliteFile)) fail(`There is no database at ${config.sqliteFile} (DATA_DIR=${config.dataDir}).`);

  const file = destination(args.target, config.dataDir, new Date());
  if (existsSync(file)) fail(`${file} already exists; not overwriting it.`);
  const dir = path.dirname(file);
  // Only the default directory is made: a mistyped path given on purpose should fail, not appear.
  if (args.target === undefined) mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!existsSync(dir)) fail(`The directory ${dir} does not exist.`);

  const partial = `${file}.part`;
  rmSync(partial, { force: true });
  const source = new SQLite(config.sqliteFile, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    // All pages in one step, inside one read transaction: the copy is one snapshot. In steps of
    // a few pages, every write the shop commits between two steps would restart the copy, and a
    // busy shop could keep it from ever finishing. In WAL mode the read blocks no writer.
    await source.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    rmSync(partial, { force: true });
    fail(`The backup failed: ${(error as Error).message}`);
  } finally {
    source.close();
  }

  // The copy holds password hashes and addresses: readable by the shop's user only.
  chmodSync(partial, 0o600);
  const check = new SQLite(partial, { fileMustExist: true });
  let integrity: unknown;
  try {
    // The copy carries the shop's WAL mode; as a backup it is one self-contained file (restored, the
    // shop turns WAL on again when it opens it).
    check.pragma("journal_mode = DELETE");
    integrity = check.pragma("integrity_check", { simple: true });
  } finally {
    check.close();
  }
  if (integrity !== "ok") {
    rmSync(partial, { force: true });
    fail(`The copy failed its integrity check (${String(integrity)}); nothing was kept.`);
  }
  renameSync(partial, file);
  console.log(`Backed up ${config.sqliteFile} to ${file} (${size(statSync(file).size)}, integrity ok).`);

  if (BACKUP_NAME.test(path.basename(file))) {
    const removed = rotate(dir, args.keep);
    if (removed.length > 0) console.log(`Removed ${removed.length} older backup${removed.length === 1 ? "" : "s"}, keeping ${args.keep}.`);
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
