import type { PromotionJson } from "./api.ts";
import type { CouponRefusalKind, PromotionKind, PromotionTarget } from "./constants.ts";
import { allocate, type Paise, percentOf, toPaise } from "./money.ts";

/**
 * Offers and coupons. Staff set promotions; applyPromotions() works out what they give a cart, and
 * the server (the authority, at checkout) and the web (the cart's preview) both call it, so the
 * discount shown is the discount charged. A discount is allocated to the lines it applies to, in
 * proportion to what they cost and to the paisa, before tax: priceOrder() then taxes each line on
 * its price less its share (pricing.ts), as a GST invoice needs.
 */

/** A coupon code: letters and digits, 3 to 20, kept upper-case (a code is typed as said at a meeting). */
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,19}$/;

/** The code as the shop keeps it: trimmed, upper-case. */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();

/** From this many units of the eligible lines, this much off each. */
export interface PromotionTier {
  minQty: number;
  amountPaise: Paise;
}

/** A promotion's terms, in paise (the API writes money as decimals: promotionOf() converts). */
export interface Promotion {
  id: number;
  /** A coupon's code; null for an offer that applies by itself. */
  code: string | null;
  description: string;
  descriptionHi: string;
  kind: PromotionKind;
  target: PromotionTarget;
  /** percent_off: whole percent, 1 to 100. */
  percent: number;
  /** amount_off: the amount. */
  amountPaise: Paise;
  /** unit_off: ascending by minQty; the highest reached gives. */
  tiers: readonly PromotionTier[];
  /** Units of the eligible lines the cart must hold (0: any). */
  minItems: number;
  /** What the eligible lines must cost, at shelf price (0: any). */
  minAmountPaise: Paise;
  /** The most the promotion takes off one order; null: no cap. */
  maxDiscountPaise: Paise | null;
  /** From this instant (null: always); to this instant, excluded (null: no end). */
  startsAt: string | null;
  endsAt: string | null;
  firstOrderOnly: boolean;
  perCustomerLimit: number | null;
  usageLimit: number | null;
  /** What it applies to: lines of these categories, products or packs; all three empty: every line. */
  categories: readonly string[];
  products: readonly number[];
  variants: readonly number[];
}

/** A cart's or order's line as promotions see it: its pack, its category and what it costs. */
export interface PromotionLine {
  product: number;
  variant: number;
  category: string;
  pricePaise: Paise;
  qty: number;
}

/** What the shop knows of the shopper and the promotions' uses, when it applies them. */
export interface PromotionContext {
  now: Date;
  /** The customer's orders before this one (not cancelled); null while not known (a guest's cart): not refused then. */
  ordersBefore: number | null;
  /** Uses of each promotion by this customer (id → uses). */
  usesByCustomer?: ReadonlyMap<number, number>;
  /** Uses of each promotion in all (id → uses): for the total limit. */
  uses?: ReadonlyMap<number, number>;
}

export interface CouponRefusal {
  kind: CouponRefusalKind;
  code: string;
  /** minimum: what the eligible lines lack (units, rupees at shelf price). */
  moreItems?: number;
  moreAmountPaise?: Paise;
}

export interface AppliedPromotion {
  promotion: Promotion;
  /** Taken off the items (free shipping: 0). */
  discountPaise: Paise;
  freeShipping: boolean;
  /** One per input line: its share of discountPaise (0 where it does not apply). */
  shares: Paise[];
}

/** An offer not reached yet, or a better tier within reach: what the eligible lines lack. */
export interface PromotionHint {
  promotion: Promotion;
  moreItems: number;
  moreAmountPaise: Paise;
  /** unit_off: the tier it would reach. */
  tier: PromotionTier | null;
}

export interface PromotionOutcome {
  applied: AppliedPromotion[];
  /** One per input line: Σ its shares, never above what the line costs. */
  lineDiscounts: Paise[];
  discountPaise: Paise;
  freeShipping: boolean;
  /** The coupon asked for, when it does not apply. */
  couponRefusal: CouponRefusal | null;
  hints: PromotionHint[];
}

