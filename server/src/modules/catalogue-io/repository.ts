import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

/** The catalogue imports' rows (migration 0023): this module is their one writer. */

type Writer = Kysely<Database> | Transaction<Database>;

export interface NewImport {
  dryRun: boolean;
  fileName: string;
  format: string;
  fileKey: string;
  withImages: boolean;
  createdBy: number | null;
  createdAt: string;
}

export async function insertImport(db: Writer, row: NewImport): Promise<number> {
  const { id } = await db
    .insertInto("catalogue_imports")
    .values({
      status: "queued",
      dry_run: row.dryRun,
      file_name: row.fileName,
      format: row.format,
      file_key: row.fileKey,
      with_images: row.withImages,
      files_removed: false,
      created_by: row.createdBy,
      created_at: row.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export function findImport(db: Writer, id: number) {
  return db.selectFrom("catalogue_imports").selectAll().where("id", "=", id).executeTakeFirst();
}

export type ImportRow = NonNullable<Awaited<ReturnType<typeof findImport>>>;

export function latestImports(db: Writer, limit: number) {
  return db.selectFrom("catalogue_imports").selectAll().orderBy("id", "desc").limit(limit).execute();
}

/** The oldest import not finished: one queued, or one a stopped process left checking or writing. */
export function nextImport(db: Writer) {
  return db
    .selectFrom("catalogue_imports")
    .selectAll()
    .where("status", "in", ["queued", "checking", "writing"])
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

export async function setProgress(db: Writer, id: number, fields: { status?: string; rowsTotal?: number | null; rowsDone?: number }) {
  await db
    .updateTable("catalogue_imports")
    .set({
      ...(fields.status === undefined ? {} : { status: fields.status }),
      ...(fields.rowsTotal === undefined ? {} : { rows_total: fields.rowsTotal }),
      ...(fields.rowsDone === undefined ? {} : { rows_done: fields.rowsDone }),
    })
    .where("id", "=", id)
    .execute();
}

export async function finishImport(
  db: Writer,
  id: number,
  status: "done" | "failed",
  report: string | null,
  at: string,
  rowsDone?: number,
) {
  await db
    .updateTable("catalogue_imports")
    .set({ status, report, finished_at: at, ...(rowsDone === undefined ? {} : { rows_done: rowsDone }) })
    .where("id", "=", id)
    .execute();
}

/** A finished dry run queued again, to be written (only if it is still a finished dry run: one apply wins). */
export async function requeueAsWrite(db: Writer, id: number): Promise<boolean> {
  const result = await db
    .updateTable("catalogue_imports")
    .set({ status: "queued", dry_run: false, report: null, finished_at: null, rows_done: 0, rows_total: null })
    .where("id", "=", id)
    .where("status", "=", "done")
    .where("dry_run", "=", true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks an import's files removed from storage. */
export async function markFilesRemoved(db: Writer, id: number): Promise<void> {
  await db.updateTable("catalogue_imports").set({ files_removed: true }).where("id", "=", id).execute();
}

/** Dry runs finished before `before` whose files are still kept (nobody applied them). */
export function staleDryRuns(db: Writer, before: string) {
  return db
    .selectFrom("catalogue_imports")
    .selectAll()
    .where("dry_run", "=", true)
    .where("status", "=", "done")
    .where("files_removed", "=", false)
    .where("finished_at", "<", before)
    .execute();
}
