import type { Cart, CartLineSetInput, CouponInput } from "@krishi/contract";
import { api } from "../../base/api.ts";

/**
 * The cart on the server (GET /api/cart/, PUT /api/cart/lines/, its coupon): a guest's by its cookie, the
 * customer's by the account. The cart slice mirrors the last answer (cart-sync.ts).
 */
export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<Cart, void>({ query: () => "/cart/", keepUnusedDataFor: 0 }),
    setCartLine: build.mutation<Cart, CartLineSetInput>({ query: (body) => ({ url: "/cart/lines/", method: "PUT", body }) }),
    /** PUT /api/cart/coupon/: kept with the cart when it applies now, else refused with why (coupon_…). */
    setCartCoupon: build.mutation<Cart, CouponInput>({ query: (body) => ({ url: "/cart/coupon/", method: "PUT", body }) }),
    /** DELETE /api/cart/coupon/: the coupon taken off. */
    removeCartCoupon: build.mutation<Cart, void>({ query: () => ({ url: "/cart/coupon/", method: "DELETE" }) }),
  }),
});