/** Whether the promotion applies to the line: its categories, products or packs name it (or it names none). */
export function appliesTo(promotion: Promotion, line: PromotionLine): boolean {
  const { categories, products, variants } = promotion;
  if (categories.length === 0 && products.length === 0 && variants.length === 0) return true;
  return categories.includes(line.category) || products.includes(line.product) || variants.includes(line.variant);
}

/** Why the promotion cannot be used now by this shopper, whatever the cart holds (null: it can). */
export function whyUnusable(promotion: Promotion, context: PromotionContext): Exclude<CouponRefusalKind, "unknown" | "minimum"> | null {
  const now = context.now.getTime();
  if (promotion.startsAt !== null && now < Date.parse(promotion.startsAt)) return "not_yet";
  if (promotion.endsAt !== null && now >= Date.parse(promotion.endsAt)) return "expired";
  if (promotion.usageLimit !== null && (context.uses?.get(promotion.id) ?? 0) >= promotion.usageLimit) return "used_up";
  if (promotion.firstOrderOnly && context.ordersBefore !== null && context.ordersBefore > 0) return "not_for_you";
  if (promotion.perCustomerLimit !== null && (context.usesByCustomer?.get(promotion.id) ?? 0) >= promotion.perCustomerLimit) {
    return "not_for_you";
  }
  return null;
}

/** unit_off's tier for `qty` units: the highest reached, or null. */
function tierFor(promotion: Promotion, qty: number): PromotionTier | null {
  let reached: PromotionTier | null = null;
  for (const tier of promotion.tiers) if (qty >= tier.minQty && (!reached || tier.minQty > reached.minQty)) reached = tier;
  return reached;
}

/**
 * What the promotion takes off each line, given what each line still costs (`left`): the
 * amount found, capped, then shared over the lines it applies to in proportion to what they still
 * cost. Lines it does not apply to get 0.
 */
function sharesOf(
  promotion: Promotion,
  lines: readonly PromotionLine[],
  eligible: readonly boolean[],
  left: readonly Paise[],
  qty: number,
): Paise[] {
  const targets = left.map((paise, i) => (promotion.target === "order" || eligible[i] ? paise : 0));
  const base = targets.reduce((a, b) => a + b, 0);
  let wanted: Paise[];
  if (promotion.kind === "unit_off") {
    const tier = tierFor(promotion, qty);
    wanted = lines.map((line, i) => (eligible[i] && tier ? Math.min(tier.amountPaise * line.qty, left[i] as Paise) : 0));
  } else {
    const amount = promotion.kind === "percent_off" ? percentOf(base, promotion.percent * 100) : Math.min(promotion.amountPaise, base);
    wanted = allocate(amount, targets);
  }
  const total = wanted.reduce((a, b) => a + b, 0);
  const capped = promotion.maxDiscountPaise === null ? total : Math.min(total, promotion.maxDiscountPaise);
  return capped === total ? wanted : allocate(capped, wanted);
}

/**
 * What the promotions give the lines: every offer that applies by itself and the coupon asked for
 * (at most one), in that order (offers by id), each on what the lines still cost after the ones
 * before it, so no line goes below zero. A promotion applies when it can be used now by this
 * shopper and its eligible lines reach its minimum (units, value at shelf price, unit_off's lowest
 * tier); an offer short of it, or short of a better tier, is a hint of what is missing. A coupon
 * not found among `promotions`, or that does not apply, is refused with why.
 */
