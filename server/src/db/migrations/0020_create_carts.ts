import { type Kysely, sql } from "kysely";
import { idColumn, timestampType } from "../dialect.ts";

/**
 * Carts on the server: a customer's (user_id, one per account) or a guest's, found by the SHA-256
 * (hex) of the random id in the guest's cart cookie. A line is one pack of a product with its
 * quantity; it goes with its cart, and with its product or pack when staff remove them. Guest
 * carts untouched for 30 days are removed by a job (the index on updated_at finds them).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("carts")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (c) => c.unique().references("users.id").onDelete("cascade"))
    .addColumn("guest_hash", "varchar(64)", (c) => c.unique())
    .addColumn("created_at", timestampType(db), (c) => c.notNull())
    .addColumn("updated_at", timestampType(db), (c) => c.notNull())
    .addCheckConstraint("carts_owner", sql`(user_id is null) <> (guest_hash is null)`)
    .execute();
  await db.schema.createIndex("carts_updated_at_idx").on("carts").columns(["updated_at"]).execute();
  await db.schema
    .createTable("cart_lines")
    .addColumn("cart_id", "integer", (c) => c.notNull().references("carts.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("variant_id", "integer", (c) => c.notNull().references("product_variants.id").onDelete("cascade"))
    .addColumn("qty", "integer", (c) => c.notNull().check(sql`qty >= 1`))
    .addColumn("added_at", timestampType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint("cart_lines_pk", ["cart_id", "variant_id"])
    .execute();
  await db.schema.createIndex("cart_lines_variant_idx").on("cart_lines").columns(["variant_id"]).execute();
  await db.schema.createIndex("cart_lines_product_idx").on("cart_lines").columns(["product_id"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("cart_lines").execute();
  await db.schema.dropTable("carts").execute();
}
