import { type Kysely, sql } from "kysely";
import { booleanType, falseDefault, idColumn, timestampType } from "../dialect.ts";

/**
 * Promotions: offers and coupons staff set (their terms; `uses` counts the orders that carry one,
 * raised in the order's transaction only while below `usage_limit`), the orders that redeemed
 * them (a use given back, `released_at`, when the order is cancelled or expires unpaid), each
 * order's discounts (its total, and the promotions' codes, words and amounts as placed, JSON) and
 * each line's share of them, and the coupon a shopper entered in the cart.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  const bool = booleanType(db);
  await db.schema
    .createTable("promotions")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("code", "varchar(20)")
    .addColumn("description", "varchar(120)", (c) => c.notNull())
    .addColumn("description_hi", "varchar(120)", (c) => c.notNull().defaultTo(""))
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("target", "varchar(8)", (c) => c.notNull().defaultTo("order"))
    .addColumn("percent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("amount_paise", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("tiers", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("min_items", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("min_amount_paise", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("max_discount_paise", "bigint")
    .addColumn("starts_at", ts)
    .addColumn("ends_at", ts)
    .addColumn("first_order_only", bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn("per_customer_limit", "integer")
    .addColumn("usage_limit", "integer")
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("categories", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("product_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("variant_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("deleted_at", ts)
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  // A code names one live promotion; a deleted one's code may be used again.
  await db.schema
    .createIndex("promotions_code_key")
    .on("promotions")
    .column("code")
    .unique()
    .where(sql.ref("deleted_at"), "is", null)
    .execute();

  await db.schema
    .createTable("promotion_redemptions")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("promotion_id", "integer", (c) => c.notNull().references("promotions.id"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("amount_paise", "bigint", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("released_at", ts)
    .addUniqueConstraint("promotion_redemptions_order_key", ["order_id", "promotion_id"])
    .execute();
  await db.schema
    .createIndex("promotion_redemptions_customer_idx")
    .on("promotion_redemptions")
    .columns(["promotion_id", "user_id"])
    .execute();

  await db.schema
    .alterTable("orders")
    .addColumn("discount_paise", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("discounts", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("discount_paise", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("carts").addColumn("coupon_code", "varchar(20)").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("carts").dropColumn("coupon_code").execute();
  await db.schema.alterTable("order_items").dropColumn("discount_paise").execute();
  await db.schema.alterTable("orders").dropColumn("discounts").execute();
  await db.schema.alterTable("orders").dropColumn("discount_paise").execute();
  await db.schema.dropTable("promotion_redemptions").execute();
  await db.schema.dropTable("promotions").execute();
}
