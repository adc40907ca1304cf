import type { ProductSummary, ProductVariant } from "@krishi/contract";

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
