import type { CropProblemInput, ProductKind } from "@krishi/contract";
import type { Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { type SearchableProduct, searchColumns } from "../modules/catalog/search-index.ts";
import { productCropLinks } from "../modules/crops/product-links.ts";
import * as crops from "../modules/crops/repository.ts";
import { DEMO_CROPS, DEMO_PROBLEMS, DEMO_PRODUCT_CROPS } from "./crops.ts";

/**
 * The demo's crops and problems (crops.ts), written through the crops module: its repository for
 * the crops, problems and which problems trouble which crop, and the product form's port for each
 * demo product's crops, problems and label claim, so that a pesticide off its claim fails the seed.
 */

/** Writes the crops and their problems; `images`: each crop's picture, by slug ("" for none). */
export async function seedCrops(trx: Transaction<Database>, images: ReadonlyMap<string, string>, at: string): Promise<void> {
  const problemIds = new Map<string, number>();
  for (const problem of DEMO_PROBLEMS) {
    const id = await crops.insertProblem(
      trx,
      {
        slug: problem.slug,
        kind: problem.kind,
        name: problem.name,
        name_hi: problem.nameHi,
        symptoms: problem.symptoms,
        symptoms_hi: problem.symptomsHi,
        image: "",
        aliases: JSON.stringify(problem.aliases),
      },
      at,
    );
    problemIds.set(problem.slug, id);
  }
  for (const [position, crop] of DEMO_CROPS.entries()) {
    const id = await crops.insertCrop(
      trx,
      {
        slug: crop.slug,
        name: crop.name,
        name_hi: crop.nameHi,
        image: images.get(crop.slug) ?? "",
        seasons: JSON.stringify(crop.seasons),
        stages: JSON.stringify(crop.stages.map(([slug, name, nameHi]) => ({ slug, name, nameHi }))),
        aliases: JSON.stringify(crop.aliases),
        position,
      },
      at,
    );
    const wanted = new Map<number, string>();
    for (const [problem, stage] of crop.problems) {
      const problemId = problemIds.get(problem);
      if (problemId === undefined) throw new Error(`the demo crop "${crop.slug}" names an unknown problem "${problem}"`);
      wanted.set(problemId, stage);
    }
    await crops.writeCropProblems(trx, id, wanted);
  }
}

/**
 * Links a demo product to its crops, problems and label claim (DEMO_PRODUCT_CROPS) through the
 * product form's rules, and writes its search text again with their words.
 */
export async function linkDemoProduct(
  trx: Transaction<Database>,
  product: { id: number; name: string; kind: ProductKind; searchable: SearchableProduct },
): Promise<void> {
  const links = DEMO_PRODUCT_CROPS[product.name];
  if (!links) return;
  const pairs = (list?: string[]): CropProblemInput[] | undefined =>
    list?.map((pair) => {
      const [crop = "", problem = ""] = pair.split(":");
      return { crop, problem };
    });
  await productCropLinks.write(trx, product, {
    ...(links.crops ? { crops: links.crops } : {}),
    ...(links.problems ? { problems: pairs(links.problems) } : {}),
    ...(links.claims ? { labelClaims: pairs(links.claims) } : {}),
  });
  const words = await productCropLinks.wordsOf(trx, [product.id]);
  await trx
    .updateTable("products")
    .set(searchColumns({ ...product.searchable, linkWords: words.get(product.id) }))
    .where("id", "=", product.id)
    .execute();
}
