import type { Kysely, Selection, Transaction } from "kysely";
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
  "products.label_kind",
  "products.manufacturer",
  "products.manufacturer_address",
  "products.country_of_origin",
  "products.generic_name",
  "products.best_before",
  "products.customer_care",
  "products.cibrc_number",
  "products.seed_variety",
  "products.seed_lot",
  "products.germination_percent",
  "products.seed_test_date",
  "products.fco_grade",
  "products.generic_name_hi",
  "products.country_of_origin_hi",
  "products.best_before_hi",
  "products.customer_care_hi",
] as const;

/** The columns of a product's label (migration 0016, its Hindi values 0021). */
export const labelColumns = [
  "label_kind",
  "manufacturer",
  "manufacturer_address",
  "country_of_origin",
  "generic_name",
  "best_before",
  "customer_care",
  "cibrc_number",
  "seed_variety",
  "seed_lot",
  "germination_percent",
  "seed_test_date",
  "fco_grade",
  "generic_name_hi",
  "country_of_origin_hi",
  "best_before_hi",
  "customer_care_hi",
] as const;

export type LabelRow = Selection<Database, "products", (typeof labelColumns)[number]>;

/** What the product JSON shows of a pack, as the lists gather it (JSON) and findPacks reads it. */
export const packJsonColumns = [
  "product_variants.id",
  "product_variants.label",
  "product_variants.sku",
  "product_variants.net_quantity",
  "product_variants.unit",
  "product_variants.price_paise",
  "product_variants.mrp_paise",
  "product_variants.count_in_stock",
  "product_variants.weight_grams",
] as const;

export type PackJsonRow = Selection<Database, "product_variants", (typeof packJsonColumns)[number]>;

/** A product row as productColumns selects it (findProduct's rows). */
export type ProductWithCategory = Selection<Database, "products" | "categories", (typeof productColumns)[number]>;

export type Writer = Kysely<Database> | Transaction<Database>;
