import type { Kysely } from "kysely";

/**
 * Addresses that count only once verified, and the shop's budget of sign-in codes.
 *
 * - `users.pending_email`: an address a customer asked to add to an account made with a mobile
 *   number, until its link is opened. It is not unique and takes nothing from anyone: the unique
 *   `users.email` is given to it only when the link proves the mailbox is the customer's. Accounts
 *   that have a number and an address they never verified (the earlier PUT /profile/email/ wrote
 *   it straight into `email`) have it moved here: they keep signing in with their number, and the
 *   link already mailed still verifies it (it signs the same address).
 * - `otp_budget`: sign-in codes sent in each hour (`h:2026-01-02T10`) and day (`d:2026-01-02`),
 *   UTC, by all server processes; a code is sent only if a conditional upsert finds its windows
 *   under the budget, so concurrent requests cannot pass it. Old windows are deleted as new ones
 *   begin.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("pending_email", "varchar(254)").execute();
  await db
    .updateTable("users")
    .set((eb) => ({ pending_email: eb.ref("email"), email: null }))
    .where("email", "is not", null)
    .where("phone", "is not", null)
    .where("email_verified", "=", false)
    .execute();
  await db.schema.createIndex("users_pending_email").on("users").column("pending_email").execute();

  await db.schema
    .createTable("otp_budget")
    .addColumn("window_key", "varchar(16)", (c) => c.primaryKey())
    .addColumn("sent", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

/**
 * Pending addresses go back into `email` where nobody else holds them (the lowest account id when
 * several accounts wait for one address); the others are forgotten, as the older schema has no
 * place for them.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("otp_budget").execute();
  const pending = await db
    .selectFrom("users")
    .select(["id", "pending_email"])
    .where("pending_email", "is not", null)
    .where("email", "is", null)
    .orderBy("id")
    .execute();
  for (const { id, pending_email: address } of pending) {
    const holder = await db.selectFrom("users").select("id").where("email", "=", address).executeTakeFirst();
    if (!holder) await db.updateTable("users").set({ email: address, email_verified: false }).where("id", "=", id).execute();
  }
  await db.schema.dropIndex("users_pending_email").execute();
  await db.schema.alterTable("users").dropColumn("pending_email").execute();
}
