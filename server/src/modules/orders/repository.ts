import { statesTagged } from "@krishi/contract";
import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import { supportsRowLocks } from "../../db/dialect.ts";
import type { Database, NewOrder, NewOrderItem, OrderEventsTable, OrderStatus, OrdersTable } from "../../db/schema.ts";

/** The states of an order whose online payment is still to come (its payment window runs). */
const AWAITING_PAYMENT = statesTagged("awaiting_payment");

/** The orders' SQL. Functions that must run inside a checkout take a Transaction. */

export type Reader = Kysely<Database>;

/** Inserts the order and its lines; answers them as findOrder and findItems read them. */
export async function insertOrder(trx: Transaction<Database>, order: NewOrder, lines: Omit<NewOrderItem, "order_id">[]) {
  const row = await trx.insertInto("orders").values(order).returningAll().executeTakeFirstOrThrow();
  const items = await trx
    .insertInto("order_items")
    .values(lines.map((line) => ({ ...line, order_id: row.id })))
    .returning(itemColumns)
    .execute();
  return { row, items: items.sort((a, b) => a.id - b.id) };
}

/** An order line as the answers show it. */
const itemColumns = [
  "id",
  "order_id",
  "product_id",
  "variant_id",
  "variant_label",
  "name",
  "name_hi",
  "image",
  "price_paise",
  "qty",
  "hsn_code",
  "gst_rate",
  "tax_paise",
  "cgst_paise",
  "sgst_paise",
  "igst_paise",
  "discount_paise",
] as const;

/** An event of an order's timeline as the answers show it. */
const eventColumns = ["order_id", "from_status", "to_status", "event", "actor", "note", "created_at"] as const;

export async function findOrder(db: Reader, id: number) {
  return db.selectFrom("orders").selectAll("orders").where("id", "=", id).executeTakeFirst();
}

export async function findOrders(db: Reader, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom("orders").selectAll("orders").where("id", "in", ids).orderBy("id").execute();
}

