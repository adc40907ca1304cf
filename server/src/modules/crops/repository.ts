import { SLUG_PATTERN } from "@krishi/contract/schemas";
import type { Insertable, Kysely, Transaction } from "kysely";
import type { CropsTable, Database, ProblemsTable } from "../../db/schema.ts";

/**
 * The crops module's SQL: it owns crops, problems, crop_problems, product_crops,
 * product_problems and label_claims (migration 0026); no other module queries them. Rows stay
 * snake_case here; JSON lists are text.
 */

type Reader = Kysely<Database> | Transaction<Database>;

const CROP_COLUMNS = ["id", "slug", "name", "name_hi", "image", "seasons", "stages", "aliases", "position"] as const;
const PROBLEM_COLUMNS = ["id", "slug", "kind", "name", "name_hi", "symptoms", "symptoms_hi", "image", "aliases"] as const;

export async function findCrops(db: Reader) {
  return db.selectFrom("crops").select(CROP_COLUMNS).orderBy("position").orderBy("name").orderBy("id").execute();
}
export type CropRow = Awaited<ReturnType<typeof findCrops>>[number];

/**
 * A slug as an address may hold anything (a path's text); one no crop or problem can have is
 * none, and is not asked of the database (PostgreSQL refuses a text with NUL, as an error).
 */
const isSlug = (slug: string) => SLUG.test(slug);
const SLUG = new RegExp(SLUG_PATTERN);

export async function findCrop(db: Reader, slug: string): Promise<CropRow | undefined> {
  if (!isSlug(slug)) return undefined;
  return db.selectFrom("crops").select(CROP_COLUMNS).where("slug", "=", slug).executeTakeFirst();
}

export async function findProblems(db: Reader) {
  return db.selectFrom("problems").select(PROBLEM_COLUMNS).orderBy("name").orderBy("id").execute();
}
export type ProblemRow = Awaited<ReturnType<typeof findProblems>>[number];

export async function findProblem(db: Reader, slug: string): Promise<ProblemRow | undefined> {
  if (!isSlug(slug)) return undefined;
  return db.selectFrom("problems").select(PROBLEM_COLUMNS).where("slug", "=", slug).executeTakeFirst();
}

/** A crop's problems with the stage each appears at. */
export async function problemsOfCrop(db: Reader, cropId: number) {
  return db
    .selectFrom("crop_problems")
    .innerJoin("problems", "problems.id", "crop_problems.problem_id")
    .select(PROBLEM_COLUMNS.map((column) => `problems.${column}` as const))
    .select("crop_problems.stage")
    .where("crop_problems.crop_id", "=", cropId)
    .execute();
}

/** Every crop's problems: which, and at which stage. */
export async function findCropProblems(db: Reader, cropId?: number) {
  let query = db.selectFrom("crop_problems").select(["crop_id", "problem_id", "stage"]);
  if (cropId !== undefined) query = query.where("crop_id", "=", cropId);
  return query.execute();
}

/**
 * The products a crop's page lists: those linked to the crop, and those linked to one of its
 * problems (the products whose search words name the crop).
 */
export async function productIdsOfCrop(db: Reader, cropId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("product_crops")
    .select("product_id")
    .where("crop_id", "=", cropId)
    .union(db.selectFrom("product_problems").select("product_id").where("crop_id", "=", cropId))
    .execute();
  return rows.map((row) => row.product_id);
}

/** The products linked to a crop's problem. */
export async function productIdsOfProblem(db: Reader, cropId: number, problemId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("product_problems")
    .select("product_id")
    .where("crop_id", "=", cropId)
    .where("problem_id", "=", problemId)
    .execute();
  return rows.map((row) => row.product_id);
}

/** The products linked to a problem on any crop (those whose search words name it). */
export async function productIdsWithProblem(db: Reader, problemId: number): Promise<number[]> {
  const rows = await db.selectFrom("product_problems").select("product_id").distinct().where("problem_id", "=", problemId).execute();
  return rows.map((row) => row.product_id);
}

// ---- Staff's writes

