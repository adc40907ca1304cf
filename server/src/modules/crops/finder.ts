import type { CropMatches, CropRef, ProblemKind } from "@krishi/contract";
import { queryKeys, textKeys } from "../catalog/search-keys.ts";

/**
 * Which crop and problem pages a search's words name ("kapas safed makhi", "cotton whitefly",
 * "धान तना छेदक", "gehu ratua"): a crop or problem is named when every word of one of its names
 * (English, Hindi, an alias) is among the keyword's words, compared by the search's spelling keys
 * (search-keys.ts), so Devanagari, romanised Hindi and spelling variants meet. Held in memory,
 * built once from the crops' rows and dropped when they change.
 */

export interface FinderCrop extends CropRef {
  names: readonly string[];
  /** Its problems' slugs, in its page's order. */
  problems: readonly string[];
}

export interface FinderProblem {
  slug: string;
  name: string;
  nameHi: string;
  kind: ProblemKind;
  names: readonly string[];
}

/** The most pages a search is offered. */
const MAX_PAGES = 6;

/** Each name as the keys of its words (a name without letters or digits is left out). */
function nameKeys(names: readonly string[]): string[][] {
  return names.map((name) => queryKeys(name.replace(/[^\p{L}\p{M}\p{N}]+/gu, " "))).filter((keys) => keys.length > 0);
}

export class CropFinder {
  readonly #crops: { crop: FinderCrop; keys: string[][] }[];
  readonly #problems: Map<string, { problem: FinderProblem; keys: string[][] }>;

  constructor(crops: readonly FinderCrop[], problems: readonly FinderProblem[]) {
    this.#crops = crops.map((crop) => ({ crop, keys: nameKeys(crop.names) }));
    this.#problems = new Map(problems.map((problem) => [problem.slug, { problem, keys: nameKeys(problem.names) }]));
  }

  /** The pages the keyword names: a named problem on a named crop first, then the named crops' pages, then a named problem on its crops. */
  find(keyword: string): CropMatches {
    const words = new Set(textKeys(keyword));
    if (words.size === 0) return { pages: [] };
    const named = (keys: string[][]) => keys.some((name) => name.every((key) => words.has(key)));
    const crops = this.#crops.filter((entry) => named(entry.keys)).map((entry) => entry.crop);
    const problems = new Set([...this.#problems.values()].filter((entry) => named(entry.keys)).map((entry) => entry.problem.slug));
    const ref = ({ slug, name, nameHi }: FinderCrop): CropRef => ({ slug, name, nameHi });
    const problemRef = (slug: string) => {
      const { problem } = this.#problems.get(slug) as { problem: FinderProblem };
      return { slug: problem.slug, name: problem.name, nameHi: problem.nameHi, kind: problem.kind };
    };
    const pages: CropMatches["pages"] = [];
    for (const crop of crops) {
      for (const slug of crop.problems) if (problems.has(slug)) pages.push({ crop: ref(crop), problem: problemRef(slug) });
    }
    for (const crop of crops) pages.push({ crop: ref(crop), problem: null });
    if (crops.length === 0) {
      for (const { crop } of this.#crops) {
        for (const slug of crop.problems) if (problems.has(slug)) pages.push({ crop: ref(crop), problem: problemRef(slug) });
      }
    }
    return { pages: pages.slice(0, MAX_PAGES) };
  }
}
