import type { VocabularyGroup, VocabularyGroupInput } from "@krishi/contract";
import type { Kysely, Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import { done, fail, ok, type Result } from "../../lib/result.ts";
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

/** Why staff's change to the vocabulary is refused (failures.ts answers it). */
export type VocabularyFailure =
  | { kind: "word-unsearchable"; word: string }
  | { kind: "too-few-words" }
  | { kind: "too-many-groups"; max: number }
  | { kind: "group-not-found"; id: number };

/**
 * A body's words as kept: trimmed, each once (in any case), each with something to search by;
 * at least two. Otherwise why they are refused.
 */
function wordsOf(input: VocabularyGroupInput): Result<string[], VocabularyFailure> {
  const words: string[] = [];
  const seen = new Set<string>();
  for (const raw of input.words) {
    const word = raw.trim().replace(/\s+/g, " ");
    if (queryKeys(word).length === 0) return fail({ kind: "word-unsearchable", word: raw });
    if (seen.has(word.toLowerCase())) continue;
    seen.add(word.toLowerCase());
    words.push(word);
  }
  if (words.length < 2) return fail({ kind: "too-few-words" });
  return ok(words);
}

export class VocabularyService {
  constructor(private readonly deps: { db: Db; clock: Clock; changed: () => void }) {}

  groups(): Promise<VocabularyGroup[]> {
    return findGroups(this.deps.db);
  }

  async create(input: VocabularyGroupInput): Promise<Result<VocabularyGroup, VocabularyFailure>> {
    const checked = wordsOf(input);
    if (!checked.ok) return checked;
    const words = checked.value;
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const { n } = await trx
        .selectFrom("vocabulary_groups")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      // Nothing written yet: nothing to roll back.
      if (Number(n) >= MAX_GROUPS) return null;
      const row = await trx
        .insertInto("vocabulary_groups")
        .values({ words: JSON.stringify(words), updated_at: this.#now() })
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    });
    if (id === null) return fail({ kind: "too-many-groups", max: MAX_GROUPS });
    this.deps.changed();
    return ok({ id, words });
  }

  async update(id: number, input: VocabularyGroupInput): Promise<Result<VocabularyGroup, VocabularyFailure>> {
    const checked = wordsOf(input);
    if (!checked.ok) return checked;
    const words = checked.value;
    const result = await this.deps.db
      .updateTable("vocabulary_groups")
      .set({ words: JSON.stringify(words), updated_at: this.#now() })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return fail({ kind: "group-not-found", id });
    this.deps.changed();
    return ok({ id, words });
  }

  async remove(id: number): Promise<Result<void, VocabularyFailure>> {
    const result = await this.deps.db.deleteFrom("vocabulary_groups").where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return fail({ kind: "group-not-found", id });
    this.deps.changed();
    return done;
  }

  #now = () => this.deps.clock().toISOString();
}
