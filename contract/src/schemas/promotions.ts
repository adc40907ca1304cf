import { Type } from "typebox";
import { PROMOTION_KINDS, PROMOTION_TARGETS } from "../constants.ts";
import { AmountInput, Id, IsoDate, Money, Text } from "./common.ts";

/** The most tiers a unit_off promotion has, and the most categories, products or packs it names. */
export const MAX_PROMOTION_TIERS = 10;
export const MAX_PROMOTION_TARGETS = 200;

const Kind = Type.Enum(PROMOTION_KINDS);
const Target = Type.Enum(PROMOTION_TARGETS);
const Count = Type.Integer({ minimum: 1, maximum: 1_000_000 });

/** From `minQty` units of the eligible lines, `amount` off each unit. */
export const PromotionTierSchema = Type.Object({ minQty: Type.Integer({ minimum: 1 }), amount: Money });

/**
 * A promotion as the API writes it (contract/src/promotions.ts reads it through promotionOf()):
 * a coupon (`code`) or an offer that applies by itself (`code` null). `uses`: orders that carry it
 * now (a cancelled or expired unpaid order gave its use back).
 */
export const PromotionSchema = Type.Object({
  id: Type.Integer(),
  code: Type.Union([Type.String(), Type.Null()]),
  description: Type.String(),
  descriptionHi: Type.String(),
  kind: Kind,
  target: Target,
  percent: Type.Integer(),
  amount: Money,
  tiers: Type.Array(PromotionTierSchema),
  minItems: Type.Integer(),
  minAmount: Money,
  maxDiscount: Type.Union([Money, Type.Null()]),
  startsAt: Type.Union([IsoDate, Type.Null()]),
  endsAt: Type.Union([IsoDate, Type.Null()]),
  firstOrderOnly: Type.Boolean(),
  perCustomerLimit: Type.Union([Type.Integer(), Type.Null()]),
  usageLimit: Type.Union([Type.Integer(), Type.Null()]),
  categories: Type.Array(Type.String()),
  products: Type.Array(Type.Integer()),
  variants: Type.Array(Type.Integer()),
});

/** A promotion with what staff see of it: its uses and the discounts its orders carry. */
export const StaffPromotionSchema = Type.Object({
  ...PromotionSchema.properties,
  uses: Type.Integer(),
  /** Σ the discounts of the orders that carry it. */
  discountGiven: Money,
  createdAt: IsoDate,
  updatedAt: IsoDate,
});

export const StaffPromotionsSchema = Type.Array(StaffPromotionSchema);

/**
 * A promotion as staff create or replace it. `startsAt`/`endsAt` are instants (the screen enters
 * India's time and sends it with +05:30). What the kind does not use may be left out.
 */
export const PromotionBody = Type.Object({
  code: Type.Optional(Type.Union([Text({ maxLength: 40 }), Type.Null()])),
  description: Text({ minLength: 1, maxLength: 120 }),
  descriptionHi: Type.Optional(Text({ maxLength: 120 })),
  kind: Kind,
  target: Type.Optional(Target),
  percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  amount: Type.Optional(AmountInput),
  tiers: Type.Optional(
    Type.Array(Type.Object({ minQty: Type.Integer({ minimum: 1, maximum: 10_000 }), amount: AmountInput }), {
      maxItems: MAX_PROMOTION_TIERS,
    }),
  ),
  minItems: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  minAmount: Type.Optional(AmountInput),
  maxDiscount: Type.Optional(Type.Union([AmountInput, Type.Null()])),
  startsAt: Type.Optional(Type.Union([IsoDate, Type.Null()])),
  endsAt: Type.Optional(Type.Union([IsoDate, Type.Null()])),
  firstOrderOnly: Type.Optional(Type.Boolean()),
  perCustomerLimit: Type.Optional(Type.Union([Count, Type.Null()])),
  usageLimit: Type.Optional(Type.Union([Count, Type.Null()])),
  categories: Type.Optional(Type.Array(Text({ minLength: 1, maxLength: 100 }), { maxItems: MAX_PROMOTION_TARGETS })),
  products: Type.Optional(Type.Array(Id, { maxItems: MAX_PROMOTION_TARGETS })),
  variants: Type.Optional(Type.Array(Id, { maxItems: MAX_PROMOTION_TARGETS })),
});

/** PUT /api/cart/coupon/: the code a shopper typed (case and spaces do not matter). */
export const CouponBody = Type.Object({ code: Text({ minLength: 1, maxLength: 40 }) });

/** A discount as an order or cart shows it: the coupon's code (null for an offer), its words, the amount. */
export const DiscountSchema = Type.Object({
  code: Type.Union([Type.String(), Type.Null()]),
  description: Type.String(),
  descriptionHi: Type.String(),
  amount: Money,
  /**
   * Whether it makes delivery free: its amount is then, on an order, the delivery charge it waived;
   * in the cart 0 (the charge depends on the address, not known yet).
   */
  freeShipping: Type.Boolean(),
});

/** The dashboard's report: discounts given by code (offers under their description), of orders not cancelled. */
export const DiscountReportSchema = Type.Array(
  Type.Object({ code: Type.Union([Type.String(), Type.Null()]), description: Type.String(), orders: Type.Integer(), amount: Money }),
);
