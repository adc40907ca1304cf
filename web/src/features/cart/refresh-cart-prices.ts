import { createAsyncThunk } from "@reduxjs/toolkit";
import { syncCart } from "./cart-sync.ts";

/**
 * After the server refused an order (409: prices changed, or too little stock), reads the cart
 * again: the server answers every line at its pack's price, weight and stock of now, with the GST
 * rate, name and image, so the shopper sees the total the server will charge. Quantities stay as
 * the shopper chose them: a line wanting more than the stock left is flagged where it is shown,
 * for the shopper to change. A pack or product no longer sold has left the cart.
 */
export const refreshCartPrices = createAsyncThunk("cart/refreshPrices", async (_: void, { dispatch }) => {
  await syncCart()(dispatch);
});
