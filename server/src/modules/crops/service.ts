import {
  type Crop,
  type CropInput,
  type CropList,
  type CropMatches,
  type CropPage,
  type CropProblem,
  type CropStage,
  type Problem,
  type ProblemInput,
  type ProblemKind,
  type ProblemPage,
  SEASONS,
  type Season,
  type StaffCrop,
  type StaffCrops,
} from "@krishi/contract";
import { SLUG_PATTERN } from "@krishi/contract/schemas";
import type { Db } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/dialect.ts";
import type { Clock } from "../../lib/clock.ts";
import { type FieldErrors, problem } from "../../lib/errors.ts";
import type { ShopEvents } from "../../lib/events.ts";
import { ResponseCache } from "../../lib/response-cache.ts";
import { fail, ok, Refusal, type Result, refusals } from "../../lib/result.ts";
import { type CatalogService, staleTags } from "../catalog/service.ts";
import { CropFinder } from "./finder.ts";
import { parseList } from "./product-links.ts";
import * as repo from "./repository.ts";

export interface CropsDeps {
  db: Db;
  clock: Clock;
  /** The catalogue: the products' summaries on the pages, and their search text when a crop's words change. */
  catalog: CatalogService;
  /** Tells every process that crops or problems changed (ShopEvents.cropsChanged), after the commit. */
  announce: () => Promise<void>;
}

export type CropFailure =
  | { kind: "crop-not-found"; slug: string }
  | { kind: "problem-not-found"; slug: string }
  | { kind: "invalid"; fields: FieldErrors };

/** The most products a crop's or problem's page lists, best first. */
export const MAX_PAGE_PRODUCTS = 100;

/**
 * Answers are kept this long at most; every write of crops or products drops them at once (in
 * every process, through the events), this only bounds what nothing announces.
 */
const CACHE_TTL_MS = 30_000;

const SLUG = new RegExp(SLUG_PATTERN);

const isSeason = (value: string): value is Season => (SEASONS as readonly string[]).includes(value);

function stagesOf(row: repo.CropRow): CropStage[] {
  try {
    const value: unknown = JSON.parse(row.stages);
    if (!Array.isArray(value)) return [];
    return value.flatMap((stage: { slug?: unknown; name?: unknown; nameHi?: unknown }) =>
      typeof stage?.slug === "string" ? [{ slug: stage.slug, name: String(stage.name ?? ""), nameHi: String(stage.nameHi ?? "") }] : [],
    );
  } catch {
    return [];
  }
}

const cropJson = (row: repo.CropRow): Crop => ({
  slug: row.slug,
  name: row.name,
  nameHi: row.name_hi,
  image: row.image,
  seasons: parseList(row.seasons).filter(isSeason),
});

const problemJson = (row: repo.ProblemRow): Problem => ({
  slug: row.slug,
  kind: row.kind as ProblemKind,
  name: row.name,
  nameHi: row.name_hi,
  symptoms: row.symptoms,
  symptomsHi: row.symptoms_hi,
  image: row.image,
  aliases: parseList(row.aliases),
});

/**
 * Crops and the problems that trouble them, and the products that serve them (the crops module
 * owns its six tables, repository.ts). The public pages' answers are read here and cached
 * (answers.ts); staff write crops and problems here; a product's links are written through the
 * catalogue's port (product-links.ts).
 */
export class CropsService {
  /** Serialized public answers (answers.ts): dropped by a crop's or a product's change. */
  readonly cache = new ResponseCache(CACHE_TTL_MS, 1_000);
  #finder: Promise<CropFinder> | undefined;

  constructor(private readonly deps: CropsDeps) {}

  /** Drops the answers a product's change makes stale (ShopEvents.productsChanged). */
  forgetProducts(change: ShopEvents["productsChanged"]): void {
    const stale = staleTags(change);
    if (stale) this.cache.dropTagged(stale);
    else this.cache.clear();
  }

  /** Drops everything read of the crops (ShopEvents.cropsChanged). */
  forget(): void {
    this.cache.clear();
    this.#finder = undefined;
  }

