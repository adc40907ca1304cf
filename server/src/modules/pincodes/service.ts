import { setImmediate as turn } from "node:timers/promises";
import { PIN_PATTERN, type Pincode } from "@krishi/contract";
import type { Kysely, Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { KeptRead } from "../../lib/kept-read.ts";
import type { PinDirectory } from "./directory.ts";
import * as repo from "./repository.ts";
import { parseServiceability, type ServiceabilityRefusal, serviceabilityCsv } from "./serviceability-csv.ts";

export interface PincodeServiceOptions {
  db: Db;
  directory: PinDirectory;
  /** Days to deliver anywhere the directory knows while no table has been uploaded (DELIVERY_DAYS). */
  defaultDeliveryDays: number;
  /** Cash on Delivery is offered at all (COD_ENABLED): a PIN allows it only then. */
  codEnabled: boolean;
  /** Tells the other processes the table changed (ShopEvents.serviceabilityChanged), after it committed. */
  announce?: () => Promise<void>;
}

export type ServiceabilityUpload = { ok: true; rows: number } | ServiceabilityRefusal;

/** Rows written (or removed) between two turns of the event loop: a few milliseconds of work on SQLite. */
const ROWS_PER_TURN = 2_000;

/** Queries run on the pool, or on the caller's transaction (a checkout's, so SQLite's one connection is not waited for). */
type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Where a PIN code is and whether the shop delivers there. District and state come from the PIN
 * directory; serviceability, days and COD from the table staff upload, where the longest prefix
 * of the PIN wins. With no table the shop delivers to every PIN the directory knows, in the
 * default days, COD allowed (when COD is on at all).
 */
export class PincodeService {
  /**
   * Whether a table exists, as last read: every checkout asks, and it changes only when staff
   * upload or remove the table, here or in another process (forget() drops it then).
   */
  readonly #hasTable = new KeptRead(() => repo.hasAnyRow(this.options.db));

  constructor(private readonly options: PincodeServiceOptions) {}

  /** Drops what this process knows of the table (after a change here or in another process). */
  forget(): void {
    this.#hasTable.forget();
  }

  /** The PIN code's place and delivery terms, or null when it is malformed or the directory does not know it. */
  async lookup(pin: string, executor?: Executor): Promise<Pincode | null> {
    if (!PIN_PATTERN.test(pin)) return null;
    const place = await this.options.directory.find(pin);
    if (!place) return null;
    const matches = await repo.findPrefixesOf(executor ?? this.options.db, pin);
    const best = matches.reduce<repo.ServiceableRow | null>((a, b) => (a && a.prefix.length >= b.prefix.length ? a : b), null);
    const { codEnabled, defaultDeliveryDays } = this.options;
    if (best) return { pin, ...place, serviceable: true, cod: codEnabled && best.cod, deliveryDays: best.deliveryDays };
    if (await this.hasServiceabilityTable(executor)) return { pin, ...place, serviceable: false, cod: false, deliveryDays: null };
    return { pin, ...place, serviceable: true, cod: codEnabled, deliveryDays: defaultDeliveryDays };
  }

  /**
   * Whether staff have uploaded a table (then a PIN it does not cover is not served). Through a
   * caller's transaction it is read there (which sees its own writes); otherwise as last read.
   */
  hasServiceabilityTable(executor?: Executor): Promise<boolean> {
    if (executor) return repo.hasAnyRow(executor);
    return this.#hasTable.get();
  }

  /**
   * Replaces the whole table with the CSV's rows, or changes nothing and names the first bad line.
   * The rows are read and written a slice at a time, with the event loop free in between (a
   * 90 000-line file read and written in one go held the server for up to 2 s), under a version
   * of their own that one short statement puts in force: readers see the old table whole, then
   * the new one. Of two uploads at once, the later wins whole.
   */
  async replaceServiceability(csv: string): Promise<ServiceabilityUpload> {
    const parsed = await parseServiceability(csv);
    if (!parsed.ok) return parsed;
    const { db } = this.options;
    const version = await repo.newVersion(db);
    try {
      for (let start = 0; start < parsed.rows.length; start += ROWS_PER_TURN) {
        const slice = parsed.rows.slice(start, start + ROWS_PER_TURN);
        await db.transaction().execute((trx) => repo.insertRows(trx, version, slice));
        await turn();
      }
    } catch (error) {
      await this.#removeVersion(version).catch(() => {});
      throw error;
    }
    // When an upload or removal that started later is in force already, it has replaced this
    // one: the switch leaves it, and these rows go with the replaced ones.
    await repo.switchTo(db, version, parsed.rows.length);
    await this.#changed();
    return { ok: true, rows: parsed.rows.length };
  }

  /** The current table as CSV (the upload's format, with a header). */
  async serviceabilityCsv(): Promise<string> {
    return serviceabilityCsv(await repo.findAll(this.options.db));
  }

  /** Removes the table: every PIN the directory knows is served again. */
  async clearServiceability(): Promise<void> {
    const { db } = this.options;
    await repo.switchTo(db, await repo.newVersion(db), 0);
    await this.#changed();
  }

  /** Removes the rows of replaced versions, a slice at a time. */
  async #removeReplaced(): Promise<void> {
    for (;;) {
      const version = await repo.replacedVersion(this.options.db);
      if (version === null) return;
      await this.#removeVersion(version);
    }
  }

  async #removeVersion(version: number): Promise<void> {
    while ((await repo.deleteRowsOf(this.options.db, version, ROWS_PER_TURN)) > 0) await turn();
  }

  /** After a switch: readers forget the old table; its rows are removed (left to the next change if that fails). */
  async #changed(): Promise<void> {
    this.forget();
    await this.options.announce?.();
    await this.#removeReplaced().catch(() => {});
  }
}
