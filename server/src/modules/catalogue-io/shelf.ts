import type { ProductSummary, StaffCrops } from "@krishi/contract";
import type { Db } from "../../db/database.ts";
import type { ProductLinks } from "../catalog/crop-links.ts";
import type { CatalogService } from "../catalog/service.ts";

/**
 * What the catalogue's export and import read of the shop, through the catalogue: every product
 * a batch at a time, products by id, the owners of SKUs, and the products' crops, problems and
 * label claims (the catalogue's crop-links port); and the shop's crops and their problems (the
 * crops module's staff list), which an import's links are checked against.
 */
export interface Shelf {
  everyProduct(): AsyncIterable<ProductSummary[]>;
  productsById(ids: readonly number[]): Promise<ProductSummary[]>;
  productsOfSkus(skus: readonly string[]): Promise<Map<string, number>>;
  /** The links of these products (those without any are not in the map). */
  linksOf(ids: readonly number[]): Promise<Map<number, ProductLinks>>;
  /** Every crop with its problems' slugs, and every problem. */
  cropsOfShop(): Promise<StaffCrops>;
}

export function catalogueShelf(catalog: CatalogService, db: Db, crops: { staffList(): Promise<StaffCrops> }): Shelf {
  return {
    cropsOfShop: () => crops.staffList(),
    everyProduct: () => catalog.everyProduct(),
    productsById: (ids) => catalog.productsById(ids),
    productsOfSkus: (skus) => catalog.productsOfSkus(skus),
    linksOf: (ids) => catalog.links.linksOf(db, ids),
  };
}
