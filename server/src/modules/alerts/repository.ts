import type { Kysely, Transaction } from "kysely";
import { toIso } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";

/** The only place with the alerts' SQL (tables stock_alerts and cart_reminders, migration 0025). */

type Reader = Kysely<Database> | Transaction<Database>;

/** The packs of a product a customer asked to be told about. */
export async function findAlertedPacks(db: Reader, userId: number, productId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("stock_alerts")
    .select("variant_id")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .orderBy("variant_id")
    .execute();
  return rows.map((row) => row.variant_id);
}

/** Asks to be told when a pack is back; answers false when the customer had asked already. */
export async function insertAlert(
  db: Reader,
  alert: { userId: number; productId: number; variantId: number; at: string },
): Promise<boolean> {
  const result = await db
    .insertInto("stock_alerts")
    .values({ user_id: alert.userId, product_id: alert.productId, variant_id: alert.variantId, created_at: alert.at })
    .onConflict((oc) => oc.columns(["user_id", "variant_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function deleteAlert(db: Reader, userId: number, productId: number, variantId: number): Promise<void> {
  await db
    .deleteFrom("stock_alerts")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .where("variant_id", "=", variantId)
    .execute();
}

/** Of these products (all when null), those someone is waiting for. */
export async function findAlertedProducts(db: Reader, productIds: readonly number[] | null): Promise<number[]> {
  if (productIds !== null && productIds.length === 0) return [];
  const rows = await db
    .selectFrom("stock_alerts")
    .select("product_id")
    .distinct()
    .$if(productIds !== null, (q) => q.where("product_id", "in", productIds as readonly number[]))
    .orderBy("product_id")
    .execute();
  return rows.map((row) => row.product_id);
}

/**
 * Ends every subscription to a pack and answers them: the caller queues their messages in the same
 * transaction, so each is queued once, even when two processes see the pack come back at once
 * (the second deletes nothing).
 */
export function takeAlertsOfPack(trx: Transaction<Database>, variantId: number) {
  return trx.deleteFrom("stock_alerts").where("variant_id", "=", variantId).returning(["id", "user_id"]).execute();
}

/** The last reminders of these customers: when, and the cart's change they were about (ISO). */
export async function findReminders(db: Reader, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, { sentAt: string; cartChangedAt: string }>();
  const rows = await db
    .selectFrom("cart_reminders")
    .select(["user_id", "sent_at", "cart_changed_at"])
    .where("user_id", "in", userIds)
    .execute();
  return new Map(
    rows.map((row) => [row.user_id, { sentAt: toIso(row.sent_at) as string, cartChangedAt: toIso(row.cart_changed_at) as string }]),
  );
}

/**
 * Records a reminder of the cart as it was changed at `cartChangedAt`, unless the customer had one
 * since `gapStart` or one about that same change: answers whether it was recorded (then the caller
 * queues it in the same transaction; a second process finds it recorded and sends nothing).
 */
export async function recordReminder(
  trx: Transaction<Database>,
  reminder: { userId: number; sentAt: string; cartChangedAt: string; gapStart: string },
): Promise<boolean> {
  const result = await trx
    .insertInto("cart_reminders")
    .values({ user_id: reminder.userId, sent_at: reminder.sentAt, cart_changed_at: reminder.cartChangedAt })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({ sent_at: reminder.sentAt, cart_changed_at: reminder.cartChangedAt })
        .where((eb) =>
          eb.and([
            eb("cart_reminders.sent_at", "<=", reminder.gapStart),
            eb("cart_reminders.cart_changed_at", "<>", reminder.cartChangedAt),
          ]),
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
