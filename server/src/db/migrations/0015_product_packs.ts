import { type Kysely, sql } from "kysely";
import { dialectOf, idColumn, realType, timestampType } from "../dialect.ts";

/**
 * Packs: a product is sold in one or more packs (`product_variants`: urea in a 45 kg bag, seed in
 * 250 g, 1 kg and 4 kg), each with its label, SKU (unique in the shop when given), net quantity
 * and unit, price, MRP, stock and shipping weight; the pack at the lowest position is the
 * product's default. An order line remembers its pack (`order_items.variant_id`, set null when the
 * pack is removed) and the pack's label, which outlives it.
 *
 * Every existing product becomes a product with one pack: its price (as MRP too) and stock, and a
 * label and quantity read from a quantity ending its name ("Urea 45 kg": "45 kg", 45 kg, shipping
 * weight 45 000 g), else "1 pack" of 1 piece weighing 0 g. Its order lines get that pack.
 *
 * Down: products keep the default pack's price and the stock of all their packs.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable("product_variants")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("label", "varchar(40)", (c) => c.notNull())
    .addColumn("sku", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("net_quantity", realType(db), (c) => c.notNull().check(sql`net_quantity > 0`))
    .addColumn("unit", "varchar(5)", (c) => c.notNull().check(sql`unit in ('g', 'kg', 'ml', 'l', 'piece')`))
    .addColumn("price_paise", "bigint", (c) => c.notNull().check(sql`price_paise >= 0`))
    .addColumn("mrp_paise", "bigint", (c) => c.notNull().check(sql`mrp_paise >= 0`))
    .addColumn("count_in_stock", "integer", (c) => c.notNull().check(sql`count_in_stock >= 0`))
    .addColumn("weight_grams", "integer", (c) => c.notNull().defaultTo(0).check(sql`weight_grams >= 0`))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("product_variants_product_idx").on("product_variants").columns(["product_id", "position"]).execute();
  // One pack per SKU in the shop; packs without a SKU ("") are many.
  await db.schema
    .createIndex("product_variants_sku_unique")
    .on("product_variants")
    .column("sku")
    .unique()
    .where(sql.ref("sku"), "<>", "")
    .execute();

  await db.schema
    .alterTable("order_items")
    .addColumn("variant_id", "integer", (c) => c.references("product_variants.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("variant_label", "varchar(40)", (c) => c.notNull().defaultTo(""))
    .execute();
  // Removing a pack sets its lines' variant_id to null: found by this index, not a scan.
  await db.schema.createIndex("order_items_variant_idx").on("order_items").column("variant_id").execute();

  await giveEveryProductOnePack(db);
  await db
    .updateTable("order_items")
    .set((eb) => ({
      variant_id: eb.selectFrom("product_variants").select("id").whereRef("product_variants.product_id", "=", "order_items.product_id"),
      variant_label: eb.fn.coalesce(
        eb.selectFrom("product_variants").select("label").whereRef("product_variants.product_id", "=", "order_items.product_id"),
        sql.lit(""),
      ),
    }))
    .where("product_id", "is not", null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  const packs = (eb: any) => eb.selectFrom("product_variants").whereRef("product_variants.product_id", "=", "products.id");
  await db
    .updateTable("products")
    .set((eb) => ({
      price_paise: packs(eb).select("price_paise").orderBy("position").orderBy("id").limit(1),
      // biome-ignore lint/suspicious/noExplicitAny: see up()
      count_in_stock: packs(eb).select((e: any) => e.fn.sum("count_in_stock").as("n")),
    }))
    .where((eb) => eb.exists(packs(eb).select("id")))
    .execute();

  await db.schema.dropIndex("order_items_variant_idx").execute();
  if (dialectOf(db) === "postgres") {
    await db.schema.alterTable("order_items").dropColumn("variant_id").execute();
    await db.schema.alterTable("order_items").dropColumn("variant_label").execute();
  } else {
    // SQLite cannot drop a column that references another table: the table is rebuilt without both.
    await rebuildOrderItemsOnSqlite(db);
  }
  await db.schema.dropTable("product_variants").execute();
}

/** Units a quantity ending a name may be written in, and the pack unit each is. */
const UNITS: Record<string, "g" | "kg" | "ml" | "l"> = {
  g: "g",
  gm: "g",
  gms: "g",
  gram: "g",
  grams: "g",
  kg: "kg",
  kgs: "kg",
  ml: "ml",
  l: "l",
  lt: "l",
  ltr: "l",
  litre: "l",
  liter: "l",
  litres: "l",
  liters: "l",
};
const TRAILING_QUANTITY = /(\d+(?:\.\d+)?)\s*([a-z]+)\.?\s*$/i;
const GRAMS_PER_UNIT = { g: 1, kg: 1000, ml: 1, l: 1000 } as const;

