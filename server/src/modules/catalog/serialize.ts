import { type Category, type Product, type ProductImage, type ProductSummary, paiseToDecimal, type Review } from "@krishi/contract";
import { toIso } from "../../db/dialect.ts";
import type { ProductWithCategory } from "./columns.ts";

/** The one place that defines the product JSON of the API. */
export function productSummaryJson(row: ProductWithCategory, images: ProductImage[]): ProductSummary {
  return {
    _id: row.id,
    name: row.name,
    brand: row.brand,
    category: { id: row.category_id, name: row.category_name, nameHi: row.category_name_hi },
    description: row.description,
    nameHi: row.name_hi,
    descriptionHi: row.description_hi,
    price: paiseToDecimal(Number(row.price_paise)),
    hsnCode: row.hsn_code,
    gstRate: Number(row.gst_rate),
    countInStock: row.count_in_stock,
    rating: Number(row.rating),
    numReviews: row.num_reviews,
    images,
    createdAt: toIso(row.created_at) ?? "",
  };
}

export function productJson(row: ProductWithCategory, images: ProductImage[], reviews: Review[]): Product {
  return { ...productSummaryJson(row, images), reviews };
}

export function categoryJson(row: { id: number; name: string; name_hi: string }): Category {
  return { id: row.id, name: row.name, nameHi: row.name_hi };
}

export function reviewJson(row: {
  id: number;
  user_id: number | null;
  name: string;
  rating: number;
  comment: string;
  created_at: Date | string;
}): Review {
  return {
    _id: row.id,
    user: row.user_id,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    createdAt: toIso(row.created_at) ?? "",
  };
}

export function imageJson(row: { id: number; path: string }): ProductImage {
  return { id: row.id, image: row.path };
}
