import type { OrderPrice } from "@krishi/contract";
import { useEffect, useMemo, useRef, useState } from "react";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import type { SummaryAmounts } from "../../components/order-summary.tsx";
import { type ShopConfig, useShopConfig } from "../../lib/shop-config.ts";
import { type CartCheckout, gstSupply, priceAmounts, priceCart, ratesUnknown } from "./cart-price.ts";
import type { CartItem } from "./cart-slice.ts";
import { refreshCartPrices } from "./refresh-cart-prices.ts";

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
    void dispatch(refreshCartPrices()).finally(() => setRead(true));
  }, [missing, dispatch]);
  return config !== undefined && (!missing || read);
}

export interface CartPrice {
  config: ShopConfig;
  price: OrderPrice;
  /** The price as the Order Summary shows it. */
  amounts: SummaryAmounts;
}

/**
 * The cart's price as the server will charge it, for this address and method (the ones chosen in
 * checkout unless given); undefined while the settings load or line rates are read again.
 */
export function useCartPrice(checkout?: CartCheckout): CartPrice | undefined {
  const { cartItems, shippingAddress, paymentMethod } = useAppSelector((state) => state.cart);
  const config = useShopConfig();
  const ready = useLineRates(cartItems, config);
  const address = checkout?.shippingAddress === undefined ? shippingAddress : checkout.shippingAddress;
  const method = checkout?.paymentMethod === undefined ? paymentMethod : checkout.paymentMethod;
  return useMemo(() => {
    if (!config || !ready) return undefined;
    const price = priceCart(cartItems, config, { shippingAddress: address, paymentMethod: method });
    return { config, price, amounts: priceAmounts(price, gstSupply(config, address)) };
  }, [config, ready, cartItems, address, method]);
}
