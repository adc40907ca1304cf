import type { Kysely } from "kysely";
import { booleanType, falseDefault } from "../dialect.ts";

/**
 * Prices that include GST (PRICES_INCLUDE_TAX, GST mode): `orders.prices_include_tax` keeps what an
 * order's prices meant when it was placed, so its total, invoice and refunds keep that meaning
 * whatever the shop's setting later becomes. Orders placed before had GST added on top: false.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("prices_include_tax", booleanType(db), (c) => c.notNull().defaultTo(falseDefault))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("prices_include_tax").execute();
}
