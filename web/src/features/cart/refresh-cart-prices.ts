import { createAsyncThunk } from "@reduxjs/toolkit";
import type { RootState } from "../../app/store.ts";
import { packOf } from "../../lib/packs.ts";
import { catalogApi } from "../catalog/index.ts";
import { addToCart, type CartItem, removeFromCart, sameLine } from "./cart-slice.ts";

/**
 * After the server refused an order (409: prices changed, or too little stock), or for a cart saved
 * before lines knew their GST rate, reads every line's product again (GET /api/products/{id}/,
 * fresh) and updates its pack's price, weight and stock, the GST rate, name and image, so the
 * shopper sees the total the server will charge. A line saved before packs becomes the default
 * pack's. Quantities stay as the shopper chose them: a line wanting more than the stock left is
 * flagged where it is shown, for the shopper to change. A pack no longer sold shows as out of
 * stock, to be removed; a line whose product is gone stays as it is, and the server's message
 * says why.
 */
export const refreshCartPrices = createAsyncThunk<void, void, { state: RootState }>(
  "cart/refreshPrices",
  async (_, { dispatch, getState }) => {
    const lines = getState().cart.cartItems;
    await Promise.all(
      lines.map(async (line) => {
        const { data: product } = await dispatch(
          catalogApi.endpoints.getProduct.initiate(String(line.product), { subscribe: false, forceRefetch: true }),
        );
        if (!product) return;
        const current = getState().cart.cartItems.find((item) => sameLine(item, line));
        if (!current) return;
        const pack = packOf(product, current.variant);
        const { nameHi: _, ...rest } = current;
        const updated: CartItem = {
          ...rest,
          name: product.name,
          image: product.images[0]?.image ?? current.image,
          gstRate: product.gstRate,
          ...(pack
            ? {
                variant: pack.id,
                variantLabel: pack.label,
                weightGrams: pack.weightGrams,
                price: pack.price,
                countInStock: pack.countInStock,
              }
            : { countInStock: 0 }),
        };
        if (product.nameHi) updated.nameHi = product.nameHi;
        // A line saved before packs becomes its pack's line.
        if (!sameLine(current, updated)) dispatch(removeFromCart(current));
        dispatch(addToCart(updated));
      }),
    );
  },
);
