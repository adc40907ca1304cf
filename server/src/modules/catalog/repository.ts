import type { PackUnit, ProductKind } from "@krishi/contract";
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from "kysely";
import { supportsRowLocks, supportsWritingCtes } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { type LabelRow, labelColumns, packJsonColumns, productColumns, type Writer } from "./columns.ts";
import { type SearchIndex, searchColumns } from "./search-index.ts";

/**
 * The catalogue's plain SQL: a product and its images, reviews and categories, the writes of the
 * staff back office, and inventory. Lists are in product-pages.ts, keyword search in
 * search-plan.ts, search-match.ts and the database's SearchBackend (search-backend.ts), the search
 * index in search-index.ts. Rows stay snake_case here.
 */

// Kept importable from here for the bench, the test factories and the migration tests.

/** Products with their category's names, as productColumns selects them. */
const withCategory = (db: Writer) =>
  db.selectFrom("products").innerJoin("categories", "categories.id", "products.category_id").select(productColumns);

export async function findProduct(db: Kysely<Database>, id: number) {
  return withCategory(db).where("products.id", "=", id).executeTakeFirst();
}

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
    .select(["id", "count_in_stock", "name_hi", "description_hi", "hsn_code", "gst_rate", ...labelColumns])
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

/**
 * The categories shoppers browse: those with products. A category left empty (Create Product's
 * "Sample category" once its product moved on, or one whose products were deleted) is not shown,
 * as tapping it would find nothing; staff may still fill it again by its name.
 */
export async function findCategories(db: Kysely<Database>) {
  return db
    .selectFrom("categories")
    .select(["id", "name", "name_hi"])
    .where((eb) => eb.exists(eb.selectFrom("products").select("products.id").whereRef("products.category_id", "=", "categories.id")))
    .orderBy("name")
    .execute();
}

/** Products (with their category) in id order after `afterId`, `limit` of them: the staff's export reads the catalogue so. */
export async function productsAfter(db: Writer, afterId: number, limit: number) {
  return withCategory(db).where("products.id", ">", afterId).orderBy("products.id").limit(limit).execute();
}

/** These products (with their category), in id order; ids that are not there are left out. */
export async function productsWithIds(db: Writer, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return withCategory(db).where("products.id", "in", ids).orderBy("products.id").execute();
}

/**
 * Of these products, the ids of the `limit` best first: in stock first, then the best rated, the
 * most reviewed, then by name (a crop's or problem's page lists them so).
 */
export async function bestFirstIds(db: Writer, ids: readonly number[], limit: number): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("products")
    .select("id")
    .where("id", "in", ids)
    .orderBy(sql`case when count_in_stock > 0 then 0 else 1 end`)
    .orderBy("rating", "desc")
    .orderBy("num_reviews", "desc")
    .orderBy("name")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Locks these products' rows in id order (PostgreSQL; SQLite writes one at a time): a writer of
 * what their search text holds (a crop renamed) takes them before its own rows, as a product's
 * write does, so the two never wait on each other in a circle.
 */
export async function lockProducts(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || !supportsRowLocks(trx)) return;
  await trx.selectFrom("products").select("id").where("id", "in", ids).orderBy("id").forUpdate().execute();
}

/** Which product each of these SKUs is a pack of (SKUs no pack has are left out). */
export async function productIdsOfSkus(db: Writer, skus: readonly string[]) {
  if (skus.length === 0) return [];
  return db.selectFrom("product_variants").select(["sku", "product_id"]).where("sku", "in", skus).execute();
}

/** Up to `limit` products after `afterId` in id order (keyset paging), with when each last changed. */
export async function sitemapEntries(db: Kysely<Database>, afterId: number, limit: number) {
  return db.selectFrom("products").select(["id", "updated_at"]).where("id", ">", afterId).orderBy("id").limit(limit).execute();
}
// ---- Writes of the staff back office. The catalogue is the one writer of products, their
// images and categories; search_text is set here, beside every write of the fields it covers.

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
  /** The HSN code (4, 6 or 8 digits, or "") and the GST rate in percent (one of GST_RATES). */
  hsnCode: string;
  gstRate: number;
  /** The product's packs, default first: the summaries and the search text are theirs. */
  packs: readonly PackFields[];
  label: LabelRow;
  /** The words of its crops and problems, for its search text (ProductCropLinks.wordsOf). */
  linkWords?: readonly string[] | undefined;
}

/** A pack as the catalogue writes it; `id` for a pack that exists. */
export interface PackFields {
  id?: number | undefined;
  label: string;
  sku: string;
  netQuantity: number;
  unit: PackUnit;
  pricePaise: number;
  mrpPaise: number;
  countInStock: number;
  weightGrams: number;
}

