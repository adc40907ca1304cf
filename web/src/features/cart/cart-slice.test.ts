import { beforeEach, describe, expect, it } from "vitest";
import { loggedOut, refreshFailed, storageChanged } from "../auth/index.ts";
import {
  addToCart,
  type CartItem,
  type CartState,
  cartSlice,
  clearCart,
  countItems,
  emptyCart,
  isCartItem,
  loadCart,
  removeFromCart,
  saveCart,
  savePaymentMethod,
  saveShippingAddress,
  subtotalPaise,
} from "./cart-slice.ts";

const reduce = cartSlice.reducer;

const urea: CartItem = {
  product: 1,
  name: "Urea 45 kg",
  image: "images/urea.webp",
  price: "266.50",
  countInStock: 10,
  qty: 2,
};
const seeds: CartItem = {
  product: 2,
  name: "Paddy seeds",
  image: "",
  price: "1249.50",
  countInStock: 3,
  qty: 1,
};

function cartOf(...cartItems: CartItem[]): CartState {
  return { ...emptyCart, cartItems };
}

describe("cart reducer", () => {
  it("appends a product that is not in the cart", () => {
    const state = reduce(cartOf(urea), addToCart(seeds));
    expect(state.cartItems).toEqual([urea, seeds]);
  });

  it("replaces the line of a product already in the cart", () => {
    const state = reduce(cartOf(urea, seeds), addToCart({ ...urea, qty: 5 }));
    expect(state.cartItems).toEqual([{ ...urea, qty: 5 }, seeds]);
  });

  it("removes a product's line by its id", () => {
    const state = reduce(cartOf(urea, seeds), removeFromCart({ product: 1 }));
    expect(state.cartItems).toEqual([seeds]);
  });

  it("keeps a line per pack of a product: adding, replacing and removing each on its own", () => {
    const bag = { ...urea, variant: 11, variantLabel: "45 kg", weightGrams: 45_200 };
    const small = { ...urea, variant: 12, variantLabel: "5 kg", price: "40.00", weightGrams: 5_100, qty: 1 };
    let state = reduce(cartOf(bag), addToCart(small));
    expect(state.cartItems).toEqual([bag, small]);
    state = reduce(state, addToCart({ ...small, qty: 3 }));
    expect(state.cartItems).toEqual([bag, { ...small, qty: 3 }]);
    state = reduce(state, removeFromCart({ product: 1, variant: 11 }));
    expect(state.cartItems).toEqual([{ ...small, qty: 3 }]);
  });

  it("empties the cart on clear", () => {
    const state = reduce(cartOf(urea, seeds), clearCart());
    expect(state.cartItems).toEqual([]);
  });

  it("keeps the shipping address and the payment method of checkout", () => {
    const farm = { label: "Farm", address: "Plot 4", city: "Nashik", postalCode: "422001", country: "India", landmark: "Mandi" };
    let state = reduce(cartOf(urea), saveShippingAddress(farm));
    state = reduce(state, savePaymentMethod("RazorPay"));
    expect(state).toEqual({ cartItems: [urea], shippingAddress: farm, paymentMethod: "RazorPay" });
  });

  it.each([
    ["logout", loggedOut()],
    ["a failed refresh", refreshFailed()],
    ["a sign-out in another tab", storageChanged({ access: null, refresh: null, user: null })],
  ])("forgets the address and the method on %s, keeping the cart", (_case, action) => {
    const filled: CartState = {
      cartItems: [urea],
      shippingAddress: { label: "Farm", address: "Plot 4", city: "Nashik", postalCode: "422001", country: "India" },
      paymentMethod: "RazorPay",
    };
    expect(reduce(filled, action)).toEqual({ cartItems: [urea], shippingAddress: null, paymentMethod: null });
  });

  it("keeps the address when another tab only refreshed its tokens", () => {
    const filled: CartState = { ...cartOf(urea), paymentMethod: "RazorPay" };
    expect(reduce(filled, storageChanged({ access: "a", refresh: "r", user: null }))).toBe(filled);
  });

  it("counts items and prices the subtotal in paise", () => {
    expect(countItems([urea, seeds])).toBe(3);
    expect(subtotalPaise([urea, seeds])).toBe(2 * 266_50 + 1_249_50);
  });
});

describe("checkout's choices in storage", () => {
  beforeEach(() => localStorage.clear());

  it("reads back the address and the method; the lines are the server's, never stored", () => {
    const cart: CartState = {
      cartItems: [urea, seeds],
      shippingAddress: { label: "Farm", address: "Plot 4", city: "Nashik", postalCode: "422001", country: "India", state: "Maharashtra" },
      paymentMethod: "RazorPay",
    };
    saveCart(cart);
    expect(JSON.parse(localStorage.getItem("shippingAddress") ?? "null")).toEqual(cart.shippingAddress);
    expect(JSON.parse(localStorage.getItem("paymentMethod") ?? "null")).toBe("RazorPay");
    expect(localStorage.getItem("cartItems")).toBeNull();
    expect(loadCart()).toEqual({ ...cart, cartItems: [] });
  });

  it("starts empty when nothing is stored", () => {
    expect(loadCart()).toEqual(emptyCart);
  });

  it("tolerates corrupt storage", () => {
    localStorage.setItem("shippingAddress", "42");
    localStorage.setItem("paymentMethod", "{not json");
    expect(loadCart()).toEqual(emptyCart);
  });

  it("is the reducer's initial state", () => {
    saveCart({ ...emptyCart, paymentMethod: "COD" });
    expect(reduce(undefined, { type: "init" })).toEqual({ ...emptyCart, paymentMethod: "COD" });
  });
});

describe("a line of a cart stored by an older release", () => {
  it("is taken when whole, with its Hindi name, GST rate and pack", () => {
    const bag = { ...urea, variant: 11, variantLabel: "45 kg", weightGrams: 45_200, nameHi: "यूरिया", gstRate: 5 };
    expect(isCartItem(bag)).toBe(true);
    expect(isCartItem(seeds)).toBe(true);
  });

  it.each([
    ["a Hindi name that is not text", { ...urea, nameHi: 7 }],
    ["a pack that is not an id", { ...urea, variant: "45 kg" }],
    ["a product that is not an id", { ...urea, product: "x" }],
    ["no quantity", { ...urea, qty: 0 }],
    ["nothing", null],
  ])("is refused with %s", (_case, line) => {
    expect(isCartItem(line)).toBe(false);
  });
});
