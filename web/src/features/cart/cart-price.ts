import {
  applyPromotions,
  formatRupees,
  GST_RATES,
  gstStateCode,
  type OrderPrice,
  type Paise,
  type Promotion,
  type PromotionOutcome,
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
import { localized } from "../../i18n/index.ts";
import type { CartItem } from "./cart-slice.ts";

/** Where the order goes and how it is paid, as far as checkout knows them yet. */
export interface CartCheckout {
  shippingAddress?: ShippingAddress | null;
  paymentMethod?: string | null;
  /** The shop's shipping rules (GET /api/shipping/rules/); none: the spec's rule (₹10, free above ₹100). */
  shippingRules?: readonly ShippingRule[];
  /** The promotions the server's cart says this shopper may use now (promotionOf of its `promotions`). */
  promotions?: readonly Promotion[];
  /** The coupon kept with the cart. */
  coupon?: string | null;
}

/** The cart's price, and what the promotions gave it (its discounts, the coupon's refusal, the offers' hints). */
export interface PricedCart extends OrderPrice {
  promotions: PromotionOutcome;
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
 * items' cost less their discounts — as the server counts them for the order.
 */
export function cartShipment(items: readonly CartItem[], checkout: CartCheckout = {}, discountPaise: Paise = 0): ShipmentFacts {
  return {
    weightGrams: items.reduce((sum, line) => sum + (line.weightGrams ?? 0) * line.qty, 0),
    pin: checkout.shippingAddress?.postalCode ?? null,
    itemsPaise: items.reduce((sum, line) => sum + toPaise(line.price) * line.qty, 0) - discountPaise,
  };
}

/**
 * The promotions applied to the cart's lines by the contract's applyPromotions(), as Place Order
 * applies them on the server: the offers and the cart's coupon, now. The server sends only the
 * promotions this shopper may use (uses, first order, per customer), so none is counted here. A
 * line saved before packs or categories counts as pack 0 of no category.
 */
export function cartPromotions(items: readonly CartItem[], checkout: CartCheckout = {}): PromotionOutcome {
  const lines = items.map((line) => ({
    product: line.product,
    variant: line.variant ?? 0,
    category: line.category ?? "",
    pricePaise: toPaise(line.price),
    qty: line.qty,
  }));
  return applyPromotions(lines, checkout.promotions ?? [], checkout.coupon ?? null, { now: new Date(), ordersBefore: null });
}

/**
 * The cart priced by the shop's one pricing rule (contract/pricing.ts, the server's too) with the
 * server's settings, in paise: GST within the seller's state (CGST + SGST) or to another (IGST),
 * by the shipping address's state; the Cash on Delivery fee when that is the method chosen; the
 * shipping charge of the shop's rules by weight and zone (contract/src/shipping.ts, the server's
 * too). The promotions take each line's share of their discount off it before tax, the shipping
 * rules price the items less their discounts, and a free-shipping offer makes shipping 0
 * (server/src/modules/orders/checkout.ts prices an order so). The total shown is then the total
 * charged. A line whose rate is unknown counts at 0 % meanwhile.
 */
export function priceCart(items: readonly CartItem[], config: ShopConfig, checkout: CartCheckout = {}): PricedCart {
  const promotions = cartPromotions(items, checkout);
  const charged = shippingCharge(checkout.shippingRules ?? [], cartShipment(items, checkout, promotions.discountPaise), config.pricing);
  const price = priceOrder(
    items.map((line, i) => ({
      pricePaise: toPaise(line.price),
      qty: line.qty,
      gstRate: isGstRate(line.gstRate) ? line.gstRate : 0,
      discountPaise: promotions.lineDiscounts[i] ?? 0,
    })),
    config.pricing,
    {
      supply: gstSupply(config, checkout.shippingAddress) ?? "intra",
      codFeePaise: checkout.paymentMethod === "COD" ? config.cod.feePaise : 0,
      shippingPaise: promotions.freeShipping ? 0 : charged,
    },
  );
  return { ...price, promotions };
}

/**
 * A price worked out here as the Order Summary shows it: in GST mode the tax split as the supply
 * makes it (`gst`: within the state or to another; null in flat mode), the COD fee when there is
 * one, whether the tax is inside the prices (then shown as included, not added), and each
 * discount the promotions gave (its description, in Hindi when it has one).
 */
export function priceAmounts(price: OrderPrice | PricedCart, gst: Supply | null): SummaryAmounts {
  const { cgstPaise, sgstPaise, igstPaise } = price.breakup;
  const applied = "promotions" in price ? price.promotions.applied : [];
  return {
    items: formatRupees(price.itemsPaise),
    discounts:
      applied.length === 0
        ? undefined
        : applied.map(({ promotion, discountPaise, freeShipping }) => ({
            label: localized(promotion.description, promotion.descriptionHi),
            amount: freeShipping && discountPaise === 0 ? null : formatRupees(discountPaise),
          })),
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
 * How much more the cart's items, less their discounts, must cost to ship free (as the server's
 * shipping rules count them); null when an offer makes delivery free already, or as shortOfFreeShipping.
 */
export function cartShortOfFreeShipping(price: PricedCart, terms: ShippingTerms): Paise | null {
  return price.promotions.freeShipping ? null : shortOfFreeShipping(price.itemsPaise - price.discountPaise, terms);
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
