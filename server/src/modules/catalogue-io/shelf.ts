import type { ProductSummary } from "@krishi/contract";
import type { Db } from "../../db/database.ts";
import type { ProductLinks } from "../catalog/crop-links.ts";
import type { CatalogService } from "../catalog/service.ts";

/**
 * What the catalogue's export and import read of the shop, all through the catalogue: every
 * product a batch at a time, products by id, the owners of SKUs, and the products' crops,
 * problems and label claims (the catalogue's crop-links port).
 */
export interface Shelf {
  everyProduct(): AsyncIterable<ProductSummary[]>;
  productsById(ids: readonly number[]): Promise<ProductSummary[]>;
  productsOfSkus(skus: readonly string[]): Promise<Map<string, number>>;
  /** The links of these products (those without any are not in the map). */
  linksOf(ids: readonly number[]): Promise<Map<number, ProductLinks>>;
}

export function catalogueShelf(catalog: CatalogService, db: Db): Shelf {
  return {
    everyProduct: () => catalog.everyProduct(),
    productsById: (ids) => catalog.productsById(ids),
    productsOfSkus: (skus) => catalog.productsOfSkus(skus),
    linksOf: (ids) => catalog.links.linksOf(db, ids),
  };
}
