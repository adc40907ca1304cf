import { formatRupees, type PackUnit, type ProductSummary, type ProductVariant, tryToPaise } from "@krishi/contract";
import { currentLanguage, type Message, t } from "../i18n/index.ts";
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

/** A name with its pack, as lines show it: "Urea · 45 kg", "यूरिया · 45 किलो" (just the name when there is no pack). */
export function withPack(name: string, pack: string | null | undefined): string {
  return pack ? `${name} · ${packLabel(pack)}` : name;
}

/** A quantity in a unit the shop writes, in the shop's language: "45 kg" ("45 किलो"), "12 pieces" ("12 नग"). */
const QUANTITIES = {
  g: "{quantity} g",
  kg: "{quantity} kg",
  ml: "{quantity} ml",
  l: "{quantity} l",
  piece: "{count, plural, one {# piece} other {# pieces}}",
  pack: "{count, plural, one {# pack} other {# packs}}",
} as const satisfies Record<PackUnit | "pack", Message>;

/** A pack's declared net quantity: "45 kg", "500 ml", "12 pieces" (in Hindi "45 किलो", "500 मि.ली.", "12 नग"). */
export function quantityText(quantity: number, unit: PackUnit | "pack"): string {
  return t(QUANTITIES[unit], { quantity: String(quantity), count: quantity });
}

/** A label that is just a quantity in one of those units ("5 kg", "1 L", "2 packs", "1 piece"). */
const QUANTITY_LABEL = /^(\d+(?:\.\d+)?) ?(g|kg|ml|l|piece|pieces|pack|packs)$/i;

/**
 * A pack's label as shoppers read it. Staff write it; the shop's own default ("1 pack") and the
 * usual "5 kg" or "1 l" are a quantity in a unit the shop writes, and read in the shopper's
 * language ("5 किलो", "1 लीटर", "1 पैक"). In English, and any other label ("20 traps"), as written.
 */
export function packLabel(label: string): string {
  const match = QUANTITY_LABEL.exec(label.trim());
  if (!match || currentLanguage() === "en") return label;
  const unit = (match[2] as string).toLowerCase().replace(/s$/, "") as PackUnit | "pack";
  return quantityText(Number(match[1]), unit);
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
