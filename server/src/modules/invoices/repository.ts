import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database, TaxDocumentsTable } from "../../db/schema.ts";
import type { DocumentAmounts } from "./amounts.ts";

/** The invoices' SQL: document series and tax documents. */

type Reader = Kysely<Database>;

/**
 * The next number of a series, taken under the series row's lock until the transaction ends: a
 * rollback gives the number back, so numbers have no gaps and are never given twice. The first
 * number of a series inserts its row (a concurrent first waits on the unique key, then finds it);
 * on SQLite one transaction writes at a time.
 */
export async function nextNumber(trx: Transaction<Database>, series: string): Promise<number> {
  await trx
    .insertInto("document_series")
    .values({ series, last_number: 0 })
    .onConflict((oc) => oc.column("series").doNothing())
    .execute();
  const row = await trx
    .updateTable("document_series")
    .set((eb) => ({ last_number: eb("last_number", "+", 1) }))
    .where("series", "=", series)
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export async function insertDocument(trx: Transaction<Database>, document: Insertable<TaxDocumentsTable>): Promise<number> {
  const { id } = await trx.insertInto("tax_documents").values(document).returning("id").executeTakeFirstOrThrow();
  return id;
}

const documentColumns = [
  "id",
  "kind",
  "order_id",
  "refund_id",
  "number",
  "taxable_paise",
  "cgst_paise",
  "sgst_paise",
  "igst_paise",
  "total_paise",
  "place_of_supply",
  "issued_at",
] as const;

/** The tax documents of these orders, in the order they were issued. */
export async function findDocuments(db: Reader, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db.selectFrom("tax_documents").select(documentColumns).where("order_id", "in", orderIds).orderBy("id").execute();
}

export type DocumentRow = Awaited<ReturnType<typeof findDocuments>>[number];

export async function findInvoice(db: Reader, orderId: number) {
  return db
    .selectFrom("tax_documents")
    .select(documentColumns)
    .where("order_id", "=", orderId)
    .where("kind", "=", "invoice")
    .executeTakeFirst();
}

export async function hasCreditNoteFor(db: Reader, refundId: number): Promise<boolean> {
  return (await db.selectFrom("tax_documents").select("id").where("refund_id", "=", refundId).executeTakeFirst()) !== undefined;
}

/** What the credit notes of an order have credited so far. */
export async function creditedSoFar(db: Reader, orderId: number): Promise<DocumentAmounts> {
  const row = await db
    .selectFrom("tax_documents")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>("taxable_paise"), eb.lit(0)).as("taxable"),
      eb.fn.coalesce(eb.fn.sum<number>("cgst_paise"), eb.lit(0)).as("cgst"),
      eb.fn.coalesce(eb.fn.sum<number>("sgst_paise"), eb.lit(0)).as("sgst"),
      eb.fn.coalesce(eb.fn.sum<number>("igst_paise"), eb.lit(0)).as("igst"),
      eb.fn.coalesce(eb.fn.sum<number>("total_paise"), eb.lit(0)).as("total"),
    ])
    .where("order_id", "=", orderId)
    .where("kind", "=", "credit_note")
    .executeTakeFirstOrThrow();
  return {
    taxablePaise: Number(row.taxable),
    cgstPaise: Number(row.cgst),
    sgstPaise: Number(row.sgst),
    igstPaise: Number(row.igst),
    totalPaise: Number(row.total),
  };
}

/** Documents issued in [from, to), in the order they were issued. */
export async function findIssuedBetween(db: Reader, from: string, to: string) {
  return db
    .selectFrom("tax_documents")
    .select(documentColumns)
    .where("issued_at", ">=", from)
    .where("issued_at", "<", to)
    .orderBy("issued_at")
    .orderBy("id")
    .execute();
}
