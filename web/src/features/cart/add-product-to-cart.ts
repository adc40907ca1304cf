import type { Product, ProductVariant } from "@krishi/contract";
import { createAsyncThunk, type ThunkDispatch, type UnknownAction } from "@reduxjs/toolkit";
import { catalogApi } from "../../base/catalog-api.ts";
import { localized, t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { packOf } from "../../lib/packs.ts";
import { requestedQty } from "../../lib/quantity.ts";
import { addToCart, type CartItem, removeFromCart } from "./cart-slice.ts";
import { writeLine } from "./cart-sync.ts";

/**
 * /cart/{id}?qty=n[&pack=p]: reads the product (GET /api/products/{id}/, fresh for its stock) and
 * adds a line of n (a whole number, at least 1) of pack p, the default pack when none is named.
 * More than the stock is kept as asked, and the cart says so beside the line, rather than quietly
 * ordering fewer. An unknown product, pack or an out-of-stock pack is not added; the rejection
 * carries the text to show.
 */
export const addProductToCart = createAsyncThunk<CartItem, { id: string; qty: number; pack?: number }, { rejectValue: string }>(
  "cart/addProduct",
  async ({ id, qty, pack: packId }, { dispatch, rejectWithValue }) => {
    const result = await dispatch(catalogApi.endpoints.getProduct.initiate(id, { subscribe: false, forceRefetch: true }));
    if (result.error || !result.data) return rejectWithValue(errorText(result.error, "detail"));
    const product = result.data;
    const pack = packOf(product, packId);
    const name = localized(product.name, product.nameHi);
    if (!pack) return rejectWithValue(t("{name} is no longer sold in that pack", { name }));
    if (pack.countInStock < 1) return rejectWithValue(t("{name} is out of stock", { name }));
    return putInCart(product, pack, qty)(dispatch);
  },
);

/**
 * Puts n of a product's pack in the cart, as the product page shows it: its line is replaced, or
 * added (docs/storefront.md, "Cart state"), at once on the screen and then on the server (which
 * answers with the cart); the default pack replaces a line saved before packs, which meant it (a
 * line without a pack). Returns the line.
 */
export function putInCart(product: Product, pack: ProductVariant, qty: number) {
  return (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>): CartItem => {
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
    if (pack === packOf(product)) dispatch(removeFromCart({ product: product._id }));
    dispatch(addToCart(item));
    void dispatch(writeLine({ product: item.product, variant: pack.id, qty: item.qty }));
    return item;
  };
}
