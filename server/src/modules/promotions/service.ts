import {
  type AppliedPromotion,
  applyPromotions,
  COUPON_CODE_PATTERN,
  type CouponRefusal,
  type DiscountReport,
  normalizeCouponCode,
  type Paise,
  type Promotion,
  type PromotionContext,
  type PromotionInput,
  type PromotionJson,
  type PromotionLine,
  type PromotionOutcome,
  paiseToDecimal,
  type StaffPromotion,
  toPaise,
} from "@krishi/contract";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import { toIso } from "../../db/dialect.ts";
import type { Database, PromotionRow } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import { type FieldErrors, type FieldProblem, problem } from "../../lib/errors.ts";
import { fail, ok, type Result } from "../../lib/result.ts";
import * as repo from "./repository.ts";

/** Which of a promotion's targets the catalogue does not have (the catalogue answers). */
export interface PromotionTargets {
  unknownCategories(names: readonly string[]): Promise<string[]>;
  unknownProducts(ids: readonly number[]): Promise<number[]>;
  unknownPacks(ids: readonly number[]): Promise<number[]>;
}

export interface PromotionsDeps {
  db: Db;
  clock: Clock;
  /** The customer's orders not cancelled, but `except` (the order being placed), in `db` (the orders module answers). */
  ordersOf(db: Db | Transaction<Database>, userId: number, except?: number): Promise<number>;
  targets: PromotionTargets;
}

export type PromotionFailure = { kind: "not-found"; id: number } | { kind: "invalid"; fields: FieldErrors };

/** What a cart or a checkout may use, and what the shop knows of the shopper to apply it. */
export interface Usable {
  /** The offers and the coupon that this shopper may use now (time, uses, first order, per customer). */
  promotions: Promotion[];
  context: PromotionContext;
  coupon: string | null;
}

/** An order's discounts as it keeps them (orders.discounts, JSON). */
export interface OrderDiscount {
  promotionId: number;
  code: string | null;
  description: string;
  descriptionHi: string;
  /** The items' discount, or for free shipping the charge waived. */
  amountPaise: Paise;
  freeShipping: boolean;
}

/**
 * Offers and coupons (the promotions module owns tables promotions and promotion_redemptions).
 * Staff set them; carts and checkouts ask what this shopper may use (usable) and apply it with the
 * contract's applyPromotions(); a placed order takes each promotion's use in its own transaction
 * (redeem: a capped coupon is never over-used), and gives it back when it is cancelled or expires
 * unpaid (release).
 */
export class PromotionsService {
  constructor(private readonly deps: PromotionsDeps) {}

  async list(): Promise<StaffPromotion[]> {
    const [rows, given] = await Promise.all([repo.findAll(this.deps.db), repo.discountsGiven(this.deps.db)]);
    return rows.map((row) => staffJson(row, given.get(row.id)?.paise ?? 0));
  }

  async create(input: PromotionInput): Promise<Result<StaffPromotion, PromotionFailure>> {
    const values = await this.#check(input, null);
    if (!values.ok) return values;
    const id = await repo.insert(this.deps.db, values.value, this.deps.clock().toISOString());
    return ok(staffJson((await repo.findById(this.deps.db, id)) as PromotionRow, 0));
  }

  async replace(id: number, input: PromotionInput): Promise<Result<StaffPromotion, PromotionFailure>> {
    const values = await this.#check(input, id);
    if (!values.ok) return values;
    if (!(await repo.update(this.deps.db, id, values.value, this.deps.clock().toISOString()))) return fail({ kind: "not-found", id });
    const given = await repo.discountsGiven(this.deps.db);
    return ok(staffJson((await repo.findById(this.deps.db, id)) as PromotionRow, given.get(id)?.paise ?? 0));
  }

  /** Ends a promotion; the orders that carry it keep their discount. Answers whether it was live. */
  remove(id: number): Promise<boolean> {
    return repo.remove(this.deps.db, id, this.deps.clock().toISOString());
  }

  /** Discounts given, by promotion (deleted ones too), largest first: orders that carry them now. */
  async report(): Promise<DiscountReport> {
    const given = await repo.discountsGiven(this.deps.db);
    const rows = await repo.findByIds(this.deps.db, [...given.keys()]);
    return rows
      .map((row) => {
        const { orders, paise } = given.get(row.id) ?? { orders: 0, paise: 0 };
        return { code: row.code, description: row.description, orders, paise };
      })
      .sort((a, b) => b.paise - a.paise || a.description.localeCompare(b.description))
      .map(({ paise, ...rest }) => ({ ...rest, amount: paiseToDecimal(paise) }));
  }