  async list(): Promise<CropList> {
    return { crops: (await repo.findCrops(this.deps.db)).map(cropJson) };
  }

  /** A crop's page: the crop, its problems in the order of its stages, and the products that serve it (best first). */
  async page(slug: string): Promise<Result<CropPage, CropFailure>> {
    const { db } = this.deps;
    const crop = await repo.findCrop(db, slug);
    if (!crop) return fail({ kind: "crop-not-found", slug });
    const [problems, ids] = await Promise.all([this.#problemsOf(crop), repo.productIdsOfCrop(db, crop.id)]);
    const products = await this.deps.catalog.bestFirst(ids, MAX_PAGE_PRODUCTS);
    return ok({
      crop: { ...cropJson(crop), stages: stagesOf(crop), aliases: parseList(crop.aliases) },
      problems,
      products,
    });
  }

  /** A crop's problem's page: its symptoms and the products for it, best first. */
  async problemPage(slug: string, problemSlug: string): Promise<Result<ProblemPage, CropFailure>> {
    const { db } = this.deps;
    const crop = await repo.findCrop(db, slug);
    if (!crop) return fail({ kind: "crop-not-found", slug });
    const row = (await repo.problemsOfCrop(db, crop.id)).find((p) => p.slug === problemSlug);
    if (!row) return fail({ kind: "problem-not-found", slug: problemSlug });
    const found = { ...problemJson(row), stage: row.stage };
    const ids = await repo.productIdsOfProblem(db, crop.id, row.id);
    const products = await this.deps.catalog.bestFirst(ids, MAX_PAGE_PRODUCTS);
    return ok({ crop: cropJson(crop), problem: found, products });
  }

  /** The crop and problem pages a search's words name (finder.ts). */
  async find(keyword: string): Promise<CropMatches> {
    return (await this.#finderNow()).find(keyword);
  }

  #finderNow(): Promise<CropFinder> {
    if (!this.#finder) {
      const loading = this.#loadFinder();
      loading.catch(() => {
        if (this.#finder === loading) this.#finder = undefined;
      });
      this.#finder = loading;
    }
    return this.#finder;
  }

  async #loadFinder(): Promise<CropFinder> {
    const { db } = this.deps;
    const [crops, problems, links] = await Promise.all([repo.findCrops(db), repo.findProblems(db), repo.findCropProblems(db)]);
    const slugOf = new Map(problems.map((row) => [row.id, row.slug]));
    return new CropFinder(
      crops.map((row) => ({
        slug: row.slug,
        name: row.name,
        nameHi: row.name_hi,
        names: [row.name, row.name_hi, ...parseList(row.aliases)],
        problems: ordered(
          stagesOf(row),
          links.filter((link) => link.crop_id === row.id).map((link) => ({ slug: slugOf.get(link.problem_id) ?? "", stage: link.stage })),
        ).map((link) => link.slug),
      })),
      problems.map((row) => ({
        slug: row.slug,
        name: row.name,
        nameHi: row.name_hi,
        kind: row.kind as ProblemKind,
        names: [row.name, row.name_hi, ...parseList(row.aliases)],
      })),
    );
  }

  /** A crop's problems with their stage, in the order of its stages (any stage last), then by name. */
  async #problemsOf(crop: repo.CropRow): Promise<CropProblem[]> {
    const rows = await repo.problemsOfCrop(this.deps.db, crop.id);
    return ordered(
      stagesOf(crop),
      rows.map((row) => ({ ...problemJson(row), stage: row.stage })),
    );
  }

  // ---- Staff

  /**
   * A crop's or problem's slugs (its own, its stages') that are not slugs, checked before its
   * schema (the routes' preValidation): text of another type is left to the schema.
   */
  slugsProblem(body: { slug?: unknown; stages?: unknown }): CropFailure | undefined {
    const fields =
      (typeof body.slug === "string" ? slugProblem(body.slug) : undefined) ??
      (Array.isArray(body.stages) ? stagesProblem(body.stages) : undefined);
    return fields ? { kind: "invalid", fields } : undefined;
  }

  async staffList(): Promise<StaffCrops> {
    const { db } = this.deps;
    const [crops, problems, links] = await Promise.all([repo.findCrops(db), repo.findProblems(db), repo.findCropProblems(db)]);
    const slugOf = new Map(problems.map((row) => [row.id, row.slug]));
    return {
      crops: crops.map((row) =>
        staffCropJson(
          row,
          links
            .filter((link) => link.crop_id === row.id)
            .map((link) => ({ problem: slugOf.get(link.problem_id) ?? "", stage: link.stage })),
        ),
      ),
      problems: problems.map(problemJson),
    };
  }

  createCrop(input: CropInput): Promise<Result<StaffCrop, CropFailure>> {
    return this.#writeCrop(null, input);
  }

  replaceCrop(slug: string, input: CropInput): Promise<Result<StaffCrop, CropFailure>> {
    return this.#writeCrop(slug, input);
  }

  /** Removes a crop: its problems' links, its products' links and label claim pairs go with it. */
  async removeCrop(slug: string): Promise<Result<void, CropFailure>> {
    const removed = await this.deps.db.transaction().execute(async (trx) => {
      const crop = await repo.findCrop(trx, slug);
      if (!crop) return false;
      const affected = await repo.productIdsOfCrop(trx, crop.id);
      await this.deps.catalog.lockProducts(trx, affected);
      await repo.deleteCrop(trx, crop.id);
      await this.deps.catalog.reindexProducts(trx, affected);
      return true;
    });
    if (!removed) return fail({ kind: "crop-not-found", slug });
    await this.#changed();
    return ok(undefined);
  }

  createProblem(input: ProblemInput): Promise<Result<Problem, CropFailure>> {
    return this.#writeProblem(null, input);
  }

  replaceProblem(slug: string, input: ProblemInput): Promise<Result<Problem, CropFailure>> {
    return this.#writeProblem(slug, input);
  }

  /** Removes a problem from every crop, product link and label claim that named it. */
  async removeProblem(slug: string): Promise<Result<void, CropFailure>> {
    const removed = await this.deps.db.transaction().execute(async (trx) => {
      const row = await repo.findProblem(trx, slug);
      if (!row) return false;
      const affected = await repo.productIdsWithProblem(trx, row.id);
      await this.deps.catalog.lockProducts(trx, affected);
      await repo.deleteProblem(trx, row.id);
      await this.deps.catalog.reindexProducts(trx, affected);
      return true;
    });
    if (!removed) return fail({ kind: "problem-not-found", slug });
    await this.#changed();
    return ok(undefined);
  }

  async #changed(): Promise<void> {
    this.forget();
    await this.deps.announce();
  }

