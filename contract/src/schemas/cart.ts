import { Type } from "typebox";
import { Id, IsoDate, Money } from "./common.ts";

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
});

export const CartSchema = Type.Object({
  lines: Type.Array(CartLineSchema),
  /** The sum of the lines' quantities. */
  itemsCount: Type.Integer(),
  /** When the cart last changed; null for a cart never filled. */
  updatedAt: Type.Union([IsoDate, Type.Null()]),
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
