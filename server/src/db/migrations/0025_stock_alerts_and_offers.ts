import type { Kysely } from "kysely";
import { booleanType, falseDefault, idColumn, timestampType } from "../dialect.ts";

/**
 * Messages that bring customers back (modules/alerts owns the tables):
 *
 * - `stock_alerts`: "Notify me" on a pack that is out of stock, one row per customer and pack
 *   (unique). The row is deleted in the transaction that queues its message, so each is sent
 *   once; it goes with its customer, product or pack.
 * - `users.offers_opt_in`: the customer agreed to marketing messages (the cart's reminder), off
 *   until they turn it on; a message's "stop" link turns it off.
 * - `cart_reminders`: the last reminder of a customer's cart left behind, and the cart's time of
 *   last change it was about, so a cart left once is reminded once, and a customer at most once a
 *   week.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable("stock_alerts")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("variant_id", "integer", (c) => c.notNull().references("product_variants.id").onDelete("cascade"))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addUniqueConstraint("stock_alerts_user_variant", ["user_id", "variant_id"])
    .execute();
  await db.schema.createIndex("stock_alerts_product_idx").on("stock_alerts").columns(["product_id"]).execute();
  await db.schema.createIndex("stock_alerts_variant_idx").on("stock_alerts").columns(["variant_id"]).execute();

  await db.schema
    .alterTable("users")
    .addColumn("offers_opt_in", booleanType(db), (c) => c.notNull().defaultTo(falseDefault))
    .execute();

  await db.schema
    .createTable("cart_reminders")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("sent_at", ts, (c) => c.notNull())
    .addColumn("cart_changed_at", ts, (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("cart_reminders").execute();
  await db.schema.alterTable("users").dropColumn("offers_opt_in").execute();
  await db.schema.dropTable("stock_alerts").execute();
}
