import { type Kysely, sql } from "kysely";
import { booleanType, dialectOf, falseDefault, timestampType } from "../dialect.ts";

/**
 * Customers who have a mobile number and no e-mail address.
 *
 * - `users.email` may be null: an account made by signing in with a mobile number has none until
 *   its owner adds one. SQLite cannot drop a NOT NULL, so there the table is rebuilt (SQLite's
 *   twelve steps: foreign keys off, copy, drop, rename, check) with its AUTOINCREMENT counter kept.
 * - `users.phone`: the verified number, E.164, one account per number; `users.whatsapp_opt_in`:
 *   order news on WhatsApp too.
 * - `phone_codes`: the live sign-in code of a number (one at a time), as an HMAC, with its expiry,
 *   wrong tries and when it was sent (the resend timer).
 * - `mail_queue` carries text messages too (`channel` sms or whatsapp, the template's name,
 *   language and values in `payload`): one durable queue for every notice a customer is sent.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await rebuildUsersOnSqlite(db, '"email" varchar(254) not null unique', '"email" varchar(254) unique');
  if (dialectOf(db) === "postgres") await sql`alter table users alter column email drop not null`.execute(db);

  await db.schema.alterTable("users").addColumn("phone", "varchar(16)").execute();
  await db.schema
    .alterTable("users")
    .addColumn("whatsapp_opt_in", booleanType(db), (c) => c.notNull().defaultTo(falseDefault))
    .execute();
  await db.schema.createIndex("users_phone_unique").on("users").column("phone").unique().execute();

  const ts = timestampType(db);
  await db.schema
    .createTable("phone_codes")
    .addColumn("phone", "varchar(16)", (c) => c.primaryKey())
    .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("channel", "varchar(8)", (c) => c.notNull().check(sql`channel in ('sms', 'whatsapp')`))
    .addColumn("tries", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sent_at", ts, (c) => c.notNull())
    .addColumn("expires_at", ts, (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("mail_queue")
    .addColumn("channel", "varchar(8)", (c) => c.notNull().defaultTo("email").check(sql`channel in ('email', 'sms', 'whatsapp')`))
    .execute();
  await db.schema.alterTable("mail_queue").addColumn("payload", "text").execute();
}

/** Refused while an account has no e-mail address: the older schema has no place for it. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const phoneOnly = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("email", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(phoneOnly.n) > 0) {
    throw new Error(`${phoneOnly.n} accounts have no e-mail address; give them one (or delete them) before migrating down`);
  }
  // The messages' rows go with their channel: the older queue would send them as mail.
  await db.deleteFrom("mail_queue").where("channel", "!=", "email").execute();
  await db.schema.alterTable("mail_queue").dropColumn("payload").execute();
  await db.schema.alterTable("mail_queue").dropColumn("channel").execute();
  await db.schema.dropTable("phone_codes").execute();
  await db.schema.dropIndex("users_phone_unique").execute();
  await db.schema.alterTable("users").dropColumn("whatsapp_opt_in").execute();
  await db.schema.alterTable("users").dropColumn("phone").execute();
  if (dialectOf(db) === "postgres") await sql`alter table users alter column email set not null`.execute(db);
  await rebuildUsersOnSqlite(db, '"email" varchar(254) unique', '"email" varchar(254) not null unique');
}

/**
 * SQLite: rebuilds `users` with one column definition changed (its stored CREATE TABLE edited),
 * rows, ids and AUTOINCREMENT counter kept. Foreign keys are off meanwhile (else dropping the old
 * table would delete every row that references a user) and checked before the commit.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function rebuildUsersOnSqlite(db: Kysely<any>, from: string, to: string): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'users'`.execute(trx);
      const create = rows[0]?.sql ?? "";
      if (!create.includes(from)) throw new Error(`users is not as expected: no ${from} in ${create}`);
      const { rows: sequence } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'users'`.execute(trx);
      await sql.raw(create.replace(from, to).replace(/^CREATE TABLE "users"/, 'CREATE TABLE "users_rebuilt"')).execute(trx);
      await sql`insert into users_rebuilt select * from users`.execute(trx);
      await sql`drop table users`.execute(trx);
      await sql`alter table users_rebuilt rename to users`.execute(trx);
      if (sequence[0]) await sql`update sqlite_sequence set seq = ${sequence[0].seq} where name = 'users'`.execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`rebuilding users broke ${broken.rows.length} references`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
