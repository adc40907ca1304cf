import { queryKeys } from "./search-keys.ts";

/**
 * The shop's search vocabulary as keyword search uses it: groups of words and phrases that mean
 * the same to a farmer ("khad", "खाद", "fertiliser"; "spray pump", "sprayer"), staff-edited
 * (vocabulary.ts). A keyword whose words, or some of them in a row, are one entry of a group is
 * also searched as the keyword with those words replaced by each other entry of the group: its
 * alternatives (search-plan.ts ranks their matches after the keyword's own).
 */

/** The most alternatives a keyword is searched as besides itself (the closest phrases first). */
export const MAX_ALTERNATIVES = 16;

/** An entry of a group: the keys of its words (search-keys.ts), in order. */
type Entry = readonly string[];

export class Synonyms {
  /** An entry's keys, joined by spaces, to the entries of every group it is in. */
  readonly #entriesOf = new Map<string, Entry[]>();
  /** The most words of an entry. */
  readonly #longest: number;

  constructor(groups: readonly (readonly string[])[]) {
    let longest = 0;
    for (const group of groups) {
      const entries = new Map<string, Entry>();
      for (const word of group) {
        const keys = queryKeys(word);
        if (keys.length > 0) entries.set(keys.join(" "), keys);
      }
      for (const [phrase, keys] of entries) {
        longest = Math.max(longest, keys.length);
        this.#entriesOf.set(phrase, [...(this.#entriesOf.get(phrase) ?? []), ...entries.values()]);
      }
    }
    this.#longest = longest;
  }

  /**
   * The keyword's alternatives: its keys with a run of them that is an entry of a group (or
   * that entry's plural, ending in s) replaced by another entry of that group; longer runs first.
   * An alternative that holds every key of the keyword would only find some of its own matches:
   * left out.
   */
  alternatives(keys: readonly string[]): string[][] {
    const found = new Map<string, string[]>();
    const own = new Set(keys);
    for (let length = Math.min(this.#longest, keys.length); length >= 1; length--) {
      for (let start = 0; start + length <= keys.length; start++) {
        const run = keys.slice(start, start + length);
        for (const entry of this.#entriesFor(run)) {
          const alternative = [...keys.slice(0, start), ...entry, ...keys.slice(start + length)];
          if (alternative.every((key) => own.has(key)) || [...own].every((key) => alternative.includes(key))) continue;
          found.set(alternative.join(" "), alternative);
          if (found.size === MAX_ALTERNATIVES) return [...found.values()];
        }
      }
    }
    return [...found.values()];
  }

  #entriesFor(run: readonly string[]): Entry[] {
    const phrase = run.join(" ");
    const entries = this.#entriesOf.get(phrase);
    if (entries) return entries;
    // A plural: "fertilisers" is "fertiliser"'s.
    return phrase.length > 4 && phrase.endsWith("s") ? (this.#entriesOf.get(phrase.slice(0, -1)) ?? []) : [];
  }
}

/** No vocabulary: a keyword is searched as itself alone. */
export const NO_SYNONYMS = new Synonyms([]);
