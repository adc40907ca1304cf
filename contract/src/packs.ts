import type { Paise } from "./money.ts";

/**
 * Packs: a product is sold in one or more packs (urea in a 45 kg bag, seed in 250 g, 1 kg and
 * 4 kg), each with its own label, net quantity, price, MRP, stock and shipping weight. The first
 * pack is the product's default: the product's own `price` and `countInStock` are its.
 */

/** The units a pack's net quantity is declared in (Legal Metrology: weight, volume or number). */
export const PACK_UNITS = ["g", "kg", "ml", "l", "piece"] as const;
export type PackUnit = (typeof PACK_UNITS)[number];

/** What a regulated input is, for the label it must carry; "general" for everything else. */
export const PRODUCT_KINDS = ["general", "pesticide", "seed", "fertiliser"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** The most packs a product may have. */
export const MAX_PACKS = 20;

/** The unit a unit sale price is quoted in: per kg for weights, per litre for volumes, per piece. */
export type PriceUnit = "kg" | "l" | "piece";

/**
 * The unit sale price the Legal Metrology rules ask an online shop to show beside the price: the
 * pack's price per kg, per litre or per piece, rounded half up to the paisa. Null when the pack
 * declares no quantity.
 */
export function unitSalePrice(pricePaise: Paise, netQuantity: number, unit: PackUnit): { paise: Paise; per: PriceUnit } | null {
  if (!(netQuantity > 0)) return null;
  const [base, per]: [number, PriceUnit] =
    unit === "g"
      ? [netQuantity / 1000, "kg"]
      : unit === "ml"
        ? [netQuantity / 1000, "l"]
        : unit === "piece"
          ? [netQuantity, "piece"]
          : [netQuantity, unit];
  return { paise: Math.round(pricePaise / base), per };
}