  async #writeCrop(current: string | null, input: CropInput): Promise<Result<StaffCrop, CropFailure>> {
    const invalid = cropFieldsProblem(input);
    if (invalid) return fail({ kind: "invalid", fields: invalid });
    const at = this.deps.clock().toISOString();
    const written = await refusals(() =>
      this.deps.db.transaction().execute(async (trx): Promise<Result<StaffCrop, CropFailure>> => {
        const existing = current === null ? undefined : await repo.findCrop(trx, current);
        if (current !== null && !existing) return fail({ kind: "crop-not-found", slug: current });
        if (input.slug !== current && (await repo.findCrop(trx, input.slug))) {
          return fail(invalidField("slug", problem("crop_slug_taken", "Another crop has this address.")));
        }
        const known = await repo.idsOfSlugs(
          trx,
          "problems",
          input.problems.map((p) => p.problem),
        );
        const problems = problemsWanted(input, known);
        if (!problems.ok) return problems;
        const wanted = problems.value;
        const values = cropValues(input, existing);
        let id: number;
        let reindex: number[] = [];
        let wordsChanged = false;
        try {
          if (existing) {
            id = existing.id;
            wordsChanged = existing.name !== values.name || existing.name_hi !== values.name_hi || existing.aliases !== values.aliases;
            const before = wordsChanged ? await repo.productIdsOfCrop(trx, id) : [];
            const off = [...(await repo.findCropProblems(trx, id))].filter((link) => !wanted.has(link.problem_id));
            const losing = (await Promise.all(off.map((link) => repo.productIdsOfProblem(trx, id, link.problem_id)))).flat();
            reindex = [...new Set([...before, ...losing])];
            // The products' rows first, as their own writes take them (the catalogue's lock order).
            await this.deps.catalog.lockProducts(trx, reindex);
            await repo.updateCrop(trx, id, values, at);
          } else {
            id = await repo.insertCrop(trx, values, at);
          }
        } catch (error) {
          if (isUniqueViolation(error))
            throw new Refusal(invalidField("slug", problem("crop_slug_taken", "Another crop has this address.")));
          throw error;
        }
        await repo.writeCropProblems(trx, id, wanted);
        // And the products linked to it since they were read above (their writes may have read the old words).
        if (wordsChanged) reindex = [...new Set([...reindex, ...(await repo.productIdsOfCrop(trx, id))])];
        await this.deps.catalog.reindexProducts(trx, reindex);
        const row = (await repo.findCrop(trx, input.slug)) as repo.CropRow;
        const slugById = new Map([...known.entries()].map(([slug, found]) => [found.id, slug]));
        const links = await repo.findCropProblems(trx, id);
        return ok(
          staffCropJson(
            row,
            links.map((link) => ({ problem: slugById.get(link.problem_id) ?? "", stage: link.stage })),
          ),
        );
      }),
    );
    if (written.ok) await this.#changed();
    return written;
  }

  async #writeProblem(current: string | null, input: ProblemInput): Promise<Result<Problem, CropFailure>> {
    const invalid = slugProblem(input.slug);
    if (invalid) return fail({ kind: "invalid", fields: invalid });
    const at = this.deps.clock().toISOString();
    const written = await refusals(() =>
      this.deps.db.transaction().execute(async (trx): Promise<Result<Problem, CropFailure>> => {
        const existing = current === null ? undefined : await repo.findProblem(trx, current);
        if (current !== null && !existing) return fail({ kind: "problem-not-found", slug: current });
        if (input.slug !== current && (await repo.findProblem(trx, input.slug))) {
          return fail(invalidField("slug", problem("problem_slug_taken", "Another problem has this address.")));
        }
        const values: repo.ProblemValues = {
          slug: input.slug,
          kind: input.kind,
          name: input.name.trim(),
          name_hi: input.nameHi.trim(),
          symptoms: input.symptoms.trim(),
          symptoms_hi: input.symptomsHi.trim(),
          image: (input.image ?? existing?.image ?? "").trim(),
          aliases: JSON.stringify(cleanAliases(input.aliases ?? (existing ? parseList(existing.aliases) : []))),
        };
        try {
          if (existing) {
            const wordsChanged =
              existing.name !== values.name || existing.name_hi !== values.name_hi || existing.aliases !== values.aliases;
            const affected = wordsChanged ? await repo.productIdsWithProblem(trx, existing.id) : [];
            await this.deps.catalog.lockProducts(trx, affected);
            await repo.updateProblem(trx, existing.id, values, at);
            // And those linked to it since (their writes may have read the old words).
            const linkedMeanwhile = wordsChanged ? await repo.productIdsWithProblem(trx, existing.id) : [];
            await this.deps.catalog.reindexProducts(trx, [...new Set([...affected, ...linkedMeanwhile])]);
          } else {
            await repo.insertProblem(trx, values, at);
          }
        } catch (error) {
          if (isUniqueViolation(error)) {
            throw new Refusal(invalidField("slug", problem("problem_slug_taken", "Another problem has this address.")));
          }
          throw error;
        }
        return ok(problemJson((await repo.findProblem(trx, input.slug)) as repo.ProblemRow));
      }),
    );
    if (written.ok) await this.#changed();
    return written;
  }
}

