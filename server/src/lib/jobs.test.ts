import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../db/database.ts";
import { testClock } from "../testing/accounts.ts";
import { createTestDatabase } from "../testing/test-app.ts";
import { JobScheduler } from "./jobs.ts";

/** A job run the test holds open and lets finish (or fail) by hand. */
function heldRun() {
  let finish: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const state = { runs: 0, finished: 0 };
  const run = async () => {
    state.runs++;
    await new Promise<void>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
    state.finished++;
  };
  return { state, run, finish: () => finish(), fail: (error: Error) => fail(error) };
}

const quiet = { error: () => {}, debug: () => {} };
const LEASE_MS = 5 * 60_000;

let db: Db;
let closeDb: () => Promise<void>;
let time: ReturnType<typeof testClock>;
/** Two processes of the shop: their own schedulers, one database. */
let first: JobScheduler;
let second: JobScheduler;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  closeDb = database.close;
});
afterAll(() => closeDb());
beforeEach(async () => {
  await db.deleteFrom("job_leases").execute();
  time = testClock();
  first = new JobScheduler(db, time.clock, quiet, LEASE_MS);
  second = new JobScheduler(db, time.clock, quiet, LEASE_MS);
});

/**
 * The database away and back: SQLite refusing writes, PostgreSQL refusing connections (its
 * connections ended, new ones refused, as in a restart or an `allow_connections false`).
 */
let databaseName: string | undefined;
async function databaseAway(away: boolean): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    await sql.raw(`pragma query_only = ${away ? 1 : 0}`).execute(db);
    return;
  }
  databaseName ??= (await sql<{ name: string }>`select current_database() as name`.execute(db)).rows[0]?.name;
  const database = databaseName;
  await adminQuery(`alter database ${database} with allow_connections ${!away}`);
  if (!away) return;
  await adminQuery("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [database]);
  // pg_terminate_backend only signals: wait until the connections are gone.
  await vi.waitFor(async () =>
    expect(await adminQuery("select count(*)::int as n from pg_stat_activity where datname = $1", [database])).toEqual({ n: 0 }),
  );
}

async function adminQuery(text: string, values: unknown[] = []): Promise<unknown> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return (await admin.query(text, values)).rows[0];
  } finally {
    await admin.end();
  }
}

const leaseOf = (name: string) => db.selectFrom("job_leases").selectAll().where("name", "=", name).executeTakeFirst();

