import { createAsyncThunk } from "@reduxjs/toolkit";
import { localized, t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { requestedQty } from "../../lib/quantity.ts";
import { catalogApi } from "../catalog/index.ts";
import { addToCart, type CartItem } from "./cart-slice.ts";

/**
 * /cart/{id}?qty=n: reads the product (GET /api/products/{id}/, fresh for its stock) and adds a
 * line of n (a whole number, at least 1). More than the stock is kept as asked, and the cart says
 * so beside the line, rather than quietly ordering fewer. An unknown or out-of-stock product is not
 * added; the rejection carries the text to show.
 */
export const addProductToCart = createAsyncThunk<CartItem, { id: string; qty: number }, { rejectValue: string }>(
  "cart/addProduct",
  async ({ id, qty }, { dispatch, rejectWithValue }) => {
    const result = await dispatch(catalogApi.endpoints.getProduct.initiate(id, { subscribe: false, forceRefetch: true }));
    if (result.error || !result.data) return rejectWithValue(errorText(result.error, "detail"));
    const product = result.data;
    if (product.countInStock < 1) {
      return rejectWithValue(t("{name} is out of stock", { name: localized(product.name, product.nameHi) }));
    }
    const item: CartItem = {
      product: product._id,
      name: product.name,
      image: product.images[0]?.image ?? "",
      price: product.price,
      gstRate: product.gstRate,
      countInStock: product.countInStock,
      qty: requestedQty(qty),
    };
    if (product.nameHi) item.nameHi = product.nameHi;
    dispatch(addToCart(item));
    return item;
  },
);
