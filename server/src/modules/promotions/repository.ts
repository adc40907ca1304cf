import type { Promotion, PromotionKind, PromotionTarget } from "@krishi/contract";
import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import { toIso } from "../../db/dialect.ts";
import type { Database, PromotionRow, PromotionsTable } from "../../db/schema.ts";

/** The only place with the promotions' SQL (tables promotions and promotion_redemptions, migration 0024). */

type Reader = Kysely<Database> | Transaction<Database>;

/** A promotion's columns as written: its terms, the JSON lists as text. */
export type PromotionValues = Omit<Insertable<PromotionsTable>, "id" | "uses" | "deleted_at" | "created_at" | "updated_at">;

const live = (db: Reader) => db.selectFrom("promotions").selectAll().where("deleted_at", "is", null);

/** Every live promotion, newest first (staff's list). */
export function findAll(db: Reader): Promise<PromotionRow[]> {
  return live(db).orderBy("id", "desc").execute();
}

export function findById(db: Reader, id: number): Promise<PromotionRow | undefined> {
  return live(db).where("id", "=", id).executeTakeFirst();
}

/** The offers (no code) and the promotion of `code`, if live: what a cart or a checkout may use. */
export function findUsable(db: Reader, code: string | null): Promise<PromotionRow[]> {
  return live(db)
    .where((eb) => (code === null ? eb("code", "is", null) : eb.or([eb("code", "is", null), eb("code", "=", code)])))
    .orderBy("id")
    .execute();
}

/** Whether another live promotion has the code. */
export async function codeTaken(db: Reader, code: string, exceptId: number | null): Promise<boolean> {
  let query = live(db).where("code", "=", code);
  if (exceptId !== null) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insert(trx: Reader, values: PromotionValues, at: string): Promise<number> {
  const { id } = await trx
    .insertInto("promotions")
    .values({ ...values, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(id);
}

/** Answers whether the promotion was live. */
export async function update(trx: Reader, id: number, values: PromotionValues, at: string): Promise<boolean> {
  const result = await trx
    .updateTable("promotions")
    .set({ ...values, updated_at: at })
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends a promotion: kept for the orders that carry it, no longer usable; its code free again. Answers whether it was live. */
export async function remove(db: Reader, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("promotions")
    .set({ deleted_at: at, updated_at: at })
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes one use of the promotion, only while it has uses left: one conditional statement, so
 * concurrent checkouts cannot take more than the limit (PostgreSQL locks the row until the order's
 * transaction ends; SQLite has one writer). Answers whether a use was taken.
 */
export async function takeUse(trx: Transaction<Database>, id: number): Promise<boolean> {
  const result = await trx
    .updateTable("promotions")
    .set({ uses: sql`uses + 1` })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("usage_limit", "is", null), eb("uses", "<", eb.ref("usage_limit"))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The customer's uses of each promotion (orders that carry it and did not give it back). */
export async function usesByCustomer(db: Reader, userId: number, promotionIds: readonly number[]): Promise<Map<number, number>> {
  if (promotionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("promotion_redemptions")
    .select(["promotion_id", (eb) => eb.fn.countAll<number | string>().as("uses")])
    .where("user_id", "=", userId)
    .where("promotion_id", "in", promotionIds)
    .where("released_at", "is", null)
    .groupBy("promotion_id")
    .execute();
  return new Map(rows.map((row) => [row.promotion_id, Number(row.uses)]));
}

export async function insertRedemptions(
  trx: Transaction<Database>,
  rows: readonly { promotion_id: number; order_id: number; user_id: number | null; amount_paise: number }[],
  at: string,
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto("promotion_redemptions")
    .values(rows.map((row) => ({ ...row, created_at: at })))
    .execute();
}

/**
 * Gives back the uses of an order's promotions (`at`: it was cancelled or expired unpaid), or
 * counts them again (null: it was paid after it expired, so sold after all, whatever the limit:
 * the customer paid its price). Once each way: only redemptions in the other state move.
 */
export async function setReleased(trx: Transaction<Database>, orderId: number, at: string | null): Promise<void> {
  const moved = await trx
    .updateTable("promotion_redemptions")
    .set({ released_at: at })
    .where("order_id", "=", orderId)
    .where("released_at", at === null ? "is not" : "is", null)
    .returning("promotion_id")
    .execute();
  for (const { promotion_id } of moved) {
    await trx
      .updateTable("promotions")
      .set({ uses: at === null ? sql`uses + 1` : sql`uses - 1` })
      .where("id", "=", promotion_id)
      .execute();
  }
}

/** Σ the discounts of the orders that carry each promotion now (not given back), by promotion id. */
export async function discountsGiven(db: Reader): Promise<Map<number, { orders: number; paise: number }>> {
  const rows = await db
    .selectFrom("promotion_redemptions")
    .select([
      "promotion_id",
      (eb) => eb.fn.countAll<number | string>().as("orders"),
      (eb) => eb.fn.sum<number | string>("amount_paise").as("paise"),
    ])
    .where("released_at", "is", null)
    .groupBy("promotion_id")
    .execute();
  return new Map(rows.map((row) => [row.promotion_id, { orders: Number(row.orders), paise: Number(row.paise ?? 0) }]));
}

/** Every promotion that was ever redeemed, deleted ones too (the dashboard's report names them). */
export function findByIds(db: Reader, ids: readonly number[]): Promise<PromotionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("promotions").selectAll().where("id", "in", ids).execute();
}

const numbers = (json: string) => JSON.parse(json) as number[];

/** A row as the contract's Promotion (terms in paise). */
export function toPromotion(row: PromotionRow): Promotion {
  const tiers = JSON.parse(row.tiers) as { minQty: number; amountPaise: number }[];
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    descriptionHi: row.description_hi,
    kind: row.kind as PromotionKind,
    target: row.target as PromotionTarget,
    percent: row.percent,
    amountPaise: Number(row.amount_paise),
    tiers,
    minItems: row.min_items,
    minAmountPaise: Number(row.min_amount_paise),
    maxDiscountPaise: row.max_discount_paise === null ? null : Number(row.max_discount_paise),
    startsAt: toIso(row.starts_at),
    endsAt: toIso(row.ends_at),
    firstOrderOnly: Boolean(row.first_order_only),
    perCustomerLimit: row.per_customer_limit,
    usageLimit: row.usage_limit,
    categories: JSON.parse(row.categories) as string[],
    products: numbers(row.product_ids),
    variants: numbers(row.variant_ids),
  };
}
