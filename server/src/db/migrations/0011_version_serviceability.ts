import { type Kysely, sql } from "kysely";
import { booleanType, falseDefault } from "../dialect.ts";

/**
 * The PIN serviceability table in versions: each upload writes its rows under a version of its
 * own, a few thousand at a time with the event loop free in between, and switches the shop to it
 * in one short statement (`serviceability`, one row: the version in force and its row count).
 * Writing 90 000 rows in one transaction held the server for seconds: on SQLite the whole write
 * runs synchronously on the one connection. Readers see the old table whole until the switch,
 * then the new one whole.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("serviceability")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    // The version in force, and its rows (0: no table, every PIN the directory knows is served).
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("row_count", "integer", (c) => c.notNull())
    // The last version handed out to an upload or a removal.
    .addColumn("last_version", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("serviceable_pin_versions")
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("prefix", "varchar(6)", (c) => c.notNull())
    .addColumn("delivery_days", "integer", (c) => c.notNull().check(sql`delivery_days between 0 and 60`))
    .addColumn("cod", booleanType(db), (c) => c.notNull().defaultTo(falseDefault))
    .addPrimaryKeyConstraint("serviceable_pin_versions_pkey", ["version", "prefix"])
    .execute();
  await sql`insert into serviceable_pin_versions (version, prefix, delivery_days, cod)
    select 1, prefix, delivery_days, cod from serviceable_pins`.execute(db);
  await sql`insert into serviceability (id, version, row_count, last_version)
    select 1, 1, count(*), 1 from serviceable_pins`.execute(db);
  await db.schema.dropTable("serviceable_pins").execute();
  await db.schema.alterTable("serviceable_pin_versions").renameTo("serviceable_pins").execute();
}

/** Back to one table: the version in force is kept, the others (uploads under way) dropped. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("serviceable_pins_single")
    .addColumn("prefix", "varchar(6)", (c) => c.primaryKey())
    .addColumn("delivery_days", "integer", (c) => c.notNull().check(sql`delivery_days between 0 and 60`))
    .addColumn("cod", booleanType(db), (c) => c.notNull().defaultTo(falseDefault))
    .execute();
  await sql`insert into serviceable_pins_single (prefix, delivery_days, cod)
    select prefix, delivery_days, cod from serviceable_pins where version = (select version from serviceability where id = 1)`.execute(db);
  await db.schema.dropTable("serviceable_pins").execute();
  await db.schema.dropTable("serviceability").execute();
  await db.schema.alterTable("serviceable_pins_single").renameTo("serviceable_pins").execute();
}
