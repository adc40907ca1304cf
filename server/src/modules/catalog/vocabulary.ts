import type { VocabularyGroup, VocabularyGroupInput } from "@krishi/contract";
import type { Kysely, Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import { fieldError, type HttpError, notFound, problem } from "../../lib/errors.ts";
import { queryKeys } from "./search-keys.ts";

/**
 * The shop's search vocabulary (table vocabulary_groups, migration 0019): groups of words and
 * phrases that mean the same to a farmer, which keyword search also looks for
 * (search-vocabulary.ts). Staff list, add, change and remove groups; every change reaches the
 * searches at once (`changed`: the catalogue drops its answers and its copy of the vocabulary,
 * in every process).
 */

/** The most groups the shop keeps. */
export const MAX_GROUPS = 500;

type Reader = Kysely<Database> | Transaction<Database>;

/** Every group, in the order staff made them. */
export async function findGroups(db: Reader): Promise<VocabularyGroup[]> {
  const rows = await db.selectFrom("vocabulary_groups").select(["id", "words"]).orderBy("id").execute();
  return rows.map((row) => ({ id: Number(row.id), words: JSON.parse(row.words) as string[] }));
}

const groupNotFound = (id: number): HttpError =>
  notFound("vocabulary_group_not_found", "No vocabulary group matches the given query.", { id });

/**
 * A body's words as kept: trimmed, each once (in any case), each with something to search by;
 * at least two. Otherwise the 400 of the words field.
 */
function wordsOf(input: VocabularyGroupInput): string[] {
  const words: string[] = [];
  const seen = new Set<string>();
  for (const raw of input.words) {
    const word = raw.trim().replace(/\s+/g, " ");
    if (queryKeys(word).length === 0) {
      const detail = `“${raw}” has no letters or digits to search by.`;
      throw fieldError("vocabulary_invalid", "words", problem("vocabulary_word_unsearchable", detail, { word: raw }));
    }
    if (seen.has(word.toLowerCase())) continue;
    seen.add(word.toLowerCase());
    words.push(word);
  }
  if (words.length < 2) {
    throw fieldError("vocabulary_invalid", "words", problem("vocabulary_too_few_words", "A group needs at least two different words."));
  }
  return words;
}

export class VocabularyService {
  constructor(private readonly deps: { db: Db; clock: Clock; changed: () => void }) {}

  groups(): Promise<VocabularyGroup[]> {
    return findGroups(this.deps.db);
  }

  async create(input: VocabularyGroupInput): Promise<VocabularyGroup> {
    const words = wordsOf(input);
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const { n } = await trx
        .selectFrom("vocabulary_groups")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      if (Number(n) >= MAX_GROUPS) {
        const detail = `The vocabulary may have at most ${MAX_GROUPS} groups.`;
        throw fieldError("vocabulary_invalid", "non_field_errors", problem("vocabulary_too_many_groups", detail, { max: MAX_GROUPS }));
      }
      const row = await trx
        .insertInto("vocabulary_groups")
        .values({ words: JSON.stringify(words), updated_at: this.#now() })
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    });
    this.deps.changed();
    return { id, words };
  }

  async update(id: number, input: VocabularyGroupInput): Promise<VocabularyGroup> {
    const words = wordsOf(input);
    const result = await this.deps.db
      .updateTable("vocabulary_groups")
      .set({ words: JSON.stringify(words), updated_at: this.#now() })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw groupNotFound(id);
    this.deps.changed();
    return { id, words };
  }

  async remove(id: number): Promise<void> {
    const result = await this.deps.db.deleteFrom("vocabulary_groups").where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw groupNotFound(id);
    this.deps.changed();
  }

  #now = () => this.deps.clock().toISOString();
}
