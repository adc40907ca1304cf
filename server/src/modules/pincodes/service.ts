import { PIN_PATTERN, type Pincode } from "@krishi/contract";
import type { Kysely, Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { PinDirectory } from "./directory.ts";
import * as repo from "./repository.ts";
import { parseServiceability, serviceabilityCsv } from "./serviceability-csv.ts";

export interface PincodeServiceOptions {
  db: Db;
  directory: PinDirectory;
  /** Days to deliver anywhere the directory knows while no table has been uploaded (DELIVERY_DAYS). */
  defaultDeliveryDays: number;
  /** Cash on Delivery is offered at all (COD_ENABLED): a PIN allows it only then. */
  codEnabled: boolean;
}

export type ServiceabilityUpload = { ok: true; rows: number } | { ok: false; line: number | null; detail: string };

/** Queries run on the pool, or on the caller's transaction (a checkout's, so SQLite's one connection is not waited for). */
type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Where a PIN code is and whether the shop delivers there. District and state come from the PIN
 * directory; serviceability, days and COD from the table staff upload, where the longest prefix
 * of the PIN wins. With no table the shop delivers to every PIN the directory knows, in the
 * default days, COD allowed (when COD is on at all).
 */
export class PincodeService {
  constructor(private readonly options: PincodeServiceOptions) {}

  /** The PIN code's place and delivery terms, or null when it is malformed or the directory does not know it. */
  async lookup(pin: string, executor: Executor = this.options.db): Promise<Pincode | null> {
    if (!PIN_PATTERN.test(pin)) return null;
    const place = await this.options.directory.find(pin);
    if (!place) return null;
    const matches = await repo.findPrefixesOf(executor, pin);
    const best = matches.reduce<repo.ServiceableRow | null>((a, b) => (a && a.prefix.length >= b.prefix.length ? a : b), null);
    const { codEnabled, defaultDeliveryDays } = this.options;
    if (best) return { pin, ...place, serviceable: true, cod: codEnabled && best.cod, deliveryDays: best.deliveryDays };
    if (await repo.hasAnyRow(executor)) return { pin, ...place, serviceable: false, cod: false, deliveryDays: null };
    return { pin, ...place, serviceable: true, cod: codEnabled, deliveryDays: defaultDeliveryDays };
  }

  /** Whether staff have uploaded a table (then a PIN it does not cover is not served). */
  hasServiceabilityTable(executor: Executor = this.options.db): Promise<boolean> {
    return repo.hasAnyRow(executor);
  }

  /** Replaces the whole table with the CSV's rows in one transaction, or changes nothing and names the first bad line. */
  async replaceServiceability(csv: string): Promise<ServiceabilityUpload> {
    const parsed = parseServiceability(csv);
    if (!parsed.ok) return parsed;
    await this.options.db.transaction().execute((trx) => repo.replaceAll(trx, parsed.rows));
    return { ok: true, rows: parsed.rows.length };
  }

  /** The current table as CSV (the upload's format, with a header). */
  async serviceabilityCsv(): Promise<string> {
    return serviceabilityCsv(await repo.findAll(this.options.db));
  }

  /** Removes the table: every PIN the directory knows is served again. Answers how many rows went. */
  clearServiceability(): Promise<number> {
    return repo.deleteAll(this.options.db);
  }
}
