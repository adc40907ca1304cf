import {
  formatRupees,
  GST_RATES,
  gstStateCode,
  type OrderPrice,
  type Paise,
  type PricingRules,
  priceOrder,
  type ShippingAddress,
  type Supply,
  supplyBetween,
  toPaise,
} from "@krishi/contract";
import type { SummaryAmounts } from "../../components/order-summary.tsx";
import type { ShopConfig } from "../../lib/shop-config.ts";
import type { CartItem } from "./cart-slice.ts";

/** Where the order goes and how it is paid, as far as checkout knows them yet. */
export interface CartCheckout {
  shippingAddress?: ShippingAddress | null;
  paymentMethod?: string | null;
}

/** Whether a line's GST rate is one a product may carry (a cart saved before lines had one has none). */
export function isGstRate(rate: unknown): rate is number {
  return (GST_RATES as readonly unknown[]).includes(rate);
}

/** In GST mode, whether some line does not know its rate yet (it is read again, refresh-cart-prices.ts). */
export function ratesUnknown(items: readonly CartItem[], config: ShopConfig): boolean {
  return config.pricing.taxMode === "gst" && items.some((line) => !isGstRate(line.gstRate));
}

/**
 * GST mode: within the seller's state (CGST + SGST) or to another (IGST), by the state of the
 * shipping address (within, while it is not known); null in flat mode.
 */
export function gstSupply(config: ShopConfig, shippingAddress: ShippingAddress | null | undefined): Supply | null {
  if (config.pricing.taxMode !== "gst") return null;
  const state = shippingAddress?.state;
  return supplyBetween(config.sellerStateCode, state ? gstStateCode(state) : null);
}

/**
 * The cart priced by the shop's one pricing rule (contract/pricing.ts, the server's too) with the
 * server's settings, in paise: GST within the seller's state (CGST + SGST) or to another (IGST),
 * by the shipping address's state; the Cash on Delivery fee when that is the method chosen. The
 * total shown is then the total charged. A line whose rate is unknown counts at 0 % meanwhile.
 */
export function priceCart(items: readonly CartItem[], config: ShopConfig, checkout: CartCheckout = {}): OrderPrice {
  return priceOrder(
    items.map((line) => ({ pricePaise: toPaise(line.price), qty: line.qty, gstRate: isGstRate(line.gstRate) ? line.gstRate : 0 })),
    config.pricing,
    {
      supply: gstSupply(config, checkout.shippingAddress) ?? "intra",
      codFeePaise: checkout.paymentMethod === "COD" ? config.cod.feePaise : 0,
    },
  );
}

/**
 * A price worked out here as the Order Summary shows it: in GST mode the tax split as the supply
 * makes it (`gst`: within the state or to another; null in flat mode), the COD fee when there is one.
 */
export function priceAmounts(price: OrderPrice, gst: Supply | null): SummaryAmounts {
  const { cgstPaise, sgstPaise, igstPaise } = price.breakup;
  return {
    items: formatRupees(price.itemsPaise),
    shipping: formatRupees(price.shippingPaise),
    codFee: price.codFeePaise > 0 ? formatRupees(price.codFeePaise) : undefined,
    tax: formatRupees(price.taxPaise),
    gst:
      gst === null
        ? undefined
        : gst === "inter"
          ? { igst: formatRupees(igstPaise) }
          : { cgst: formatRupees(cgstPaise), sgst: formatRupees(sgstPaise) },
    total: formatRupees(price.totalPaise),
  };
}

/**
 * How much more the items must cost to ship free (they must cost more than the threshold, so one
 * paisa past it); null when they already ship free, or the cart is empty.
 */
export function shortOfFreeShipping(itemsPaise: Paise, rules: PricingRules): Paise | null {
  if (itemsPaise <= 0 || itemsPaise > rules.freeShippingAbovePaise || rules.shippingPaise === 0) return null;
  return rules.freeShippingAbovePaise - itemsPaise + 1;
}
