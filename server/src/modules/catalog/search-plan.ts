import { type Kysely, type SqlBool, sql } from "kysely";
import { dialectOf } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { indexPendingProducts } from "./search-index.ts";
import { queryKeys } from "./search-keys.ts";
import {
  afterPrefix,
  categoriesNamed,
  ftsQuery,
  hasSynonyms,
  isKeywordOnly,
  type KeywordPlan,
  keywordMatch,
  matchTier,
  type ProductFilter,
  type ProductSearch,
  postingsFit,
  SEARCH_LIMIT,
  type Term,
  tierCount,
} from "./search-match.ts";
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
/** The longest prefix FTS5 keeps an index of (migration 0007: prefix = '2 3 4 5 6'). */
const FTS_PREFIX_INDEX = 6;
/** A longer prefix is asked for as its words when it starts at most this many. */
const PREFIX_WORDS = 16;

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

/** A key looked up in the index (lookUp): as the start of terms, or whole. */
export interface WantedKey {
  key: string;
  prefix: boolean;
}

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
 * vocabulary (`synonyms`); first indexes the rows written without the catalogue (bulk loaders and
 * tests write products directly), so the search sees them.
 */
export async function planSearch(db: Kysely<Database>, filter: ProductFilter, synonyms: Synonyms = NO_SYNONYMS): Promise<ProductSearch> {
  const { keyword } = filter;
  if (!keyword) return { filter };
  const sqlite = dialectOf(db) === "sqlite";
  await indexPendingProducts(db);
  const lower = keyword.toLowerCase();
  const keys = queryKeys(keyword);
  const alternatives = synonyms.alternatives(keys);
  const wanted = wantedKeys(keys, alternatives);
  const { categories, terms } = await lookUp(db, lower, wanted);
  if (categories.length > 0) return { filter, plan: { kind: "category", ids: categories } };
  const words = terms.slice(0, keys.length);
  const termsOf = new Map(wanted.map(({ key, prefix }, i) => [`${key} ${prefix}`, terms[i] as Term[]]));
  const alternativeWords = alternatives
    .map((alternative) => alternative.map((key) => termsOf.get(`${key} ${key.length >= SYNONYM_PREFIX_LENGTH}`) as Term[]))
    // An alternative with a word no product has (known on PostgreSQL) finds nothing.
    .filter((alternative) => !alternative.some((terms) => terms.every((t) => t.docs === 0)));
  // PostgreSQL: a plan's count up to SEARCH_LIMIT, when the words' counts do not tell it, is
  // started once the plan is known to match (through the GIN indexes, which tell at once that
  // frequent words share no product), and the page is read meanwhile (product-pages.ts,
  // countProducts, awaits it). A words plan's matches are then read from its postings when they
  // fit (postingsFit).
  let counted: number | Promise<number> | undefined;
  let postings = false;
  const exists = async (plan: KeywordPlan & { kind: "words" | "text" }) => {
    const fts = sqlite ? ftsQuery(plan) : undefined;
    if (fts) {
      const { rows } =
        await sql`select rowid from ${sql.table(fts.table)} where ${sql.table(fts.table)} match ${fts.match} limit 1`.execute(db);
      return rows.length > 0;
    }
    postings = plan.kind === "words" && !hasSynonyms(plan) && postingsFit(plan.words);
    const known = plan.kind === "words" && !hasSynonyms(plan) ? countFromDocs(plan.words) : undefined;
    if (known !== undefined) {
      counted = known;
      return known > 0;
    }
    if ((await tierCount(db, { where: keywordMatch(db, plan) }, {}, 1)) === 0) return false;
    if (isKeywordOnly(filter)) {
      const counting = tierCount(db, matchTier(db, plan, postings), {}, SEARCH_LIMIT);
      counting.catch(() => {}); // awaited by countProducts; a failure is thrown there
      counted = counting;
    }
    return true;
  };
  const planned = (plan: KeywordPlan): ProductSearch =>
    isKeywordOnly(filter) && counted !== undefined ? { filter, plan, counted, postings } : { filter, plan };
  // A keyword alone with SEARCH_LIMIT matches of its own is answered from them alone: its
  // synonyms' matches would rank after them, past what is paged (and counting them all costs).
  const ownFillLimit = async () => {
    if (alternativeWords.length === 0 || keys.length === 0 || !isKeywordOnly(filter)) return false;
    if (!sqlite) return countFromDocs(words) === SEARCH_LIMIT;
    const own = ftsQuery({ kind: "words", words }) as { table: string; match: string };
    if ((await tierCount(db, own, filter, SEARCH_LIMIT)) < SEARCH_LIMIT) return false;
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

/** Only words of letters, of 4 or more, matched as a prefix, are corrected (not numbers: "lot 3100"). */
const correctable = (keys: readonly string[], i: number) =>
  (keys[i] as string).length >= SIMILAR_MIN_LENGTH && isPrefix(keys, i) && /^[a-z]+$/.test(keys[i] as string);

/**
 * The index terms a key is asked for as. SQLite keeps prefix indexes up to FTS_PREFIX_INDEX
 * letters; a longer prefix would be matched by merging every one of its words' entries (~8 ms
 * for a word all 100 000 products have). So, looked up in search_words: when every word that
 * starts like the key's first letters starts with the whole key, those letters are asked for
 * (an indexed prefix, the same matches); when the key starts a few words, those words.
 */
async function keyTerms(db: Kysely<Database>, key: string, prefix: boolean): Promise<Term[]> {
  if (!prefix || key.length <= FTS_PREFIX_INDEX) return [{ term: key, prefix }];
  const head = key.slice(0, FTS_PREFIX_INDEX);
  const rows = await db
    .selectFrom("search_words")
    .select("word")
    .where("word", ">=", head)
    .where("word", "<", afterPrefix(head))
    .orderBy("word")
    .limit(PREFIX_WORDS + 1)
    .execute();
  const starting = rows.filter(({ word }) => word.startsWith(key));
  if (starting.length === rows.length && rows.length > 0) return [{ term: head, prefix: true }];
  if (rows.length <= PREFIX_WORDS && starting.length > 0) return starting.map(({ word }) => ({ term: word, prefix: false }));
  return [{ term: key, prefix: true }];
}

/** The search_words rows of a key (PostgreSQL, see countedTerms): the word, or up to PREFIX_WORDS + 1 words it starts. */
function wordsOfKey(db: Kysely<Database>, key: string, prefix: boolean) {
  const words = db.selectFrom("search_words").select(["word", "docs"]);
  return prefix
    ? words
        .where("word", ">=", key)
        .where("word", "<", afterPrefix(key))
        .orderBy("word")
        .limit(PREFIX_WORDS + 1)
    : words.where("word", "=", key);
}

/** PostgreSQL, lookUp in one statement: key -1, a category's id; key i, a word of wanted[i] and its products' count. */
export function lookUpQuery(db: Kysely<Database>, lower: string, wanted: readonly WantedKey[]) {
  const parts = [
    sql`select -1 as key, id::text as word, 0 as docs from ${categoriesNamed(db, lower)} as named`,
    ...wanted.map(({ key, prefix }, i) => sql`select ${sql.lit(i)} as key, word, docs from ${wordsOfKey(db, key, prefix)} as words`),
  ];
  return sql<{ key: number; word: string; docs: number }>`${sql.join(parts, sql` union all `)}`;
}

/**
 * The categories a keyword (lower-cased) names, in English or Hindi, and the index terms of each
 * key wanted: looked up together, since most keywords name no category. PostgreSQL answers all of
 * it in one statement (a query costs a round trip, and its writes and reads on the event loop).
 */
async function lookUp(
  db: Kysely<Database>,
  lower: string,
  wanted: readonly WantedKey[],
): Promise<{ categories: number[]; terms: Term[][] }> {
  if (dialectOf(db) === "sqlite") {
    const named = categoriesNamed(db, lower);
    const [categories, terms] = await Promise.all([
      named.execute(),
      Promise.all(wanted.map(({ key, prefix }) => keyTerms(db, key, prefix))),
    ]);
    return { categories: categories.map((c) => c.id), terms };
  }
  const { rows } = await lookUpQuery(db, lower, wanted).execute(db);
  return {
    categories: rows.filter((row) => row.key === -1).map((row) => Number(row.word)),
    terms: wanted.map(({ key, prefix }, i) =>
      countedTerms(
        key,
        prefix,
        rows.filter((row) => row.key === i),
      ),
    ),
  };
}

/**
 * PostgreSQL: the index terms of a key, from its rows of search_words (wordsOfKey), with how many
 * products have each (docs). A prefix is asked for as the words it starts when they are few:
 * the GIN index reads a prefix by collecting every match of its words before anything else, where
 * whole words skip through one another's matches ("tomato:* & sids:*" ~8 ms at 100 000 products,
 * "tomato & sids" ~3 ms; "product:* & 9999:*" ~13 ms, "product & (9999 | 99990 | …)" ~0.5 ms);
 * and a whole word's count is known, its postings read in product order (postingsFit).
 */
function countedTerms(key: string, prefix: boolean, rows: readonly { word: string; docs: number }[]): Term[] {
  if (rows.length > PREFIX_WORDS) return [{ term: key, prefix: true }];
  if (rows.length === 0) return [{ term: key, prefix, docs: 0 }];
  return rows.map(({ word, docs }) => ({ term: word, prefix: false, docs }));
}

/**
 * A words plan's matches up to SEARCH_LIMIT when the products' counts of its terms (PostgreSQL)
 * tell them without reading the index: none when a word of the keyword is in no product; when
 * the keyword is one word, SEARCH_LIMIT when one of its terms is in that many products, and the
 * count of its term when it is one whole word.
 */
function countFromDocs(words: readonly Term[][]): number | undefined {
  if (words.some((terms) => terms.every((t) => t.docs === 0))) return 0;
  if (words.length !== 1) return undefined;
  const terms = words[0] as Term[];
  if (terms.some((t) => (t.docs ?? 0) >= SEARCH_LIMIT)) return SEARCH_LIMIT;
  const [only] = terms;
  return terms.length === 1 && only && !only.prefix ? only.docs : undefined;
}

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
