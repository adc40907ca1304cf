import type { Paise } from "./money.ts";

/**
 * The parameters of the pricing rule, apart from the rule itself (pricing.ts): the web's first
 * page reads the defaults, and only the screens that price a cart load the rule.
 */

/** How tax is charged: the spec's flat rate on the items, or GST per line. */
export type TaxMode = "flat" | "gst";

/** The GST rates a product may carry, in percent. */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];

export interface PricingRules {
  /** Shipping is free when the items cost strictly more than this. */
  freeShippingAbovePaise: Paise;
  shippingPaise: Paise;
  /** The flat tax rate in basis points: 820 = 8.2 %. */
  taxBasisPoints: number;
  /** "flat" (the default) or "gst". */
  taxMode?: TaxMode;
  /**
   * GST mode: shelf prices (and shipping, the COD fee) include GST, as an MRP does, and the
   * invoice finds the taxable value inside them; false: GST is added on top. Flat mode ignores it.
   */
  pricesIncludeTax?: boolean;
}

export const DEFAULT_PRICING: PricingRules = Object.freeze({
  freeShippingAbovePaise: 100_00,
  shippingPaise: 10_00,
  taxBasisPoints: 820,
  taxMode: "flat",
});
