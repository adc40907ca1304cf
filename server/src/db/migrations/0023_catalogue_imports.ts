import type { Kysely } from "kysely";
import { booleanType, falseDefault, idColumn, timestampType } from "../dialect.ts";

/**
 * Staff's catalogue imports, from upload to result: the sheet (and the ZIP of pictures) kept in
 * private storage under `file_key` until the import is written (a dry run's for a day, to be
 * applied; `files_removed` once they are gone), the status (queued, checking, writing, done, failed), the
 * progress in rows, and the report as JSON once done. One import runs at a time, the oldest
 * queued first (the index); a result outlives a restart, and an import a restart cut short runs
 * again from its file (its writes are one transaction, so none of it was written).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  const bool = booleanType(db);
  await db.schema
    .createTable("catalogue_imports")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("status", "varchar(10)", (c) => c.notNull())
    .addColumn("dry_run", bool, (c) => c.notNull())
    .addColumn("file_name", "varchar(200)", (c) => c.notNull())
    .addColumn("format", "varchar(4)", (c) => c.notNull())
    .addColumn("file_key", "varchar(100)", (c) => c.notNull())
    .addColumn("with_images", bool, (c) => c.notNull())
    .addColumn("files_removed", bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn("rows_total", "integer")
    .addColumn("rows_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("report", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", timestampType(db), (c) => c.notNull())
    .addColumn("finished_at", timestampType(db))
    .execute();
  await db.schema.createIndex("catalogue_imports_status_idx").on("catalogue_imports").columns(["status", "id"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("catalogue_imports").execute();
}
