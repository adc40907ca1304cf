import { Type } from "typebox";
import { MAX_PAGE_SIZE, PRODUCT_SORTS } from "../constants.ts";
import { GST_RATES, type GstRate } from "../pricing-rules.ts";
import { AmountInput, Id, IsoDate, LongText, Money, SINGLE_LINE_PATTERN, Text } from "./common.ts";

export const CategorySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The Hindi name; "" when there is none. */
  nameHi: Type.String(),
});

export const ImageSchema = Type.Object({
  id: Type.Integer(),
  /** Relative path such as "images/urea-1.webp"; the client joins it to imageBaseUrl. */
  image: Type.String(),
});

export const ReviewSchema = Type.Object({
  _id: Type.Integer(),
  /** The reviewer's user id (null once the account is deleted), so a customer sees their own review. */
  user: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  comment: Type.String(),
  createdAt: IsoDate,
});

const productFields = {
  _id: Type.Integer(),
  name: Type.String(),
  brand: Type.String(),
  category: CategorySchema,
  description: Type.String(),
  /** The Hindi name and description; "" when there is none. */
  nameHi: Type.String(),
  descriptionHi: Type.String(),
  price: Money,
  /** The HSN code of the goods (4, 6 or 8 digits; "" when not set) and their GST rate in percent. */
  hsnCode: Type.String(),
  gstRate: Type.Integer(),
  countInStock: Type.Integer({ minimum: 0 }),
  rating: Type.Number({ minimum: 0, maximum: 5 }),
  numReviews: Type.Integer({ minimum: 0 }),
  images: Type.Array(ImageSchema),
  createdAt: IsoDate,
};

export const ProductSummarySchema = Type.Object(productFields);
export const ProductSchema = Type.Object({ ...productFields, reviews: Type.Array(ReviewSchema) });

export const ProductListQuery = Type.Object({
  keyword: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        "A category's exact name (English or Hindi) lists that category; other words search names, brands, categories and descriptions in English and Hindi, forgiving common spellings",
    }),
  ),
  category: Type.Optional(Text({ maxLength: 100, description: "A category id or name" })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  sort: Type.Optional(Type.Enum(PRODUCT_SORTS, { description: "newest (the default), price_asc, price_desc or rating (best first)" })),
  /** "true" or "1": only products with stock; "false" or "0" (or absent): every product. */
  in_stock: Type.Optional(Type.Enum(["true", "1", "false", "0"])),
});

export const ReviewBody = Type.Object({
  rating: Type.Integer({ minimum: 1, maximum: 5, description: "1 Poor … 5 Excellent" }),
  comment: Type.Optional(LongText({ maxLength: 2000 })),
});

/** Staff: the product's editable fields (docs/storefront.md, "Calls"). `category` is an existing id or a new name. */
export const ProductUpdateBody = Type.Object({
  _id: Type.Optional(Type.Integer()),
  name: Text({ minLength: 1, maxLength: 200 }),
  price: AmountInput,
  brand: Text({ maxLength: 200 }),
  countInStock: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  /**
   * The stock the edit form was loaded with. When given, a sale made while staff edited is not
   * undone: an unchanged count keeps the current stock, a changed one is refused (409) if the
   * stock moved meanwhile.
   */
  stockSeen: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  /**
   * One JSON type list rather than a union: with type coercion on, a union's first branch would
   * turn "  " into 0 before the second branch sees it.
   */
  category: Type.Unsafe<number | string>({
    type: ["integer", "string"],
    minimum: 1,
    maximum: 2_147_483_647,
    minLength: 1,
    maxLength: 100,
    pattern: SINGLE_LINE_PATTERN,
    description: "An existing category's id, or a name (created when new)",
  }),
  description: LongText({ maxLength: 10_000 }),
  /** The Hindi name and description; absent: kept as they are. */
  nameHi: Type.Optional(Text({ maxLength: 200 })),
  descriptionHi: Type.Optional(LongText({ maxLength: 10_000 })),
  /** HSN code and GST rate; absent: kept as they are. */
  hsnCode: Type.Optional(Type.String({ pattern: "^(\\d{4}|\\d{6}|\\d{8})?$", description: "4, 6 or 8 digits, or empty" })),
  gstRate: Type.Optional(GstRateSchema()),
});

/** Typed as GstRate: a union built from an array would give the field the type `undefined`. */
function GstRateSchema() {
  return Type.Unsafe<GstRate>(
    Type.Union(
      GST_RATES.map((rate) => Type.Literal(rate)),
      { description: "GST rate in percent: 0, 5, 12, 18 or 28" },
    ),
  );
}

export const ProductCreatedSchema = Type.Object({ _id: Type.Integer() });

/** Staff: the product's images in their new order (every image id of the product, once). */
export const ImageOrderBody = Type.Object({ images: Type.Array(Id, { minItems: 1, maxItems: 100 }) });

/** Staff: the answer to an upload or a reorder: the product's images in order. */
export const ProductImagesSchema = Type.Object({ product: Type.Integer(), images: Type.Array(ImageSchema) });
