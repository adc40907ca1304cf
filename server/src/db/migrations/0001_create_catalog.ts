import { type Kysely, sql } from "kysely";
import { booleanType, falseDefault, idColumn, realType, timestampType } from "../dialect.ts";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  const ts = timestampType(db);
  const bool = booleanType(db);

  await db.schema
    .createTable("users")
    .addColumn("id", "integer", id)
    .addColumn("email", "varchar(254)", (c) => c.notNull().unique())
    .addColumn("password_hash", "varchar(255)")
    .addColumn("first_name", "varchar(150)", (c) => c.notNull().defaultTo(""))
    .addColumn("last_name", "varchar(150)", (c) => c.notNull().defaultTo(""))
    .addColumn("is_staff", bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn("is_active", bool, (c) => c.notNull().defaultTo(sql`true`))
    .addColumn("email_verified", bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn("google_sub", "varchar(255)", (c) => c.unique())
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("last_login", ts)
    .execute();

  await db.schema
    .createTable("categories")
    .addColumn("id", "integer", id)
    .addColumn("name", "varchar(100)", (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "integer", id)
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("brand", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("price_paise", "bigint", (c) => c.notNull().check(sql`price_paise >= 0`))
    .addColumn("count_in_stock", "integer", (c) => c.notNull().defaultTo(0).check(sql`count_in_stock >= 0`))
    .addColumn("rating", realType(db), (c) => c.notNull().defaultTo(0))
    .addColumn("num_reviews", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("products_category_idx").on("products").columns(["category_id", "created_at"]).execute();
  await db.schema.createIndex("products_created_idx").on("products").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("product_images")
    .addColumn("id", "integer", id)
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("path", "varchar(255)", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("product_images_product_idx").on("product_images").columns(["product_id", "position"]).execute();

  await db.schema
    .createTable("reviews")
    .addColumn("id", "integer", id)
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addUniqueConstraint("reviews_product_user_unique", ["product_id", "user_id"])
    .execute();
  await db.schema.createIndex("reviews_product_idx").on("reviews").columns(["product_id", "created_at"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["reviews", "product_images", "products", "categories", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
