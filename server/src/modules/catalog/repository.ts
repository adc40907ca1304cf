import type { ProductSort } from "@krishi/contract";
import { type ExpressionBuilder, type Kysely, type SqlBool, sql, type Transaction } from "kysely";
import { supportsRowLocks } from "../../db/dialect.ts";
import { containsPattern } from "../../db/like.ts";
import type { Database } from "../../db/schema.ts";
import { keyPattern, queryKeys, textKeys } from "./search-keys.ts";

/** The only place with the catalogue's SQL. Rows stay snake_case here. */

export interface ProductFilter {
  /** A category's exact name (English or Hindi, any case) lists that category; other text searches. */
  keyword?: string;
  categoryId?: number;
  categoryName?: string;
  /** Only products with stock. */
  inStock?: boolean;
}

const productColumns = [
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

/** The categories named `name` in English or Hindi, in any case. */
function categoriesNamed(eb: ExpressionBuilder<Database, "products">, name: string) {
  const lower = name.toLowerCase();
  return eb
    .selectFrom("categories")
    .select("categories.id")
    .where(sql<SqlBool>`lower(categories.name) = ${lower} or lower(categories.name_hi) = ${lower}`);
}

/**
 * A keyword search: the keyword as typed appears in the product's text, or every word of it
 * starts a word of the product's text as spelled in search keys (see search-keys.ts).
 */
function matchesKeyword(eb: ExpressionBuilder<Database, "products">, keyword: string) {
  const typed = sql<SqlBool>`products.search_text like ${containsPattern(keyword)} escape '\\'`;
  const keys = queryKeys(keyword);
  if (keys.length === 0) return typed;
  return eb.or([typed, eb.and(keys.map((key) => sql<SqlBool>`products.search_keys like ${keyPattern(key)}`))]);
}

function filtered(db: Kysely<Database>, filter: ProductFilter) {
  let query = db.selectFrom("products");
  const { keyword } = filter;
  if (keyword) {
    query = query.where((eb) =>
      eb.or([
        eb("products.category_id", "in", categoriesNamed(eb, keyword)),
        eb.and([eb.not(eb.exists(categoriesNamed(eb, keyword))), matchesKeyword(eb, keyword)]),
      ]),
    );
  }
  if (filter.categoryId !== undefined) query = query.where("products.category_id", "=", filter.categoryId);
  if (filter.categoryName !== undefined) {
    const name = filter.categoryName;
    query = query.where((eb) => eb("products.category_id", "in", categoriesNamed(eb, name)));
  }
  if (filter.inStock) query = query.where("products.count_in_stock", ">", 0);
  return query;
}

export async function findProducts(db: Kysely<Database>, filter: ProductFilter, sort: ProductSort, limit: number, offset: number) {
  let query = filtered(db, filter).innerJoin("categories", "categories.id", "products.category_id").select(productColumns);
  switch (sort) {
    case "price_asc":
      query = query.orderBy("products.price_paise", "asc");
      break;
    case "price_desc":
      query = query.orderBy("products.price_paise", "desc");
      break;
    case "rating":
      query = query.orderBy("products.rating", "desc").orderBy("products.num_reviews", "desc");
      break;
    case "newest":
      break;
  }
  // Newest first among equals, and always a total order, so pages neither repeat nor skip.
  return query.orderBy("products.created_at", "desc").orderBy("products.id", "desc").limit(limit).offset(offset).execute();
}

export async function countProducts(db: Kysely<Database>, filter: ProductFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findProduct(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .select(productColumns)
    .where("products.id", "=", id)
    .executeTakeFirst();
}

export type ProductWithCategory = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export async function findImages(db: Kysely<Database>, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom("product_images")
    .select(["id", "product_id", "path"])
    .where("product_id", "in", productIds)
    .orderBy("product_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export async function findReviews(db: Kysely<Database>, productId: number) {
  return db
    .selectFrom("reviews")
    .select(["id", "user_id", "name", "rating", "comment", "created_at"])
    .where("product_id", "=", productId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/**
 * Locks a product row for the rest of the transaction (PostgreSQL; SQLite writes one at a time),
 * so concurrent reviews of one product recompute its rating one after another. Answers its id,
 * stock, Hindi texts and tax fields (what an edit may leave as they are).
 */
export async function lockProduct(trx: Transaction<Database>, id: number) {
  const query = trx
    .selectFrom("products")
    .select(["id", "count_in_stock", "name_hi", "description_hi", "hsn_code", "gst_rate"])
    .where("id", "=", id);
  return (supportsRowLocks(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function findUserReview(trx: Transaction<Database>, productId: number, userId: number) {
  return trx.selectFrom("reviews").select("id").where("product_id", "=", productId).where("user_id", "=", userId).executeTakeFirst();
}

export interface NewReview {
  productId: number;
  userId: number;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
}

export async function insertReview(trx: Transaction<Database>, review: NewReview): Promise<void> {
  await trx
    .insertInto("reviews")
    .values({
      product_id: review.productId,
      user_id: review.userId,
      name: review.name,
      rating: review.rating,
      comment: review.comment,
      created_at: review.createdAt,
    })
    .execute();
}

/** Sets rating (the mean) and num_reviews from the product's reviews. */
export async function recomputeRating(trx: Transaction<Database>, productId: number): Promise<void> {
  const { mean, count } = await trx
    .selectFrom("reviews")
    .select((eb) => [eb.fn.avg<number | string | null>("rating").as("mean"), eb.fn.countAll<number | string>().as("count")])
    .where("product_id", "=", productId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("products")
    .set({ rating: mean === null ? 0 : Number(mean), num_reviews: Number(count) })
    .where("id", "=", productId)
    .execute();
}

export async function findCategories(db: Kysely<Database>) {
  return db.selectFrom("categories").select(["id", "name", "name_hi"]).orderBy("name").execute();
}

export interface SearchableProduct {
  name: string;
  brand: string;
  category: string;
  description: string;
  nameHi?: string | undefined;
  descriptionHi?: string | undefined;
  /** The category's Hindi name. */
  categoryHi?: string | undefined;
}

/**
 * What keyword search scans, kept in one place so writers and the seed agree: `search_text`, the
 * product's texts in English and Hindi, lower-cased, one per line; `search_keys`, the spelling
 * keys of their words, each after a space (and one at the end), so that a key can be matched as
 * the start of a word or as a whole word (search-keys.ts).
 */
export function searchColumns(parts: SearchableProduct): { search_text: string; search_keys: string } {
  const texts = [parts.name, parts.brand, parts.category, parts.description, parts.nameHi, parts.descriptionHi, parts.categoryHi];
  const text = texts.filter(Boolean).join("\n");
  // The keys in a column of their own: a query's keys are looked for there, in a short text.
  return { search_text: text.toLowerCase(), search_keys: ` ${textKeys(text).join(" ")} ` };
}

/**
 * Fills the search text of every product that has none (after migration 0005 emptied them all, or
 * a row written without one). Answers how many it filled.
 */
export async function indexUnsearchableProducts(db: Kysely<Database>): Promise<number> {
  const rows = await db
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .select(productColumns)
    .where((eb) => eb.or([eb("products.search_text", "=", ""), eb("products.search_keys", "=", "")]))
    .execute();
  if (rows.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      await trx
        .updateTable("products")
        .set(searchColumns(searchable(row)))
        .where("id", "=", row.id)
        .execute();
    }
  });
  return rows.length;
}

const searchable = (row: ProductWithCategory): SearchableProduct => ({
  name: row.name,
  brand: row.brand,
  category: row.category_name,
  description: row.description,
  nameHi: row.name_hi,
  descriptionHi: row.description_hi,
  categoryHi: row.category_name_hi,
});

// ---- Writes of the staff back office. The catalogue is the one writer of products, their
// images and categories; search_text is set here, beside every write of the fields it covers.

type Writer = Kysely<Database> | Transaction<Database>;

export interface CategoryRow {
  id: number;
  name: string;
  name_hi: string;
}

/** The category with this name (case-insensitive), created when there is none. */
export async function categoryNamed(trx: Transaction<Database>, name: string): Promise<CategoryRow> {
  const existing = await trx
    .selectFrom("categories")
    .select(["id", "name", "name_hi"])
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
    .executeTakeFirst();
  if (existing) return existing;
  return trx.insertInto("categories").values({ name }).returning(["id", "name", "name_hi"]).executeTakeFirstOrThrow();
}

export async function findCategory(db: Writer, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom("categories").select(["id", "name", "name_hi"]).where("id", "=", id).executeTakeFirst();
}

export interface ProductFields {
  name: string;
  brand: string;
  category: CategoryRow;
  description: string;
  nameHi: string;
  descriptionHi: string;
  pricePaise: number;
  countInStock: number;
  /** The HSN code (4, 6 or 8 digits, or "") and the GST rate in percent (one of GST_RATES). */
  hsnCode: string;
  gstRate: number;
}

const productValues = (fields: ProductFields) => ({
  name: fields.name,
  brand: fields.brand,
  category_id: fields.category.id,
  description: fields.description,
  name_hi: fields.nameHi,
  description_hi: fields.descriptionHi,
  price_paise: fields.pricePaise,
  count_in_stock: fields.countInStock,
  hsn_code: fields.hsnCode,
  gst_rate: fields.gstRate,
  ...searchColumns({
    name: fields.name,
    brand: fields.brand,
    category: fields.category.name,
    description: fields.description,
    nameHi: fields.nameHi,
    descriptionHi: fields.descriptionHi,
    categoryHi: fields.category.name_hi,
  }),
});

export async function insertProduct(trx: Transaction<Database>, fields: ProductFields, at: string): Promise<number> {
  const row = await trx
    .insertInto("products")
    .values({ ...productValues(fields), created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProduct(trx: Transaction<Database>, id: number, fields: ProductFields, at: string): Promise<void> {
  await trx
    .updateTable("products")
    .set({ ...productValues(fields), updated_at: at })
    .where("id", "=", id)
    .execute();
}

/** Deletes a product (its images and reviews go with it; order lines keep their snapshot). */
export async function deleteProduct(trx: Transaction<Database>, id: number): Promise<boolean> {
  const result = await trx.deleteFrom("products").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findImage(db: Writer, id: number) {
  return db.selectFrom("product_images").select(["id", "product_id", "path"]).where("id", "=", id).executeTakeFirst();
}

/** Appends an image after the product's others. */
export async function insertImage(trx: Transaction<Database>, productId: number, path: string): Promise<void> {
  const { last } = await trx
    .selectFrom("product_images")
    .select((eb) => eb.fn.max<number | null>("position").as("last"))
    .where("product_id", "=", productId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("product_images")
    .values({ product_id: productId, path, position: last === null ? 0 : Number(last) + 1 })
    .execute();
}

export async function deleteImage(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom("product_images").where("id", "=", id).execute();
}

export async function setImagePosition(trx: Transaction<Database>, id: number, position: number): Promise<void> {
  await trx.updateTable("product_images").set({ position }).where("id", "=", id).execute();
}

/** Which of these image paths an order line still shows (those files must stay). */
export async function pathsInOrders(db: Writer, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db.selectFrom("order_items").select("image").distinct().where("image", "in", paths).execute();
  return new Set(rows.map((row) => row.image));
}

/** Products with at most `threshold` units left, fewest first. */
export async function findLowStock(db: Writer, threshold: number, limit: number) {
  return db
    .selectFrom("products")
    .select(["id", "name", "count_in_stock"])
    .where("count_in_stock", "<=", threshold)
    .orderBy("count_in_stock")
    .orderBy("id")
    .limit(limit)
    .execute();
}

// ---- Inventory: checkouts take stock through these, inside their own transaction.

/**
 * Takes `qty` units of a product if, and only if, that many are in stock — one atomic UPDATE,
 * so concurrent checkouts can never oversell. Answers false when the stock was not there.
 */
export async function takeStock(trx: Transaction<Database>, productId: number, qty: number): Promise<boolean> {
  const result = await trx
    .updateTable("products")
    .set((eb) => ({ count_in_stock: eb("count_in_stock", "-", qty) }))
    .where("id", "=", productId)
    .where("count_in_stock", ">=", qty)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts units back on sale (a cancelled or expired order's); a deleted product takes none. */
export async function returnStock(trx: Transaction<Database>, productId: number, qty: number): Promise<void> {
  await trx
    .updateTable("products")
    .set((eb) => ({ count_in_stock: eb("count_in_stock", "+", qty) }))
    .where("id", "=", productId)
    .execute();
}

/** What a checkout prices a line with: name, price, stock, HSN code, GST rate and first image. */
export async function productsForOrder(trx: Transaction<Database>, ids: readonly number[]) {
  return trx
    .selectFrom("products")
    .select(["id", "name", "price_paise", "count_in_stock", "hsn_code", "gst_rate"])
    .select((eb) =>
      eb
        .selectFrom("product_images")
        .select("path")
        .whereRef("product_images.product_id", "=", "products.id")
        .orderBy("position")
        .orderBy("id")
        .limit(1)
        .as("image"),
    )
    .where("id", "in", ids)
    .execute();
}
