import { Type } from "typebox";
import { COUPON_REFUSALS } from "../constants.ts";
import { Id, IsoDate, Money } from "./common.ts";
import { DiscountSchema, PromotionSchema } from "./promotions.ts";

/**
 * A line of the cart as the server reads it now: the pack's current price, stock and weight and
 * the product's names, image and GST rate (the shape the web's cart shows). Place Order still
 * prices and takes stock itself.
 */
export const CartLineSchema = Type.Object({
  product: Type.Integer(),
  /** The pack's id and label ("45 kg"). */
  variant: Type.Integer(),
  variantLabel: Type.String(),
  /** One pack's shipping weight. */
  weightGrams: Type.Integer(),
  name: Type.String(),
  /** The product's Hindi name, "" when it has none. */
  nameHi: Type.String(),
  /** The product's first image (a path under the media base), "" when it has none. */
  image: Type.String(),
  price: Money,
  mrp: Money,
  gstRate: Type.Integer(),
  countInStock: Type.Integer(),
  qty: Type.Integer(),
  /** The product's category (promotions may name it). */
  category: Type.String(),
  /** The line's share of the cart's discounts, before tax. */
  discount: Money,
});

/** Why the cart's coupon does not apply now (contract/src/promotions.ts: COUPON_REFUSALS), and what is missing. */
export const CouponRefusalSchema = Type.Object({
  kind: Type.Enum(COUPON_REFUSALS),
  code: Type.String(),
  moreItems: Type.Optional(Type.Integer()),
  moreAmount: Type.Optional(Money),
});

export const CartSchema = Type.Object({
  lines: Type.Array(CartLineSchema),
  /** The sum of the lines' quantities. */
  itemsCount: Type.Integer(),
  /** When the cart last changed; null for a cart never filled. */
  updatedAt: Type.Union([IsoDate, Type.Null()]),
  /** The coupon the shopper entered (kept with the cart), or null. */
  coupon: Type.Union([Type.String(), Type.Null()]),
  /** Why that coupon does not apply now; null when it does (or there is none). */
  couponRefusal: Type.Union([CouponRefusalSchema, Type.Null()]),
  /** The promotions this shopper may use now (the offers and the coupon): the web applies them with applyPromotions() as the quantities change. */
  promotions: Type.Array(PromotionSchema),
  /** What they give the cart now. */
  discounts: Type.Array(DiscountSchema),
});

/** POST /api/cart/lines/ (adds qty) and PUT /api/cart/lines/ (sets qty; 0 removes the line). */
export const CartLineBody = Type.Object({
  product: Id,
  /** The pack; absent: the product's default pack. */
  variant: Type.Optional(Id),
  qty: Type.Integer({ minimum: 1, maximum: 10_000 }),
});

export const CartLineSetBody = Type.Object({
  product: Id,
  variant: Type.Optional(Id),
  qty: Type.Integer({ minimum: 0, maximum: 10_000 }),
});

/**
 * The product page's Add to Cart form, posted before the app runs or without it (POST /cart/add,
 * urlencoded): the product, its pack (absent: the default), how many (absent: 1), the page's language.
 */
export const CartFormBody = Type.Object({
  product: Id,
  pack: Type.Optional(Id),
  qty: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  lang: Type.Optional(Type.Union([Type.Literal("en"), Type.Literal("hi")])),
});

/**
 * A line of an order as Buy again names it: the order's product and pack (null once staff removed
 * them), their names and the pack's label as ordered (kept when removed), and the units ordered.
 */
const buyAgainLine = {
  product: Type.Union([Type.Integer(), Type.Null()]),
  variant: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  /** The product's Hindi name as ordered, "" when it had none. */
  nameHi: Type.String(),
  variantLabel: Type.String(),
  ordered: Type.Integer(),
};

/** Why Buy again put fewer units of a line than the order had: the pack's stock, or the per-line limit. */
export const BuyAgainShortReason = Type.Union([Type.Literal("short_stock"), Type.Literal("line_limit")]);

/** Why Buy again left a line out: its pack (or product) is no longer sold, it is out of stock, the cart is full. */
export const BuyAgainLeftOutReason = Type.Union([Type.Literal("not_sold"), Type.Literal("out_of_stock"), Type.Literal("cart_full")]);

/**
 * POST /api/orders/{id}/buy-again/: the cart after the order's lines went in (at today's price:
 * the cart reads prices live), the lines added (`qty`: the units put in), those put in with fewer
 * units than ordered (`qty` may be 0: the cart already held all there is) and those left out.
 */
export const BuyAgainSchema = Type.Object({
  cart: CartSchema,
  added: Type.Array(Type.Object({ ...buyAgainLine, qty: Type.Integer({ minimum: 1 }) })),
  reduced: Type.Array(Type.Object({ ...buyAgainLine, qty: Type.Integer({ minimum: 0 }), reason: BuyAgainShortReason })),
  leftOut: Type.Array(Type.Object({ ...buyAgainLine, reason: BuyAgainLeftOutReason })),
});
