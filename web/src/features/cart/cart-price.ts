import { type OrderPrice, type Paise, type PricingRules, priceOrder, toPaise } from "@krishi/contract";
import type { CartItem } from "./cart-slice.ts";

/**
 * The cart priced by the shop's one pricing rule (contract/pricing.ts, the server's too) with the
 * server's parameters, in paise.
 */
export function priceCart(items: readonly CartItem[], rules: PricingRules): OrderPrice {
  return priceOrder(
    items.map((line) => ({ pricePaise: toPaise(line.price), qty: line.qty })),
    rules,
  );
}

/**
 * How much more the items must cost to ship free (they must cost more than the threshold, so one
 * paisa past it); null when they already ship free, or the cart is empty.
 */
export function shortOfFreeShipping(itemsPaise: Paise, rules: PricingRules): Paise | null {
  if (itemsPaise <= 0 || itemsPaise > rules.freeShippingAbovePaise || rules.shippingPaise === 0) return null;
  return rules.freeShippingAbovePaise - itemsPaise + 1;
}
