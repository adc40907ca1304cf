import { type Kysely, sql } from "kysely";
import { booleanType, falseDefault, idColumn, timestampType } from "../dialect.ts";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  const ts = timestampType(db);
  const bool = booleanType(db);

  await db.schema
    .createTable("addresses")
    .addColumn("id", "integer", id)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("label", "varchar(100)", (c) => c.notNull())
    .addColumn("address", "varchar(500)", (c) => c.notNull())
    .addColumn("city", "varchar(100)", (c) => c.notNull())
    .addColumn("state", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("postal_code", "varchar(20)", (c) => c.notNull())
    .addColumn("landmark", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("country", "varchar(100)", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("addresses_user_idx").on("addresses").column("user_id").execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", "integer", id)
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("customer_first_name", "varchar(150)", (c) => c.notNull().defaultTo(""))
    .addColumn("customer_last_name", "varchar(150)", (c) => c.notNull().defaultTo(""))
    .addColumn("customer_email", "varchar(254)", (c) => c.notNull())
    .addColumn("ship_label", "varchar(100)", (c) => c.notNull())
    .addColumn("ship_address", "varchar(500)", (c) => c.notNull())
    .addColumn("ship_city", "varchar(100)", (c) => c.notNull())
    .addColumn("ship_state", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("ship_postal_code", "varchar(20)", (c) => c.notNull())
    .addColumn("ship_landmark", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("ship_country", "varchar(100)", (c) => c.notNull())
    .addColumn("payment_method", "varchar(50)", (c) => c.notNull())
    .addColumn("items_paise", "bigint", (c) => c.notNull().check(sql`items_paise >= 0`))
    .addColumn("shipping_paise", "bigint", (c) => c.notNull().check(sql`shipping_paise >= 0`))
    .addColumn("tax_paise", "bigint", (c) => c.notNull().check(sql`tax_paise >= 0`))
    .addColumn("total_paise", "bigint", (c) => c.notNull().check(sql`total_paise >= 0`))
    .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("created"))
    .addColumn("is_paid", bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn("paid_at", ts)
    .addColumn("is_delivered", bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn("delivered_at", ts)
    .addColumn("razorpay_order_id", "varchar(100)", (c) => c.unique())
    .addColumn("razorpay_payment_id", "varchar(100)")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("orders_user_idx").on("orders").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("orders_created_idx").on("orders").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("order_items")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.references("products.id").onDelete("set null"))
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("image", "varchar(255)", (c) => c.notNull().defaultTo(""))
    .addColumn("price_paise", "bigint", (c) => c.notNull().check(sql`price_paise >= 0`))
    .addColumn("qty", "integer", (c) => c.notNull().check(sql`qty > 0`))
    .execute();
  await db.schema.createIndex("order_items_order_idx").on("order_items").column("order_id").execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("id", "varchar(100)", (c) => c.primaryKey())
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("type", "varchar(100)", (c) => c.notNull())
    .addColumn("received_at", ts, (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["payment_events", "order_items", "orders", "addresses"]) {
    await db.schema.dropTable(table).execute();
  }
}
