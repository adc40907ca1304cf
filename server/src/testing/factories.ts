import type { Language, PackUnit } from "@krishi/contract";
import type { Db } from "../db/database.ts";
import { searchColumns } from "../modules/catalog/search-index.ts";

/** Small factories that write real rows; every field can be overridden. */

let sequence = 0;
const next = () => ++sequence;

export async function makeCategory(db: Db, name = `Category ${next()}`, nameHi = "") {
  return db.insertInto("categories").values({ name, name_hi: nameHi }).returning(["id", "name"]).executeTakeFirstOrThrow();
}

export interface ProductInput {
  name?: string;
  brand?: string;
  categoryId?: number;
  description?: string;
  nameHi?: string;
  descriptionHi?: string;
  pricePaise?: number;
  stock?: number;
  createdAt?: string;
  images?: string[];
  /**
   * The product's packs, default first; absent: one pack ("1 pack", 1 piece) at `pricePaise`
   * with `stock` units. The product's summaries (lowest price, total stock) follow them.
   */
  packs?: PackInput[];
  /** Written as the releases before packs did (migration 0015): no pack, for tests of older schemas. */
  beforePacks?: boolean;
}

export interface PackInput {
  label?: string;
  sku?: string;
  netQuantity?: number;
  unit?: PackUnit;
  pricePaise?: number;
  /** The MRP; the price when absent. */
  mrpPaise?: number;
  stock?: number;
  weightGrams?: number;
}

/**
 * A product row as a bulk loader writes it: straight into products, its search columns filled,
 * for tests of what the database itself does with such rows (triggers, migrations).
 */
export function productRow(name: string, categoryId: number) {
  const now = "2026-01-02T00:00:00.000Z";
  return {
    name,
    brand: "Kisan",
    category_id: categoryId,
    description: "",
    price_paise: 10_00,
    count_in_stock: 3,
    ...searchColumns({ name, brand: "Kisan", category: "Seeds", description: "" }),
    created_at: now,
    updated_at: now,
  };
}

/**
 * Eight writers at once, sharing words: each inserts "Paddy Seeds Lot i" and "Wheat Seeds Lot i"
 * (productRow) and deletes the second in the same transaction.
 */
export async function writeAtOnce(db: Db, categoryId: number): Promise<void> {
  await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto("products")
          .values([productRow(`Paddy Seeds Lot ${i}`, categoryId), productRow(`Wheat Seeds Lot ${i}`, categoryId)])
          .execute();
        await trx.deleteFrom("products").where("name", "=", `Wheat Seeds Lot ${i}`).execute();
      }),
    ),
  );
}

export async function makeProduct(db: Db, input: ProductInput = {}) {
  const n = next();
  const categoryId = input.categoryId ?? (await makeCategory(db)).id;
  const { name_hi: categoryHi, ...category } = await db
    .selectFrom("categories")
    .select(["id", "name", "name_hi"])
    .where("id", "=", categoryId)
    .executeTakeFirstOrThrow();
  const name = input.name ?? `Product ${n}`;
  const brand = input.brand ?? "Test Brand";
  const description = input.description ?? "A product for tests.";
  const nameHi = input.nameHi ?? "";
  const descriptionHi = input.descriptionHi ?? "";
  const created = input.createdAt ?? new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
  const packs = (input.packs ?? [{}]).map((pack, position) => {
    const price = pack.pricePaise ?? input.pricePaise ?? 249_00;
    return {
      position,
      label: pack.label ?? (position === 0 ? "1 pack" : `Pack ${position + 1}`),
      sku: pack.sku ?? "",
      net_quantity: pack.netQuantity ?? 1,
      unit: pack.unit ?? "piece",
      price_paise: price,
      mrp_paise: pack.mrpPaise ?? price,
      count_in_stock: pack.stock ?? input.stock ?? 10,
      weight_grams: pack.weightGrams ?? 0,
      created_at: created,
      updated_at: created,
    };
  });
  const product = await db
    .insertInto("products")
    .values({
      name,
      brand,
      category_id: category.id,
      description,
      name_hi: nameHi,
      description_hi: descriptionHi,
      price_paise: Math.min(...packs.map((pack) => pack.price_paise)),
      count_in_stock: packs.reduce((sum, pack) => sum + pack.count_in_stock, 0),
      // The default pack's "1 pack" stays out of the search text (as a product from before packs has it).
      ...searchColumns({
        name,
        brand,
        category: category.name,
        description,
        nameHi,
        descriptionHi,
        categoryHi,
        packs: input.packs && packs,
      }),
      created_at: created,
      updated_at: created,
    })
    .returning(["id", "name"])
    .executeTakeFirstOrThrow();
  const variants = input.beforePacks
    ? []
    : await db
        .insertInto("product_variants")
        .values(packs.map((pack) => ({ ...pack, product_id: product.id })))
        .returning(["id", "label"])
        .execute();
  for (const [position, path] of (input.images ?? []).entries()) {
    await db.insertInto("product_images").values({ product_id: product.id, path, position }).execute();
  }
  return { ...product, category, variants };
}

export async function makeUser(
  db: Db,
  input: { email?: string; first_name?: string; last_name?: string; is_staff?: boolean; language?: Language } = {},
) {
  const n = next();
  const row = await db
    .insertInto("users")
    .values({
      email: input.email ?? `user${n}@example.in`,
      first_name: input.first_name ?? "Test",
      last_name: input.last_name ?? `User${n}`,
      password_hash: null,
      is_staff: input.is_staff ?? false,
      is_active: true,
      email_verified: true,
      language: input.language ?? "en",
      created_at: new Date().toISOString(),
    })
    .returning(["id", "email", "first_name", "last_name"])
    .executeTakeFirstOrThrow();
  // Made with an address, so it has one.
  return { ...row, email: row.email ?? "" };
}
