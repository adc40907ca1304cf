import type { CropProblemInput, CropProblemRef, CropRef, ProblemKind } from "@krishi/contract";
import type { Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { Refusal } from "../../lib/result.ts";
import type { CropLinkFailure, CropLinksInput, LinkedProduct, ProductCropLinks, ProductLinks } from "../catalog/crop-links.ts";
import * as repo from "./repository.ts";

/**
 * A product's crops, problems and label claim: the catalogue's ProductCropLinks port, kept by the
 * crops module (it owns the link tables). The product's write calls it in its transaction.
 */

const refuse = (failure: CropLinkFailure) => new Refusal(failure);

type Pair = { cropId: number; problemId: number };

/** The crops and problems of `pairs` by slug, each known (else refused naming `field`). */
async function resolvePairs(trx: Transaction<Database>, field: string, pairs: readonly CropProblemInput[]): Promise<Pair[]> {
  const [crops, problems] = await Promise.all([
    repo.idsOfSlugs(
      trx,
      "crops",
      pairs.map((pair) => pair.crop),
    ),
    repo.idsOfSlugs(
      trx,
      "problems",
      pairs.map((pair) => pair.problem),
    ),
  ]);
  return pairs.map((pair) => {
    const crop = crops.get(pair.crop);
    if (!crop) throw refuse({ kind: "crop-unknown", field, value: pair.crop });
    const problem = problems.get(pair.problem);
    if (!problem) throw refuse({ kind: "problem-unknown", field, value: pair.problem });
    return { cropId: crop.id, problemId: problem.id };
  });
}

async function write(trx: Transaction<Database>, product: LinkedProduct, input: CropLinksInput): Promise<void> {
  if (input.crops) {
    const known = await repo.idsOfSlugs(trx, "crops", input.crops);
    const ids = input.crops.map((slug) => {
      const crop = known.get(slug);
      if (!crop) throw refuse({ kind: "crop-unknown", field: "crops", value: slug });
      return crop.id;
    });
    await repo.setProductCrops(trx, product.id, ids);
  }
  if (input.problems) {
    const pairs = await resolvePairs(trx, "problems", input.problems);
    const existing = await repo.existingPairs(trx, pairs);
    const off = pairs.findIndex((pair) => !existing.has(`${pair.cropId}:${pair.problemId}`));
    const named = input.problems[off];
    if (named) throw refuse({ kind: "crop-problem-unknown", field: "problems", crop: named.crop, problem: named.problem });
    await repo.setProductProblems(trx, product.id, pairs);
  }
  if (input.labelClaims) await repo.setLabelClaims(trx, product.id, await resolvePairs(trx, "labelClaims", input.labelClaims));
  // A problem's crop is one of the product's crops, whichever field changed.
  if (input.crops || input.problems) await repo.addCropsOfProblems(trx, product.id);
  // The law (Insecticides Act): a pesticide is recommended only for the pairs of its label claim.
  if (product.kind === "pesticide") {
    const off = await repo.pairsOffClaim(trx, product.id);
    const wanted = input.problems?.map((pair) => `${pair.crop}:${pair.problem}`) ?? [];
    // The first pair as staff listed them, else in the crops' order.
    const first = off.sort(
      (a, b) => rank(wanted, `${a.crop_slug}:${a.problem_slug}`) - rank(wanted, `${b.crop_slug}:${b.problem_slug}`),
    )[0];
    if (first) {
      throw refuse({
        kind: "label-claim-missing",
        product: product.name,
        crop: { slug: first.crop_slug, name: first.crop_name },
        problem: { slug: first.problem_slug, name: first.problem_name },
      });
    }
  }
}

/** A pair's place in the list staff sent (those not in it after). */
function rank(list: readonly string[], key: string): number {
  const i = list.indexOf(key);
  return i < 0 ? list.length : i;
}

const cropRef = (slug: string, name: string, nameHi: string): CropRef => ({ slug, name, nameHi });

type PairRow = Awaited<ReturnType<typeof repo.pairsOfProducts>>[number];

const pairRef = (row: PairRow): CropProblemRef => ({
  crop: cropRef(row.crop_slug, row.crop_name, row.crop_name_hi),
  problem: { slug: row.problem_slug, name: row.problem_name, nameHi: row.problem_name_hi, kind: row.problem_kind as ProblemKind },
});

async function linksOf(db: Parameters<ProductCropLinks["linksOf"]>[0], productIds: readonly number[]): Promise<Map<number, ProductLinks>> {
  const [crops, problems, claims] = await Promise.all([
    repo.cropsOfProducts(db, productIds),
    repo.pairsOfProducts(db, "product_problems", productIds),
    repo.pairsOfProducts(db, "label_claims", productIds),
  ]);
  const links = new Map<number, ProductLinks>();
  const of = (id: number) => {
    let found = links.get(id);
    if (!found) {
      found = { crops: [], problems: [], labelClaims: [] };
      links.set(id, found);
    }
    return found;
  };
  for (const row of crops) of(row.product_id).crops.push(cropRef(row.slug, row.name, row.name_hi));
  for (const row of problems) of(row.product_id).problems.push(pairRef(row));
  for (const row of claims) of(row.product_id).labelClaims.push(pairRef(row));
  return links;
}

/** A name's words: itself, its Hindi and its aliases. */
const namesOf = (name: string, nameHi: string, aliases: string): string[] => [name, nameHi, ...parseList(aliases)].filter(Boolean);

async function wordsOf(db: Parameters<ProductCropLinks["wordsOf"]>[0], productIds: readonly number[]): Promise<Map<number, string[]>> {
  const [crops, problems] = await Promise.all([
    repo.cropsOfProducts(db, productIds),
    repo.pairsOfProducts(db, "product_problems", productIds),
  ]);
  const words = new Map<number, Set<string>>();
  const add = (id: number, list: string[]) => {
    const set = words.get(id) ?? new Set<string>();
    for (const word of list) set.add(word);
    words.set(id, set);
  };
  for (const row of crops) add(row.product_id, namesOf(row.name, row.name_hi, row.aliases));
  for (const row of problems) {
    add(row.product_id, namesOf(row.crop_name, row.crop_name_hi, row.crop_aliases));
    add(row.product_id, namesOf(row.problem_name, row.problem_name_hi, row.problem_aliases));
  }
  return new Map([...words].map(([id, set]) => [id, [...set]]));
}

/** A JSON list of texts as the tables keep it (aliases, seasons); a broken one is empty. */
export function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export const productCropLinks: ProductCropLinks = { write, linksOf, wordsOf };
