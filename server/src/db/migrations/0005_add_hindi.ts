import { type Kysely, sql } from "kysely";

/**
 * Hindi: product and category names and descriptions in Hindi beside the English ones, and the
 * language of each customer's e-mails. Search now also indexes the Hindi text, and the spelling
 * keys of every word in a column of their own: every product's search_text is emptied here, and
 * the application fills each empty one from its current search rules at start-up (main.ts), so
 * this migration stays frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("name_hi", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("description_hi", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("categories")
    .addColumn("name_hi", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("language", "varchar(2)", (c) => c.notNull().defaultTo("en").check(sql`language in ('en', 'hi')`))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("search_keys", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.updateTable("products").set({ search_text: "" }).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("language").execute();
  await db.schema.alterTable("categories").dropColumn("name_hi").execute();
  await db.schema.alterTable("products").dropColumn("search_keys").execute();
  await db.schema.alterTable("products").dropColumn("description_hi").execute();
  await db.schema.alterTable("products").dropColumn("name_hi").execute();
}
