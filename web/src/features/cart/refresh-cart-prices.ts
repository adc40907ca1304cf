import { createAsyncThunk } from "@reduxjs/toolkit";
import type { RootState } from "../../app/store.ts";
import { clampQty } from "../../lib/quantity.ts";
import { catalogApi } from "../catalog/index.ts";
import { addToCart } from "./cart-slice.ts";

/**
 * After the server refused an order (409: prices changed, or too little stock), reads every line's
 * product again (GET /api/products/{id}/, fresh) and updates its price, stock, name and image, so
 * the shopper sees the total the server will charge. A quantity above the stock left comes down to
 * it; a line whose product is gone or sold out stays as it is, and the server's message says why.
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
        const current = getState().cart.cartItems.find((item) => item.product === line.product);
        if (!current) return;
        dispatch(
          addToCart({
            ...current,
            name: product.name,
            image: product.images[0]?.image ?? current.image,
            price: product.price,
            countInStock: product.countInStock,
            qty: clampQty(current.qty, product.countInStock) ?? current.qty,
          }),
        );
      }),
    );
  },
);