/** A crop's and a problem's columns as staff write them: the table's, but the id and the times. */
export type CropValues = Omit<Insertable<CropsTable>, "id" | "created_at" | "updated_at">;
export type ProblemValues = Omit<Insertable<ProblemsTable>, "id" | "created_at" | "updated_at">;

export async function insertCrop(trx: Transaction<Database>, values: CropValues, at: string): Promise<number> {
  const row = await trx
    .insertInto("crops")
    .values({ ...values, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCrop(trx: Transaction<Database>, id: number, values: CropValues, at: string): Promise<void> {
  await trx
    .updateTable("crops")
    .set({ ...values, updated_at: at })
    .where("id", "=", id)
    .execute();
}

export async function deleteCrop(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom("crops").where("id", "=", id).execute();
}

export async function insertProblem(trx: Transaction<Database>, values: ProblemValues, at: string): Promise<number> {
  const row = await trx
    .insertInto("problems")
    .values({ ...values, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProblem(trx: Transaction<Database>, id: number, values: ProblemValues, at: string): Promise<void> {
  await trx
    .updateTable("problems")
    .set({ ...values, updated_at: at })
    .where("id", "=", id)
    .execute();
}

export async function deleteProblem(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom("problems").where("id", "=", id).execute();
}

/** The ids of the crops or problems with these slugs. */
export async function idsOfSlugs(db: Reader, table: "crops" | "problems", slugs: readonly string[]) {
  if (slugs.length === 0) return new Map<string, { id: number; name: string }>();
  const rows = await db.selectFrom(table).select(["id", "slug", "name"]).where("slug", "in", slugs).execute();
  return new Map(rows.map((row) => [row.slug, { id: row.id, name: row.name }]));
}

/**
 * Sets a crop's problems to `wanted` (problem id → stage): those it no longer has are deleted
 * (their products' links go with them), the others kept with their stage, the new ones added.
 * Answers the problems taken off.
 */
export async function writeCropProblems(
  trx: Transaction<Database>,
  cropId: number,
  wanted: ReadonlyMap<number, string>,
): Promise<number[]> {
  const current = await findCropProblems(trx, cropId);
  const removed = current.filter((row) => !wanted.has(row.problem_id)).map((row) => row.problem_id);
  if (removed.length > 0) await trx.deleteFrom("crop_problems").where("crop_id", "=", cropId).where("problem_id", "in", removed).execute();
  const stageOf = new Map(current.map((row) => [row.problem_id, row.stage]));
  for (const [problemId, stage] of wanted) {
    const was = stageOf.get(problemId);
    if (was === undefined) await trx.insertInto("crop_problems").values({ crop_id: cropId, problem_id: problemId, stage }).execute();
    else if (was !== stage) {
      await trx.updateTable("crop_problems").set({ stage }).where("crop_id", "=", cropId).where("problem_id", "=", problemId).execute();
    }
  }
  return removed;
}

// ---- A product's links (the catalogue's ProductCropLinks port, product-links.ts)

/** Which of these crop–problem pairs are pairs of crop_problems, as "cropId:problemId". */
export async function existingPairs(db: Reader, pairs: readonly { cropId: number; problemId: number }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await db
    .selectFrom("crop_problems")
    .select(["crop_id", "problem_id"])
    .where(
      "crop_id",
      "in",
      pairs.map((pair) => pair.cropId),
    )
    .where(
      "problem_id",
      "in",
      pairs.map((pair) => pair.problemId),
    )
    .execute();
  return new Set(rows.map((row) => `${row.crop_id}:${row.problem_id}`));
}

export async function setProductCrops(trx: Transaction<Database>, productId: number, cropIds: readonly number[]): Promise<void> {
  await trx.deleteFrom("product_crops").where("product_id", "=", productId).execute();
  if (cropIds.length === 0) return;
  await trx
    .insertInto("product_crops")
    .values([...new Set(cropIds)].map((cropId) => ({ product_id: productId, crop_id: cropId })))
    .execute();
}

type Pair = { cropId: number; problemId: number };
const uniquePairs = (pairs: readonly Pair[]) => [...new Map(pairs.map((pair) => [`${pair.cropId}:${pair.problemId}`, pair])).values()];

export async function setProductProblems(trx: Transaction<Database>, productId: number, pairs: readonly Pair[]): Promise<void> {
  await trx.deleteFrom("product_problems").where("product_id", "=", productId).execute();
  if (pairs.length === 0) return;
  await trx
    .insertInto("product_problems")
    .values(uniquePairs(pairs).map((pair) => ({ product_id: productId, crop_id: pair.cropId, problem_id: pair.problemId })))
    .execute();
}

export async function setLabelClaims(trx: Transaction<Database>, productId: number, pairs: readonly Pair[]): Promise<void> {
  await trx.deleteFrom("label_claims").where("product_id", "=", productId).execute();
  if (pairs.length === 0) return;
  await trx
    .insertInto("label_claims")
    .values(uniquePairs(pairs).map((pair) => ({ product_id: productId, crop_id: pair.cropId, problem_id: pair.problemId })))
    .execute();
}

/** Adds to a product's crops the crops of the problems it treats. */
export async function addCropsOfProblems(trx: Transaction<Database>, productId: number): Promise<void> {
  await trx
    .insertInto("product_crops")
    .columns(["product_id", "crop_id"])
    .expression((eb) =>
      eb
        .selectFrom("product_problems")
        .select(["product_problems.product_id", "product_problems.crop_id"])
        .distinct()
        .where("product_problems.product_id", "=", productId)
        .where((w) =>
          w.not(
            w.exists(
              w
                .selectFrom("product_crops")
                .select("product_crops.crop_id")
                .whereRef("product_crops.product_id", "=", "product_problems.product_id")
                .whereRef("product_crops.crop_id", "=", "product_problems.crop_id"),
            ),
          ),
        ),
    )
    .execute();
}

/** A product's problems (pairs) that its label claim does not name, in the crops' and problems' order. */
export async function pairsOffClaim(db: Reader, productId: number) {
  return db
    .selectFrom("product_problems")
    .innerJoin("crops", "crops.id", "product_problems.crop_id")
    .innerJoin("problems", "problems.id", "product_problems.problem_id")
    .select(["crops.slug as crop_slug", "crops.name as crop_name", "problems.slug as problem_slug", "problems.name as problem_name"])
    .where("product_problems.product_id", "=", productId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("label_claims")
            .select("label_claims.product_id")
            .whereRef("label_claims.product_id", "=", "product_problems.product_id")
            .whereRef("label_claims.crop_id", "=", "product_problems.crop_id")
            .whereRef("label_claims.problem_id", "=", "product_problems.problem_id"),
        ),
      ),
    )
    .orderBy("crops.position")
    .orderBy("crops.name")
    .orderBy("problems.name")
    .execute();
}

/** These products' crops, with their names and aliases. */
export async function cropsOfProducts(db: Reader, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom("product_crops")
    .innerJoin("crops", "crops.id", "product_crops.crop_id")
    .select(["product_crops.product_id", "crops.slug", "crops.name", "crops.name_hi", "crops.aliases"])
    .where("product_crops.product_id", "in", productIds)
    .orderBy("product_crops.product_id")
    .orderBy("crops.position")
    .orderBy("crops.name")
    .execute();
}

/** These products' crop–problem pairs (`table`: the problems they treat, or their label claims), with names and aliases. */
export async function pairsOfProducts(db: Reader, table: "product_problems" | "label_claims", productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom(table)
    .innerJoin("crops", "crops.id", `${table}.crop_id`)
    .innerJoin("problems", "problems.id", `${table}.problem_id`)
    .select([
      `${table}.product_id as product_id`,
      "crops.slug as crop_slug",
      "crops.name as crop_name",
      "crops.name_hi as crop_name_hi",
      "crops.aliases as crop_aliases",
      "problems.slug as problem_slug",
      "problems.kind as problem_kind",
      "problems.name as problem_name",
      "problems.name_hi as problem_name_hi",
      "problems.aliases as problem_aliases",
    ])
    .where(`${table}.product_id`, "in", productIds)
    .orderBy(`${table}.product_id`)
    .orderBy("crops.position")
    .orderBy("crops.name")
    .orderBy("problems.name")
    .execute();
}
