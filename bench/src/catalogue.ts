import { openDatabase } from "@krishi/server/src/db/database.ts";
import { migrateToLatest } from "@krishi/server/src/db/migrate.ts";
import { hashPassword } from "@krishi/server/src/lib/passwords.ts";
import { searchColumns } from "@krishi/server/src/modules/catalog/repository.ts";

const WORDS = [
  "hybrid",
  "organic",
  "neem",
  "urea",
  "drip",
  "sprayer",
  "tomato",
  "paddy",
  "wheat",
  "cotton",
  "potash",
  "mango",
  "ghee",
  "feed",
  "hoe",
  "pump",
];
const BRANDS = ["IFFCO", "Syngenta", "Mahyco", "Jain Irrigation", "Kisankraft", "UPL", "Tata Rallis", "Coromandel", "Netafim", "Amul"];
const CATEGORIES = ["Seeds", "Fertilisers", "Bio-pesticides", "Farm Tools", "Irrigation", "Organic Produce", "Animal Husbandry"];

export const BENCH_BUYER = { email: "bench.buyer@example.in", password: "Bench-Buyer-2024!" };
/** The product the checkout benchmark races for: its last 50 units. */
export const LAST_UNITS = { name: "Last units drip kit", stock: 50, pricePaise: 1_999_00 };

/** A SQLite shop with `count` products (two images each, realistic text) for the benchmarks. */
export async function buildCatalogue(file: string, count: number): Promise<void> {
  const { db } = openDatabase({ url: file });
  await migrateToLatest(db);
  await db.transaction().execute(async (trx) => {
    const categoryIds: number[] = [];
    for (const name of CATEGORIES) {
      categoryIds.push((await trx.insertInto("categories").values({ name }).returning("id").executeTakeFirstOrThrow()).id);
    }
    const batch = 200;
    for (let start = 0; start < count; start += batch) {
      const rows = Array.from({ length: Math.min(batch, count - start) }, (_, k) => {
        const i = start + k;
        const name = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} product ${i}`;
        const brand = BRANDS[i % BRANDS.length] as string;
        const category = CATEGORIES[i % CATEGORIES.length] as string;
        const description = `A dependable ${WORDS[(i * 3) % WORDS.length]} product for Indian farms. Item ${i}, lot ${i * 31}. Use as directed on the pack; store in a cool, dry place away from children.`;
        const created = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
        return {
          name,
          brand,
          category_id: categoryIds[i % categoryIds.length] as number,
          description,
          price_paise: 100_00 + ((i * 997) % 500_000),
          count_in_stock: i % 17,
          rating: (i % 11) / 2.2,
          num_reviews: i % 13,
          ...searchColumns({ name, brand, category, description }),
          created_at: created,
          updated_at: created,
        };
      });
      const ids = await trx.insertInto("products").values(rows).returning("id").execute();
      await trx
        .insertInto("product_images")
        .values(
          ids.flatMap(({ id }) =>
            [0, 1].map((position) => ({ product_id: id, path: `images/p${id}-${position}-abcd1234.webp`, position })),
          ),
        )
        .execute();
    }
  });
  const category = await db.selectFrom("categories").select("id").executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await db
    .insertInto("products")
    .values({
      name: LAST_UNITS.name,
      brand: "Bench",
      category_id: category.id,
      description: "",
      price_paise: LAST_UNITS.pricePaise,
      count_in_stock: LAST_UNITS.stock,
      search_text: LAST_UNITS.name.toLowerCase(),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("users")
    .values({
      email: BENCH_BUYER.email,
      password_hash: await hashPassword(BENCH_BUYER.password),
      first_name: "Bench",
      last_name: "Buyer",
      is_staff: false,
      is_active: true,
      email_verified: true,
      created_at: now,
    })
    .execute();
  await db.destroy();
}
