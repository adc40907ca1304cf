import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../testing/test-app.ts";
import type { EventRelay } from "./event-relay.ts";
import { EventBus, type ShopEvents } from "./events.ts";
import { PgNotifyRelay } from "./notify-relay.ts";

const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };

/** Processes joined by a wire in memory: what one publishes, every subscriber hears (itself too, as NOTIFY does). */
class Wire {
  readonly subscribers = new Set<{ onMessage: (m: string) => void; onGap: () => void }>();
  relay(): EventRelay {
    let me: { onMessage: (m: string) => void; onGap: () => void } | null = null;
    return {
      publish: async (message) => {
        for (const subscriber of this.subscribers) subscriber.onMessage(message);
      },
      subscribe: async (onMessage, onGap) => {
        me = { onMessage, onGap };
        this.subscribers.add(me);
      },
      close: async () => {
        if (me) this.subscribers.delete(me);
      },
    };
  }
}

/** Collects what a bus delivers of one event. */
function heard<K extends keyof ShopEvents>(bus: EventBus, name: K): ShopEvents[K][] {
  const got: ShopEvents[K][] = [];
  bus.on(name, (payload) => {
    got.push(payload);
  });
  return got;
}

/** Waits until `check` holds (messages between processes arrive asynchronously). */
async function eventually(check: () => void | Promise<void>, timeoutMs = 5_000): Promise<void> {
  await vi.waitFor(check, { timeout: timeoutMs, interval: 20 });
}

