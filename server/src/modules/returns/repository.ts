import type { Kysely, Transaction } from "kysely";
import type { Database, ReturnStatus, ReturnsTable } from "../../db/schema.ts";

/** The returns' own rows: requests and their lines. */

type Reader = Kysely<Database>;

const returnColumns = [
  "id",
  "order_id",
  "status",
  "reason",
  "details",
  "photos",
  "note",
  "restocked",
  "refund_id",
  "created_at",
  "updated_at",
] as const;

export async function insertReturn(
  trx: Transaction<Database>,
  values: Pick<ReturnsTable, "order_id" | "reason" | "created_by"> & { details: string; photos: string[]; at: string },
  lines: readonly { order_item_id: number; qty: number }[],
): Promise<number> {
  const { at, photos, ...rest } = values;
  const { id } = await trx
    .insertInto("returns")
    .values({ ...rest, status: "requested", photos: JSON.stringify(photos), created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("return_lines")
    .values(lines.map((line) => ({ ...line, return_id: id })))
    .execute();
  return id;
}

export async function findReturns(db: Reader, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db.selectFrom("returns").select(returnColumns).where("order_id", "in", orderIds).orderBy("id").execute();
}

export type ReturnRow = Awaited<ReturnType<typeof findReturns>>[number];

export async function findReturn(db: Reader, orderId: number, id: number) {
  return db.selectFrom("returns").select(returnColumns).where("order_id", "=", orderId).where("id", "=", id).executeTakeFirst();
}

export async function findReturnLines(db: Reader, returnIds: readonly number[]) {
  if (returnIds.length === 0) return [];
  return db
    .selectFrom("return_lines")
    .select(["return_id", "order_item_id", "qty"])
    .where("return_id", "in", returnIds)
    .orderBy("return_id")
    .orderBy("order_item_id")
    .execute();
}

/** Moves a return from `from` to its next status; answers false when another writer moved it first. */
export async function moveReturn(
  trx: Transaction<Database>,
  id: number,
  from: ReturnStatus,
  change: { status: ReturnStatus; note?: string; restocked?: boolean; refund_id?: number | null; at: string },
): Promise<boolean> {
  const { at, ...set } = change;
  const result = await trx
    .updateTable("returns")
    .set({ ...set, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every return's photo paths (JSON text), oldest first: for moving photos stored before they were private. */
export async function findAllPhotos(db: Reader): Promise<string[]> {
  const rows = await db.selectFrom("returns").select("photos").where("photos", "<>", "[]").orderBy("id").execute();
  return rows.flatMap((row) => JSON.parse(row.photos) as string[]);
}
