import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { SearchBackend, WantedKey } from "./search-backend.ts";
import { queryKeys } from "./search-keys.ts";
import { isKeywordOnly, type KeywordPlan, type ProductFilter, type ProductSearch, SEARCH_LIMIT, type Term } from "./search-match.ts";
import type { TypoCorrections } from "./search-typos.ts";
import { NO_SYNONYMS, type Synonyms } from "./search-vocabulary.ts";

/**
 * A product list's keyword planned once per request (see KeywordPlan): a category's name, the
 * words of the full-text index, the text through trigrams, or the words spelled like it.
 */

/** Shorter keys than this are never corrected as typos: too many words are one letter away. */
const SIMILAR_MIN_LENGTH = 4;
/** pg_trgm's similarity of two keys at least this: "tomatoe" and "tomato" 0.67, "tomatoseds" and "tomato" 0.55. */
const SIMILARITY = 0.6;
/** A typo stands for at most this many index terms, the most alike first. */
const SIMILAR_TERMS = 8;
/**
 * A key is matched as the start of an index term when it has 3 letters or more, or when it ends a
 * query of several words (as it is typed: "tomato seeds 1" finds seeds 1 and 10–19); otherwise as
 * a whole term, so "1" does not find "150" and "zzz" (key "s") does not find every word with s.
 */
const isPrefix = (keys: readonly string[], i: number) => (keys[i] as string).length >= 3 || (i === keys.length - 1 && keys.length > 1);

/**
 * A key of an alternative from the vocabulary is matched as the start of an index term when it
 * has this many letters or more ("fertiliser" finds "fertilisers"), else whole: "kad" (khad) does
 * not find "kadu".
 */
const SYNONYM_PREFIX_LENGTH = 5;

/** The keys a plan looks up: the keyword's, then its alternatives' not among them, once each. */
function wantedKeys(keys: readonly string[], alternatives: readonly string[][]): WantedKey[] {
  const wanted = keys.map((key, i) => ({ key, prefix: isPrefix(keys, i) }));
  const seen = new Set(wanted.map(({ key, prefix }) => `${key} ${prefix}`));
  for (const key of alternatives.flat()) {
    const prefix = key.length >= SYNONYM_PREFIX_LENGTH;
    if (seen.has(`${key} ${prefix}`)) continue;
    seen.add(`${key} ${prefix}`);
    wanted.push({ key, prefix });
  }
  return wanted;
}

/**
 * Plans the keyword of a list (see KeywordPlan), with its alternatives from the shop's search
 * vocabulary (`synonyms`) and, for its words the index does not have, the words one typo away
 * (`typos`, search-typos.ts), through the database's search backend; first indexes the rows
 * written without the catalogue (bulk loaders and tests write products directly), so the search
 * sees them.
 */
export async function planSearch(
  db: Kysely<Database>,
  backend: SearchBackend,
  filter: ProductFilter,
  synonyms: Synonyms = NO_SYNONYMS,
  typos?: TypoCorrections,
): Promise<ProductSearch> {
  const { keyword } = filter;
  if (!keyword) return { filter };
  await backend.indexPendingProducts(db);
  const lower = keyword.toLowerCase();
  const keys = queryKeys(keyword);
  const alternatives = synonyms.alternatives(keys);
  const wanted = wantedKeys(keys, alternatives);
  const { categories, terms } = await backend.lookUp(db, lower, wanted);
  if (categories.length > 0) return { filter, plan: { kind: "category", ids: categories } };
  const words = terms.slice(0, keys.length);
  const termsOf = new Map(wanted.map(({ key, prefix }, i) => [`${key} ${prefix}`, terms[i] as Term[]]));
  const alternativeWords = alternatives
    .map((alternative) => alternative.map((key) => termsOf.get(`${key} ${key.length >= SYNONYM_PREFIX_LENGTH}`) as Term[]))
    // An alternative with a word no product has (known on PostgreSQL) finds nothing.
    .filter((alternative) => !alternative.some((terms) => terms.every((t) => t.docs === 0)));
  // The keyword with its words the index lacks read as the words one typo away: one more alternative.
  if (typos) {
    const corrected = await typoWords(db, typos, keys, words);
    if (corrected) alternativeWords.push(corrected);
  }
  // What the backend tells of a plan on the way (PostgreSQL: its count up to SEARCH_LIMIT, known
  // or being counted, and whether its pages are read from the postings) is kept for the plan
  // that matched.
  let counted: number | Promise<number> | undefined;
  let postings = false;
  const exists = async (plan: KeywordPlan & { kind: "words" | "text" }) => {
    const found = await backend.exists(db, plan, filter);
    if (found.postings !== undefined) postings = found.postings;
    if (found.counted !== undefined) counted = found.counted;
    return found.found;
  };
  const planned = (plan: KeywordPlan): ProductSearch =>
    isKeywordOnly(filter) && counted !== undefined ? { filter, plan, counted, postings } : { filter, plan };
  // A keyword alone with SEARCH_LIMIT matches of its own is answered from them alone: its
  // synonyms' matches would rank after them, past what is paged (and counting them all costs).
  const ownFillLimit = async () => {
    if (alternativeWords.length === 0 || keys.length === 0 || !isKeywordOnly(filter)) return false;
    if (!(await backend.ownFillLimit(db, words, filter))) return false;
    counted = SEARCH_LIMIT;
    return true;
  };
  const synonymWords = (await ownFillLimit()) ? [] : alternativeWords;
  const plan = { kind: "words" as const, words, ...(synonymWords.length > 0 ? { synonyms: synonymWords } : {}) };
  if (keys.length > 0 && (await exists(plan))) return planned(plan);
  // The words spelled like the keyword's are looked up while its text is searched for.
  const correcting = Promise.all(keys.map((key, i) => (correctable(keys, i) ? similarWords(db, key) : [])));
  correcting.catch(() => {}); // not awaited when the text is found; awaited (and thrown) otherwise
  // Trigrams: a shorter text has none to look up.
  const text = { kind: "text" as const, text: keyword };
  if ([...keyword].length >= 3 && (await exists(text))) return planned(text);
  const corrections = await correcting;
  if (corrections.some((terms) => terms.length > 0)) {
    const similar = {
      kind: "words" as const,
      words: words.map((terms, i) => [...terms, ...(corrections[i] as Term[])]),
    };
    if (await exists(similar)) return planned(similar);
  }
  return { filter, plan: { kind: "none" } };
}