describe("EventBus across processes", () => {
  it("delivers a shared event once everywhere: here directly, to the other process through the relay", async () => {
    const wire = new Wire();
    const here = new EventBus(log, wire.relay());
    const there = new EventBus(log, wire.relay());
    await Promise.all([here.connect(), there.connect()]);
    const hereGot = heard(here, "productsChanged");
    const thereGot = heard(there, "productsChanged");

    await here.emit("productsChanged", { productIds: [7], stockOnly: true });

    expect(hereGot).toEqual([{ productIds: [7], stockOnly: true }]);
    expect(thereGot).toEqual([{ productIds: [7], stockOnly: true }]);
  });

  it("keeps an order's reactions in the process where it changed", async () => {
    const wire = new Wire();
    const here = new EventBus(log, wire.relay());
    const there = new EventBus(log, wire.relay());
    await Promise.all([here.connect(), there.connect()]);
    const thereGot = heard(there, "orderChanged");

    await here.emit("orderChanged", { orderId: 1, event: "place" });

    expect(thereGot).toEqual([]);
  });

  it("sends a long list of products as 'any product', within NOTIFY's 8000 bytes", async () => {
    const wire = new Wire();
    const sent: string[] = [];
    const relay = wire.relay();
    const here = new EventBus(log, { ...relay, publish: async (m) => void sent.push(m) });
    const ids = Array.from({ length: 5_000 }, (_, i) => 1_000_000 + i);

    await here.emit("productsChanged", { productIds: ids });

    expect(sent).toHaveLength(1);
    expect(sent[0]?.length).toBeLessThan(8_000);
    expect(JSON.parse(sent[0] ?? "").payload).toEqual({ productIds: [] });
  });

  it("treats a gap in the relay (messages maybe lost) as every product and the serviceability table changed", async () => {
    const wire = new Wire();
    const bus = new EventBus(log, wire.relay());
    await bus.connect();
    const got = heard(bus, "productsChanged");
    const table = heard(bus, "serviceabilityChanged");

    for (const subscriber of wire.subscribers) subscriber.onGap();

    await eventually(() => expect([got, table]).toEqual([[{ productIds: [] }], [{}]]));
  });

  it("relays a change of the crops to the other process, and treats a gap as one", async () => {
    const wire = new Wire();
    const here = new EventBus(log, wire.relay());
    const there = new EventBus(log, wire.relay());
    await Promise.all([here.connect(), there.connect()]);
    const thereGot = heard(there, "cropsChanged");

    await here.emit("cropsChanged", {});
    expect(thereGot).toEqual([{}]);

    for (const subscriber of wire.subscribers) subscriber.onGap();
    await eventually(() => expect(thereGot).toEqual([{}, {}]));
  });

  it("relays a change of the serviceability table to the other process", async () => {
    const wire = new Wire();
    const here = new EventBus(log, wire.relay());
    const there = new EventBus(log, wire.relay());
    await Promise.all([here.connect(), there.connect()]);
    const thereGot = heard(there, "serviceabilityChanged");

    await here.emit("serviceabilityChanged", {});

    expect(thereGot).toEqual([{}]);
  });

  it("does not fail the emitter when the relay cannot send", async () => {
    const bus = new EventBus(log, {
      publish: async () => {
        throw new Error("connection refused");
      },
      subscribe: async () => {},
      close: async () => {},
    });
    const got = heard(bus, "productsChanged");

    await bus.emit("productsChanged", { productIds: [1] });

    expect(got).toHaveLength(1);
    expect(log.warn).toHaveBeenCalledWith(expect.anything(), "an event could not be sent to the other server processes");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("PgNotifyRelay (LISTEN/NOTIFY)", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await database.close();
  });

  it("carries events between two buses on one database, and hears again after its connection is cut", async () => {
    const config = database.pgConfig ?? {};
    const relayA = new PgNotifyRelay(config, log);
    const relayB = new PgNotifyRelay(config, log);
    const a = new EventBus(log, relayA);
    const b = new EventBus(log, relayB);
    await Promise.all([a.connect(), b.connect()]);
    const got = heard(b, "productsChanged");
    try {
      await a.emit("productsChanged", { productIds: [3] });
      await eventually(() => expect(got).toEqual([{ productIds: [3] }]));

      // The database drops B's listening connection: B reconnects (1 s later) and, having maybe
      // missed messages, treats everything as changed.
      const listeners = sql`pg_stat_activity where query = 'listen krishi_events' and datname = current_database()`;
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${listeners}`.execute(database.db);
      expect(rows[0]?.n).toBe(2);
      await sql`select pg_terminate_backend(pid) from ${listeners}`.execute(database.db);
      await eventually(() => expect(got).toContainEqual({ productIds: [] }));
      got.length = 0;
      await a.emit("productsChanged", { productIds: [4] });
      await eventually(() => expect(got).toContainEqual({ productIds: [4] }));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 20_000);

  it("sends notices emitted at once one after another on its connection, each delivered once", async () => {
    const config = database.pgConfig ?? {};
    const a = new EventBus(log, new PgNotifyRelay(config, log));
    const b = new EventBus(log, new PgNotifyRelay(config, log));
    await Promise.all([a.connect(), b.connect()]);
    const got = heard(b, "productsChanged");
    // pg warns (once a process) when a query is sent to a connection that is still running one.
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    try {
      const ids = Array.from({ length: 20 }, (_, i) => i + 1);
      await Promise.all(ids.map((id) => a.emit("productsChanged", { productIds: [id] })));
      await eventually(() => expect(got.flatMap((change) => change.productIds).sort((x, y) => x - y)).toEqual(ids));
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
      expect(warnings.filter((message) => message.includes("already executing a query"))).toEqual([]);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and query like 'select pg_notify%'`.execute(database.db);
      expect(rows[0]?.n).toBe(1);

      // The database drops the sending connection: a later notice goes through a new one.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query like 'select pg_notify%'`.execute(database.db);
      got.length = 0;
      await eventually(async () => {
        await a.emit("productsChanged", { productIds: [99] });
        expect(got).toContainEqual({ productIds: [99] });
      });
    } finally {
      process.off("warning", onWarning);
      await Promise.all([a.close(), b.close()]);
    }
  }, 20_000);
});