const productValues = (fields: ProductFields) => ({
  name: fields.name,
  brand: fields.brand,
  category_id: fields.category.id,
  description: fields.description,
  name_hi: fields.nameHi,
  description_hi: fields.descriptionHi,
  // The packs' summaries (schema.ts): the lowest price, the total stock.
  price_paise: Math.min(...fields.packs.map((pack) => pack.pricePaise)),
  count_in_stock: fields.packs.reduce((sum, pack) => sum + pack.countInStock, 0),
  hsn_code: fields.hsnCode,
  gst_rate: fields.gstRate,
  ...fields.label,
  search_indexed: true,
  ...searchColumns({
    name: fields.name,
    brand: fields.brand,
    category: fields.category.name,
    description: fields.description,
    nameHi: fields.nameHi,
    descriptionHi: fields.descriptionHi,
    categoryHi: fields.category.name_hi,
    packs: fields.packs,
    linkWords: fields.linkWords,
    kind: fields.label.label_kind as ProductKind,
  }),
});

const packValues = (pack: PackFields, position: number) => ({
  position,
  label: pack.label,
  sku: pack.sku,
  net_quantity: pack.netQuantity,
  unit: pack.unit,
  price_paise: pack.pricePaise,
  mrp_paise: pack.mrpPaise,
  count_in_stock: pack.countInStock,
  weight_grams: pack.weightGrams,
});

/**
 * Writes a product's packs as `packs` lists them, in that order (the first is the default): the
 * packs of `existing` not listed are removed (their order lines keep their label), the listed
 * ones with an id updated, the others inserted. Call with the product row locked.
 */
export async function writePacks(
  trx: Transaction<Database>,
  productId: number,
  existing: readonly { id: number; sku: string }[],
  packs: readonly PackFields[],
  at: string,
): Promise<void> {
  const kept = new Set(packs.flatMap((pack) => (pack.id === undefined ? [] : [pack.id])));
  const removed = existing.filter((pack) => !kept.has(pack.id)).map((pack) => pack.id);
  if (removed.length > 0) await trx.deleteFrom("product_variants").where("id", "in", removed).execute();
  // Two packs swapping SKUs would meet on the unique index midway: the changing SKUs are cleared first.
  const skuOf = new Map(existing.map((pack) => [pack.id, pack.sku]));
  const changing = packs.flatMap((pack) => (pack.id !== undefined && skuOf.get(pack.id) !== pack.sku ? [pack.id] : []));
  if (changing.length > 0) await trx.updateTable("product_variants").set({ sku: "" }).where("id", "in", changing).execute();
  for (const [position, pack] of packs.entries()) {
    if (pack.id === undefined) {
      await trx
        .insertInto("product_variants")
        .values({ ...packValues(pack, position), product_id: productId, created_at: at, updated_at: at })
        .execute();
    } else {
      await trx
        .updateTable("product_variants")
        .set({ ...packValues(pack, position), updated_at: at })
        .where("id", "=", pack.id)
        .where("product_id", "=", productId)
        .execute();
    }
  }
}

/** The packs of other products than `productId` that have one of these SKUs. */
export async function packsWithSkus(db: Writer, productId: number, skus: readonly string[]) {
  if (skus.length === 0) return [];
  return db.selectFrom("product_variants").select(["id", "sku"]).where("sku", "in", skus).where("product_id", "<>", productId).execute();
}

/** Inserts a product with its packs, and indexes it (`index`: the database's, see SearchIndex). */
export async function insertProduct(trx: Transaction<Database>, fields: ProductFields, at: string, index: SearchIndex): Promise<number> {
  const [id] = await insertProducts(trx, [fields], at, index);
  return id as number;
}

/**
 * Inserts products with their packs in two statements (a catalogue import's, many at once: on
 * PostgreSQL the search triggers then run once for them all, not once a product), and indexes
 * them; answers their ids in the order given. One statement numbers its rows in the order they
 * are given (a sequence, SQLite's rowid), whatever order RETURNING lists them in.
 */
export async function insertProducts(
  trx: Transaction<Database>,
  products: readonly ProductFields[],
  at: string,
  index: SearchIndex,
): Promise<number[]> {
  if (products.length === 0) return [];
  const values = products.map(productValues);
  const rows = await trx
    .insertInto("products")
    .values(values.map((row) => ({ ...row, created_at: at, updated_at: at })))
    .returning("id")
    .execute();
  const ids = rows.map((row) => row.id).sort((a, b) => a - b);
  const packs = products.flatMap((product, k) =>
    product.packs.map((pack, position) => ({
      ...packValues(pack, position),
      product_id: ids[k] as number,
      created_at: at,
      updated_at: at,
    })),
  );
  if (packs.length > 0) await trx.insertInto("product_variants").values(packs).execute();
  for (const [k, id] of ids.entries()) await index.indexProduct(trx, id, values[k] as (typeof values)[number]);
  return ids;
}

