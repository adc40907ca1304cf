import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { EventRelay } from "./event-relay.ts";

/** The channel of the shop's events; NOTIFY reaches the listeners of this database only. */
const CHANNEL = "krishi_events";

/**
 * The event relay over PostgreSQL's LISTEN/NOTIFY: every process holds one connection that
 * listens; a NOTIFY is sent through any connection and is delivered when its transaction commits.
 * A lost listening connection is opened again (after 1 s, then up to 10 s apart), and the bus is
 * told it may have missed messages.
 */
export class PgNotifyRelay implements EventRelay {
  #client: pg.Client | null = null;
  #closed = false;
  #retryMs = 1_000;
  #timer: NodeJS.Timeout | null = null;
  #publisher: pg.Pool | null = null;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly log: Pick<FastifyBaseLogger, "warn" | "info">,
  ) {}

  /**
   * Through one connection of its own, so a busy pool never delays (or is taken by) a notice.
   * Notices sent at once wait their turn for it (pg-pool's queue: one query at a time on a
   * connection); a lost connection is opened again for the next notice.
   */
  async publish(message: string): Promise<void> {
    if (!this.#publisher) {
      this.#publisher = new pg.Pool({ ...this.config, max: 1, idleTimeoutMillis: 0 });
      // Lost while idle: the pool drops it, and the next notice opens another.
      this.#publisher.on("error", () => {});
    }
    await this.#publisher.query("select pg_notify($1, $2)", [CHANNEL, message]);
  }

  async subscribe(onMessage: (message: string) => void, onGap: () => void): Promise<void> {
    await this.#listen(onMessage, onGap, false);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    const ending = [this.#client?.end(), this.#publisher?.end()];
    this.#client = null;
    this.#publisher = null;
    await Promise.allSettled(ending);
  }

  async #listen(onMessage: (message: string) => void, onGap: () => void, again: boolean): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client(this.config);
    const lost = (err?: Error) => {
      if (this.#client !== client) return;
      this.#client = null;
      client.end().catch(() => {});
      if (this.#closed) return;
      this.log.warn({ err }, "the event listener's database connection was lost; opening it again");
      this.#retry(onMessage, onGap);
    };
    client.on("notification", (notice) => {
      if (notice.channel === CHANNEL && notice.payload !== undefined) onMessage(notice.payload);
    });
    client.on("error", lost);
    client.on("end", () => lost());
    this.#client = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (err) {
      // Start-up goes on: the caches still expire on their own while the listener is away.
      lost(err as Error);
      return;
    }
    this.#retryMs = 1_000;
    if (again) {
      this.log.info("the event listener is back");
      onGap();
    }
  }

  #retry(onMessage: (message: string) => void, onGap: () => void): void {
    const delay = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, 10_000);
    this.#timer = setTimeout(() => void this.#listen(onMessage, onGap, true), delay);
    this.#timer.unref();
  }
}