/** The order, its row locked until the transaction ends (PostgreSQL; SQLite runs one writer at a time). */
export async function lockOrder(trx: Transaction<Database>, id: number) {
  const query = trx.selectFrom("orders").selectAll("orders").where("id", "=", id);
  return (supportsRowLocks(trx) ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Locks the customer's row, so their concurrent checkouts are counted one after another. FOR NO
 * KEY UPDATE, not FOR UPDATE: it leaves the row to the KEY SHARE locks of rows that refer to it
 * (their Cash on Delivery checkout writes its order before it takes the stock a checkout holding
 * this lock may hold: with FOR UPDATE here the two would wait on each other, a deadlock).
 */
export async function lockCustomer(trx: Transaction<Database>, userId: number): Promise<void> {
  if (supportsRowLocks(trx)) await trx.selectFrom("users").select("id").where("id", "=", userId).forNoKeyUpdate().execute();
}

export async function countUnpaidOf(db: Reader, userId: number): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("status", "in", AWAITING_PAYMENT)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The customer's orders that were not cancelled, but `except` (promotions' "first order only"). */
export async function countPlacedOf(db: Reader, userId: number, except?: number): Promise<number> {
  let query = db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("status", "!=", "cancelled");
  if (except !== undefined) query = query.where("id", "!=", except);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Unpaid orders whose payment window has closed, oldest first. */
export async function findExpired(db: Reader, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("orders")
    .select("id")
    .where("status", "in", AWAITING_PAYMENT)
    .where("payment_due_at", "<=", now)
    .orderBy("payment_due_at")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Orders whose payment Razorpay may know better than we do: unpaid ones with a Razorpay order
 * (older than `settledBefore`, so a checkout in progress is left alone), and those cancelled
 * unpaid since `cancelledSince` (a capture can arrive after expiry).
 */
export async function findToReconcile(db: Reader, settledBefore: string, cancelledSince: string, limit: number) {
  return db
    .selectFrom("orders")
    .select(["id", "razorpay_order_id"])
    .where("razorpay_order_id", "is not", null)
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "in", AWAITING_PAYMENT), eb("updated_at", "<=", settledBefore)]),
        eb.and([eb("status", "in", statesTagged("off_the_road")), eb("paid_at", "is", null), eb("cancelled_at", ">=", cancelledSince)]),
      ]),
    )
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Moves an order from one state to another if it is still in `from`; answers whether it moved. */
export async function updateStatus(
  trx: Transaction<Database>,
  id: number,
  from: OrderStatus,
  changes: Updateable<OrdersTable> & { status: OrderStatus },
): Promise<boolean> {
  const result = await trx.updateTable("orders").set(changes).where("id", "=", id).where("status", "=", from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records an event; answers its id and the row as findEvents reads it. */
export async function insertEvent(trx: Transaction<Database>, event: Insertable<OrderEventsTable>) {
  return trx
    .insertInto("order_events")
    .values(event)
    .returning(["id", ...eventColumns])
    .executeTakeFirstOrThrow();
}

export async function findEvents(db: Reader, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db.selectFrom("order_events").select(eventColumns).where("order_id", "in", orderIds).orderBy("order_id").orderBy("id").execute();
}

export type OrderEventRow = Awaited<ReturnType<typeof findEvents>>[number];

export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

export async function findOrderByRazorpayId(db: Reader, razorpayOrderId: string) {
  return db.selectFrom("orders").selectAll("orders").where("razorpay_order_id", "=", razorpayOrderId).executeTakeFirst();
}

export async function findItems(db: Reader, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db.selectFrom("order_items").select(itemColumns).where("order_id", "in", orderIds).orderBy("order_id").orderBy("id").execute();
}

export type OrderItemRow = Awaited<ReturnType<typeof findItems>>[number];

export async function findOrdersOfUser(db: Reader, userId: number) {
  return db
    .selectFrom("orders")
    .selectAll("orders")
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** An order looked for by its number, or by a customer's mobile number (10 digits, without +91). */
export interface OrderSearch {
  id: number | null;
  phone: string | null;
}

/** The staff list's filters: absent means either. */
export interface OrderFilter {
  statuses?: readonly OrderStatus[];
  paid?: boolean;
  delivered?: boolean;
  search?: OrderSearch;
}

function filteredOrders(db: Reader, filter: OrderFilter) {
  let query = db.selectFrom("orders");
  if (filter.statuses !== undefined) query = query.where("status", "in", filter.statuses);
  if (filter.paid !== undefined) query = query.where("is_paid", "=", filter.paid);
  if (filter.delivered !== undefined) query = query.where("is_delivered", "=", filter.delivered);
  const { search } = filter;
  if (search !== undefined) {
    // The delivery number is kept as its 10 digits; a customer's sign-in number as E.164.
    query = query.where((eb) =>
      eb.or([
        ...(search.id === null ? [] : [eb("id", "=", search.id)]),
        ...(search.phone === null
          ? []
          : [
              eb("ship_phone", "=", search.phone),
              eb("user_id", "in", eb.selectFrom("users").select("id").where("phone", "=", `+91${search.phone}`)),
            ]),
      ]),
    );
  }
  return query;
}

export async function findAllOrders(db: Reader, filter: OrderFilter, limit: number, offset: number) {
  return filteredOrders(db, filter)
    .selectAll("orders")
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

/** The states of an order waiting to reach its customer (a paid one, with is_paid). */
const TO_DELIVER = statesTagged("to_deliver");

/** How many orders are paid and still on their way to the customer. */
export async function countToDeliver(db: Reader): Promise<number> {
  return countOrders(db, { statuses: TO_DELIVER, paid: true });
}

/** Orders paid but not delivered (nor cancelled or refunded), oldest payment first. */
export async function findToDeliver(db: Reader, limit: number) {
  return db
    .selectFrom("orders")
    .selectAll("orders")
    .where("status", "in", TO_DELIVER)
    .where("is_paid", "=", true)
    .orderBy("paid_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/**
 * The states of a Cash on Delivery order whose cash may still be to collect: placed and not
 * cancelled (delivered too: the courier may have the cash while the shop has not recorded it).
 */
const COD_TO_COLLECT = statesTagged("cash_to_collect");

function codToCollect(db: Reader) {
  return db.selectFrom("orders").where("payment_method", "=", "COD").where("is_paid", "=", false).where("status", "in", COD_TO_COLLECT);
}

/** How many Cash on Delivery orders have their cash still to collect, and that cash in all. */
export async function sumCodToCollect(db: Reader): Promise<{ orders: number; totalPaise: number }> {
  const row = await codToCollect(db)
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number | string | null>("total_paise").as("total")])
    .executeTakeFirstOrThrow();
  return { orders: Number(row.n), totalPaise: Number(row.total ?? 0) };
}

/** Cash on Delivery orders whose cash is still to collect, oldest first. */
export async function findCodToCollect(db: Reader, limit: number) {
  return codToCollect(db).selectAll("orders").orderBy("created_at").orderBy("id").limit(limit).execute();
}

/** Stores the gateway's order id unless one is already stored; answers the id that is stored. */
export async function attachRazorpayOrder(db: Reader, id: number, razorpayOrderId: string, at: string): Promise<string | null> {
  await db
    .updateTable("orders")
    .set({ razorpay_order_id: razorpayOrderId, updated_at: at })
    .where("id", "=", id)
    .where("razorpay_order_id", "is", null)
    .execute();
  const row = await db.selectFrom("orders").select("razorpay_order_id").where("id", "=", id).executeTakeFirst();
  return row?.razorpay_order_id ?? null;
}
