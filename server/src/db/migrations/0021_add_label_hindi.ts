import type { Kysely } from "kysely";

/**
 * The label's values in Hindi, beside the English ones of migration 0016, for the texts staff
 * write in words: the generic name, the country of origin, best before and customer care. "" when
 * not given (the product page then shows the English).
 */
const TEXTS = [
  ["generic_name_hi", 200],
  ["country_of_origin_hi", 60],
  ["best_before_hi", 100],
  ["customer_care_hi", 300],
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, length] of TEXTS) {
    await db.schema
      .alterTable("products")
      .addColumn(name, `varchar(${length})`, (c) => c.notNull().defaultTo(""))
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of TEXTS) await db.schema.alterTable("products").dropColumn(name).execute();
}
