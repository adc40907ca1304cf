import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../testing/test-app.ts";
import { seedDemo } from "./demo.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("seedDemo", () => {
  it("fills an empty shop with a realistic catalogue once", async () => {
    const db = database.db;
    const result = await seedDemo(db, { mediaDir: "/tmp/unused", images: false });
    expect(result?.products).toBeGreaterThanOrEqual(40);
    expect(result?.categories).toBeGreaterThanOrEqual(6);

    const outOfStock = await db.selectFrom("products").select("id").where("count_in_stock", "=", 0).execute();
    expect(outOfStock.length).toBeGreaterThan(0);
    const prices = await db.selectFrom("products").select("price_paise").execute();
    expect(prices.every((p) => Number(p.price_paise) > 0)).toBe(true);

    // Ratings and counts agree with the reviews themselves.
    const products = await db.selectFrom("products").select(["id", "rating", "num_reviews"]).where("num_reviews", ">", 0).execute();
    expect(products.length).toBeGreaterThan(5);
    for (const product of products) {
      const reviews = await db.selectFrom("reviews").select("rating").where("product_id", "=", product.id).execute();
      expect(reviews).toHaveLength(product.num_reviews);
      const average = reviews.reduce((s, r) => s + r.rating, 0) / reviews.length;
      expect(Number(product.rating)).toBeCloseTo(average, 5);
    }

    expect(await seedDemo(db, { mediaDir: "/tmp/unused", images: false })).toBeNull();
    const count = await db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(result?.products);
  });
});
