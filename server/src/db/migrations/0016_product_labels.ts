import { type Kysely, sql } from "kysely";

/**
 * A product's label: what the Legal Metrology (Packaged Commodities) Rules ask an online shop to
 * show (the manufacturer or packer and their address, the country of origin, the generic name,
 * best before, customer care) and what a regulated farm input carries (`label_kind`: a
 * pesticide's CIB&RC registration number; a seed's variety, lot, germination and test date; a
 * fertiliser's FCO grade). Texts are "" when not given; existing products are "general", made in
 * India, until staff say otherwise.
 */
const TEXTS = [
  ["manufacturer", 200],
  ["manufacturer_address", 500],
  ["generic_name", 200],
  ["best_before", 100],
  ["customer_care", 300],
  ["cibrc_number", 60],
  ["seed_variety", 100],
  ["seed_lot", 60],
  ["fco_grade", 60],
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("label_kind", "varchar(10)", (c) =>
      c.notNull().defaultTo("general").check(sql`label_kind in ('general', 'pesticide', 'seed', 'fertiliser')`),
    )
    .execute();
  for (const [name, length] of TEXTS) {
    await db.schema
      .alterTable("products")
      .addColumn(name, `varchar(${length})`, (c) => c.notNull().defaultTo(""))
      .execute();
  }
  await db.schema
    .alterTable("products")
    .addColumn("country_of_origin", "varchar(60)", (c) => c.notNull().defaultTo("India"))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("germination_percent", "integer", (c) => c.check(sql`germination_percent between 0 and 100`))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("seed_test_date", "varchar(10)", (c) => c.notNull().defaultTo(""))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const columns = ["label_kind", ...TEXTS.map(([name]) => name), "country_of_origin", "germination_percent", "seed_test_date"];
  for (const column of columns) await db.schema.alterTable("products").dropColumn(column).execute();
}
