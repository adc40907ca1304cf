import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The few places where SQLite and PostgreSQL differ, and nowhere else. Migrations stay frozen in
 * time: they use these helpers and never import application code.
 */
export type DialectName = "sqlite" | "postgres";

export function dialectOf(db: Kysely<unknown>): DialectName {
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
  return dialectOf(db as Kysely<unknown>) === "postgres";
}
