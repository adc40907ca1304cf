import type { ProductSort } from "@krishi/contract";
import type { Kysely } from "kysely";
import { jsonArrayFromFor } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import { type PackJsonRow, type ProductWithCategory, packJsonColumns, productColumns } from "./columns.ts";

/**
 * A page of a product list as it is asked for, and its products as a list shows them: read by
 * product-pages.ts, and by a search backend that reads a page with its products at once.
 */

/** Which page of a list: its order, size and start, and how long the list is when that is known. */
export interface PageWanted {
  sort: ProductSort | undefined;
  limit: number;
  offset: number;
  total?: number;
}

/** A product row with its images (id and path, in their order) and packs (default first): what a list shows of a product. */
export type ListedProduct = ProductWithCategory & { images: { id: number; path: string }[]; packs: PackJsonRow[] };

/** Products with their images and packs, gathered as JSON by the same statement (one round trip, not three). */
export function listedProducts(db: Kysely<Database>) {
  const jsonArrayFrom = jsonArrayFromFor(db);
  return db
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .select(productColumns)
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom("product_images")
          .select(["product_images.id", "product_images.path"])
          .whereRef("product_images.product_id", "=", "products.id")
          .orderBy("product_images.position")
          .orderBy("product_images.id"),
      ).as("images"),
    )
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom("product_variants")
          .select(packJsonColumns)
          .whereRef("product_variants.product_id", "=", "products.id")
          .orderBy("product_variants.position")
          .orderBy("product_variants.id"),
      ).as("packs"),
    );
}

/** SQLite answers the JSON as text. */
const fromJson = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
export const listed = <R extends { images: unknown; packs: unknown }>(row: R): ListedProduct =>
  ({ ...row, images: fromJson(row.images), packs: fromJson(row.packs) }) as unknown as ListedProduct;
