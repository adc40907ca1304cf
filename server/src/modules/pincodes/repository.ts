import { type Kysely, sql, type Transaction } from "kysely";
import { supportsRowLocks } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";

/** The only place with the serviceability table's SQL (serviceable_pins: PIN prefixes the shop serves). */

type Reader = Kysely<Database> | Transaction<Database>;

export interface ServiceableRow {
  /** A whole PIN code or a prefix of one: 1 to 6 digits. */
  prefix: string;
  deliveryDays: number;
  cod: boolean;
}

/** Every row whose prefix starts `pin` (at most six: one per length). */
export async function findPrefixesOf(db: Reader, pin: string): Promise<ServiceableRow[]> {
  const prefixes = Array.from({ length: pin.length }, (_, i) => pin.slice(0, i + 1));
  const rows = await db.selectFrom("serviceable_pins").select(["prefix", "delivery_days", "cod"]).where("prefix", "in", prefixes).execute();
  return rows.map(toRow);
}

export async function hasAnyRow(db: Reader): Promise<boolean> {
  return (await db.selectFrom("serviceable_pins").select("prefix").limit(1).executeTakeFirst()) !== undefined;
}

export async function findAll(db: Reader): Promise<ServiceableRow[]> {
  const rows = await db.selectFrom("serviceable_pins").select(["prefix", "delivery_days", "cod"]).orderBy("prefix").execute();
  return rows.map(toRow);
}

/** Rows per INSERT: three parameters each, well below SQLite's and PostgreSQL's limits. */
const BATCH = 1_000;

/**
 * Replaces the whole table, inside the caller's transaction. On PostgreSQL the table is locked
 * against other writers first, so two uploads at once run one after the other (the second
 * replaces the first) instead of mixing; readers keep seeing the old table until the commit.
 */
export async function replaceAll(trx: Transaction<Database>, rows: readonly ServiceableRow[]): Promise<void> {
  if (supportsRowLocks(trx)) await sql`lock table serviceable_pins in exclusive mode`.execute(trx);
  await trx.deleteFrom("serviceable_pins").execute();
  for (let start = 0; start < rows.length; start += BATCH) {
    await trx
      .insertInto("serviceable_pins")
      .values(rows.slice(start, start + BATCH).map((row) => ({ prefix: row.prefix, delivery_days: row.deliveryDays, cod: row.cod })))
      .execute();
  }
}

export async function deleteAll(db: Reader): Promise<number> {
  const result = await db.deleteFrom("serviceable_pins").executeTakeFirst();
  return Number(result.numDeletedRows);
}

function toRow(row: { prefix: string; delivery_days: number; cod: boolean | number }): ServiceableRow {
  return { prefix: row.prefix, deliveryDays: Number(row.delivery_days), cod: Boolean(row.cod) };
}
