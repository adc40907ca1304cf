import { Type } from "typebox";
import { MAX_PAGE_SIZE, PRODUCT_SORTS } from "../constants.ts";
import { MAX_PACKS, PACK_UNITS, PRODUCT_KINDS } from "../packs.ts";
import { GST_RATES, type GstRate } from "../pricing-rules.ts";
import { AmountInput, Id, IsoDate, LongText, Money, SINGLE_LINE_PATTERN, Text } from "./common.ts";
import { CropProblemRefSchema, CropRefSchema, ProductCropsInput } from "./crop-refs.ts";

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

/** One pack of a product; the first of a product's packs is its default. */
export const ProductVariantSchema = Type.Object({
  id: Type.Integer(),
  /** What the shopper picks: "45 kg", "250 g", "1 l". */
  label: Type.String(),
  sku: Type.String(),
  /** The net quantity the pack declares, in `unit`. */
  netQuantity: Type.Number({ minimum: 0.001 }),
  unit: Type.Enum(PACK_UNITS),
  price: Money,
  /** The maximum retail price printed on the pack (inclusive of all taxes). */
  mrp: Money,
  countInStock: Type.Integer({ minimum: 0 }),
  /** The shipping weight of one pack, packing included. */
  weightGrams: Type.Integer({ minimum: 0 }),
});

/**
 * What the Legal Metrology (Packaged Commodities) Rules ask an online shop to show of a packaged
 * product, and what a regulated farm input must carry. Texts are "" when not given.
 */
export const ProductLabelSchema = Type.Object({
  /** "pesticide", "seed" and "fertiliser" carry their own registrations; "general" is everything else. */
  kind: Type.Enum(PRODUCT_KINDS),
  /** The manufacturer, packer or importer, and their address. */
  manufacturer: Type.String(),
  manufacturerAddress: Type.String(),
  countryOfOrigin: Type.String(),
  /** The common or generic name of the commodity ("Urea", "Imidacloprid 17.8 % SL"). */
  genericName: Type.String(),
  /** Best before or use-by, where it applies ("24 months from manufacture"). */
  bestBefore: Type.String(),
  /** Whom a customer contacts with a complaint: name, phone and e-mail. */
  customerCare: Type.String(),
  /** Pesticide: the CIB&RC registration number (required before a pesticide is sold). */
  cibrcNumber: Type.String(),
  /** Seed: the variety, the lot, the germination in percent and the date of the test. */
  seedVariety: Type.String(),
  seedLot: Type.String(),
  germinationPercent: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()]),
  seedTestDate: Type.String({ description: 'YYYY-MM-DD, or ""' }),
  /** Fertiliser: the grade under the Fertiliser (Control) Order ("46-0-0", "DAP 18-46-0"). */
  fcoGrade: Type.String(),
  /** The generic name, country of origin, best before and customer care in Hindi ("" when not given: the English stands). */
  genericNameHi: Type.String(),
  countryOfOriginHi: Type.String(),
  bestBeforeHi: Type.String(),
  customerCareHi: Type.String(),
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
  /** The product's packs, default first; `price` and `countInStock` above are the default pack's. */
  variants: Type.Array(ProductVariantSchema),
  label: ProductLabelSchema,
};

export const ProductSummarySchema = Type.Object(productFields);
/**
 * A product's page: its reviews, the crops it serves and the crops' problems it treats (links to
 * their pages) and, for a pesticide, its label claim: the crop–pest pairs registered with its
 * CIB&RC number, the only pairs it may be recommended for.
 */
export const ProductSchema = Type.Object({
  ...productFields,
  reviews: Type.Array(ReviewSchema),
  crops: Type.Array(CropRefSchema),
  problems: Type.Array(CropProblemRefSchema),
  labelClaims: Type.Array(CropProblemRefSchema),
});

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

/**
 * Staff: a product's packs in their new order, the first being the default. A pack with an `id`
 * is that pack edited; without, a new pack; a pack left out is removed (past orders keep its
 * label). `stockSeen` works as the product's does, per pack.
 */
export const VariantInput = Type.Object({
  id: Type.Optional(Id),
  label: Text({ minLength: 1, maxLength: 40 }),
  sku: Text({ maxLength: 64 }),
  netQuantity: Type.Number({ minimum: 0.001, maximum: 1_000_000, description: "More than 0 (at least 0.001)" }),
  unit: Type.Enum(PACK_UNITS),
  price: AmountInput,
  mrp: AmountInput,
  countInStock: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  stockSeen: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  weightGrams: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
});

/** Staff: the label's fields; each absent field is kept as it is. */
export const LabelInput = Type.Partial(
  Type.Object({
    kind: Type.Enum(PRODUCT_KINDS),
    manufacturer: Text({ maxLength: 200 }),
    manufacturerAddress: LongText({ maxLength: 500 }),
    countryOfOrigin: Text({ maxLength: 60 }),
    genericName: Text({ maxLength: 200 }),
    bestBefore: Text({ maxLength: 100 }),
    customerCare: LongText({ maxLength: 300 }),
    cibrcNumber: Text({ maxLength: 60 }),
    seedVariety: Text({ maxLength: 100 }),
    seedLot: Text({ maxLength: 60 }),
    germinationPercent: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()]),
    seedTestDate: Type.String({ pattern: "^(\\d{4}-\\d{2}-\\d{2})?$", description: "YYYY-MM-DD, or empty" }),
    fcoGrade: Text({ maxLength: 60 }),
    genericNameHi: Text({ maxLength: 200 }),
    countryOfOriginHi: Text({ maxLength: 60 }),
    bestBeforeHi: Text({ maxLength: 100 }),
    customerCareHi: LongText({ maxLength: 300 }),
  }),
);

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
  /**
   * The packs, default first; absent: the packs are kept, and `price`, `countInStock` and
   * `stockSeen` above edit the default pack (the spec's form). Given: those three are ignored.
   */
  variants: Type.Optional(Type.Array(VariantInput, { minItems: 1, maxItems: MAX_PACKS })),
  label: Type.Optional(LabelInput),
  ...ProductCropsInput,
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
