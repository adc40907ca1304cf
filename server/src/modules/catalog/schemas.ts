import { MAX_PAGE_SIZE } from "@krishi/contract";
import { Type } from "typebox";
import { IsoDate, Money } from "../../lib/schemas.ts";

export const CategorySchema = Type.Object({ id: Type.Integer(), name: Type.String() });

export const ImageSchema = Type.Object({ id: Type.Integer(), image: Type.String() });

export const ReviewSchema = Type.Object({
  _id: Type.Integer(),
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
  price: Money,
  countInStock: Type.Integer({ minimum: 0 }),
  rating: Type.Number({ minimum: 0, maximum: 5 }),
  numReviews: Type.Integer({ minimum: 0 }),
  images: Type.Array(ImageSchema),
  createdAt: IsoDate,
};

export const ProductSummarySchema = Type.Object(productFields);
export const ProductSchema = Type.Object({ ...productFields, reviews: Type.Array(ReviewSchema) });

export const ProductListQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  category: Type.Optional(Type.String({ maxLength: 100, description: "A category id or name" })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
});

export const ReviewBody = Type.Object({
  rating: Type.Integer({ minimum: 1, maximum: 5, description: "1 Poor … 5 Excellent" }),
  comment: Type.Optional(Type.String({ maxLength: 2000 })),
});
