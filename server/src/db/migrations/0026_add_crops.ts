import type { Kysely } from "kysely";
import { idColumn, timestampType } from "../dialect.ts";

/**
 * Crops and the problems that trouble them (modules/crops owns the tables):
 *
 * - `crops`: a crop's names in English and Hindi, image, seasons, growth stages
 *   ([{slug, name, nameHi}]) and aliases (JSON text), and its place in lists.
 * - `problems`: a pest, disease, weed or deficiency, with its symptoms and aliases.
 * - `crop_problems`: which problems trouble which crops, at a stage of the crop ("" any).
 * - `product_crops`: the crops a product serves.
 * - `product_problems`: the crops' problems a product treats; a pair must be one of
 *   crop_problems (a problem taken off a crop takes the products' links with it).
 * - `label_claims`: a pesticide's registered crop–pest pairs (its CIB&RC label claim), which
 *   need not be in crop_problems.
 *
 * Every link goes with its crop, problem or product (ON DELETE CASCADE).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable("crops")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("slug", "varchar(60)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(80)", (c) => c.notNull())
    .addColumn("name_hi", "varchar(80)", (c) => c.notNull().defaultTo(""))
    .addColumn("image", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("seasons", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("stages", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("aliases", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("problems")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("slug", "varchar(60)", (c) => c.notNull().unique())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("name", "varchar(80)", (c) => c.notNull())
    .addColumn("name_hi", "varchar(80)", (c) => c.notNull().defaultTo(""))
    .addColumn("symptoms", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("symptoms_hi", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("aliases", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("crop_problems")
    .addColumn("crop_id", "integer", (c) => c.notNull().references("crops.id").onDelete("cascade"))
    .addColumn("problem_id", "integer", (c) => c.notNull().references("problems.id").onDelete("cascade"))
    .addColumn("stage", "varchar(60)", (c) => c.notNull().defaultTo(""))
    .addPrimaryKeyConstraint("crop_problems_pkey", ["crop_id", "problem_id"])
    .execute();
  await db.schema.createIndex("crop_problems_problem_idx").on("crop_problems").column("problem_id").execute();

  await db.schema
    .createTable("product_crops")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("crop_id", "integer", (c) => c.notNull().references("crops.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_crops_pkey", ["product_id", "crop_id"])
    .execute();
  await db.schema.createIndex("product_crops_crop_idx").on("product_crops").column("crop_id").execute();

  await db.schema
    .createTable("product_problems")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("crop_id", "integer", (c) => c.notNull())
    .addColumn("problem_id", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("product_problems_pkey", ["product_id", "crop_id", "problem_id"])
    .addForeignKeyConstraint("product_problems_pair_fkey", ["crop_id", "problem_id"], "crop_problems", ["crop_id", "problem_id"], (fk) =>
      fk.onDelete("cascade"),
    )
    .execute();
  await db.schema.createIndex("product_problems_pair_idx").on("product_problems").columns(["crop_id", "problem_id"]).execute();

  await db.schema
    .createTable("label_claims")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("crop_id", "integer", (c) => c.notNull().references("crops.id").onDelete("cascade"))
    .addColumn("problem_id", "integer", (c) => c.notNull().references("problems.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("label_claims_pkey", ["product_id", "crop_id", "problem_id"])
    .execute();
  await db.schema.createIndex("label_claims_crop_idx").on("label_claims").column("crop_id").execute();
  await db.schema.createIndex("label_claims_problem_idx").on("label_claims").column("problem_id").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("label_claims").execute();
  await db.schema.dropTable("product_problems").execute();
  await db.schema.dropTable("product_crops").execute();
  await db.schema.dropTable("crop_problems").execute();
  await db.schema.dropTable("problems").execute();
  await db.schema.dropTable("crops").execute();
}
