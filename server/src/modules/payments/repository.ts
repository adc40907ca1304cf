import type { Kysely, Transaction } from "kysely";
import type { Database, RefundStatus } from "../../db/schema.ts";

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
  let query = db.selectFrom("refunds").select(refundColumns).where("status", "=", "pending");
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
  change: { status: RefundStatus; razorpay_refund_id?: string | null; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable("refunds")
    .set({
      status: change.status,
      updated_at: change.at,
      ...(change.razorpay_refund_id ? { razorpay_refund_id: change.razorpay_refund_id } : {}),
    })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
