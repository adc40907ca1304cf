import type { Cart, CartLineSetInput } from "@krishi/contract";
import { api } from "../../base/api.ts";

/**
 * The cart on the server (GET /api/cart/, PUT /api/cart/lines/): a guest's by its cookie, the
 * customer's by the account. The cart slice mirrors the last answer (cart-sync.ts).
 */
export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<Cart, void>({ query: () => "/cart/", keepUnusedDataFor: 0 }),
    setCartLine: build.mutation<Cart, CartLineSetInput>({ query: (body) => ({ url: "/cart/lines/", method: "PUT", body }) }),
  }),
});
