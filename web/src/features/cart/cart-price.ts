import {
  formatRupees,
  GST_RATES,
  gstStateCode,
  type OrderPrice,
  type Paise,
  priceOrder,
  type ShipmentFacts,
  type ShippingAddress,
  type ShippingRule,
  type ShippingTerms,
  type Supply,
  shippingCharge,
  supplyBetween,
  toPaise,
} from "@krishi/contract";
import type { ShopConfig } from "../../base/shop-config.ts";
import type { SummaryAmounts } from "../../components/order-summary.tsx";
import type { CartItem } from "./cart-slice.ts";

/** Where the order goes and how it is paid, as far as checkout knows them yet. */
export interface CartCheckout {
  shippingAddress?: ShippingAddress | null;
  paymentMethod?: string | null;
  /** The shop's shipping rules (GET /api/shipping/rules/); none: the spec's rule (₹10, free above ₹100). */
  shippingRules?: readonly ShippingRule[];
}

/** Whether a line's GST rate is one a product may carry (a cart saved before lines had one has none). */
export function isGstRate(rate: unknown): rate is number {
  return (GST_RATES as readonly unknown[]).includes(rate);
}

/** In GST mode, whether some line does not know its rate yet (the cart is read again from the server, cart-sync.ts). */
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
 * What the shipping rules price: the cart's weight (Σ pack weight × qty, 0 for a line that does not
 * know its weight), the address's PIN (none yet: only the rules for everywhere apply) and the
 * items' cost — as the server counts them for the order.
 */
export function cartShipment(items: readonly CartItem[], checkout: CartCheckout = {}): ShipmentFacts {
  return {
    weightGrams: items.reduce((sum, line) => sum + (line.weightGrams ?? 0) * line.qty, 0),
    pin: checkout.shippingAddress?.postalCode ?? null,
    itemsPaise: items.reduce((sum, line) => sum + toPaise(line.price) * line.qty, 0),
  };
}

/**
 * The cart priced by the shop's one pricing rule (contract/pricing.ts, the server's too) with the
 * server's settings, in paise: GST within the seller's state (CGST + SGST) or to another (IGST),
 * by the shipping address's state; the Cash on Delivery fee when that is the method chosen; the
 * shipping charge of the shop's rules by weight and zone (contract/src/shipping.ts, the server's
 * too). The total shown is then the total charged. A line whose rate is unknown counts at 0 % meanwhile.
 */
export function priceCart(items: readonly CartItem[], config: ShopConfig, checkout: CartCheckout = {}): OrderPrice {
  return priceOrder(
    items.map((line) => ({ pricePaise: toPaise(line.price), qty: line.qty, gstRate: isGstRate(line.gstRate) ? line.gstRate : 0 })),
    config.pricing,
    {
      supply: gstSupply(config, checkout.shippingAddress) ?? "intra",
      codFeePaise: checkout.paymentMethod === "COD" ? config.cod.feePaise : 0,
      shippingPaise: shippingCharge(checkout.shippingRules ?? [], cartShipment(items, checkout), config.pricing),
    },
  );
}

/**
 * A price worked out here as the Order Summary shows it: in GST mode the tax split as the supply
 * makes it (`gst`: within the state or to another; null in flat mode), the COD fee when there is
 * one, and whether the tax is inside the prices (then shown as included, not added).
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
    taxIncluded: price.taxIncluded,
    total: formatRupees(price.totalPaise),
  };
}

/**
 * How much more the items must cost to ship free by the shipping terms that apply (they must cost
 * more than the threshold, so one paisa past it); null when they already ship free, never do, or
 * the cart is empty.
 */
export function shortOfFreeShipping(itemsPaise: Paise, terms: ShippingTerms): Paise | null {
  const { freeAbovePaise, chargePaise } = terms;
  if (itemsPaise <= 0 || freeAbovePaise === null || itemsPaise > freeAbovePaise || chargePaise === 0) return null;
  return freeAbovePaise - itemsPaise + 1;
}