export function applyPromotions(
  lines: readonly PromotionLine[],
  promotions: readonly Promotion[],
  coupon: string | null,
  context: PromotionContext,
): PromotionOutcome {
  const code = coupon === null ? null : normalizeCouponCode(coupon);
  const offers = promotions.filter((p) => p.code === null).sort((a, b) => a.id - b.id);
  const couponPromotion = code === null ? undefined : promotions.find((p) => p.code === code);
  let couponRefusal: CouponRefusal | null = code !== null && !couponPromotion ? { kind: "unknown", code } : null;
  const left = lines.map((line) => line.pricePaise * line.qty);
  const lineDiscounts = lines.map(() => 0);
  const applied: AppliedPromotion[] = [];
  const hints: PromotionHint[] = [];
  for (const promotion of couponPromotion ? [...offers, couponPromotion] : offers) {
    const isCoupon = promotion === couponPromotion;
    const why = whyUnusable(promotion, context);
    if (why) {
      if (isCoupon) couponRefusal = { kind: why, code: promotion.code as string };
      continue;
    }
    const eligible = lines.map((line) => appliesTo(promotion, line));
    const qty = lines.reduce((sum, line, i) => sum + (eligible[i] ? line.qty : 0), 0);
    const value = lines.reduce((sum, line, i) => sum + (eligible[i] ? line.pricePaise * line.qty : 0), 0);
    const lowest = promotion.kind === "unit_off" ? (promotion.tiers[0]?.minQty ?? 0) : 0;
    const moreItems = Math.max(0, promotion.minItems - qty, lowest - qty);
    const moreAmountPaise = Math.max(0, promotion.minAmountPaise - value);
    if (moreItems > 0 || moreAmountPaise > 0 || qty === 0) {
      if (isCoupon)
        couponRefusal = {
          kind: "minimum",
          code: promotion.code as string,
          moreItems: Math.max(moreItems, qty === 0 ? 1 : 0),
          moreAmountPaise,
        };
      else if (qty > 0)
        hints.push({ promotion, moreItems, moreAmountPaise, tier: promotion.kind === "unit_off" ? (promotion.tiers[0] ?? null) : null });
      continue;
    }
    const next = promotion.kind === "unit_off" ? promotion.tiers.find((tier) => tier.minQty > qty) : undefined;
    if (next && !isCoupon) hints.push({ promotion, moreItems: next.minQty - qty, moreAmountPaise: 0, tier: next });
    const freeShipping = promotion.kind === "free_shipping";
    const shares = freeShipping ? lines.map(() => 0) : sharesOf(promotion, lines, eligible, left, qty);
    const discountPaise = shares.reduce((a, b) => a + b, 0);
    if (discountPaise === 0 && !freeShipping) continue;
    shares.forEach((share, i) => {
      left[i] = (left[i] as Paise) - share;
      lineDiscounts[i] = (lineDiscounts[i] as Paise) + share;
    });
    applied.push({ promotion, discountPaise, freeShipping, shares });
  }
  return {
    applied,
    lineDiscounts,
    discountPaise: lineDiscounts.reduce((a, b) => a + b, 0),
    freeShipping: applied.some((a) => a.freeShipping),
    couponRefusal,
    hints,
  };
}

/** A promotion as the API writes it (money as decimal strings) made the terms applyPromotions() reads. */
export function promotionOf(json: PromotionJson): Promotion {
  return {
    id: json.id,
    code: json.code,
    description: json.description,
    descriptionHi: json.descriptionHi,
    kind: json.kind,
    target: json.target,
    percent: json.percent,
    amountPaise: toPaise(json.amount),
    tiers: json.tiers.map((tier) => ({ minQty: tier.minQty, amountPaise: toPaise(tier.amount) })),
    minItems: json.minItems,
    minAmountPaise: toPaise(json.minAmount),
    maxDiscountPaise: json.maxDiscount === null ? null : toPaise(json.maxDiscount),
    startsAt: json.startsAt,
    endsAt: json.endsAt,
    firstOrderOnly: json.firstOrderOnly,
    perCustomerLimit: json.perCustomerLimit,
    usageLimit: json.usageLimit,
    categories: json.categories,
    products: json.products,
    variants: json.variants,
  };
}
