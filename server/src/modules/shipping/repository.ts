import type { ShippingRule } from "@krishi/contract";
import type { Kysely, Transaction } from "kysely";
import { lockAgainstWriters } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";

/** The only place with the shipping rules' SQL (table shipping_rules, migration 0017). */

type Reader = Kysely<Database> | Transaction<Database>;

export interface StoredRule extends ShippingRule {
  id: number;
}

const COLUMNS = ["id", "zone", "min_grams", "max_grams", "charge_paise", "free_above_paise"] as const;

/** Every rule, by zone and then slab (the order staff read them in). */
export async function findAll(db: Reader): Promise<StoredRule[]> {
  const rows = await db.selectFrom("shipping_rules").select(COLUMNS).orderBy("zone").orderBy("min_grams").orderBy("id").execute();
  return rows.map(toRule);
}

export async function exists(db: Reader, id: number): Promise<boolean> {
  return !!(await db.selectFrom("shipping_rules").select("id").where("id", "=", id).executeTakeFirst());
}

const columnsOf = (rule: ShippingRule) => ({
  zone: rule.zone,
  min_grams: rule.minGrams,
  max_grams: rule.maxGrams,
  charge_paise: rule.chargePaise,
  free_above_paise: rule.freeAbovePaise,
});

/**
 * Keeps other writers of the rules out until the transaction ends, so the overlap check a writer
 * makes after its write sees every other write (readers, a checkout among them, go on).
 */
export async function lockForWriting(trx: Transaction<Database>): Promise<void> {
  await lockAgainstWriters(trx, "shipping_rules");
}

export async function insert(trx: Transaction<Database>, rule: ShippingRule, createdAt: string): Promise<number> {
  const { id } = await trx
    .insertInto("shipping_rules")
    .values({ ...columnsOf(rule), created_at: createdAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(id);
}

/** Answers whether the rule existed. */
export async function update(trx: Transaction<Database>, id: number, rule: ShippingRule): Promise<boolean> {
  const result = await trx.updateTable("shipping_rules").set(columnsOf(rule)).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Answers whether the rule existed. */
export async function remove(db: Reader, id: number): Promise<boolean> {
  const result = await db.deleteFrom("shipping_rules").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Replaces every rule with `rules` (an upload: a few hundred rows at most). */
export async function replaceAll(trx: Transaction<Database>, rules: readonly ShippingRule[], createdAt: string): Promise<void> {
  await trx.deleteFrom("shipping_rules").execute();
  if (rules.length === 0) return;
  await trx
    .insertInto("shipping_rules")
    .values(rules.map((rule) => ({ ...columnsOf(rule), created_at: createdAt })))
    .execute();
}

function toRule(row: {
  id: number;
  zone: string;
  min_grams: number;
  max_grams: number | null;
  charge_paise: number | string;
  free_above_paise: number | string | null;
}): StoredRule {
  return {
    id: Number(row.id),
    zone: row.zone,
    minGrams: Number(row.min_grams),
    maxGrams: row.max_grams === null ? null : Number(row.max_grams),
    chargePaise: Number(row.charge_paise),
    freeAbovePaise: row.free_above_paise === null ? null : Number(row.free_above_paise),
  };
}
