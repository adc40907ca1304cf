import { paiseToDecimal, type ShippingRule, type ShippingRuleInput, type ShippingRuleJson, slabsOverlap, toPaise } from "@krishi/contract";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import { KeptRead } from "../../lib/kept-read.ts";
import { done, fail, ok, Refusal, type Result, refusals } from "../../lib/result.ts";
import * as repo from "./repository.ts";
import { MAX_RULES, parseShippingRules, type ShippingCsvRefusal, shippingRulesCsv } from "./shipping-csv.ts";

export type ShippingRulesUpload = { ok: true; rows: number } | ShippingCsvRefusal;

/** Why a staff edit of a rule is refused; nothing is written then. */
export type ShippingRuleFailure =
  /** Its weight up to is not more than its weight from. */
  | { kind: "slab-empty" }
  | { kind: "rule-not-found"; id: number }
  /** Its slab overlaps `other`, a rule of its zone. */
  | { kind: "slab-overlap"; other: repo.StoredRule }
  | { kind: "too-many-rules"; max: number };

/** A rule as the API writes it. */
export function ruleJson(rule: repo.StoredRule): ShippingRuleJson {
  return {
    id: rule.id,
    zone: rule.zone,
    minGrams: rule.minGrams,
    maxGrams: rule.maxGrams,
    charge: paiseToDecimal(rule.chargePaise),
    freeAbove: rule.freeAbovePaise === null ? null : paiseToDecimal(rule.freeAbovePaise),
  };
}

/** A staff body as a rule, or why its slab is refused (the schema has checked each field). */
function ruleOf(input: ShippingRuleInput): Result<ShippingRule, ShippingRuleFailure> {
  const rule: ShippingRule = {
    zone: input.zone,
    minGrams: input.minGrams,
    maxGrams: input.maxGrams ?? null,
    chargePaise: toPaise(input.charge),
    freeAbovePaise: input.freeAbove === undefined || input.freeAbove === null ? null : toPaise(input.freeAbove),
  };
  return rule.maxGrams !== null && rule.maxGrams <= rule.minGrams ? fail({ kind: "slab-empty" }) : ok(rule);
}

/**
 * The shop's shipping rules (contract/src/shipping.ts prices by them): staff edit them one by one
 * or upload them all as CSV; checkout and the web's preview read them. Slabs of one zone never
 * overlap: every write checks the rules as they stand after it, in its transaction, with other
 * writers kept out (repository.lockForWriting), so two edits at once cannot both slip past.
 */
export class ShippingService {
  /**
   * The rules as last read: every checkout prices by them, and they change only when staff write
   * them, here or in another process (forget() drops them then, ShopEvents.shippingRulesChanged).
   */
  readonly #rules = new KeptRead(() => repo.findAll(this.deps.db));

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      /** Tells the other processes the rules changed, after the change committed. */
      announce?: () => Promise<void>;
    },
  ) {}

  /** Every rule (the charge's input), as last read: a checkout reads no table for them. */
  rules(): Promise<repo.StoredRule[]> {
    return this.#rules.get();
  }

  /** Drops the rules this process read (after a change here or in another process). */
  forget(): void {
    this.#rules.forget();
  }

  async create(input: ShippingRuleInput): Promise<Result<repo.StoredRule, ShippingRuleFailure>> {
    const rule = ruleOf(input);
    if (!rule.ok) return rule;
    return this.#write((trx) => repo.insert(trx, rule.value, this.deps.clock().toISOString()), rule.value);
  }

  async update(id: number, input: ShippingRuleInput): Promise<Result<repo.StoredRule, ShippingRuleFailure>> {
    const rule = ruleOf(input);
    if (!rule.ok) return rule;
    return this.#write(async (trx) => {
      if (!(await repo.update(trx, id, rule.value))) throw new Refusal<ShippingRuleFailure>({ kind: "rule-not-found", id });
      return id;
    }, rule.value);
  }

  async remove(id: number): Promise<Result<void, ShippingRuleFailure>> {
    if (!(await repo.remove(this.deps.db, id))) return fail({ kind: "rule-not-found", id });
    await this.#changed();
    return done;
  }

  /** Replaces every rule with the CSV's, or changes nothing and names the first bad line. */
  async replaceAll(csv: string): Promise<ShippingRulesUpload> {
    const parsed = await parseShippingRules(csv);
    if (!parsed.ok) return parsed;
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.lockForWriting(trx);
      await repo.replaceAll(trx, parsed.rules, this.deps.clock().toISOString());
    });
    await this.#changed();
    return { ok: true, rows: parsed.rules.length };
  }

  async csv(): Promise<string> {
    return shippingRulesCsv(await this.rules());
  }

  /**
   * Writes `rule` (`write` answers its id), then checks the rules as they stand: the written one must
   * overlap no other slab of its zone, and the shop keep at most MAX_RULES. Else nothing is written.
   */
  async #write(
    write: (trx: Transaction<Database>) => Promise<number>,
    rule: ShippingRule,
  ): Promise<Result<repo.StoredRule, ShippingRuleFailure>> {
    const answer = await refusals<repo.StoredRule, ShippingRuleFailure>(() =>
      this.deps.db.transaction().execute(async (trx) => {
        await repo.lockForWriting(trx);
        const id = await write(trx);
        const rules = await repo.findAll(trx);
        const written = rules.find((rule) => rule.id === id) as repo.StoredRule;
        const other = rules.find((rule) => rule.id !== id && slabsOverlap(rule, written));
        if (other) throw new Refusal<ShippingRuleFailure>({ kind: "slab-overlap", other });
        if (rules.length > MAX_RULES) throw new Refusal<ShippingRuleFailure>({ kind: "too-many-rules", max: MAX_RULES });
        return ok({ id, ...rule });
      }),
    );
    if (answer.ok) await this.#changed();
    return answer;
  }

  /** After a write committed: this process reads the rules again, and the others are told to. */
  async #changed(): Promise<void> {
    this.forget();
    await this.deps.announce?.();
  }
}
