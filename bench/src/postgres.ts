// A database of the bench's own on a PostgreSQL server, created for the run and dropped after it.
import pg from "pg";

/** Where the PostgreSQL run looks for a server: BENCH_DATABASE_URL, TEST_DATABASE_URL, or the local default. */
export function postgresServerUrl(): string {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
}

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates `krishi_bench_<pid>` on the server; throws (with the server's reason) when it cannot. */
export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `krishi_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    // A run that was killed may have left its database behind under this pid.
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
      await dropper.connect();
      try {
        // The shop has stopped; "with (force)" ends a pooled connection that has not closed yet.
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** The URL without its password, for the report. */
export function redacted(serverUrl: string): string {
  try {
    const url = new URL(serverUrl);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(an unreadable URL)";
  }
}
