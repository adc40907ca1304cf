import type { Database } from "@krishi/server/src/db/schema.ts";
import * as crops from "@krishi/server/src/modules/crops/repository.ts";
import type { Kysely } from "kysely";

/**
 * The bench catalogue's crops: four crops with a problem each, and about one product in a hundred
 * linked to one of the pairs (a crop page of ~25 products at 10 000, ~250 at 100 000), through the
 * crops module's repository. Their search text is emptied, so the catalogue's own rule writes it
 * again with their links' words (rebuildSearchIndex with the links' words): "kapas safed makhi"
 * searches what a shop's does.
 */

/** The crop and problem whose pages the bench loads. */
export const BENCH_CROP = { crop: "cotton", problem: "whitefly" };

const PAIRS = [
  { crop: ["cotton", "Cotton", "कपास", ["kapas", "narma"]], problem: ["whitefly", "pest", "Whitefly", "सफेद मक्खी", ["safed makhi"]] },
  { crop: ["paddy", "Paddy", "धान", ["dhan", "rice"]], problem: ["stem-borer", "pest", "Stem borer", "तना छेदक", ["tana chhedak"]] },
  { crop: ["wheat", "Wheat", "गेहूँ", ["gehu", "gehun"]], problem: ["rust", "disease", "Rust", "रतुआ", ["ratua"]] },
  { crop: ["tomato", "Tomato", "टमाटर", ["tamatar"]], problem: ["early-blight", "disease", "Early blight", "अगेती झुलसा", ["jhulsa"]] },
] as const;

/** One product in this many is linked to a pair. */
const EVERY = 97;

export async function linkBenchCrops(db: Kysely<Database>): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const pairIds: { cropId: number; problemId: number }[] = [];
    for (const [position, { crop, problem }] of PAIRS.entries()) {
      const [cropSlug, name, nameHi, aliases] = crop;
      const [problemSlug, kind, problemName, problemNameHi, problemAliases] = problem;
      const problemId = await crops.insertProblem(
        trx,
        {
          slug: problemSlug,
          kind,
          name: problemName,
          name_hi: problemNameHi,
          symptoms: `${problemName} on the leaves.`,
          symptoms_hi: "",
          image: "",
          aliases: JSON.stringify(problemAliases),
        },
        now,
      );
      const cropId = await crops.insertCrop(
        trx,
        {
          slug: cropSlug,
          name,
          name_hi: nameHi,
          image: "",
          seasons: JSON.stringify(["kharif"]),
          stages: JSON.stringify([{ slug: "vegetative", name: "Vegetative growth", nameHi: "बढ़वार" }]),
          aliases: JSON.stringify(aliases),
          position,
        },
        now,
      );
      await crops.writeCropProblems(trx, cropId, new Map([[problemId, "vegetative"]]));
      pairIds.push({ cropId, problemId });
    }
    const linked = await trx
      .selectFrom("products")
      .select("id")
      .where((eb) => eb(eb("id", "%", EVERY), "=", 0))
      .orderBy("id")
      .execute();
    for (const [i, { id }] of linked.entries()) {
      const pair = pairIds[i % pairIds.length] as (typeof pairIds)[number];
      await crops.setProductCrops(trx, id, [pair.cropId]);
      await crops.setProductProblems(trx, id, [pair]);
    }
    await trx
      .updateTable("products")
      .set({ search_text: "" })
      .where(
        "id",
        "in",
        linked.map((row) => row.id),
      )
      .execute();
  });
}
