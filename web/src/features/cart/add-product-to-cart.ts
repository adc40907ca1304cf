import { createAsyncThunk } from "@reduxjs/toolkit";
import type { RootState } from "../../app/store.ts";
import { localized, t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { packOf } from "../../lib/packs.ts";
import { requestedQty } from "../../lib/quantity.ts";
import { catalogApi } from "../catalog/index.ts";
import { addToCart, type CartItem, replaceLine, sameLine } from "./cart-slice.ts";

/**
 * /cart/{id}?qty=n[&pack=p]: reads the product (GET /api/products/{id}/, fresh for its stock) and
 * adds a line of n (a whole number, at least 1) of pack p, the default pack when none is named.
 * More than the stock is kept as asked, and the cart says so beside the line, rather than quietly
 * ordering fewer. An unknown product, pack or an out-of-stock pack is not added; the rejection
 * carries the text to show.
 */
export const addProductToCart = createAsyncThunk<
  CartItem,
  { id: string; qty: number; pack?: number },
  { state: RootState; rejectValue: string }
>("cart/addProduct", async ({ id, qty, pack: packId }, { dispatch, getState, rejectWithValue }) => {
  const result = await dispatch(catalogApi.endpoints.getProduct.initiate(id, { subscribe: false, forceRefetch: true }));
  if (result.error || !result.data) return rejectWithValue(errorText(result.error, "detail"));
  const product = result.data;
  const pack = packOf(product, packId);
  const name = localized(product.name, product.nameHi);
  if (!pack) return rejectWithValue(t("{name} is no longer sold in that pack", { name }));
  if (pack.countInStock < 1) return rejectWithValue(t("{name} is out of stock", { name }));
  const item: CartItem = {
    product: product._id,
    variant: pack.id,
    variantLabel: pack.label,
    weightGrams: pack.weightGrams,
    name: product.name,
    image: product.images[0]?.image ?? "",
    price: pack.price,
    gstRate: product.gstRate,
    countInStock: pack.countInStock,
    qty: requestedQty(qty),
  };
  if (product.nameHi) item.nameHi = product.nameHi;
  // The default pack takes the place of a line saved before packs (which meant it).
  const saved = { product: product._id };
  const beforePacks = pack === packOf(product) && getState().cart.cartItems.some((line) => sameLine(line, saved));
  dispatch(beforePacks ? replaceLine({ line: saved, item }) : addToCart(item));
  return item;
});
