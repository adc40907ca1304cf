import cluster from "node:cluster";

/**
 * Carries the shop's shared events (events.ts) to the other server processes: with several
 * processes on one database, a product edited through one must not be served stale by another.
 *
 * - PostgreSQL: LISTEN/NOTIFY on the shop's own database (lib/notify-relay.ts), so every process
 *   on every machine hears every other, with nothing more to run.
 * - SQLite with WEB_CONCURRENCY: the processes are one machine's cluster workers; the primary
 *   passes each worker's messages to the others (ClusterRelay below).
 * - One process: no relay.
 */
export interface EventRelay {
  /** Sends a message to the other processes (it may come back to this one: EventBus drops its own). */
  publish(message: string): Promise<void>;
  /**
   * Starts delivering the other processes' messages. `onGap` is called when messages may have
   * been lost (the connection dropped and came back): everything cached is suspect then.
   */
  subscribe(onMessage: (message: string) => void, onGap: () => void): Promise<void>;
  close(): Promise<void>;
}

interface RelayedMessage {
  krishiEvent: string;
}

const isRelayed = (value: unknown): value is RelayedMessage =>
  typeof value === "object" && value !== null && typeof (value as RelayedMessage).krishiEvent === "string";

/** A cluster worker's relay: through the primary, which forwards with forwardClusterEvents(). */
export class ClusterRelay implements EventRelay {
  #listener: ((message: unknown) => void) | null = null;

  async publish(message: string): Promise<void> {
    process.send?.({ krishiEvent: message } satisfies RelayedMessage);
  }

  async subscribe(onMessage: (message: string) => void): Promise<void> {
    this.#listener = (message) => {
      if (isRelayed(message)) onMessage(message.krishiEvent);
    };
    process.on("message", this.#listener);
  }

  async close(): Promise<void> {
    if (this.#listener) process.off("message", this.#listener);
    this.#listener = null;
  }
}

/** In the cluster's primary: passes each worker's event to every other worker. */
export function forwardClusterEvents(): void {
  cluster.on("message", (from, message: unknown) => {
    if (!isRelayed(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
    }
  });
}