/** A crop's problems as staff list them (problem id → stage), each a known problem at one of the crop's stages. */
function problemsWanted(input: CropInput, known: ReadonlyMap<string, { id: number }>): Result<Map<number, string>, CropFailure> {
  const stages = new Set(input.stages.map((stage) => stage.slug));
  const wanted = new Map<number, string>();
  for (const [i, { problem: slug, stage = "" }] of input.problems.entries()) {
    const found = known.get(slug);
    if (!found) {
      return fail(invalidField(`problems.${i}.problem`, problem("problem_unknown", `There is no problem “${slug}”.`, { value: slug })));
    }
    if (stage !== "" && !stages.has(stage)) {
      return fail(invalidField(`problems.${i}.stage`, problem("stage_unknown", `The crop has no stage “${stage}”.`, { value: stage })));
    }
    wanted.set(found.id, stage);
  }
  return ok(wanted);
}

const invalidField = (field: string, fieldProblem: ReturnType<typeof problem>): CropFailure => ({
  kind: "invalid",
  fields: { [field]: [fieldProblem] },
});

const SLUG_MESSAGE = "Use 2 to 60 lower-case letters, digits and single hyphens.";

function slugProblem(slug: string, field = "slug"): FieldErrors | undefined {
  return slug.length >= 2 && slug.length <= 60 && SLUG.test(slug) ? undefined : { [field]: [problem("slug_invalid", SLUG_MESSAGE)] };
}

