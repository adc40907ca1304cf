import type { Paise } from "./money.ts";

export interface PricingRules {
  /** Shipping is free when the items cost strictly more than this. */
  freeShippingAbovePaise: Paise;
  shippingPaise: Paise;
  /** Tax rate in basis points: 820 = 8.2 %. */
  taxBasisPoints: number;
}

export const DEFAULT_PRICING: PricingRules = Object.freeze({
  freeShippingAbovePaise: 100_00,
  shippingPaise: 10_00,
  taxBasisPoints: 820,
});

export interface PricedLine {
  pricePaise: Paise;
  qty: number;
}

export interface OrderPrice {
  itemsPaise: Paise;
  shippingPaise: Paise;
  taxPaise: Paise;
  totalPaise: Paise;
}

/**
 * The one pricing rule of the shop, used by the server (the authority) and by the web (display):
 * items = Σ price × qty; shipping = 0 when items > ₹100 else ₹10; tax = items × 8.2 % rounded
 * half up to the paisa; total = items + shipping + tax.
 */
export function priceOrder(lines: readonly PricedLine[], rules: PricingRules = DEFAULT_PRICING): OrderPrice {
  let itemsPaise = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.pricePaise) || line.pricePaise < 0) throw new RangeError("price must be whole paise");
    if (!Number.isSafeInteger(line.qty) || line.qty < 1) throw new RangeError("qty must be a positive whole number");
    itemsPaise += line.pricePaise * line.qty;
  }
  const shippingPaise = itemsPaise > rules.freeShippingAbovePaise ? 0 : rules.shippingPaise;
  // Integer arithmetic: (items × bp + 5000) / 10000, rounding half up, with no float drift.
  const taxPaise = Math.floor((itemsPaise * rules.taxBasisPoints + 5_000) / 10_000);
  return { itemsPaise, shippingPaise, taxPaise, totalPaise: itemsPaise + shippingPaise + taxPaise };
}
