import type { Cart, CartLine, CartLineSetInput } from "@krishi/contract";
import type { ThunkDispatch, UnknownAction } from "@reduxjs/toolkit";
import { showMessage } from "../../base/alert.ts";
import { errorNotice } from "../../lib/api-error.ts";
import { readJson, writeJson } from "../../lib/storage.ts";
import { selectSession } from "../auth/index.ts";
import { cartApi } from "./cart-api.ts";
import {
  addToCart,
  CART_KEYS,
  type CartItem,
  type CartOffers,
  cartReceived,
  isCartItem,
  offersReceived,
  removeFromCart,
} from "./cart-slice.ts";

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** A line of the server's cart as the cart slice keeps it. */
export function cartItemOf(line: CartLine): CartItem {
  const item: CartItem = {
    product: line.product,
    variant: line.variant,
    variantLabel: line.variantLabel,
    weightGrams: line.weightGrams,
    name: line.name,
    image: line.image,
    price: line.price,
    gstRate: line.gstRate,
    countInStock: line.countInStock,
    qty: line.qty,
  };
  if (line.nameHi) item.nameHi = line.nameHi;
  if (line.category !== undefined) item.category = line.category;
  return item;
}

/** The offers and coupon of the server's cart as the cart slice keeps them (an older server's answer has none). */
export function offersOf(cart: Cart): CartOffers {
  return { coupon: cart.coupon ?? null, couponRefusal: cart.couponRefusal ?? null, promotions: cart.promotions ?? [] };
}

/**
 * Writes are numbered: the answer of the newest write (or read) is the cart; an older one arriving
 * after it (quantities changed quickly) is not shown over it.
 */
let latest = 0;

function receive(dispatch: Dispatch, ticket: number, cart: Cart | undefined): void {
  if (!Array.isArray(cart?.lines) || ticket !== latest) return;
  dispatch(cartReceived(cart.lines.map(cartItemOf)));
  dispatch(offersReceived(offersOf(cart)));
}

/**
 * Reads the cart from the server (a guest's by its cookie, the customer's by the account, the
 * guest's merged into it) into the slice: every line at its pack's price, weight and stock of now,
 * with its GST rate, name and image (after the server refused an order as priced or stocked
 * otherwise, the shopper sees what it will charge; quantities stay as chosen, a line wanting more
 * than is left flagged where it is shown). The first time, a cart this browser kept before carts
 * lived on the server is put in it first, then forgotten.
 */
export function syncCart() {
  return async (dispatch: Dispatch): Promise<void> => {
    await takeOverStoredCart(dispatch);
    const ticket = ++latest;
    const { data } = await dispatch(cartApi.endpoints.getCart.initiate(undefined, { subscribe: false, forceRefetch: true }));
    receive(dispatch, ticket, data);
  };
}

/**
 * Sets a line's quantity on the server (0 removes it); the slice has shown the change already. A
 * refusal (the pack is gone or out of stock, the cart is full) is said, and the cart read again.
 */
export function writeLine(line: CartLineSetInput) {
  return async (dispatch: Dispatch): Promise<void> => {
    const ticket = ++latest;
    const result = await dispatch(cartApi.endpoints.setCartLine.initiate(line));
    if ("data" in result) return receive(dispatch, ticket, result.data);
    dispatch(showMessage(errorNotice(result.error), "danger"));
    await syncCart()(dispatch);
  };
}

/**
 * A change the server makes to the cart itself (Buy again puts an order's lines in it): sent by
 * `send`, and the cart it answers with shown as a write's is (unless a newer write answers after
 * it). Answers the whole answer; a refusal is thrown to the caller, which says it.
 */
export function serverChange<T extends { cart: Cart }>(send: () => Promise<T>) {
  return async (dispatch: Dispatch): Promise<T> => {
    const ticket = ++latest;
    const answer = await send();
    receive(dispatch, ticket, answer.cart);
    return answer;
  };
}

/**
 * Puts a coupon on the cart (null takes it off). The server keeps it only when it applies now, and
 * answers the cart; a refusal (coupon_unknown, coupon_minimum, …) is answered for the caller to say.
 */
export function changeCoupon(code: string | null) {
  return async (dispatch: Dispatch): Promise<{ error: unknown } | null> => {
    const ticket = ++latest;
    const result =
      code === null
        ? await dispatch(cartApi.endpoints.removeCartCoupon.initiate())
        : await dispatch(cartApi.endpoints.setCartCoupon.initiate({ code }));
    if ("data" in result) {
      receive(dispatch, ticket, result.data);
      return null;
    }
    return { error: result.error };
  };
}

/** A line's new quantity (0 removes it): shown at once, then written to the server. */
export function changeLine(item: CartItem, qty: number) {
  return (dispatch: Dispatch): void => {
    dispatch(qty > 0 ? addToCart({ ...item, qty }) : removeFromCart(item));
    const variant = item.variant === undefined ? {} : { variant: item.variant };
    void dispatch(writeLine({ product: item.product, ...variant, qty }));
  };
}

/** The cart the browser kept in localStorage before this release: sent to the server once, line by line. */
async function takeOverStoredCart(dispatch: Dispatch): Promise<void> {
  const stored = readJson(CART_KEYS.cartItems);
  if (stored === null) return;
  writeJson(CART_KEYS.cartItems, null);
  const lines = Array.isArray(stored) ? stored.filter(isCartItem) : [];
  for (const line of lines) {
    const body = { product: line.product, ...(line.variant === undefined ? {} : { variant: line.variant }), qty: line.qty };
    await dispatch(cartApi.endpoints.setCartLine.initiate(body));
  }
}

/**
 * Reads the cart at start-up and again whenever someone signs in or out: signing in merges this
 * browser's guest cart into the account's (the server does), and signing out leaves the browser
 * with its guest cart (the account's cart stays with the account).
 */
export function followCart(store: { getState(): unknown; dispatch: Dispatch; subscribe(listener: () => void): unknown }): void {
  let last: ReturnType<typeof selectSession> | undefined;
  const check = () => {
    const session = selectSession(store.getState() as Parameters<typeof selectSession>[0]);
    if (session === "checking" || session === last) return;
    last = session;
    void store.dispatch(syncCart());
  };
  store.subscribe(check);
  check();
}