/** What a crop's fields must be by themselves: slugs of the crop and its stages, stages once each. */
function cropFieldsProblem(input: CropInput): FieldErrors | undefined {
  return slugProblem(input.slug) ?? stagesProblem(input.stages);
}

function stagesProblem(stages: readonly unknown[]): FieldErrors | undefined {
  const seen = new Set<string>();
  for (const [i, stage] of stages.entries()) {
    const slug = (stage as { slug?: unknown } | null)?.slug;
    if (typeof slug !== "string") continue;
    const bad = slugProblem(slug, `stages.${i}.slug`);
    if (bad) return bad;
    if (seen.has(slug)) return { [`stages.${i}.slug`]: [problem("slug_invalid", "Each stage needs an address of its own.")] };
    seen.add(slug);
  }
  return undefined;
}

/** Aliases trimmed, each once (case aside), empty ones dropped. */
function cleanAliases(aliases: readonly string[]): string[] {
  const seen = new Set<string>();
  return aliases
    .map((alias) => alias.trim())
    .filter((alias) => {
      const key = alias.toLowerCase();
      if (!alias || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

function cropValues(input: CropInput, existing: repo.CropRow | undefined): repo.CropValues {
  return {
    slug: input.slug,
    name: input.name.trim(),
    name_hi: input.nameHi.trim(),
    image: (input.image ?? existing?.image ?? "").trim(),
    seasons: JSON.stringify(SEASONS.filter((season) => input.seasons.includes(season))),
    stages: JSON.stringify(input.stages.map((stage) => ({ slug: stage.slug, name: stage.name.trim(), nameHi: stage.nameHi.trim() }))),
    aliases: JSON.stringify(cleanAliases(input.aliases ?? (existing ? parseList(existing.aliases) : []))),
    position: input.position ?? existing?.position ?? 0,
  };
}

function staffCropJson(row: repo.CropRow, problems: { problem: string; stage: string }[]): StaffCrop {
  return {
    ...cropJson(row),
    stages: stagesOf(row),
    aliases: parseList(row.aliases),
    position: row.position,
    problems: ordered(
      stagesOf(row),
      problems.map((p) => ({ ...p, slug: p.problem })),
    ).map(({ problem: slug, stage }) => ({
      problem: slug,
      stage,
    })),
  };
}

/** A crop's problems in the order of its stages (those of any stage, or of a stage it no longer has, last), then by slug or name. */
function ordered<T extends { slug: string; stage: string; name?: string }>(stages: readonly CropStage[], list: readonly T[]): T[] {
  const place = new Map(stages.map((stage, i) => [stage.slug, i]));
  const rank = (item: T) => place.get(item.stage) ?? stages.length;
  return [...list].sort((a, b) => rank(a) - rank(b) || (a.name ?? a.slug).localeCompare(b.name ?? b.slug));
}
