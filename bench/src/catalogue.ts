import { openDatabase } from "@krishi/server/src/db/database.ts";
import { migrateToLatest } from "@krishi/server/src/db/migrate.ts";
import { hashPassword } from "@krishi/server/src/lib/passwords.ts";
import { searchBackendFor } from "@krishi/server/src/modules/catalog/search-backends.ts";
import { rebuildSearchIndex, searchColumns } from "@krishi/server/src/modules/catalog/search-index.ts";
import { productCropLinks } from "@krishi/server/src/modules/crops/product-links.ts";
import { sql } from "kysely";
import { linkBenchCrops } from "./crops.ts";
import { CATEGORIES, products } from "./products.ts";

const BENCH_PASSWORD = "Bench-Buyer-2024!";
export const BENCH_BUYER = { email: "bench.buyer@example.in", password: BENCH_PASSWORD };
/** The buyers of the mixed run: a few, so their sign-ins stay under the per-address rate limits. */
export const MIXED_BUYERS = Array.from({ length: 8 }, (_, i) => ({ email: `bench.buyer${i + 1}@example.in`, password: BENCH_PASSWORD }));
/** The product the checkout benchmark races for: its last 50 units. */
export const LAST_UNITS = { name: "Last units drip kit", stock: 50, pricePaise: 1_999_00 };

/**
 * The one pack of a bulk-loaded product, at its price and stock (a product is sold in packs: the
 * checkout takes stock from them, the product's own columns summing them up).
 */
function onePack(productId: number, row: { price_paise: number; count_in_stock: number; created_at: string | Date }) {
  return {
    product_id: productId,
    position: 0,
    label: "1 pack",
    net_quantity: 1,
    unit: "piece" as const,
    price_paise: row.price_paise,
    mrp_paise: row.price_paise,
    count_in_stock: row.count_in_stock,
    created_at: row.created_at,
    updated_at: row.created_at,
  };
}

/**
 * A shop with `count` products (two images each, realistic English and Hindi text) for the
 * benchmarks, in the database at `url` (a SQLite file, or postgres://… for an empty database):
 * one transaction of multi-row inserts, a few crops with products linked to them (crops.ts), then
 * the search index rebuilt once and statistics taken.
 */
export async function buildCatalogue(url: string, count: number): Promise<void> {
  const { db, dialect } = openDatabase({ url });
  try {
    await migrateToLatest(db);
    const rows = await products(count);
    await db.transaction().execute(async (trx) => {
      if (dialect === "postgres") {
        // The search's GIN indexes take each row through their pending list: a larger list
        // (merged with more memory) makes the bulk load ~25 % faster, for this transaction only.
        await sql`set local gin_pending_list_limit = '64MB'`.execute(trx);
        await sql`set local work_mem = '64MB'`.execute(trx);
      }
      const categoryIds: number[] = [];
      for (const [name, nameHi] of CATEGORIES) {
        categoryIds.push(
          (await trx.insertInto("categories").values({ name, name_hi: nameHi }).returning("id").executeTakeFirstOrThrow()).id,
        );
      }
      // ~17 parameters a row: 1 000 rows stay under PostgreSQL's 65 535 and SQLite's 32 766.
      const batch = dialect === "postgres" ? 1_000 : 500;
      for (let start = 0; start < rows.length; start += batch) {
        const values = rows
          .slice(start, start + batch)
          .map(({ category, ...row }) => ({ ...row, category_id: categoryIds[category] as number }));
        const ids = await trx.insertInto("products").values(values).returning("id").execute();
        await trx
          .insertInto("product_variants")
          .values(ids.map(({ id }, i) => onePack(id, values[i] as (typeof values)[number])))
          .execute();
        await trx
          .insertInto("product_images")
          .values(
            ids.flatMap(({ id }) =>
              [0, 1].map((position) => ({ product_id: id, path: `images/p${id}-${position}-abcd1234.webp`, position })),
            ),
          )
          .execute();
      }
      const now = new Date().toISOString();
      const lastUnits = {
        name: LAST_UNITS.name,
        brand: "Bench",
        category_id: categoryIds[4] as number,
        description: "",
        price_paise: LAST_UNITS.pricePaise,
        count_in_stock: LAST_UNITS.stock,
        ...searchColumns({ name: LAST_UNITS.name, brand: "Bench", category: "Irrigation", description: "" }),
        created_at: now,
        updated_at: now,
      };
      const { id } = await trx.insertInto("products").values(lastUnits).returning("id").executeTakeFirstOrThrow();
      await trx.insertInto("product_variants").values(onePack(id, lastUnits)).execute();
      // One hash for every buyer: a production-cost scrypt takes ~0.3 s.
      const passwordHash = await hashPassword(BENCH_PASSWORD);
      await trx
        .insertInto("users")
        .values(
          [BENCH_BUYER, ...MIXED_BUYERS].map(({ email }, i) => ({
            email,
            password_hash: passwordHash,
            first_name: "Bench",
            last_name: `Buyer ${i}`,
            is_staff: false,
            is_active: true,
            email_verified: true,
            created_at: now,
          })),
        )
        .execute();
    });
    // The full-text index is filled once after the bulk load, by the catalogue's own rule, which
    // also refreshes the planner's statistics of products (autovacuum would, within a minute).
    await linkBenchCrops(db);
    await rebuildSearchIndex(db, searchBackendFor(dialect), productCropLinks.wordsOf);
    if (dialect === "postgres") await sql`analyze product_images`.execute(db);
  } finally {
    await db.destroy();
  }
}
