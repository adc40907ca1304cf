import { lazy } from "react";

/**
 * What other features may use from the cart (the product page puts a pack in it; checkout reads it,
 * prices it, fills it in and clears it; an order's Buy again fills it on the server and tells the cart screen).
 */
export { putInCart } from "./add-product-to-cart.ts";
export { buyAgainState } from "./buy-again-state.ts";
export { priceCart } from "./cart-price.ts";
export {
  type CartItem,
  type CartOffers,
  type CartState,
  clearCart,
  emptyCart,
  type ShippingAddress,
  savePaymentMethod,
  saveShippingAddress,
  selectCartItems,
} from "./cart-slice.ts";
export { serverChange, syncCart as refreshCartPrices } from "./cart-sync.ts";
/** The coupon box, for Place Order: its own chunk (this file is on the product page, which needs none of it). */
export const CouponBox = lazy(() => import("./coupon-box.tsx").then((module) => ({ default: module.CouponBox })));
export { EmptyCartMessage } from "./empty-cart.tsx";
export { SHIPPING_RULES, shippingRulesApi, shippingRulesChanged, useGetShippingRulesQuery } from "./shipping-rules-api.ts";
export { useCartPrice } from "./use-cart-price.ts";
