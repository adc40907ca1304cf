import type { Kysely, Transaction } from "kysely";
import type { Database, NewOrder, NewOrderItem, OrderStatus } from "../../db/schema.ts";

/** The orders' SQL. Functions that must run inside a checkout take a Transaction. */

type Reader = Kysely<Database>;

export async function insertOrder(trx: Transaction<Database>, order: NewOrder, items: Omit<NewOrderItem, "order_id">[]): Promise<number> {
  const { id } = await trx.insertInto("orders").values(order).returning("id").executeTakeFirstOrThrow();
  await trx
    .insertInto("order_items")
    .values(items.map((item) => ({ ...item, order_id: id })))
    .execute();
  return id;
}

export const orderColumns = [
  "orders.id",
  "orders.user_id",
  "orders.customer_first_name",
  "orders.customer_last_name",
  "orders.customer_email",
  "orders.ship_label",
  "orders.ship_address",
  "orders.ship_city",
  "orders.ship_state",
  "orders.ship_postal_code",
  "orders.ship_landmark",
  "orders.ship_country",
  "orders.payment_method",
  "orders.items_paise",
  "orders.shipping_paise",
  "orders.tax_paise",
  "orders.total_paise",
  "orders.status",
  "orders.is_paid",
  "orders.paid_at",
  "orders.is_delivered",
  "orders.delivered_at",
  "orders.razorpay_order_id",
  "orders.razorpay_payment_id",
  "orders.created_at",
] as const;

export async function findOrder(db: Reader, id: number) {
  return db.selectFrom("orders").select(orderColumns).where("id", "=", id).executeTakeFirst();
}

export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

export async function findOrderByRazorpayId(db: Reader, razorpayOrderId: string) {
  return db.selectFrom("orders").select(orderColumns).where("razorpay_order_id", "=", razorpayOrderId).executeTakeFirst();
}

export async function findItems(db: Reader, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom("order_items")
    .select(["id", "order_id", "product_id", "name", "image", "price_paise", "qty"])
    .where("order_id", "in", orderIds)
    .orderBy("order_id")
    .orderBy("id")
    .execute();
}

export type OrderItemRow = Awaited<ReturnType<typeof findItems>>[number];

export async function findOrdersOfUser(db: Reader, userId: number) {
  return db
    .selectFrom("orders")
    .select(orderColumns)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** The staff list's filters: absent means either. */
export interface OrderFilter {
  paid?: boolean;
  delivered?: boolean;
}

function filteredOrders(db: Reader, filter: OrderFilter) {
  let query = db.selectFrom("orders");
  if (filter.paid !== undefined) query = query.where("is_paid", "=", filter.paid);
  if (filter.delivered !== undefined) query = query.where("is_delivered", "=", filter.delivered);
  return query;
}

export async function findAllOrders(db: Reader, filter: OrderFilter, limit: number, offset: number) {
  return filteredOrders(db, filter)
    .select(orderColumns)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countOrders(db: Reader, filter: OrderFilter = {}): Promise<number> {
  const row = await filteredOrders(db, filter)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Paid orders' payment time and total since `since` (for the sales chart). */
export async function findPaidSince(db: Reader, since: string) {
  return db.selectFrom("orders").select(["paid_at", "total_paise"]).where("is_paid", "=", true).where("paid_at", ">=", since).execute();
}

/** Orders paid but not delivered, oldest payment first. */
export async function findToDeliver(db: Reader, limit: number) {
  return db
    .selectFrom("orders")
    .select(orderColumns)
    .where("is_paid", "=", true)
    .where("is_delivered", "=", false)
    .orderBy("paid_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/**
 * The order lifecycle as a transition table: created → paid → delivered, forward only. A move is
 * one conditional UPDATE, so a replayed payment or a second delivery changes nothing.
 */
export const TRANSITIONS: Record<OrderStatus, OrderStatus | null> = { created: "paid", paid: "delivered", delivered: null };

export async function moveStatus(
  db: Reader,
  id: number,
  from: OrderStatus,
  to: OrderStatus,
  at: string,
  razorpayPaymentId?: string,
): Promise<boolean> {
  if (TRANSITIONS[from] !== to) throw new Error(`An order cannot move from ${from} to ${to}`);
  const changes =
    to === "paid"
      ? { status: to, is_paid: true, paid_at: at, razorpay_payment_id: razorpayPaymentId ?? null, updated_at: at }
      : { status: to, is_delivered: true, delivered_at: at, updated_at: at };
  const result = await db.updateTable("orders").set(changes).where("id", "=", id).where("status", "=", from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores the gateway's order id unless one is already stored; answers the id that is stored. */
export async function attachRazorpayOrder(db: Reader, id: number, razorpayOrderId: string): Promise<string | null> {
  await db
    .updateTable("orders")
    .set({ razorpay_order_id: razorpayOrderId, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("razorpay_order_id", "is", null)
    .execute();
  const row = await db.selectFrom("orders").select("razorpay_order_id").where("id", "=", id).executeTakeFirst();
  return row?.razorpay_order_id ?? null;
}

/** Records a webhook event once; answers false when its id was seen before. */
export async function recordPaymentEvent(db: Reader, event: { id: string; order_id: number | null; type: string }): Promise<boolean> {
  const result = await db
    .insertInto("payment_events")
    .values({ ...event, received_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
