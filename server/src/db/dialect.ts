import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from "kysely";
import { jsonArrayFrom as postgresJsonArrayFrom } from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteJsonArrayFrom } from "kysely/helpers/sqlite";

/**
 * The few places where SQLite and PostgreSQL differ, and nowhere else. Migrations stay frozen in
 * time: they use these helpers and never import application code.
 */
export type DialectName = "sqlite" | "postgres";

/** The one way to ask which database a connection (a Kysely or a transaction of any schema) is. */
export function dialectOf(db: Pick<Kysely<unknown>, "getExecutor">): DialectName {
  // biome-ignore lint/suspicious/noExplicitAny: the executor's adapter is not in Kysely's public types
  return (db.getExecutor() as any).adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** An auto-incrementing integer primary key. */
export function idColumn(db: Kysely<unknown>) {
  return dialectOf(db) === "postgres"
    ? (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity()
    : (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement();
}

export function timestampType(db: Kysely<unknown>) {
  return dialectOf(db) === "postgres" ? ("timestamptz" as const) : ("text" as const);
}

export function booleanType(db: Kysely<unknown>) {
  return dialectOf(db) === "postgres" ? ("boolean" as const) : ("integer" as const);
}

export function realType(db: Kysely<unknown>) {
  return dialectOf(db) === "postgres" ? ("double precision" as const) : ("real" as const);
}

export const falseDefault = sql`false`;

export function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** True when a write failed on a UNIQUE constraint (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * Whether `SELECT … FOR UPDATE` row locks exist. SQLite has none and needs none: it runs one
 * write transaction at a time.
 */
export function supportsRowLocks(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return dialectOf(db) === "postgres";
}

/**
 * Whether other statements run while a transaction is open: PostgreSQL's pool has more
 * connections; SQLite's one connection is the transaction's until it ends.
 */
export function runsBesideTransactions(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return dialectOf(db) === "postgres";
}

/**
 * Whether a WITH may hold INSERT, UPDATE or DELETE (PostgreSQL): several writes in one statement.
 * SQLite's common table expressions only read.
 */
export function supportsWritingCtes(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return dialectOf(db) === "postgres";
}

/**
 * Keeps other writers of `table` out until the transaction ends (readers go on): PostgreSQL locks
 * the table in exclusive mode; SQLite writes one transaction at a time already.
 */
export async function lockAgainstWriters(trx: Pick<Kysely<unknown>, "getExecutor">, table: string): Promise<void> {
  if (dialectOf(trx) === "postgres") await sql`lock table ${sql.table(table)} in exclusive mode`.execute(trx as Kysely<unknown>);
}

/** Kysely's jsonArrayFrom for the database's dialect: a subquery's rows as one JSON array. */
export function jsonArrayFromFor(db: Pick<Kysely<unknown>, "getExecutor">): typeof sqliteJsonArrayFrom {
  return dialectOf(db) === "postgres" ? postgresJsonArrayFrom : sqliteJsonArrayFrom;
}
