import { type Kysely, sql, type Transaction } from "kysely";
import { supportsRowLocks } from "../../db/dialect.ts";
import { containsPattern } from "../../db/like.ts";
import type { Database } from "../../db/schema.ts";

/** The only place with the catalogue's SQL. Rows stay snake_case here. */

export interface ProductFilter {
  keyword?: string;
  categoryId?: number;
  categoryName?: string;
}

const productColumns = [
  "products.id",
  "products.name",
  "products.brand",
  "products.description",
  "products.price_paise",
  "products.count_in_stock",
  "products.rating",
  "products.num_reviews",
  "products.created_at",
  "products.category_id",
  "categories.name as category_name",
] as const;

function filtered(db: Kysely<Database>, filter: ProductFilter) {
  let query = db.selectFrom("products");
  if (filter.keyword) {
    query = query.where(sql<boolean>`products.search_text like ${containsPattern(filter.keyword)} escape '\\'`);
  }
  if (filter.categoryId !== undefined) query = query.where("products.category_id", "=", filter.categoryId);
  if (filter.categoryName !== undefined) {
    const name = filter.categoryName.toLowerCase();
    query = query.where("products.category_id", "in", (eb) =>
      eb.selectFrom("categories").select("categories.id").where(sql<boolean>`lower(categories.name) = ${name}`),
    );
  }
  return query;
}

export async function findProducts(db: Kysely<Database>, filter: ProductFilter, limit: number, offset: number) {
  return filtered(db, filter)
    .innerJoin("categories", "categories.id", "products.category_id")
    .select(productColumns)
    .orderBy("products.created_at", "desc")
    .orderBy("products.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
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
    .select(["id", "name", "rating", "comment", "created_at"])
    .where("product_id", "=", productId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/**
 * Locks a product row for the rest of the transaction (PostgreSQL; SQLite writes one at a time),
 * so concurrent reviews of one product recompute its rating one after another. Answers its id.
 */
export async function lockProduct(trx: Transaction<Database>, id: number) {
  const query = trx.selectFrom("products").select(["id", "count_in_stock"]).where("id", "=", id);
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
  return db.selectFrom("categories").select(["id", "name"]).orderBy("name").execute();
}

/** What keyword search scans; kept in one place so writers and the seed agree. */
export function searchText(parts: { name: string; brand: string; category: string; description: string }): string {
  return [parts.name, parts.brand, parts.category, parts.description].join("\n").toLowerCase();
}

// ---- Writes of the staff back office. The catalogue is the one writer of products, their
// images and categories; search_text is set here, beside every write of the fields it covers.

type Writer = Kysely<Database> | Transaction<Database>;

/** The category with this name (case-insensitive), created when there is none. Answers its id. */
export async function categoryIdFor(trx: Transaction<Database>, name: string): Promise<number> {
  const existing = await trx
    .selectFrom("categories")
    .select("id")
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
    .executeTakeFirst();
  if (existing) return existing.id;
  const row = await trx.insertInto("categories").values({ name }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function findCategory(db: Writer, id: number) {
  return db.selectFrom("categories").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
}

export interface ProductFields {
  name: string;
  brand: string;
  categoryId: number;
  categoryName: string;
  description: string;
  pricePaise: number;
  countInStock: number;
}

const productValues = (fields: ProductFields) => ({
  name: fields.name,
  brand: fields.brand,
  category_id: fields.categoryId,
  description: fields.description,
  price_paise: fields.pricePaise,
  count_in_stock: fields.countInStock,
  search_text: searchText({ name: fields.name, brand: fields.brand, category: fields.categoryName, description: fields.description }),
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

export async function productsForOrder(trx: Transaction<Database>, ids: readonly number[]) {
  return trx
    .selectFrom("products")
    .select(["id", "name", "price_paise", "count_in_stock"])
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
