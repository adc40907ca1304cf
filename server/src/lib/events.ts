import type { FastifyBaseLogger } from "fastify";

/**
 * A small typed in-process event bus (CONVENTIONS "Reactions as events"): a module announces what
 * happened after its transaction committed, and others react (caches, workers) without the
 * announcer knowing them. Listeners run after the emitter's work and their failures are logged,
 * never thrown back at it. The scale-out work can forward these across processes.
 */
export interface ShopEvents {
  /** Product rows changed (stock, price, …): cached catalogue answers are stale. */
  productsChanged: { productIds: readonly number[] };
  /** An order moved (or was placed): mail may be queued, refunds may be due. */
  orderChanged: { orderId: number; event: string };
  /** A mail was queued. */
  mailQueued: Record<string, never>;
}

type Listener<T> = (payload: T) => void | Promise<void>;

export class EventBus {
  readonly #listeners = new Map<keyof ShopEvents, Listener<never>[]>();

  constructor(private readonly log: Pick<FastifyBaseLogger, "error">) {}

  on<K extends keyof ShopEvents>(name: K, listener: Listener<ShopEvents[K]>): void {
    const list = this.#listeners.get(name) ?? [];
    list.push(listener as Listener<never>);
    this.#listeners.set(name, list);
  }

  /** Calls every listener; answers when all have finished (tests await it, services need not). */
  async emit<K extends keyof ShopEvents>(name: K, payload: ShopEvents[K]): Promise<void> {
    const list = (this.#listeners.get(name) ?? []) as Listener<ShopEvents[K]>[];
    await Promise.all(
      list.map(async (listener) => {
        try {
          await listener(payload);
        } catch (err) {
          this.log.error({ err, event: name }, "an event listener failed");
        }
      }),
    );
  }
}