describe("runNow: one process at a time", () => {
  it("does not run a job in a second process while the first is running it, and lets it once the first has finished", async () => {
    const held = heldRun();
    let secondRuns = 0;
    first.add("send-mail", 10_000, held.run);
    second.add("send-mail", 10_000, async () => void secondRuns++);

    const running = first.runNow("send-mail");
    await vi.waitFor(() => expect(held.state.runs).toBe(1));
    expect(await leaseOf("send-mail")).toMatchObject({ holder: first.holder });

    expect(await second.runNow("send-mail")).toBe(false);
    expect(secondRuns).toBe(0);

    held.finish();
    expect(await running).toBe(true);
    expect(held.state.finished).toBe(1);

    expect(await second.runNow("send-mail")).toBe(true);
    expect(secondRuns).toBe(1);
    // And back again: each finished run gives the lease up.
    first.add("send-mail", 10_000, async () => {});
    expect(await first.runNow("send-mail")).toBe(true);
  });

  it("gives the lease up when the job fails, so another process may run it at once", async () => {
    const held = heldRun();
    let secondRuns = 0;
    first.add("reconcile-payments", 120_000, held.run);
    second.add("reconcile-payments", 120_000, async () => void secondRuns++);

    const running = first.runNow("reconcile-payments");
    await vi.waitFor(() => expect(held.state.runs).toBe(1));
    held.fail(new Error("Razorpay did not answer"));
    await expect(running).rejects.toThrow("Razorpay did not answer");

    expect(await second.runNow("reconcile-payments")).toBe(true);
    expect(secondRuns).toBe(1);
  });

  it("is not blocked by a holder that died: a lease in the past is taken over", async () => {
    await db
      .insertInto("job_leases")
      .values({
        name: "expire-unpaid-orders",
        holder: "a-process-that-died",
        lease_until: new Date(time.now().getTime() - 1_000).toISOString(),
      })
      .execute();
    let runs = 0;
    second.add("expire-unpaid-orders", 60_000, async () => void runs++);

    expect(await second.runNow("expire-unpaid-orders")).toBe(true);
    expect(runs).toBe(1);
    expect(await leaseOf("expire-unpaid-orders")).toMatchObject({ holder: second.holder });
  });

  it("waits out the lease of a holder that died mid-run, and no longer", async () => {
    await db
      .insertInto("job_leases")
      .values({
        name: "expire-unpaid-orders",
        holder: "a-process-that-died",
        lease_until: new Date(time.now().getTime() + LEASE_MS).toISOString(),
      })
      .execute();
    let runs = 0;
    second.add("expire-unpaid-orders", 60_000, async () => void runs++);

    expect(await second.runNow("expire-unpaid-orders")).toBe(false);
    time.advance(LEASE_MS);
    expect(await second.runNow("expire-unpaid-orders")).toBe(true);
    expect(runs).toBe(1);
  });

  it("runs again as soon as the database is back when a blip kept it from giving its lease up", async () => {
    const held = heldRun();
    let secondRuns = 0;
    first.add("send-mail", 10_000, held.run);
    second.add("send-mail", 10_000, async () => void secondRuns++);
    const running = first.runNow("send-mail");
    await vi.waitFor(() => expect(held.state.runs).toBe(1));
    await databaseAway(true);
    try {
      held.finish();
      // The run itself went well: it is not reported failed because its lease could not be given up.
      expect(await running).toBe(true);
    } finally {
      await databaseAway(false);
    }
    // No time passes: the lease (5 minutes) is still written as held, by this process.
    expect(await leaseOf("send-mail")).toMatchObject({ holder: first.holder });
    first.add("send-mail", 10_000, async () => void held.state.runs++);
    expect(await first.runNow("send-mail")).toBe(true);
    expect(held.state.runs).toBe(2);
    // Another process still waits for a lease it did not hold.
    await db
      .updateTable("job_leases")
      .set({ lease_until: new Date(time.now().getTime() + LEASE_MS).toISOString() })
      .execute();
    expect(await second.runNow("send-mail")).toBe(false);
    expect(secondRuns).toBe(0);
  });

  it("throws for a job it does not know", async () => {
    first.add("send-mail", 10_000, async () => {});
    await expect(first.runNow("send-newsletter")).rejects.toThrow("No job named send-newsletter");
    expect(await leaseOf("send-newsletter")).toBeUndefined();
  });
});

describe("runNow: calls during a run", () => {
  it("share one more run after it, which sees what they came for", async () => {
    const held = heldRun();
    first.add("send-mail", 10_000, held.run);

    const running = first.runNow("send-mail");
    await vi.waitFor(() => expect(held.state.runs).toBe(1));
    const during = [first.runNow("send-mail"), first.runNow("send-mail"), first.runNow("send-mail")];
    held.finish();
    expect(await running).toBe(true);
    await vi.waitFor(() => expect(held.state.runs).toBe(2));
    held.finish();

    expect(await Promise.all(during)).toEqual([true, true, true]);
    expect(held.state).toEqual({ runs: 2, finished: 2 });
    // Over: the next call runs at once.
    const next = first.runNow("send-mail");
    await vi.waitFor(() => expect(held.state.runs).toBe(3));
    held.finish();
    expect(await next).toBe(true);
  });

  it("still run after a run that failed", async () => {
    const held = heldRun();
    first.add("send-mail", 10_000, held.run);
    const running = first.runNow("send-mail");
    await vi.waitFor(() => expect(held.state.runs).toBe(1));
    const during = first.runNow("send-mail");
    held.fail(new Error("smtp down"));
    await expect(running).rejects.toThrow("smtp down");
    await vi.waitFor(() => expect(held.state.runs).toBe(2));
    held.finish();
    expect(await during).toBe(true);
  });
});

describe("start and stop", () => {
  it("runs a job on its own soon after start(), and stop() waits for the run in progress", async () => {
    const held = heldRun();
    first.add("send-mail", 60_000, held.run);
    first.start();
    try {
      await vi.waitFor(() => expect(held.state.runs).toBe(1), { timeout: 10_000, interval: 20 });
    } catch (error) {
      await first.stop();
      throw error;
    }

    let stopped = false;
    const stopping = first.stop().then(() => {
      stopped = true;
    });
    // Let the event loop turn a few times: stop() must still be waiting for the held run.
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);

    held.finish();
    await stopping;
    expect(held.state.finished).toBe(1);
    // The finished run gave its lease up before stop() answered.
    second.add("send-mail", 60_000, async () => {});
    expect(await second.runNow("send-mail")).toBe(true);
  });
});