/**
 * The keyword's words with each that starts no word of the index (a typo) read as the index's
 * words one edit away from it, or undefined when no word is so corrected. A word whose terms'
 * counts are known (PostgreSQL) is known or not by them; otherwise search_words is asked.
 */
async function typoWords(
  db: Kysely<Database>,
  typos: TypoCorrections,
  keys: readonly string[],
  words: readonly Term[][],
): Promise<Term[][] | undefined> {
  const corrections = await Promise.all(
    keys.map((key, i) => {
      if (!isPrefix(keys, i)) return [];
      const terms = words[i] as Term[];
      const known = terms.every((t) => t.docs === undefined) ? undefined : terms.some((t) => (t.docs ?? 1) > 0);
      return typos.of(db, key, known);
    }),
  );
  if (corrections.every((terms) => terms.length === 0)) return undefined;
  return words.map((terms, i) => ((corrections[i] as Term[]).length > 0 ? (corrections[i] as Term[]) : terms));
}

/** Only words of letters, of 4 or more, matched as a prefix, are corrected (not numbers: "lot 3100"). */
const correctable = (keys: readonly string[], i: number) =>
  (keys[i] as string).length >= SIMILAR_MIN_LENGTH && isPrefix(keys, i) && /^[a-z]+$/.test(keys[i] as string);

/**
 * The index's words spelled like the key (the same first letter, a length within 2, trigram
 * similarity), most alike first: a short range of search_words' primary key, whatever the
 * catalogue's size.
 */
async function similarWords(db: Kysely<Database>, key: string): Promise<Term[]> {
  const first = key[0] as string;
  const rows = await db
    .selectFrom("search_words")
    // With `docs` on PostgreSQL (SQLite has no such column).
    .selectAll()
    .where("word", ">=", first)
    .where("word", "<", String.fromCharCode(first.charCodeAt(0) + 1))
    .where(sql<SqlBool>`length(word) between ${key.length - 2} and ${key.length + 2}`)
    .execute();
  const docsOf = new Map(rows.map((row) => [row.word, typeof row.docs === "number" ? row.docs : undefined]));
  return rows
    .map(({ word }) => ({ word, score: trigramSimilarity(key, word) }))
    .filter(({ score }) => score >= SIMILARITY)
    .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word))
    .slice(0, SIMILAR_TERMS)
    .map(({ word }) => ({ term: word, prefix: false, docs: docsOf.get(word) }));
}

/** pg_trgm's similarity of two words: shared trigrams (of the word padded with two spaces before, one after) over all. */
export function trigramSimilarity(a: string, b: string): number {
  const grams = (word: string) => {
    const padded = `  ${word} `;
    const set = new Set<string>();
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
    return set;
  };
  const x = grams(a);
  const y = grams(b);
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared++;
  return shared / (x.size + y.size - shared);
}