  /**
   * What the shopper may use now: the live offers and the promotion of `coupon`, with their uses
   * in all and by this customer and the customer's orders so far (a guest's: not known). The
   * coupon stays in the list when it cannot be used, so applyPromotions() says why.
   */
  async usable(userId: number | null, coupon: string | null, db: Db | Transaction<Database> = this.deps.db): Promise<Usable> {
    const code = coupon === null ? null : normalizeCouponCode(coupon);
    const rows = await repo.findUsable(db, code);
    const promotions = rows.map(repo.toPromotion);
    const uses = new Map(rows.map((row) => [row.id, row.uses]));
    // A customer's uses and orders are read only when a promotion asks for them (most carts: none).
    const limited = promotions.filter((p) => p.perCustomerLimit !== null).map((p) => p.id);
    const firstOnly = promotions.some((p) => p.firstOrderOnly);
    const [usesByCustomer, ordersBefore] =
      userId === null
        ? [new Map<number, number>(), null]
        : await Promise.all([repo.usesByCustomer(db, userId, limited), firstOnly ? this.deps.ordersOf(db, userId) : Promise.resolve(null)]);
    const context: PromotionContext = { now: this.deps.clock(), ordersBefore, usesByCustomer, uses };
    return { promotions, context, coupon: code };
  }

  /** The promotions of `usable` applied to the lines. */
  apply(lines: readonly PromotionLine[], usable: Usable): PromotionOutcome {
    return applyPromotions(lines, usable.promotions, usable.coupon, usable.context);
  }

  /**
   * Takes the uses of the order's promotions, inside its transaction and after its stock locks, in
   * promotion-id order: a promotion out of uses, or a customer who used it as often as allowed or
   * is past a first order meanwhile, refuses the order (rolled back by the caller). Answers the
   * refusal, or null and the redemptions are written.
   */
  async redeem(
    trx: Transaction<Database>,
    orderId: number,
    userId: number,
    applied: readonly AppliedPromotion[],
  ): Promise<CouponRefusal | null> {
    const byId = [...applied].sort((a, b) => a.promotion.id - b.promotion.id);
    for (const { promotion } of byId) {
      const code = promotion.code ?? promotion.description;
      if (!(await repo.takeUse(trx, promotion.id))) return { kind: "used_up", code };
      // The promotion's row is now locked by this order: the customer's uses and orders are counted
      // after every other order that took a use of it committed.
      if (promotion.perCustomerLimit !== null) {
        const uses = (await repo.usesByCustomer(trx, userId, [promotion.id])).get(promotion.id) ?? 0;
        if (uses >= promotion.perCustomerLimit) return { kind: "not_for_you", code };
      }
      if (promotion.firstOrderOnly && (await this.deps.ordersOf(trx, userId, orderId)) > 0) return { kind: "not_for_you", code };
    }
    const at = this.deps.clock().toISOString();
    await repo.insertRedemptions(
      trx,
      byId.map(({ promotion, discountPaise }) => ({
        promotion_id: promotion.id,
        order_id: orderId,
        user_id: userId,
        amount_paise: discountPaise,
      })),
      at,
    );
    return null;
  }

  /** Gives back the uses of an order cancelled or expired before it was paid (once). */
  release(trx: Transaction<Database>, orderId: number): Promise<void> {
    return repo.setReleased(trx, orderId, this.deps.clock().toISOString());
  }

  /** Counts again the uses of an order paid after it expired (it is sold after all). */
  retake(trx: Transaction<Database>, orderId: number): Promise<void> {
    return repo.setReleased(trx, orderId, null);
  }

