import { type Kysely, sql } from "kysely";
import { booleanType, falseDefault, idColumn, timestampType } from "../dialect.ts";

/**
 * Returns and line refunds. `returns` and `return_lines`: what a customer asked to send back, its
 * reason, photos and the staff's answer. `refund_lines`: the units a refund gives back, each with
 * its own tax (a credit note then follows the lines' rates). A refund is paid back through Razorpay
 * or, for Cash on Delivery, by a transfer staff make to the customer's `refund_accounts` entry
 * (`method`, and the bank's `reference` once paid). Orders remember their products' Hindi names
 * and the day their delivery is expected.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  const ts = timestampType(db);
  const bool = booleanType(db);
  await db.schema
    .alterTable("order_items")
    .addColumn("name_hi", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("orders").addColumn("expected_delivery_on", "varchar(10)").execute();
  await db.schema
    .alterTable("refunds")
    .addColumn("method", "varchar(10)", (c) => c.notNull().defaultTo("razorpay").check(sql`method in ('razorpay', 'transfer')`))
    .execute();
  await db.schema
    .alterTable("refunds")
    .addColumn("reference", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createTable("refund_lines")
    .addColumn("refund_id", "integer", (c) => c.notNull().references("refunds.id").onDelete("cascade"))
    .addColumn("order_item_id", "integer", (c) => c.notNull().references("order_items.id").onDelete("cascade"))
    .addColumn("qty", "integer", (c) => c.notNull().check(sql`qty > 0`))
    .addColumn("taxable_paise", "bigint", (c) => c.notNull())
    .addColumn("cgst_paise", "bigint", (c) => c.notNull())
    .addColumn("sgst_paise", "bigint", (c) => c.notNull())
    .addColumn("igst_paise", "bigint", (c) => c.notNull())
    .addColumn("tax_paise", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("refund_lines_pkey", ["refund_id", "order_item_id"])
    .execute();
  await db.schema.createIndex("refund_lines_item").on("refund_lines").column("order_item_id").execute();
  await db.schema
    .createTable("refund_accounts")
    .addColumn("order_id", "integer", (c) => c.primaryKey().references("orders.id").onDelete("cascade"))
    .addColumn("kind", "varchar(4)", (c) => c.notNull().check(sql`kind in ('upi', 'bank')`))
    .addColumn("upi", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("account_name", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("account_number", "varchar(18)", (c) => c.notNull().defaultTo(""))
    .addColumn("ifsc", "varchar(11)", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("returns")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("status", "varchar(10)", (c) => c.notNull().check(sql`status in ('requested', 'approved', 'rejected', 'received')`))
    .addColumn("reason", "varchar(12)", (c) => c.notNull().check(sql`reason in ('damaged', 'wrong_item', 'expired', 'other')`))
    .addColumn("details", "varchar(1000)", (c) => c.notNull().defaultTo(""))
    .addColumn("photos", "varchar(1000)", (c) => c.notNull().defaultTo("[]"))
    .addColumn("note", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("restocked", bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn("refund_id", "integer", (c) => c.references("refunds.id").onDelete("set null"))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("returns_order").on("returns").column("order_id").execute();
  await db.schema
    .createTable("return_lines")
    .addColumn("return_id", "integer", (c) => c.notNull().references("returns.id").onDelete("cascade"))
    .addColumn("order_item_id", "integer", (c) => c.notNull().references("order_items.id").onDelete("cascade"))
    .addColumn("qty", "integer", (c) => c.notNull().check(sql`qty > 0`))
    .addPrimaryKeyConstraint("return_lines_pkey", ["return_id", "order_item_id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("return_lines").execute();
  await db.schema.dropTable("returns").execute();
  await db.schema.dropTable("refund_accounts").execute();
  await db.schema.dropTable("refund_lines").execute();
  await db.schema.alterTable("refunds").dropColumn("reference").execute();
  await db.schema.alterTable("refunds").dropColumn("method").execute();
  await db.schema.alterTable("orders").dropColumn("expected_delivery_on").execute();
  await db.schema.alterTable("order_items").dropColumn("name_hi").execute();
}
