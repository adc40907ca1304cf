import { type Kysely, sql } from "kysely";
import { idColumn, timestampType } from "../dialect.ts";

/**
 * The shop's shipping rules by weight and zone (contract/src/shipping.ts): a charge per weight slab
 * [min_grams, max_grams) in a zone (a PIN prefix, or '' for everywhere), free when the items cost
 * more than free_above_paise. No rows: the spec's rule (₹10, free above ₹100). Slabs of one zone
 * must not overlap: the service checks that, as a constraint cannot say it on both databases (and
 * SQLite keeps no varchar length of itself: the zone's is checked).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("shipping_rules")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("zone", "varchar(6)", (c) => c.notNull().defaultTo("").check(sql`length(zone) <= 6`))
    .addColumn("min_grams", "integer", (c) => c.notNull().check(sql`min_grams >= 0`))
    .addColumn("max_grams", "integer", (c) => c.check(sql`max_grams > min_grams`))
    .addColumn("charge_paise", "bigint", (c) => c.notNull().check(sql`charge_paise >= 0`))
    .addColumn("free_above_paise", "bigint", (c) => c.check(sql`free_above_paise >= 0`))
    .addColumn("created_at", timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("shipping_rules_zone").on("shipping_rules").columns(["zone", "min_grams"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("shipping_rules").execute();
}