/** The pack a product's name declares ("Urea 45 kg": 45 kg), else one piece. */
function packFromName(name: string): { label: string; netQuantity: number; unit: string; weightGrams: number } {
  const match = TRAILING_QUANTITY.exec(name);
  const unit = match ? UNITS[(match[2] ?? "").toLowerCase()] : undefined;
  const quantity = match ? Number(match[1]) : 0;
  if (!unit || !(quantity > 0) || quantity > 1_000_000) return { label: "1 pack", netQuantity: 1, unit: "piece", weightGrams: 0 };
  return {
    label: `${quantity} ${unit}`,
    netQuantity: quantity,
    unit,
    weightGrams: Math.round(quantity * GRAMS_PER_UNIT[unit]),
  };
}

/** One pack per product, in pages of products (a large catalogue is not read at once). */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function giveEveryProductOnePack(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const products = await db
      .selectFrom("products")
      .select(["id", "name", "price_paise", "count_in_stock", "created_at", "updated_at"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute();
    if (products.length === 0) return;
    await db
      .insertInto("product_variants")
      .values(
        products.map((product) => {
          const pack = packFromName(product.name);
          return {
            product_id: product.id,
            position: 0,
            label: pack.label,
            sku: "",
            net_quantity: pack.netQuantity,
            unit: pack.unit,
            price_paise: product.price_paise,
            mrp_paise: product.price_paise,
            count_in_stock: Math.max(0, Number(product.count_in_stock)),
            weight_grams: pack.weightGrams,
            created_at: product.created_at,
            updated_at: product.updated_at,
          };
        }),
      )
      .execute();
    after = Number(products.at(-1)?.id);
  }
}

/**
 * SQLite: rebuilds `order_items` without variant_id and variant_label (its stored CREATE TABLE
 * edited), rows, ids, indexes and AUTOINCREMENT counter kept. Foreign keys are off meanwhile
 * (else dropping the old table would delete the refund and return lines that reference its rows)
 * and checked before the commit.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function rebuildOrderItemsOnSqlite(db: Kysely<any>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'order_items'`.execute(trx);
      const create = rows[0]?.sql ?? "";
      const without = create.replace(/,\s*"variant_(id|label)"[^,]*?(?=,|\)\s*$)/g, "");
      if (without === create || without.includes("variant_")) throw new Error(`order_items is not as expected: ${create}`);
      const { rows: indexes } = await sql<{
        sql: string;
      }>`select sql from sqlite_master where type = 'index' and tbl_name = 'order_items' and sql is not null`.execute(trx);
      const { rows: sequence } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'order_items'`.execute(trx);
      const columns = (await sql<{ name: string }>`select name from pragma_table_info('order_items')`.execute(trx)).rows
        .map((column) => column.name)
        .filter((name) => !name.startsWith("variant_"))
        .map((name) => `"${name}"`)
        .join(", ");
      await sql.raw(without.replace(/^CREATE TABLE "order_items"/, 'CREATE TABLE "order_items_rebuilt"')).execute(trx);
      await sql.raw(`insert into order_items_rebuilt (${columns}) select ${columns} from order_items`).execute(trx);
      await sql`drop table order_items`.execute(trx);
      await sql`alter table order_items_rebuilt rename to order_items`.execute(trx);
      for (const index of indexes) await sql.raw(index.sql).execute(trx);
      if (sequence[0]) await sql`update sqlite_sequence set seq = ${sequence[0].seq} where name = 'order_items'`.execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`rebuilding order_items broke ${broken.rows.length} references`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
