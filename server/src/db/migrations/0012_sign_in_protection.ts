import { type Kysely, sql } from "kysely";
import { timestampType } from "../dialect.ts";

/**
 * Sign-in protection. Failed sign-ins to one address are limited across all IPs; so that nobody
 * can lock an owner out with that limit, a sign-in from where the owner signed in successfully in
 * the last 30 days is never refused by it. `recognised_sign_ins` remembers those places: per user,
 * an IP address or a device (the random id of an HttpOnly cookie), stored only as a SHA-256, with
 * the time of the last successful sign-in from it. `users.sign_in_alert_at` is when the owner was
 * last mailed that someone is trying their password (at most one such mail a day, decided by a
 * conditional update of this column, so several server processes send one between them).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable("recognised_sign_ins")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "varchar(6)", (c) => c.notNull().check(sql`kind in ('ip', 'device')`))
    .addColumn("value_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("last_success_at", ts, (c) => c.notNull())
    .addPrimaryKeyConstraint("recognised_sign_ins_pkey", ["user_id", "kind", "value_hash"])
    .execute();
  await db.schema.alterTable("users").addColumn("sign_in_alert_at", ts).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("sign_in_alert_at").execute();
  await db.schema.dropTable("recognised_sign_ins").execute();
}
