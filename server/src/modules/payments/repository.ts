import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database, RefundAccountsTable, RefundLinesTable, RefundStatus } from "../../db/schema.ts";

/** The payments' own rows: webhook events and refunds. */

type Reader = Kysely<Database>;

/** Records a webhook event once; answers false when its id was seen before. */
export async function recordPaymentEvent(
  db: Reader,
  event: { id: string; order_id: number | null; type: string; received_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto("payment_events")
    .values(event)
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

const refundColumns = [
  "id",
  "order_id",
  "amount_paise",
  "reason",
  "status",
  "idempotency_key",
  "razorpay_payment_id",
  "razorpay_refund_id",
  "method",
  "reference",
  "created_at",
] as const;

export async function findRefunds(db: Reader, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db.selectFrom("refunds").select(refundColumns).where("order_id", "in", orderIds).orderBy("id").execute();
}

export type RefundRow = Awaited<ReturnType<typeof findRefunds>>[number];

export async function findRefundByKey(db: Reader, orderId: number, key: string) {
  return db
    .selectFrom("refunds")
    .select(refundColumns)
    .where("order_id", "=", orderId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

export async function findRefundByRazorpayId(db: Reader, razorpayRefundId: string) {
  return db.selectFrom("refunds").select(refundColumns).where("razorpay_refund_id", "=", razorpayRefundId).executeTakeFirst();
}

/** Refunds Razorpay has not confirmed yet (never reached it, or pending there). */
export async function findUnsettledRefunds(db: Reader, orderId: number | null, limit: number) {
  // Transfers are paid by staff, not sent to Razorpay.
  let query = db.selectFrom("refunds").select(refundColumns).where("status", "=", "pending").where("method", "=", "razorpay");
  if (orderId !== null) query = query.where("order_id", "=", orderId);
  return query.orderBy("id").limit(limit).execute();
}

/**
 * Paise refunded or being refunded of one payment of an order (failed refunds give nothing back;
 * refunds of a duplicate or late payment are not the order's).
 */
export async function sumRefunds(
  db: Reader,
  orderId: number,
  paymentId: string,
  statuses: readonly RefundStatus[] = ["pending", "processed"],
): Promise<number> {
  const row = await db
    .selectFrom("refunds")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_paise"), eb.lit(0)).as("total"))
    .where("order_id", "=", orderId)
    .where("razorpay_payment_id", "=", paymentId)
    .where("status", "in", statuses)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertRefund(
  trx: Transaction<Database>,
  refund: {
    order_id: number;
    amount_paise: number;
    reason: string;
    idempotency_key: string;
    razorpay_payment_id: string;
    method?: "razorpay" | "transfer";
    created_by: number | null;
    at: string;
  },
): Promise<number> {
  const { at, ...values } = refund;
  const { id } = await trx
    .insertInto("refunds")
    .values({ ...values, status: "pending", created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Moves a pending refund to what Razorpay said; answers false when it was settled already. */
export async function settleRefund(
  db: Reader,
  id: number,
  change: { status: RefundStatus; razorpay_refund_id?: string | null; reference?: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable("refunds")
    .set({
      status: change.status,
      updated_at: change.at,
      ...(change.razorpay_refund_id ? { razorpay_refund_id: change.razorpay_refund_id } : {}),
      ...(change.reference ? { reference: change.reference } : {}),
    })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type RefundLineValues = Omit<Insertable<RefundLinesTable>, "refund_id">;

export async function insertRefundLines(trx: Transaction<Database>, refundId: number, lines: readonly RefundLineValues[]): Promise<void> {
  if (lines.length === 0) return;
  await trx
    .insertInto("refund_lines")
    .values(lines.map((line) => ({ ...line, refund_id: refundId })))
    .execute();
}

/** Refunds processed (the money gone back) since an instant: when, how much, of which payment. */
export async function findProcessedSince(db: Reader, since: string) {
  return db
    .selectFrom("refunds")
    .select(["order_id", "amount_paise", "razorpay_payment_id", "updated_at"])
    .where("status", "=", "processed")
    .where("updated_at", ">=", since)
    .execute();
}

/** The lines of these refunds. */
export async function findRefundLines(db: Reader, refundIds: readonly number[]) {
  if (refundIds.length === 0) return [];
  return db
    .selectFrom("refund_lines")
    .select(["refund_id", "order_item_id", "qty", "taxable_paise", "cgst_paise", "sgst_paise", "igst_paise", "tax_paise"])
    .where("refund_id", "in", refundIds)
    .orderBy("refund_id")
    .orderBy("order_item_id")
    .execute();
}

export type RefundLineRow = Awaited<ReturnType<typeof findRefundLines>>[number];

/** Units of each line of an order refunded or being refunded (failed refunds give nothing back). */
export async function refundedUnits(db: Reader, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("refund_lines")
    .innerJoin("refunds", "refunds.id", "refund_lines.refund_id")
    .select(["refund_lines.order_item_id as item", (eb) => eb.fn.sum<number>("refund_lines.qty").as("qty")])
    .where("refunds.order_id", "=", orderId)
    .where("refunds.status", "in", ["pending", "processed"])
    .groupBy("refund_lines.order_item_id")
    .execute();
  return new Map(rows.map((row) => [row.item, Number(row.qty)]));
}

export async function upsertRefundAccount(db: Reader, account: Insertable<RefundAccountsTable>): Promise<void> {
  const { order_id: _, ...change } = account;
  await db
    .insertInto("refund_accounts")
    .values(account)
    .onConflict((oc) => oc.column("order_id").doUpdateSet(change))
    .execute();
}

export async function findRefundAccounts(db: Reader, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom("refund_accounts")
    .select(["order_id", "kind", "upi", "account_name", "account_number", "ifsc"])
    .where("order_id", "in", orderIds)
    .execute();
}

export async function findRefund(db: Reader, orderId: number, refundId: number) {
  return db.selectFrom("refunds").select(refundColumns).where("order_id", "=", orderId).where("id", "=", refundId).executeTakeFirst();
}
