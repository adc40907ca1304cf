import { type Kysely, sql } from "kysely";
import { idColumn, timestampType } from "../dialect.ts";

/**
 * The order lifecycle: states beyond created/paid/delivered, the timeline of every
 * transition, shipments, refunds, the customer-mail queue and the leases that let one process at a
 * time run each scheduled job.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  const ts = timestampType(db);

  for (const [column, type] of [
    ["payment_due_at", ts],
    ["packed_at", ts],
    ["shipped_at", ts],
    ["cancelled_at", ts],
    ["courier", "varchar(100)"],
    ["awb", "varchar(100)"],
    ["tracking_url", "varchar(500)"],
  ] as const) {
    await db.schema.alterTable("orders").addColumn(column, type).execute();
  }
  await db.updateTable("orders").set({ status: "pending_payment" }).where("status", "=", "created").execute();
  // Orders left unpaid before this release get a full payment window from now on.
  const due = new Date(Date.now() + 30 * 60_000);
  await db
    .updateTable("orders")
    .set({ payment_due_at: timestampType(db) === "text" ? due.toISOString() : due })
    .where("status", "=", "pending_payment")
    .execute();
  await db.schema.createIndex("orders_status_due_idx").on("orders").columns(["status", "payment_due_at"]).execute();

  await db.schema
    .createTable("order_events")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("from_status", "varchar(20)")
    .addColumn("to_status", "varchar(20)", (c) => c.notNull())
    .addColumn("event", "varchar(20)", (c) => c.notNull())
    .addColumn("actor", "varchar(20)", (c) => c.notNull())
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("note", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_events_order_idx").on("order_events").columns(["order_id", "id"]).execute();
  // The timeline of orders placed before this release, from what they recorded.
  await sql`insert into order_events (order_id, from_status, to_status, event, actor, note, created_at)
    select id, null, 'pending_payment', 'place', 'customer', '', created_at from orders`.execute(db);
  await sql`insert into order_events (order_id, from_status, to_status, event, actor, note, created_at)
    select id, 'pending_payment', 'paid', 'pay', 'system', '', paid_at from orders where paid_at is not null`.execute(db);
  await sql`insert into order_events (order_id, from_status, to_status, event, actor, note, created_at)
    select id, 'paid', 'delivered', 'deliver', 'staff', '', delivered_at from orders where delivered_at is not null`.execute(db);

  await db.schema
    .createTable("refunds")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("amount_paise", "bigint", (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn("reason", "varchar(500)", (c) => c.notNull())
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("idempotency_key", "varchar(64)", (c) => c.notNull())
    .addColumn("razorpay_payment_id", "varchar(100)", (c) => c.notNull())
    .addColumn("razorpay_refund_id", "varchar(100)", (c) => c.unique())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .addUniqueConstraint("refunds_order_key_unique", ["order_id", "idempotency_key"])
    .execute();
  await db.schema.createIndex("refunds_status_idx").on("refunds").columns(["status", "id"]).execute();

  await db.schema
    .createTable("mail_queue")
    .addColumn("id", "integer", id)
    .addColumn("dedupe_key", "varchar(200)", (c) => c.notNull().unique())
    .addColumn("to_address", "varchar(254)", (c) => c.notNull())
    .addColumn("subject", "varchar(300)", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", ts, (c) => c.notNull())
    .addColumn("locked_until", ts)
    .addColumn("last_error", "varchar(500)")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("sent_at", ts)
    .execute();
  await db.schema.createIndex("mail_queue_due_idx").on("mail_queue").columns(["status", "next_attempt_at"]).execute();

  await db.schema
    .createTable("job_leases")
    .addColumn("name", "varchar(100)", (c) => c.primaryKey())
    .addColumn("holder", "varchar(100)", (c) => c.notNull())
    .addColumn("lease_until", ts, (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["job_leases", "mail_queue", "refunds", "order_events"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex("orders_status_due_idx").execute();
  for (const column of ["payment_due_at", "packed_at", "shipped_at", "cancelled_at", "courier", "awb", "tracking_url"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
  await db.updateTable("orders").set({ status: "created" }).where("status", "=", "pending_payment").execute();
}
