import { type Kysely, sql } from "kysely";
import { booleanType, falseDefault, idColumn, timestampType } from "../dialect.ts";

/**
 * Selling in India: HSN codes and GST rates of products, phone numbers of addresses, the GST of
 * every order line and of the order's charges (shipping and the Cash on Delivery fee), tax
 * invoices and credit notes numbered without gaps per series, and the PIN codes the shop serves.
 * Orders placed before this release keep their flat tax, shown as shares of it per line.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  const ts = timestampType(db);
  const bool = booleanType(db);
  const paise = (table: string, column: string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
  const text = (table: string, column: string, size: number) =>
    db.schema
      .alterTable(table)
      .addColumn(column, `varchar(${size})`, (c) => c.notNull().defaultTo(""))
      .execute();
  const rate = (table: string, column: string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql.raw(`${column} in (0, 5, 12, 18, 28)`)),
      )
      .execute();

  await text("products", "hsn_code", 8);
  await rate("products", "gst_rate");
  await text("addresses", "phone", 10);

  await text("orders", "ship_phone", 10);
  /** The buyer's GST state code (the place of supply), "" when not in GST mode. */
  await text("orders", "place_of_supply", 2);
  await text("orders", "seller_state_code", 2);
  await db.schema
    .alterTable("orders")
    .addColumn("tax_mode", "varchar(4)", (c) => c.notNull().defaultTo("flat"))
    .execute();
  await paise("orders", "cod_fee_paise");
  await rate("orders", "charges_gst_rate");
  for (const column of ["cgst_paise", "sgst_paise", "igst_paise", "charges_tax_paise"]) await paise("orders", column);

  await text("order_items", "hsn_code", 8);
  await rate("order_items", "gst_rate");
  for (const column of ["tax_paise", "cgst_paise", "sgst_paise", "igst_paise"]) await paise("order_items", column);

  // The flat tax of earlier orders, shown per line: each line's share (rounded down; the first line takes the rest).
  await sql`update order_items set tax_paise = (
      select (order_items.price_paise * order_items.qty * o.tax_paise) / case when o.items_paise = 0 then 1 else o.items_paise end
      from orders o where o.id = order_items.order_id)`.execute(db);
  await sql`update order_items set tax_paise = tax_paise + (
      select o.tax_paise - (select coalesce(sum(i.tax_paise), 0) from order_items i where i.order_id = o.id)
      from orders o where o.id = order_items.order_id)
    where id = (select min(i.id) from order_items i where i.order_id = order_items.order_id)`.execute(db);

  /** The last number given in each series (one row per series and financial year): numbers are taken under its row lock. */
  await db.schema
    .createTable("document_series")
    .addColumn("series", "varchar(40)", (c) => c.primaryKey())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .execute();

  /** Tax invoices (one per paid order) and credit notes (one per refund), never deleted. */
  await db.schema
    .createTable("tax_documents")
    .addColumn("id", "integer", id)
    .addColumn("kind", "varchar(12)", (c) => c.notNull().check(sql`kind in ('invoice', 'credit_note')`))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("refund_id", "integer", (c) => c.unique().references("refunds.id"))
    .addColumn("series", "varchar(40)", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("number", "varchar(60)", (c) => c.notNull().unique())
    .addColumn("taxable_paise", "bigint", (c) => c.notNull())
    .addColumn("cgst_paise", "bigint", (c) => c.notNull())
    .addColumn("sgst_paise", "bigint", (c) => c.notNull())
    .addColumn("igst_paise", "bigint", (c) => c.notNull())
    .addColumn("total_paise", "bigint", (c) => c.notNull())
    .addColumn("place_of_supply", "varchar(2)", (c) => c.notNull())
    .addColumn("issued_at", ts, (c) => c.notNull())
    .addUniqueConstraint("tax_documents_series_seq_unique", ["series", "seq"])
    .execute();
  await db.schema
    .createIndex("tax_documents_one_invoice_per_order")
    .on("tax_documents")
    .column("order_id")
    .unique()
    .where(sql.ref("kind"), "=", "invoice")
    .execute();
  await db.schema.createIndex("tax_documents_issued_idx").on("tax_documents").columns(["issued_at", "id"]).execute();

  /** Where the shop delivers: a PIN or a PIN prefix (1–6 digits), days to deliver, and whether COD is allowed. */
  await db.schema
    .createTable("serviceable_pins")
    .addColumn("prefix", "varchar(6)", (c) => c.primaryKey())
    .addColumn("delivery_days", "integer", (c) => c.notNull().check(sql`delivery_days between 0 and 60`))
    .addColumn("cod", bool, (c) => c.notNull().defaultTo(falseDefault))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("serviceable_pins").execute();
  await db.schema.dropTable("tax_documents").execute();
  await db.schema.dropTable("document_series").execute();
  for (const column of ["hsn_code", "gst_rate", "tax_paise", "cgst_paise", "sgst_paise", "igst_paise"]) {
    await db.schema.alterTable("order_items").dropColumn(column).execute();
  }
  for (const column of [
    "ship_phone",
    "place_of_supply",
    "seller_state_code",
    "tax_mode",
    "cod_fee_paise",
    "charges_gst_rate",
    "cgst_paise",
    "sgst_paise",
    "igst_paise",
    "charges_tax_paise",
  ]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
  await db.schema.alterTable("addresses").dropColumn("phone").execute();
  await db.schema.alterTable("products").dropColumn("gst_rate").execute();
  await db.schema.alterTable("products").dropColumn("hsn_code").execute();
}
