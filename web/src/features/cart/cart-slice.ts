import { type CouponRefusalJson, type PromotionJson, type ShippingAddress, toPaise } from "@krishi/contract";
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { injectSlice } from "../../base/store.ts";
import { readJson, writeJson } from "../../lib/storage.ts";
// The auth slice itself, not the feature's index.ts: the index also holds thunks typed by the
// store, which is built from this slice.
import { sessionEnded, storageChanged } from "../auth/index.ts";

/**
 * A cart line (docs/storefront.md, "Cart state"): `product` is the product id, `variant` the
 * pack's; `price` the API's decimal string. The cart holds one line per product and pack.
 */
export interface CartItem {
  product: number;
  /**
   * The pack's id and label ("45 kg"), and one pack's shipping weight. Carts saved before packs
   * lack them: such a line is the product's default pack (the server's cart fills them in).
   */
  variant?: number;
  variantLabel?: string;
  weightGrams?: number;
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
  /** The product's category (promotions may name it); absent in a cart read before it was sent. */
  category?: string;
}

export type { ShippingAddress };

/**
 * What the server's cart says of offers and coupons: the coupon kept with the cart, why it does not
 * apply (the server's word, as of its last answer), and the promotions this shopper may use now,
 * which the web applies itself as quantities change (cart-price.ts).
 */
export interface CartOffers {
  coupon: string | null;
  couponRefusal: CouponRefusalJson | null;
  promotions: PromotionJson[];
}

export const NO_OFFERS: CartOffers = { coupon: null, couponRefusal: null, promotions: [] };

export interface CartState {
  cartItems: CartItem[];
  shippingAddress: ShippingAddress | null;
  paymentMethod: string | null;
  /** The server's offers and coupon (none until it answers). */
  offers?: CartOffers;
}

/** Browser storage keys (docs/storefront.md, "Storage keys"); `cartItems` is read once, to take an old cart over. */
export const CART_KEYS = {
  cartItems: "cartItems",
  shippingAddress: "shippingAddress",
  paymentMethod: "paymentMethod",
} as const;

/** What tells one cart line from another: the product and its pack. */
export type CartLineKey = Pick<CartItem, "product" | "variant">;

/** Whether two lines are of the same product and pack (a line without a pack is its own: the default). */
export function sameLine(a: CartLineKey, b: CartLineKey): boolean {
  return a.product === b.product && a.variant === b.variant;
}

export const emptyCart: CartState = { cartItems: [], shippingAddress: null, paymentMethod: null };

export const cartSlice = createSlice({
  name: "cart",
  initialState: loadCart,
  reducers: {
    /** Replaces the line for the same product and pack, else appends (docs/storefront.md, "Cart state"). */
    addToCart(state, action: PayloadAction<CartItem>) {
      const item = action.payload;
      const index = state.cartItems.findIndex((line) => sameLine(line, item));
      if (index >= 0) state.cartItems[index] = item;
      else state.cartItems.push(item);
    },
    /** Removes the line of that product and pack. */
    removeFromCart(state, action: PayloadAction<CartLineKey>) {
      state.cartItems = state.cartItems.filter((line) => !sameLine(line, action.payload));
    },
    clearCart(state) {
      state.cartItems = [];
    },
    /** The cart as the server answered it (cart-sync.ts): it replaces the lines shown. */
    cartReceived(state, action: PayloadAction<CartItem[]>) {
      state.cartItems = action.payload;
    },
    /** The offers and coupon of the server's answer (cart-sync.ts), with its lines. */
    offersReceived(state, action: PayloadAction<CartOffers>) {
      state.offers = action.payload;
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

export const { addToCart, removeFromCart, clearCart, cartReceived, offersReceived, saveShippingAddress, savePaymentMethod } =
  cartSlice.actions;

declare module "../../base/store.ts" {
  interface SliceStates {
    cart: CartState;
  }
}

injectSlice(cartSlice, { save: saveCart });

export const selectCartItems = (state: { cart: CartState }) => state.cart.cartItems;

export const selectCartOffers = (state: { cart: CartState }) => state.cart.offers ?? NO_OFFERS;

/** Number of items in the cart: the sum of the quantities. */
export function countItems(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.qty, 0);
}

/** Σ price × qty in paise. */
export function subtotalPaise(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + toPaise(line.price) * line.qty, 0);
}

/**
 * The checkout's choices as last stored (anything missing or corrupt counts as none). The lines
 * are the server's: empty until it answers (cart-sync.ts; a cart stored here by an older release
 * is taken over from `cartItems` there).
 */
export function loadCart(): CartState {
  const address = readJson(CART_KEYS.shippingAddress);
  const method = readJson(CART_KEYS.paymentMethod);
  return {
    cartItems: [],
    shippingAddress: isShippingAddress(address) ? address : null,
    paymentMethod: typeof method === "string" && method ? method : null,
  };
}

export function saveCart(cart: CartState): void {
  writeJson(CART_KEYS.shippingAddress, cart.shippingAddress);
  writeJson(CART_KEYS.paymentMethod, cart.paymentMethod);
}

/** A line as a release before the server's cart stored it in localStorage. */
export function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    fieldsAre(v, ["product", "countInStock", "qty"], "number") &&
    fieldsAre(v, ["name", "image", "price"], "string") &&
    fieldsAre(v, ["variant", "weightGrams"], "number", true) &&
    fieldsAre(v, ["nameHi", "variantLabel"], "string", true) &&
    Number.isInteger(v.qty) &&
    (v.qty as number) >= 1
  );
}

function isShippingAddress(value: unknown): value is ShippingAddress {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    fieldsAre(v, ["label", "address", "city", "postalCode", "country"], "string") && fieldsAre(v, ["state", "landmark"], "string", true)
  );
}

/** Whether each of the fields is of the type (or absent, for fields a stored value may lack). */
function fieldsAre(v: Record<string, unknown>, fields: string[], type: "string" | "number", mayLack = false): boolean {
  return fields.every((field) => (mayLack && v[field] === undefined) || typeof v[field] === type);
}
