import type { Kysely } from "kysely";
import { timestampType } from "../dialect.ts";

/**
 * Sessions of the accounts module.
 *
 * `refresh_tokens` holds one row per refresh token ever issued (the JWT's `jti`). A token is used
 * once: refreshing marks it revoked and names its successor (`replaced_by`); all tokens descending
 * from one login share a `family`, so presenting a revoked token again (a stolen copy being replayed,
 * or the thief's copy after the owner refreshed) revokes the whole family.
 *
 * There are deliberately no `email_verifications` / `password_resets` tables. Both links carry
 * stateless HMAC tokens (see modules/accounts/links.ts), as Django does for password resets:
 * - a reset token signs the user id, the current password hash and e-mail address and its issue
 *   time, so it expires, stops working as soon as the password changes (which makes it
 *   single-use: using it changes the password) and needs no clean-up job;
 * - a verification key signs the user id, e-mail address and issue time; using it twice is
 *   harmless (the address is simply verified again), so there is nothing to remember.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("jti", "varchar(64)", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("family", "varchar(64)", (c) => c.notNull())
    .addColumn("expires_at", ts, (c) => c.notNull())
    .addColumn("revoked_at", ts)
    .addColumn("replaced_by", "varchar(64)")
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refresh_tokens_user_idx").on("refresh_tokens").column("user_id").execute();
  await db.schema.createIndex("refresh_tokens_family_idx").on("refresh_tokens").column("family").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("refresh_tokens").execute();
}
