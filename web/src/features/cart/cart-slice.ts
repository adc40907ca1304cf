import { type ShippingAddress, toPaise } from "@krishi/contract";
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { readJson, writeJson } from "../../lib/storage.ts";
// The auth slice itself, not the feature's index.ts: the index also holds thunks typed by the
// store, which is built from this slice.
import { sessionEnded, storageChanged } from "../auth/index.ts";

/** A cart line (docs/storefront.md, "Cart state"): `product` is the product id; `price` the API's decimal string. */
export interface CartItem {
  product: number;
  name: string;
  /** The product's Hindi name, when it has one (shown when the shop is in Hindi). */
  nameHi?: string;
  image: string;
  price: string;
  /**
   * The product's GST rate in percent (GST mode prices each line at its rate). Carts saved before
   * it existed lack it: unknown until the line is read again (cart-price.ts, useLineRates).
   */
  gstRate?: number;
  countInStock: number;
  qty: number;
}

export type { ShippingAddress };

export interface CartState {
  cartItems: CartItem[];
  shippingAddress: ShippingAddress | null;
  paymentMethod: string | null;
}

/** Browser storage keys (docs/storefront.md, "Storage keys"). */
export const CART_KEYS = {
  cartItems: "cartItems",
  shippingAddress: "shippingAddress",
  paymentMethod: "paymentMethod",
} as const;

export const emptyCart: CartState = { cartItems: [], shippingAddress: null, paymentMethod: null };

export const cartSlice = createSlice({
  name: "cart",
  initialState: loadCart,
  reducers: {
    /** Replaces the line for the same product, else appends (docs/storefront.md, "Cart state"). */
    addToCart(state, action: PayloadAction<CartItem>) {
      const item = action.payload;
      const index = state.cartItems.findIndex((line) => line.product === item.product);
      if (index >= 0) state.cartItems[index] = item;
      else state.cartItems.push(item);
    },
    removeFromCart(state, action: PayloadAction<number>) {
      state.cartItems = state.cartItems.filter((line) => line.product !== action.payload);
    },
    clearCart(state) {
      state.cartItems = [];
    },
    /** Checkout's shipping step (saving sets the shipping address). */
    saveShippingAddress(state, action: PayloadAction<ShippingAddress>) {
      state.shippingAddress = action.payload;
    },
    /** Checkout's payment step. */
    savePaymentMethod(state, action: PayloadAction<string>) {
      state.paymentMethod = action.payload;
    },
  },
  extraReducers(builder) {
    // Signing out clears the user's order data (docs/storefront.md, "Cart state"). The cart
    // stays; the address and the payment method chosen for the next order belong to the person
    // who signed out.
    builder.addMatcher(sessionEnded, forgetCheckout).addMatcher(storageChanged.match, (state, action) => {
      if (!action.payload.access && !action.payload.refresh) forgetCheckout(state);
    });
  },
});

function forgetCheckout(state: CartState): void {
  state.shippingAddress = null;
  state.paymentMethod = null;
}

export const { addToCart, removeFromCart, clearCart, saveShippingAddress, savePaymentMethod } = cartSlice.actions;

export const selectCartItems = (state: { cart: CartState }) => state.cart.cartItems;

/** Number of items in the cart: the sum of the quantities. */
export function countItems(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.qty, 0);
}

/** Σ price × qty in paise. */
export function subtotalPaise(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + toPaise(line.price) * line.qty, 0);
}

/** The cart as last stored; anything missing or corrupt counts as empty. */
export function loadCart(): CartState {
  const items = readJson(CART_KEYS.cartItems);
  const address = readJson(CART_KEYS.shippingAddress);
  const method = readJson(CART_KEYS.paymentMethod);
  return {
    cartItems: Array.isArray(items) ? items.filter(isCartItem) : [],
    shippingAddress: isShippingAddress(address) ? address : null,
    paymentMethod: typeof method === "string" && method ? method : null,
  };
}

export function saveCart(cart: CartState): void {
  writeJson(CART_KEYS.cartItems, cart.cartItems);
  writeJson(CART_KEYS.shippingAddress, cart.shippingAddress);
  writeJson(CART_KEYS.paymentMethod, cart.paymentMethod);
}

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.product === "number" &&
    typeof v.name === "string" &&
    (v.nameHi === undefined || typeof v.nameHi === "string") &&
    typeof v.image === "string" &&
    typeof v.price === "string" &&
    typeof v.countInStock === "number" &&
    typeof v.qty === "number" &&
    Number.isInteger(v.qty) &&
    v.qty >= 1
  );
}

function isShippingAddress(value: unknown): value is ShippingAddress {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    ["label", "address", "city", "postalCode", "country"].every((key) => typeof v[key] === "string") &&
    ["state", "landmark"].every((key) => v[key] === undefined || typeof v[key] === "string")
  );
}
