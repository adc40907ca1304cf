import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { EventRelay } from "./event-relay.ts";

/**
 * A small typed event bus (docs/design.md, "Who owns what"): a module announces what happened
 * after its transaction committed, and others react (caches, workers) without the announcer
 * knowing them. Listeners run after the emitter's work and their failures are logged, never
 * thrown back at it.
 *
 * With several server processes, the SHARED events also travel through a relay (event-relay.ts)
 * to every other process, whose listeners then run too. The others are this process's business:
 * an order's mail and refunds are handled where it changed, once.
 */
export interface ShopEvents {
  /**
   * Product rows changed (stock, price, …): cached catalogue answers are stale. No ids: any
   * product. `stockOnly`: only the stock of these products changed (an order took or returned
   * units), so only the answers showing them, or filtered by stock, are stale.
   */
  productsChanged: { productIds: readonly number[]; stockOnly?: boolean };
  /** An order moved (or was placed): mail may be queued, refunds may be due. */
  orderChanged: { orderId: number; event: string };
  /** A mail was queued. */
  mailQueued: Record<string, never>;
  /** Staff uploaded or removed the PIN serviceability table. */
  serviceabilityChanged: Record<string, never>;
  /** Staff changed the shipping rules (checkouts price by the rules each process keeps). */
  shippingRulesChanged: Record<string, never>;
  /**
   * Staff changed crops or problems (names, stages, which problems trouble which crops): the crops'
   * pages and the answers naming them (a product's crops, its search text) are stale.
   */
  cropsChanged: Record<string, never>;
}

const SHARED: ReadonlySet<keyof ShopEvents> = new Set(["productsChanged", "serviceabilityChanged", "shippingRulesChanged", "cropsChanged"]);

/** A relayed message stays under PostgreSQL's NOTIFY limit (8000 bytes): long id lists go as "all". */
const MAX_RELAYED_IDS = 500;

type Listener<T> = (payload: T) => void | Promise<void>;

interface Envelope {
  origin: string;
  name: keyof ShopEvents;
  payload: unknown;
}

export class EventBus {
  readonly #listeners = new Map<keyof ShopEvents, Listener<never>[]>();
  /** Tells this process's own messages apart when the relay hands them back. */
  readonly #origin = randomUUID();

  constructor(
    private readonly log: Pick<FastifyBaseLogger, "error" | "warn">,
    private readonly relay: EventRelay | null = null,
  ) {}

  on<K extends keyof ShopEvents>(name: K, listener: Listener<ShopEvents[K]>): void {
    const list = this.#listeners.get(name) ?? [];
    list.push(listener as Listener<never>);
    this.#listeners.set(name, list);
  }

  /**
   * Calls every listener of this process, and sends a shared event to the others; answers when
   * the listeners have finished and the event is sent (tests await it, services need not).
   */
  async emit<K extends keyof ShopEvents>(name: K, payload: ShopEvents[K]): Promise<void> {
    await Promise.all([this.#deliver(name, payload), this.#publish(name, payload)]);
  }

  /** Starts hearing the other processes (a no-op without a relay). */
  async connect(): Promise<void> {
    await this.relay?.subscribe(
      (message) => void this.#received(message),
      // Messages may have been missed: every shared event is assumed to have happened.
      () =>
        void Promise.all([
          this.#deliver("productsChanged", { productIds: [] }),
          this.#deliver("serviceabilityChanged", {}),
          this.#deliver("shippingRulesChanged", {}),
          this.#deliver("cropsChanged", {}),
        ]),
    );
  }

  async close(): Promise<void> {
    await this.relay?.close();
  }

  async #publish<K extends keyof ShopEvents>(name: K, payload: ShopEvents[K]): Promise<void> {
    if (!this.relay || !SHARED.has(name)) return;
    const sent = name === "productsChanged" ? relayedIds(payload as ShopEvents["productsChanged"]) : payload;
    try {
      await this.relay.publish(JSON.stringify({ origin: this.#origin, name, payload: sent } satisfies Envelope));
    } catch (err) {
      // The others' caches expire on their own (a couple of seconds); the change itself is saved.
      this.log.warn({ err, event: name }, "an event could not be sent to the other server processes");
    }
  }

  async #received(message: string): Promise<void> {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      return;
    }
    if (envelope.origin === this.#origin || !SHARED.has(envelope.name)) return;
    await this.#deliver(envelope.name, envelope.payload as ShopEvents[typeof envelope.name]);
  }

  async #deliver<K extends keyof ShopEvents>(name: K, payload: ShopEvents[K]): Promise<void> {
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

/** An empty list means "any product". */
function relayedIds(change: ShopEvents["productsChanged"]): ShopEvents["productsChanged"] {
  return change.productIds.length > MAX_RELAYED_IDS ? { ...change, productIds: [] } : change;
}
