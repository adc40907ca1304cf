import { type PromotionJson, promotionOf, type ShippingRule, type ShippingTerms, shippingTerms } from "@krishi/contract";
import { useEffect, useMemo, useRef, useState } from "react";
import { useAppDispatch, useAppSelector } from "../../base/hooks.ts";
import { type ShopConfig, useShopConfig } from "../../base/shop-config.ts";
import type { SummaryAmounts } from "../../components/order-summary.tsx";
import { type CartCheckout, cartShipment, gstSupply, type PricedCart, priceAmounts, priceCart, ratesUnknown } from "./cart-price.ts";
import { type CartItem, type CartOffers, selectCartOffers } from "./cart-slice.ts";
import { syncCart } from "./cart-sync.ts";
import { useGetShippingRulesQuery } from "./shipping-rules-api.ts";

/**
 * In GST mode, lines saved before they knew their product's GST rate are read again, once (their
 * products may have gone: the server's answer then says so). True once every rate is known, or
 * was asked for; false while the settings load.
 */
export function useLineRates(items: readonly CartItem[], config: ShopConfig | undefined): boolean {
  const dispatch = useAppDispatch();
  const missing = config !== undefined && ratesUnknown(items, config);
  const asked = useRef(false);
  const [read, setRead] = useState(false);
  useEffect(() => {
    if (!missing || asked.current) return;
    asked.current = true;
    void dispatch(syncCart()).finally(() => setRead(true));
  }, [missing, dispatch]);
  return config !== undefined && (!missing || read);
}

export interface CartPrice {
  config: ShopConfig;
  /** The price, with what the promotions gave (price.promotions: discounts, the coupon's refusal, hints). */
  price: PricedCart;
  /** The server's word on the cart's offers and coupon (its coupon, why it did not apply as last read). */
  offers: CartOffers;
  /** The price as the Order Summary shows it. */
  amounts: SummaryAmounts;
  /** The shop's shipping rules the price was worked out with (an order placed is priced with them). */
  shippingRules: readonly ShippingRule[];
  /** The shipping terms that apply to the cart: its charge, and above what it is free (of the items less their discounts). */
  shippingTerms: ShippingTerms;
}

/** The server's promotions as applyPromotions() reads them, made again only when the server sends others. */
function usePromotions(promotions: readonly PromotionJson[]) {
  return useMemo(() => promotions.map(promotionOf), [promotions]);
}

const NO_RULES: readonly ShippingRule[] = [];

/** The shop's shipping rules; undefined while they load (the spec's rule when they cannot be read). */
function useShippingRules(): readonly ShippingRule[] | undefined {
  const { data, isError } = useGetShippingRulesQuery();
  return data ?? (isError ? NO_RULES : undefined);
}

/**
 * The cart's price as the server will charge it, for this address and method (the ones chosen in
 * checkout unless given); undefined while the settings or the shipping rules load, or line rates
 * are read again.
 */
export function useCartPrice(checkout?: CartCheckout): CartPrice | undefined {
  const { cartItems, shippingAddress, paymentMethod } = useAppSelector((state) => state.cart);
  const config = useShopConfig();
  const ready = useLineRates(cartItems, config);
  const shippingRules = useShippingRules();
  const offers = useAppSelector(selectCartOffers);
  const promotions = usePromotions(offers.promotions);
  const address = checkout?.shippingAddress === undefined ? shippingAddress : checkout.shippingAddress;
  const method = checkout?.paymentMethod === undefined ? paymentMethod : checkout.paymentMethod;
  return useMemo(() => {
    if (!config || !ready || !shippingRules) return undefined;
    const checkout = { shippingAddress: address, paymentMethod: method, shippingRules, promotions, coupon: offers.coupon };
    const price = priceCart(cartItems, config, checkout);
    const terms = shippingTerms(shippingRules, cartShipment(cartItems, checkout, price.promotions.discountPaise), config.pricing);
    return { config, price, offers, amounts: priceAmounts(price, gstSupply(config, address)), shippingRules, shippingTerms: terms };
  }, [config, ready, shippingRules, cartItems, address, method, offers, promotions]);
}
