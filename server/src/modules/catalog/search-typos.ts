import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { afterPrefix, type Term } from "./search-match.ts";

/**
 * One typo forgiven in a longer word, as search engines do ("urya" finds urea, "fertlizer"
 * fertiliser, "mirchi" मिर्च): a key of the keyword that starts no word of the index is also
 * searched as the index's words one edit away from it (a letter left out, added, changed, or two
 * swapped), ranked after the keyword's own matches (search-plan.ts). A word the index has is
 * never "corrected": "neem" does not also find "need".
 */

/**
 * Shorter keys are never corrected: too many words are one letter away from them. (A key is often
 * a letter shorter than the word typed: "urya" is "ury", as "urea" is "uri".)
 */
export const TYPO_MIN_LENGTH = 3;
/**
 * The first letters are taken as typed (a typo there is rare on a phone's keyboard, and reading
 * the index's words that start with them is a short range of search_words' key whatever the
 * catalogue's size).
 */
const TYPO_FIXED_LETTERS = 2;
/** Keys this long are corrected as the start of a longer word too. */
const PREFIX_TYPO_LENGTH = 5;
/** A typo stands for at most this many index words, the shortest first. */
const TYPO_TERMS = 16;
/** Keys remembered at most (then the memory starts again). */
const MAX_REMEMBERED = 2_000;

/** Whether a and b are at most one edit apart (a letter deleted, inserted or changed, or two neighbours swapped). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * Whether an index word is what the key would be with one typo fixed: the word itself one edit
 * away, or, for a key of PREFIX_TYPO_LENGTH letters or more (the start of a word as typed), the
 * word's start of the key's length or one more one edit away ("fertliser" finds "fertilisers";
 * "ury" finds "uri", not "urvarak").
 */
export function isTypoOf(key: string, word: string): boolean {
  if (word.startsWith(key)) return false;
  if (word.length <= key.length + 1 || key.length < PREFIX_TYPO_LENGTH) return withinOneEdit(key, word);
  return withinOneEdit(key, word.slice(0, key.length)) || withinOneEdit(key, word.slice(0, key.length + 1));
}

/** Whether a key may be corrected: letters only, long enough. */
export const isCorrectable = (key: string) => key.length >= TYPO_MIN_LENGTH && /^[a-z]+$/.test(key);

/**
 * The index's words a key stands for with one typo fixed, per catalogue: remembered until the
 * catalogue changes (the catalogue makes a new one then, as it reads its vocabulary again).
 */
export class TypoCorrections {
  readonly #remembered = new Map<string, Promise<Term[]>>();

  /**
   * The words for `key`, none when the index has a word it starts (`known`: the search backend
   * already told, as PostgreSQL's counts do; else asked of search_words).
   */
  of(db: Kysely<Database>, key: string, known?: boolean): Promise<Term[]> {
    if (known === true || !isCorrectable(key)) return Promise.resolve([]);
    let found = this.#remembered.get(key);
    if (!found) {
      if (this.#remembered.size >= MAX_REMEMBERED) this.#remembered.clear();
      found = correctionsOf(db, key, known === false);
      // A failed read is not kept.
      found.catch(() => this.#remembered.delete(key));
      this.#remembered.set(key, found);
    }
    return found;
  }
}

async function correctionsOf(db: Kysely<Database>, key: string, unknown: boolean): Promise<Term[]> {
  if (!unknown) {
    const starting = await db
      .selectFrom("search_words")
      .select("word")
      .where("word", ">=", key)
      .where("word", "<", afterPrefix(key))
      .limit(1)
      .executeTakeFirst();
    if (starting) return [];
  }
  const head = key.slice(0, TYPO_FIXED_LETTERS);
  const rows = await db
    .selectFrom("search_words")
    // With `docs` on PostgreSQL (SQLite has no such column).
    .selectAll()
    .where("word", ">=", head)
    .where("word", "<", afterPrefix(head))
    .where(sql<SqlBool>`length(word) >= ${key.length - 1}`)
    .execute();
  return rows
    .filter(({ word, docs }) => docs !== 0 && isTypoOf(key, word))
    .sort((a, b) => a.word.length - b.word.length || a.word.localeCompare(b.word))
    .slice(0, TYPO_TERMS)
    .map(({ word, docs }) => ({ term: word, prefix: false, ...(typeof docs === "number" ? { docs } : {}) }));
}
