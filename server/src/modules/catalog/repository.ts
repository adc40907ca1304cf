import { type Kysely, sql, type Transaction } from "kysely";
import { supportsRowLocks } from "../../db/dialect.ts";
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

/** Escapes LIKE's wildcards so a keyword such as "50%" matches literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: Kysely<Database>, filter: ProductFilter) {
  let query = db.selectFrom("products");
  if (filter.keyword) {
    query = query.where(sql<boolean>`products.search_text like ${likePattern(filter.keyword)} escape '\\'`);
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
  const query = trx.selectFrom("products").select("id").where("id", "=", id);
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
