import { formatRupees, type ProductSummary, type ProductVariant, tryToPaise } from "@krishi/contract";
import { t } from "../i18n/index.ts";
import { formatPrice } from "./price.ts";

/**
 * A product's packs (docs/design.md): the first is the default, whose price and stock are the
 * product's own. Here rather than in the catalogue's index, which the first page loads: the
 * product page, the cart, checkout, orders and staff screens use these, the first page does not.
 */

/** The pack of that id, or the default pack when no id is given; undefined when the product no longer sells it. */
export function packOf(product: Pick<ProductSummary, "variants">, id?: number | null): ProductVariant | undefined {
  return id == null ? product.variants[0] : product.variants.find((pack) => pack.id === id);
}

/** A name with its pack, as lines show it: "Urea · 45 kg" (just the name when there is no pack). */
export function withPack(name: string, pack: string | null | undefined): string {
  return pack ? `${name} · ${pack}` : name;
}

/**
 * A product's price as a list shows it: the price, or "from" the cheapest pack's when its packs'
 * prices differ. (The first page's card does the same on its own, importing nothing for it.)
 */
export function fromPrice(product: Pick<ProductSummary, "price" | "variants">): string {
  const prices = product.variants.map((pack) => tryToPaise(pack.price) ?? 0);
  const lowest = Math.min(...prices);
  return lowest < Math.max(...prices) ? t("from {price}", { price: formatRupees(lowest) }) : formatPrice(product.price);
}

/** The units in stock across a product's packs. */
export function stockTotal(product: Pick<ProductSummary, "variants">): number {
  return product.variants.reduce((sum, pack) => sum + pack.countInStock, 0);
}
