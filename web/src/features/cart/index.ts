/** What other features may use from the cart (the product page puts a pack in it; checkout reads it, prices it, fills it in and clears it). */
export { putInCart } from "./add-product-to-cart.ts";
export { priceCart } from "./cart-price.ts";
export {
  type CartItem,
  type CartState,
  clearCart,
  emptyCart,
  type ShippingAddress,
  savePaymentMethod,
  saveShippingAddress,
  selectCartItems,
} from "./cart-slice.ts";
export { syncCart as refreshCartPrices } from "./cart-sync.ts";
export { EmptyCartMessage } from "./empty-cart.tsx";
export { SHIPPING_RULES, shippingRulesApi, shippingRulesChanged, useGetShippingRulesQuery } from "./shipping-rules-api.ts";
export { useCartPrice } from "./use-cart-price.ts";
