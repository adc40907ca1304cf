import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

/** The only place with the carts' SQL (tables carts and cart_lines, migration 0020). */

type Reader = Kysely<Database> | Transaction<Database>;

/** Whose cart: a customer's account, or the guest whose cookie's id hashes to guestHash. */
export type CartOwnerKey = { userId: number } | { guestHash: string };

const ownerColumn = (owner: CartOwnerKey) =>
  "userId" in owner ? (["user_id", owner.userId] as const) : (["guest_hash", owner.guestHash] as const);

export async function findCart(db: Reader, owner: CartOwnerKey) {
  const [column, value] = ownerColumn(owner);
  return db.selectFrom("carts").select(["id", "updated_at", "coupon_code"]).where(column, "=", value).executeTakeFirst();
}

/** Keeps the coupon the shopper entered with the cart (null: none). */
export async function setCoupon(trx: Transaction<Database>, cartId: number, code: string | null): Promise<void> {
  await trx.updateTable("carts").set({ coupon_code: code }).where("id", "=", cartId).execute();
}

/** The owner's cart, made if it has none (two requests making it at once get the same one). */
export async function ensureCart(trx: Transaction<Database>, owner: CartOwnerKey, at: string): Promise<number> {
  const [column, value] = ownerColumn(owner);
  await trx
    .insertInto("carts")
    .values({ [column]: value, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column(column).doNothing())
    .execute();
  const row = await trx.selectFrom("carts").select("id").where(column, "=", value).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Marks the cart changed: its first write, so on PostgreSQL it locks the cart's row until the
 * transaction ends (two changes of one cart go one after the other; SQLite writes one at a time).
 */
export async function touch(trx: Transaction<Database>, cartId: number, at: string): Promise<void> {
  await trx.updateTable("carts").set({ updated_at: at }).where("id", "=", cartId).execute();
}

/** The cart's lines, oldest first. */
export async function findLines(db: Reader, cartId: number) {
  return db
    .selectFrom("cart_lines")
    .select(["product_id", "variant_id", "qty"])
    .where("cart_id", "=", cartId)
    .orderBy("added_at")
    .orderBy("variant_id")
    .execute();
}

export async function countLines(db: Reader, cartId: number): Promise<number> {
  const row = await db
    .selectFrom("cart_lines")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("cart_id", "=", cartId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function lineQty(db: Reader, cartId: number, variantId: number): Promise<number | null> {
  const row = await db
    .selectFrom("cart_lines")
    .select("qty")
    .where("cart_id", "=", cartId)
    .where("variant_id", "=", variantId)
    .executeTakeFirst();
  return row?.qty ?? null;
}

export async function insertLine(
  trx: Transaction<Database>,
  line: { cartId: number; productId: number; variantId: number; qty: number; at: string },
): Promise<void> {
  await trx
    .insertInto("cart_lines")
    .values({ cart_id: line.cartId, product_id: line.productId, variant_id: line.variantId, qty: line.qty, added_at: line.at })
    .execute();
}

export async function updateLine(trx: Transaction<Database>, cartId: number, variantId: number, qty: number): Promise<void> {
  await trx.updateTable("cart_lines").set({ qty }).where("cart_id", "=", cartId).where("variant_id", "=", variantId).execute();
}

export async function deleteLines(trx: Transaction<Database>, cartId: number, variantIds: readonly number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await trx.deleteFrom("cart_lines").where("cart_id", "=", cartId).where("variant_id", "in", variantIds).execute();
}

/** Takes these packs out of the customer's cart, if they have one. */
export async function deleteCustomerLines(trx: Transaction<Database>, userId: number, variantIds: readonly number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await trx
    .deleteFrom("cart_lines")
    .where("cart_id", "in", trx.selectFrom("carts").select("id").where("user_id", "=", userId))
    .where("variant_id", "in", variantIds)
    .execute();
}

export async function deleteCart(trx: Transaction<Database>, cartId: number): Promise<void> {
  await trx.deleteFrom("cart_lines").where("cart_id", "=", cartId).execute();
  await trx.deleteFrom("carts").where("id", "=", cartId).execute();
}

/** Removes the guests' carts last changed before `before` (their lines with them); answers how many. */
export async function deleteGuestCartsBefore(db: Kysely<Database>, before: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const stale = trx.selectFrom("carts").select("id").where("user_id", "is", null).where("updated_at", "<", before);
    await trx.deleteFrom("cart_lines").where("cart_id", "in", stale).execute();
    const result = await trx.deleteFrom("carts").where("user_id", "is", null).where("updated_at", "<", before).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/**
 * Customers' carts that hold lines and were last changed in [changedFrom, changedBy], oldest
 * change first (the alerts' reminder of a cart left behind reads them; the index on updated_at
 * finds them).
 */
export function findCustomerCartsChangedBetween(
  db: Reader,
  { changedFrom, changedBy }: { changedFrom: string; changedBy: string },
  page: { limit: number; offset: number },
) {
  return db
    .selectFrom("carts")
    .select(["user_id", "updated_at"])
    .where("user_id", "is not", null)
    .where("updated_at", ">=", changedFrom)
    .where("updated_at", "<=", changedBy)
    .where((eb) => eb.exists(eb.selectFrom("cart_lines").select("cart_lines.cart_id").whereRef("cart_lines.cart_id", "=", "carts.id")))
    .orderBy("updated_at")
    .orderBy("id")
    .limit(page.limit)
    .offset(page.offset)
    .$narrowType<{ user_id: number }>()
    .execute();
}
