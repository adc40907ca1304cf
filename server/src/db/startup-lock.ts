import pg from "pg";
import type { DatabaseHandle } from "./database.ts";

/**
 * Runs `work` while holding the shop's start-up lock, so that instances started together on one
 * PostgreSQL database migrate and seed it once: the first takes the lock and does the work, the
 * others wait, then find nothing left to do. The lock is a session-level advisory lock on a
 * connection of its own: if the holder dies, PostgreSQL releases it with the connection.
 *
 * SQLite serves one machine, where several processes are a cluster whose primary prepares the
 * database before it starts any worker (main.ts); nothing to lock there.
 */
export async function withStartupLock<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (!database.pgConfig) return work();
  const client = new pg.Client(database.pgConfig);
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('krishi-bazaar start-up'))");
    return await work();
  } finally {
    // Ending the session releases the lock, whatever happened.
    await client.end();
  }
}
