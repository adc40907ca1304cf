import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * The only place with the serviceability table's SQL: serviceable_pins holds the PIN prefixes the
 * shop serves, under versions; `serviceability` names the version in force.
 */

type Reader = Kysely<Database> | Transaction<Database>;

export interface ServiceableRow {
  /** A whole PIN code or a prefix of one: 1 to 6 digits. */
  prefix: string;
  deliveryDays: number;
  cod: boolean;
}

/** The version of serviceable_pins in force (migration 0011): the rows every reader sees. */
const inForce = (db: Reader) => db.selectFrom("serviceability").select("version").where("id", "=", 1);

/** Every row of the table in force whose prefix starts `pin` (at most six: one per length). */
export async function findPrefixesOf(db: Reader, pin: string): Promise<ServiceableRow[]> {
  const prefixes = Array.from({ length: pin.length }, (_, i) => pin.slice(0, i + 1));
  const rows = await db
    .selectFrom("serviceable_pins")
    .select(["prefix", "delivery_days", "cod"])
    .where("version", "=", inForce(db))
    .where("prefix", "in", prefixes)
    .execute();
  return rows.map(toRow);
}

export async function hasAnyRow(db: Reader): Promise<boolean> {
  const current = await db.selectFrom("serviceability").select("row_count").where("id", "=", 1).executeTakeFirst();
  return Number(current?.row_count ?? 0) > 0;
}

export async function findAll(db: Reader): Promise<ServiceableRow[]> {
  const rows = await db
    .selectFrom("serviceable_pins")
    .select(["prefix", "delivery_days", "cod"])
    .where("version", "=", inForce(db))
    .orderBy("prefix")
    .execute();
  return rows.map(toRow);
}

/** A version of its own for an upload or a removal, later than every one handed out before. */
export async function newVersion(db: Reader): Promise<number> {
  const { last_version } = await db
    .updateTable("serviceability")
    .set((eb) => ({ last_version: eb("last_version", "+", 1) }))
    .where("id", "=", 1)
    .returning("last_version")
    .executeTakeFirstOrThrow();
  return Number(last_version);
}

/** Rows per INSERT: three parameters each, well below SQLite's and PostgreSQL's limits. */
const BATCH = 1_000;

/** Writes rows under `version`, which no reader sees until switchTo puts it in force. */
export async function insertRows(trx: Transaction<Database>, version: number, rows: readonly ServiceableRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await trx
      .insertInto("serviceable_pins")
      .values(
        rows.slice(start, start + BATCH).map((row) => ({ version, prefix: row.prefix, delivery_days: row.deliveryDays, cod: row.cod })),
      )
      .execute();
  }
}

/**
 * Puts `version` (with its `rowCount` rows; 0: no table) in force in one statement, unless a later
 * version already is: then a later upload or removal has replaced it. Answers whether it did.
 */
export async function switchTo(db: Reader, version: number, rowCount: number): Promise<boolean> {
  const result = await db
    .updateTable("serviceability")
    .set({ version, row_count: rowCount })
    .where("id", "=", 1)
    .where("version", "<", version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A version older than the one in force that still has rows (a replaced table, or an upload that lost), or null. */
export async function replacedVersion(db: Reader): Promise<number | null> {
  const row = await db.selectFrom("serviceable_pins").select("version").where("version", "<", inForce(db)).limit(1).executeTakeFirst();
  return row ? Number(row.version) : null;
}

/** Removes up to `limit` rows of `version`; answers how many went. */
export async function deleteRowsOf(db: Reader, version: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom("serviceable_pins")
    .where("version", "=", version)
    .where("prefix", "in", db.selectFrom("serviceable_pins").select("prefix").where("version", "=", version).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function toRow(row: { prefix: string; delivery_days: number; cod: boolean | number }): ServiceableRow {
  return { prefix: row.prefix, deliveryDays: Number(row.delivery_days), cod: Boolean(row.cod) };
}
