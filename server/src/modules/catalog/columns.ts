import type { Kysely, Selection, Transaction } from "kysely";
import { dialectOf } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";

/**
 * The small pieces the catalogue's SQL shares: a product row's columns, and which database a
 * query runs on. Below repository.ts, the search-*.ts files and product-pages.ts, so none imports
 * another for them.
 */

export const productColumns = [
  "products.id",
  "products.name",
  "products.brand",
  "products.description",
  "products.name_hi",
  "products.description_hi",
  "products.price_paise",
  "products.hsn_code",
  "products.gst_rate",
  "products.count_in_stock",
  "products.rating",
  "products.num_reviews",
  "products.created_at",
  "products.category_id",
  "categories.name as category_name",
  "categories.name_hi as category_name_hi",
] as const;

/** A product row as productColumns selects it (findProduct's rows). */
export type ProductWithCategory = Selection<Database, "products" | "categories", (typeof productColumns)[number]>;

export const isSqlite = (db: Kysely<Database> | Transaction<Database>) => dialectOf(db as unknown as Kysely<unknown>) === "sqlite";

export type Writer = Kysely<Database> | Transaction<Database>;
