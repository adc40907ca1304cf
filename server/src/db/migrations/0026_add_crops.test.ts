import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../testing/test-app.ts";
import { dialectOf } from "../dialect.ts";
import { migrateToLatest } from "../migrate.ts";

// biome-ignore lint/suspicious/noExplicitAny: the schema around the migration is not the app's
type AnyDb = Kysely<any>;

const at = "2026-01-02T00:00:00.000Z";
const TABLES = ["crops", "problems", "crop_problems", "product_crops", "product_problems", "label_claims"];

async function tables(db: AnyDb): Promise<string[]> {
  const names =
    dialectOf(db) === "postgres"
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  return names.rows.map((row) => row.name);
}

describe("migration 0026: crops and problems", () => {
  it("links products to crops' problems only as pairs of crop_problems, cascades deletes, and goes back down", async () => {
    const { db: typed, close } = await createTestDatabase({ migrate: false });
    const db = typed as AnyDb;
    try {
      await migrateToLatest(db, "0026_add_crops");
      expect(await tables(db)).toEqual(expect.arrayContaining(TABLES));
      const category = await db.insertInto("categories").values({ name: "Insecticides" }).returning("id").executeTakeFirstOrThrow();
      const product = await db
        .insertInto("products")
        .values({
          name: "Imidacloprid",
          brand: "Bayer",
          category_id: category.id,
          price_paise: 100,
          count_in_stock: 1,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const crop = await db
        .insertInto("crops")
        .values({ slug: "cotton", name: "Cotton", created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      const pest = await db
        .insertInto("problems")
        .values({ slug: "whitefly", kind: "pest", name: "Whitefly", created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      const other = await db
        .insertInto("problems")
        .values({ slug: "rust", kind: "disease", name: "Rust", created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(await db.selectFrom("crops").select(["seasons", "stages", "aliases", "position", "name_hi"]).executeTakeFirst()).toEqual({
        seasons: "[]",
        stages: "[]",
        aliases: "[]",
        position: 0,
        name_hi: "",
      });
      await db.insertInto("crop_problems").values({ crop_id: crop.id, problem_id: pest.id }).execute();
      await db.insertInto("product_crops").values({ product_id: product.id, crop_id: crop.id }).execute();
      await db.insertInto("product_problems").values({ product_id: product.id, crop_id: crop.id, problem_id: pest.id }).execute();
      // Rust is not one of cotton's problems: no product may be linked to it on cotton; a claim may name it.
      await expect(
        db.insertInto("product_problems").values({ product_id: product.id, crop_id: crop.id, problem_id: other.id }).execute(),
      ).rejects.toThrow();
      await db
        .insertInto("label_claims")
        .values([
          { product_id: product.id, crop_id: crop.id, problem_id: pest.id },
          { product_id: product.id, crop_id: crop.id, problem_id: other.id },
        ])
        .execute();
      expect(await db.selectFrom("crop_problems").select("stage").executeTakeFirst()).toEqual({ stage: "" });

      await db.deleteFrom("problems").where("id", "=", pest.id).execute();
      expect(await db.selectFrom("crop_problems").selectAll().execute()).toEqual([]);
      expect(await db.selectFrom("product_problems").selectAll().execute()).toEqual([]);
      expect(await db.selectFrom("label_claims").select("problem_id").execute()).toEqual([{ problem_id: other.id }]);
      await db.deleteFrom("products").where("id", "=", product.id).execute();
      expect(await db.selectFrom("product_crops").selectAll().execute()).toEqual([]);
      expect(await db.selectFrom("label_claims").selectAll().execute()).toEqual([]);

      await migrateToLatest(db, "0025_stock_alerts_and_offers");
      const left = await tables(db);
      for (const table of TABLES) expect(left).not.toContain(table);
    } finally {
      await close();
    }
  });
});