/** Updates a product's fields and its packs' summaries (the packs are writePacks'); the sitemap sees it changed. */
export async function updateProduct(
  trx: Transaction<Database>,
  id: number,
  fields: ProductFields,
  at: string,
  index: SearchIndex,
): Promise<void> {
  const values = productValues(fields);
  await trx
    .updateTable("products")
    .set({ ...values, updated_at: at })
    .where("id", "=", id)
    .execute();
  await index.indexProduct(trx, id, values);
}

/** Deletes a product (its images and reviews go with it; order lines keep their snapshot). */
export async function deleteProduct(trx: Transaction<Database>, id: number, index: SearchIndex): Promise<boolean> {
  const result = await trx.deleteFrom("products").where("id", "=", id).executeTakeFirst();
  await index.unindexProduct(trx, id);
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

/** Packs with at most `threshold` units left, fewest first, with their product. */
export async function findLowStock(db: Writer, threshold: number, limit: number) {
  return db
    .selectFrom("product_variants")
    .innerJoin("products", "products.id", "product_variants.product_id")
    .select([
      "products.id",
      "products.name",
      "product_variants.id as variant_id",
      "product_variants.label as variant_label",
      "product_variants.count_in_stock",
    ])
    .where("product_variants.count_in_stock", "<=", threshold)
    .orderBy("product_variants.count_in_stock")
    .orderBy("products.id")
    .orderBy("product_variants.position")
    .limit(limit)
    .execute();
}

// ---- Inventory: checkouts take stock through these, inside their own transaction. Lock order:
// the product row first, then its packs (a staff edit does the same), so PostgreSQL never
// deadlocks a checkout against an edit.

/** The pack a line names, or the product's default pack (the lowest position) when it names none. */
function packOf(eb: ExpressionBuilder<Database, "product_variants">, productId: number, variantId: number | null) {
  return eb.and([
    eb("product_variants.product_id", "=", productId),
    variantId === null
      ? eb(
          "product_variants.id",
          "=",
          eb
            .selectFrom("product_variants as first")
            .select("first.id")
            .where("first.product_id", "=", productId)
            .orderBy("first.position")
            .orderBy("first.id")
            .limit(1),
        )
      : eb("product_variants.id", "=", variantId),
  ]);
}

const TAKEN_PRODUCT = ["id", "name", "name_hi", "hsn_code", "gst_rate"] as const;
const TAKEN_PACK = ["id", "label", "price_paise", "mrp_paise", "count_in_stock", "weight_grams"] as const;

/**
 * Takes `qty` units of one pack (the default when `variantId` is null) only if that many are in
 * stock, and as many off the product's total. The product's row is locked first (its UPDATE),
 * then the pack's conditional UPDATE takes the units (atomic, so concurrent checkouts never
 * oversell a pack). Answers the product and pack as a checkout prices a line (the pack's stock
 * after the taking); undefined when the units were not there or the pack is not the product's,
 * with nothing taken.
 */
export async function takeStock(trx: Transaction<Database>, productId: number, variantId: number | null, qty: number) {
  const taken = supportsWritingCtes(trx)
    ? await takeAtOnce(trx, productId, variantId, qty)
    : await takeInTurn(trx, productId, variantId, qty);
  if (!taken) return undefined;
  const { product, pack } = taken;
  return {
    ...product,
    variant_id: pack.id,
    variant_label: pack.label,
    price_paise: Number(pack.price_paise),
    mrp_paise: Number(pack.mrp_paise),
    count_in_stock: pack.count_in_stock,
    weight_grams: pack.weight_grams,
  };
}

/** The product's total less `qty`, if it has them: the row's lock. */
function takeFromTotal(trx: Transaction<Database>, productId: number, qty: number) {
  return trx
    .updateTable("products")
    .set((eb) => ({ count_in_stock: eb("count_in_stock", "-", qty) }))
    .where("id", "=", productId)
    .where("count_in_stock", ">=", qty)
    .returning(TAKEN_PRODUCT);
}

/** The total had the units but the pack had not: the total gets them back (the row stays ours). */
async function giveBackToTotal(trx: Transaction<Database>, productId: number, qty: number): Promise<undefined> {
  await trx
    .updateTable("products")
    .set((eb) => ({ count_in_stock: eb("count_in_stock", "+", qty) }))
    .where("id", "=", productId)
    .execute();
  return undefined;
}

/**
 * SQLite: the two UPDATEs one after the other. A transaction there holds the database's one
 * connection and better-sqlite3 runs each statement at once, so the second adds no wait.
 */
async function takeInTurn(trx: Transaction<Database>, productId: number, variantId: number | null, qty: number) {
  const product = await takeFromTotal(trx, productId, qty).executeTakeFirst();
  if (!product) return undefined;
  const pack = await trx
    .updateTable("product_variants")
    .set((eb) => ({ count_in_stock: eb("count_in_stock", "-", qty) }))
    .where((eb) => packOf(eb, productId, variantId))
    .where("count_in_stock", ">=", qty)
    .returning(TAKEN_PACK)
    .executeTakeFirst();
  return pack ? { product, pack } : giveBackToTotal(trx, productId, qty);
}

/**
 * PostgreSQL: both UPDATEs in one statement (one round trip fewer while the product's row is
 * locked). The pack's UPDATE reads the product's (EXISTS), so the product's row is locked before
 * the pack's, the one lock order; each row's condition is checked again on its latest version
 * when a concurrent checkout held it, so a pack is never oversold.
 */
async function takeAtOnce(trx: Transaction<Database>, productId: number, variantId: number | null, qty: number) {
  const row = await trx
    .with("taken_product", () => takeFromTotal(trx, productId, qty))
    .with("taken_pack", (db) =>
      db
        .updateTable("product_variants")
        .set((eb) => ({ count_in_stock: eb("count_in_stock", "-", qty) }))
        .where((eb) => packOf(eb, productId, variantId))
        .where("count_in_stock", ">=", qty)
        .where((eb) => eb.exists(eb.selectFrom("taken_product").select("taken_product.id")))
        .returning(TAKEN_PACK),
    )
    .selectFrom("taken_product")
    .leftJoin("taken_pack", (join) => join.onTrue())
    .select(TAKEN_PRODUCT.map((column) => `taken_product.${column}` as const))
    .select([
      "taken_pack.id as pack_id",
      "taken_pack.label",
      "taken_pack.price_paise",
      "taken_pack.mrp_paise",
      "taken_pack.count_in_stock",
      "taken_pack.weight_grams",
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const { pack_id, label, price_paise, mrp_paise, count_in_stock, weight_grams, ...product } = row;
  if (pack_id === null) return giveBackToTotal(trx, productId, qty);
  // The left join's columns are nullable to the type checker; with a pack taken, none is null.
  const pack = { id: pack_id, label, price_paise, mrp_paise, count_in_stock, weight_grams } as Taken["pack"];
  return { product, pack };
}

type Taken = NonNullable<Awaited<ReturnType<typeof takeInTurn>>>;

/**
 * Puts units back on sale in their pack (a cancelled or expired order's) and on the product's
 * total, the product row first; a removed pack or product takes none.
 */
export async function returnStock(trx: Transaction<Database>, productId: number, variantId: number, qty: number): Promise<void> {
  const product = await trx
    .updateTable("products")
    .set((eb) => ({ count_in_stock: eb("count_in_stock", "+", qty) }))
    .where("id", "=", productId)
    .where((eb) =>
      eb.exists(
        eb.selectFrom("product_variants").select("id").where("id", "=", variantId).where("product_variants.product_id", "=", productId),
      ),
    )
    .executeTakeFirst();
  if (Number(product.numUpdatedRows) === 0) return;
  await trx
    .updateTable("product_variants")
    .set((eb) => ({ count_in_stock: eb("count_in_stock", "+", qty) }))
    .where("id", "=", variantId)
    .execute();
}

/** The path of a product's first image (in the staff's order). */
function firstImage(eb: ExpressionBuilder<Database, "products">) {
  return eb
    .selectFrom("product_images")
    .select("path")
    .whereRef("product_images.product_id", "=", "products.id")
    .orderBy("position")
    .orderBy("id")
    .limit(1);
}

/** What a checkout prices a line with: name, category, HSN code, GST rate and first image; the packs are findPacks'. */
export async function productsForOrder(trx: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return trx
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .select([
      "products.id",
      "products.name",
      "products.name_hi",
      "products.price_paise",
      "products.count_in_stock",
      "products.hsn_code",
      "products.gst_rate",
      "categories.name as category",
    ])
    .select((eb) => firstImage(eb).as("image"))
    .where("products.id", "in", ids)
    .execute();
}

/** The packs of these products, each product's in their order (default first): one query for a page. */
export async function findPacks(db: Writer, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom("product_variants")
    .select([...packJsonColumns, "product_variants.product_id"])
    .where("product_id", "in", productIds)
    .orderBy("product_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export type PackRow = Awaited<ReturnType<typeof findPacks>>[number];

/** Which of these pack ids exist. */
export async function existingPackIds(db: Kysely<Database>, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("product_variants").select("id").where("id", "in", ids).execute();
  return rows.map((row) => row.id);
}
