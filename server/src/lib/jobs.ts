import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.ts";
import type { Clock } from "./clock.ts";

interface Job {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
}

/**
 * Scheduled jobs (payment-window sweep, reconciliation, mail) that run in the server, one process
 * at a time: each run first takes the job's lease in `job_leases` (one conditional write, on
 * SQLite and PostgreSQL alike), so with several processes only the holder runs it.
 */
export class JobScheduler {
  readonly holder = randomUUID();
  readonly #jobs = new Map<string, Job>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #running = new Set<Promise<unknown>>();
  /** This process's run of each job under way, and the one more run asked for meanwhile. */
  readonly #inProgress = new Map<string, Promise<boolean>>();
  readonly #again = new Map<string, Promise<boolean>>();
  #stopped = true;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, "error" | "debug">,
    /**
     * How long a lease lasts: a process that dies mid-run blocks the job this long at most. A run
     * that takes longer renews it every third of a lease.
     */
    private readonly leaseMs = 5 * 60_000,
  ) {}

  add(name: string, intervalMs: number, run: () => Promise<unknown>): void {
    this.#jobs.set(name, { name, intervalMs, run });
  }

  start(): void {
    this.#stopped = false;
    for (const job of this.#jobs.values()) this.#schedule(job, Math.min(job.intervalMs, 1_000));
  }

  /** Stops the timers and waits for the runs in progress. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    // Runs asked for with runNow too (an import stops at its next batch when told: see CatalogueImports.stop).
    await Promise.allSettled([...this.#running, ...this.#inProgress.values()]);
  }

  /**
   * Runs a job now if this process gets its lease; answers whether it ran. Calls made while this
   * process runs the job share one more run after it (say, the mail of every order placed during
   * a mail run), instead of each taking the lease, finding it held, and leaving their work to
   * the next scheduled run.
   */
  runNow(name: string): Promise<boolean> {
    const job = this.#jobs.get(name);
    if (!job) return Promise.reject(new Error(`No job named ${name}`));
    const current = this.#inProgress.get(name);
    if (current) {
      let again = this.#again.get(name);
      if (!again) {
        again = current
          .catch(() => false)
          .then(() => {
            this.#again.delete(name);
            return this.runNow(name);
          });
        this.#again.set(name, again);
      }
      return again;
    }
    const run = this.#runOnce(job).finally(() => this.#inProgress.delete(name));
    this.#inProgress.set(name, run);
    return run;
  }

  async #runOnce(job: Job): Promise<boolean> {
    if (!(await this.#takeLease(job.name))) return false;
    // A run longer than the lease (a large catalogue import) keeps it: renewed a few times a lease.
    const renewal = setInterval(() => void this.#renewLease(job.name), Math.max(1_000, this.leaseMs / 3));
    renewal.unref();
    try {
      await job.run();
    } finally {
      clearInterval(renewal);
      // A release that fails (the database away) leaves the lease to this process, which takes it
      // again at its next run (see #takeLease): the job waits for the database, not for the lease.
      await this.db
        .updateTable("job_leases")
        .set({ lease_until: this.clock().toISOString() })
        .where("name", "=", job.name)
        .where("holder", "=", this.holder)
        .execute()
        .catch((err) => this.log.error({ err, job: job.name }, "a job's lease could not be released"));
    }
    return true;
  }

  #schedule(job: Job, delayMs: number): void {
    if (this.#stopped) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      const run = this.runNow(job.name)
        .catch((err) => this.log.error({ err, job: job.name }, "a scheduled job failed"))
        .finally(() => {
          this.#running.delete(run);
          this.#schedule(job, job.intervalMs);
        });
      this.#running.add(run);
    }, delayMs);
    timer.unref();
    this.#timers.add(timer);
  }

  /** Moves this process's lease of `name` a whole lease on; a failure (the database away) is logged, and the lease may lapse. */
  async #renewLease(name: string): Promise<void> {
    const until = new Date(this.clock().getTime() + this.leaseMs).toISOString();
    await this.db
      .updateTable("job_leases")
      .set({ lease_until: until })
      .where("name", "=", name)
      .where("holder", "=", this.holder)
      .execute()
      .catch((err) => this.log.error({ err, job: name }, "a job's lease could not be renewed"));
  }

  async #takeLease(name: string): Promise<boolean> {
    const now = this.clock();
    const until = new Date(now.getTime() + this.leaseMs).toISOString();
    // One statement: a lease nobody has held is taken, an expired one or this process's own taken
    // over (this process never runs a job twice at once: runNow), another's live one left alone.
    const taken = await this.db
      .insertInto("job_leases")
      .values({ name, holder: this.holder, lease_until: until })
      .onConflict((oc) =>
        oc
          .column("name")
          .doUpdateSet({ holder: this.holder, lease_until: until })
          .where((eb) => eb.or([eb("job_leases.lease_until", "<=", now.toISOString()), eb("job_leases.holder", "=", this.holder)])),
      )
      .executeTakeFirst();
    return Number(taken.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
