import {
  type Category,
  type Product,
  type ProductImage,
  type ProductLabel,
  type ProductSummary,
  type ProductVariant,
  paiseToDecimal,
  type Review,
} from "@krishi/contract";
import { toIso } from "../../db/dialect.ts";
import type { LabelRow, PackJsonRow, ProductWithCategory } from "./columns.ts";
import type { ProductLinks } from "./crop-links.ts";

/**
 * The one place that defines the product JSON of the API. `price` and `countInStock` are the
 * default pack's (the first); a product without packs (written by a bulk loader) shows none and
 * its summaries.
 */
export function productSummaryJson(row: ProductWithCategory, images: ProductImage[], packs: readonly PackJsonRow[]): ProductSummary {
  const variants = packs.map(variantJson);
  return {
    _id: row.id,
    name: row.name,
    brand: row.brand,
    category: { id: row.category_id, name: row.category_name, nameHi: row.category_name_hi },
    description: row.description,
    nameHi: row.name_hi,
    descriptionHi: row.description_hi,
    price: variants[0]?.price ?? paiseToDecimal(Number(row.price_paise)),
    hsnCode: row.hsn_code,
    gstRate: Number(row.gst_rate),
    countInStock: variants[0]?.countInStock ?? row.count_in_stock,
    rating: Number(row.rating),
    numReviews: row.num_reviews,
    images,
    createdAt: toIso(row.created_at) ?? "",
    variants,
    label: labelJson(row),
  };
}

/** A product's page: its summary, reviews, and the crops, problems and label claim its links name. */
export function productJson(
  row: ProductWithCategory,
  images: ProductImage[],
  packs: readonly PackJsonRow[],
  reviews: Review[],
  links: ProductLinks,
): Product {
  return {
    ...productSummaryJson(row, images, packs),
    reviews,
    crops: links.crops,
    problems: links.problems,
    labelClaims: links.labelClaims,
  };
}

export function variantJson(row: PackJsonRow): ProductVariant {
  return {
    id: row.id,
    label: row.label,
    sku: row.sku,
    netQuantity: Number(row.net_quantity),
    unit: row.unit,
    price: paiseToDecimal(Number(row.price_paise)),
    mrp: paiseToDecimal(Number(row.mrp_paise)),
    countInStock: row.count_in_stock,
    weightGrams: row.weight_grams,
  };
}

export function labelJson(row: LabelRow): ProductLabel {
  return {
    kind: row.label_kind,
    manufacturer: row.manufacturer,
    manufacturerAddress: row.manufacturer_address,
    countryOfOrigin: row.country_of_origin,
    genericName: row.generic_name,
    bestBefore: row.best_before,
    customerCare: row.customer_care,
    cibrcNumber: row.cibrc_number,
    seedVariety: row.seed_variety,
    seedLot: row.seed_lot,
    germinationPercent: row.germination_percent === null ? null : Number(row.germination_percent),
    seedTestDate: row.seed_test_date,
    fcoGrade: row.fco_grade,
    genericNameHi: row.generic_name_hi,
    countryOfOriginHi: row.country_of_origin_hi,
    bestBeforeHi: row.best_before_hi,
    customerCareHi: row.customer_care_hi,
  };
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
