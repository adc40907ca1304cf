import { createAsyncThunk } from "@reduxjs/toolkit";
import { errorText } from "../../lib/api-error.ts";
import { clampQty } from "../../lib/quantity.ts";
import { catalogApi } from "../catalog/index.ts";
import { addToCart, type CartItem } from "./cart-slice.ts";

/**
 * /cart/{id}?qty=n: reads the product (GET /api/products/{id}/, fresh for its stock) and adds a
 * line with qty kept within 1..countInStock. An unknown or out-of-stock product is not added;
 * the rejection carries the text to show.
 */
export const addProductToCart = createAsyncThunk<CartItem, { id: string; qty: number }, { rejectValue: string }>(
  "cart/addProduct",
  async ({ id, qty }, { dispatch, rejectWithValue }) => {
    const result = await dispatch(catalogApi.endpoints.getProduct.initiate(id, { subscribe: false, forceRefetch: true }));
    if (result.error || !result.data) return rejectWithValue(errorText(result.error, "detail"));
    const product = result.data;
    const quantity = clampQty(qty, product.countInStock);
    if (quantity === null) return rejectWithValue(`${product.name} is out of stock`);
    const item: CartItem = {
      product: product._id,
      name: product.name,
      image: product.images[0]?.image ?? "",
      price: product.price,
      countInStock: product.countInStock,
      qty: quantity,
    };
    dispatch(addToCart(item));
    return item;
  },
);