  /** The staff's input checked (beyond its schema) and made the table's columns. */
  async #check(input: PromotionInput, id: number | null): Promise<Result<repo.PromotionValues, PromotionFailure>> {
    const fields: FieldErrors = {};
    const add = (field: string, found: FieldProblem) => {
      fields[field] = [...(fields[field] ?? []), found];
    };
    const code = input.code ? normalizeCouponCode(input.code) : null;
    if (code !== null && !COUPON_CODE_PATTERN.test(code))
      add("code", problem("coupon_code_invalid", "Use 3 to 20 letters or digits for the code."));
    else if (code !== null && (await repo.codeTaken(this.deps.db, code, id)))
      add("code", problem("coupon_code_taken", "Another offer already has this code."));
    const amountPaise = input.amount === undefined ? 0 : toPaise(input.amount);
    const tiers = (input.tiers ?? []).map((tier) => ({ minQty: tier.minQty, amountPaise: toPaise(tier.amount) }));
    const required = problem("promotion_value_required", "This kind of offer needs this value.");
    if (input.kind === "percent_off" && input.percent === undefined) add("percent", required);
    if (input.kind === "amount_off" && amountPaise === 0) add("amount", required);
    if (input.kind === "unit_off") {
      if (tiers.length === 0 || tiers.some((tier) => tier.amountPaise === 0)) add("tiers", required);
      else if (tiers.some((tier, i) => i > 0 && tier.minQty <= (tiers[i - 1]?.minQty ?? 0))) {
        add("tiers", problem("promotion_tiers_order", "Each tier must start at a larger quantity than the one before."));
      }
    }
    const startsAt = input.startsAt ?? null;
    const endsAt = input.endsAt ?? null;
    if (startsAt !== null && endsAt !== null && Date.parse(endsAt) <= Date.parse(startsAt)) {
      add("endsAt", problem("promotion_ends_before_start", "The end must be after the start."));
    }
    const categories = [...new Set(input.categories ?? [])];
    const products = [...new Set(input.products ?? [])];
    const variants = [...new Set(input.variants ?? [])];
    const { targets } = this.deps;
    const [badCategories, badProducts, badPacks] = await Promise.all([
      targets.unknownCategories(categories),
      targets.unknownProducts(products),
      targets.unknownPacks(variants),
    ]);
    const unknown = (field: string, values: readonly (string | number)[]) => {
      for (const value of values) add(field, problem("promotion_target_unknown", `“${value}” is not in the catalogue.`, { value }));
    };
    unknown("categories", badCategories);
    unknown("products", badProducts);
    unknown("variants", badPacks);
    if (Object.keys(fields).length > 0) return fail({ kind: "invalid", fields });
    const paiseOrZero = (amount: PromotionInput["minAmount"]) => (amount === undefined ? 0 : toPaise(amount));
    return ok({
      code,
      description: input.description.trim(),
      description_hi: (input.descriptionHi ?? "").trim(),
      kind: input.kind,
      target: input.target ?? "order",
      percent: input.kind === "percent_off" ? (input.percent ?? 0) : 0,
      amount_paise: input.kind === "amount_off" ? amountPaise : 0,
      tiers: JSON.stringify(input.kind === "unit_off" ? tiers : []),
      min_items: input.minItems ?? 0,
      min_amount_paise: paiseOrZero(input.minAmount),
      max_discount_paise: input.maxDiscount === undefined || input.maxDiscount === null ? null : toPaise(input.maxDiscount),
      starts_at: startsAt === null ? null : new Date(startsAt).toISOString(),
      ends_at: endsAt === null ? null : new Date(endsAt).toISOString(),
      first_order_only: input.firstOrderOnly ?? false,
      per_customer_limit: input.perCustomerLimit ?? null,
      usage_limit: input.usageLimit ?? null,
      categories: JSON.stringify(categories),
      product_ids: JSON.stringify(products),
      variant_ids: JSON.stringify(variants),
    });
  }
}

/** A promotion as the API writes it (money as decimals). */
export function promotionJson(promotion: Promotion): PromotionJson {
  return {
    id: promotion.id,
    code: promotion.code,
    description: promotion.description,
    descriptionHi: promotion.descriptionHi,
    kind: promotion.kind,
    target: promotion.target,
    percent: promotion.percent,
    amount: paiseToDecimal(promotion.amountPaise),
    tiers: promotion.tiers.map((tier) => ({ minQty: tier.minQty, amount: paiseToDecimal(tier.amountPaise) })),
    minItems: promotion.minItems,
    minAmount: paiseToDecimal(promotion.minAmountPaise),
    maxDiscount: promotion.maxDiscountPaise === null ? null : paiseToDecimal(promotion.maxDiscountPaise),
    startsAt: promotion.startsAt,
    endsAt: promotion.endsAt,
    firstOrderOnly: promotion.firstOrderOnly,
    perCustomerLimit: promotion.perCustomerLimit,
    usageLimit: promotion.usageLimit,
    categories: [...promotion.categories],
    products: [...promotion.products],
    variants: [...promotion.variants],
  };
}

function staffJson(row: PromotionRow, givenPaise: Paise): StaffPromotion {
  return {
    ...promotionJson(repo.toPromotion(row)),
    uses: row.uses,
    discountGiven: paiseToDecimal(givenPaise),
    createdAt: toIso(row.created_at) as string,
    updatedAt: toIso(row.updated_at) as string,
  };
}

/** An applied promotion as an order keeps it; free shipping names the charge it waived. */
export function orderDiscounts(applied: readonly AppliedPromotion[], shippingWaivedPaise: Paise): OrderDiscount[] {
  return applied.map(({ promotion, discountPaise, freeShipping }) => ({
    promotionId: promotion.id,
    code: promotion.code,
    description: promotion.description,
    descriptionHi: promotion.descriptionHi,
    amountPaise: freeShipping ? discountPaise + shippingWaivedPaise : discountPaise,
    freeShipping,
  }));
}
