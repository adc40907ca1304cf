import { describe, expect, it, vi } from "vitest";
import { makeStore } from "../../base/store.ts";
import { aCart } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { changeLine, syncCart, writeLine } from "./cart-sync.ts";

/** The cart slice mirrors the server's cart: read, written line by line, an old stored cart taken over once. */

const store = () => makeStore({ persist: false });

describe("the server's cart in the slice", () => {
  it("is read from GET /api/cart/, each line with its pack, weight, Hindi name and GST rate", async () => {
    fakeApi(() => ({ body: aCart([{ product: 7, variant: 70, qty: 3, nameHi: "नीम तेल", gstRate: 18 }]) }));
    const app = store();
    await app.dispatch(syncCart());
    expect(app.getState().cart.cartItems).toEqual([
      {
        product: 7,
        variant: 70,
        variantLabel: "1 l",
        weightGrams: 1000,
        name: "Neem oil 1 L",
        nameHi: "नीम तेल",
        image: "images/neem.webp",
        price: "100.00",
        gstRate: 18,
        countInStock: 9,
        qty: 3,
        category: "Pesticides",
      },
    ]);
  });

  it("takes over a cart an older release kept in localStorage, once, line by line, then reads the cart", async () => {
    localStorage.setItem(
      "cartItems",
      JSON.stringify([
        { product: 7, variant: 70, name: "Neem", image: "", price: "1.00", countInStock: 1, qty: 2 },
        { product: 8, name: "Seeds", image: "", price: "1.00", countInStock: 1, qty: 1 },
        { product: "broken" },
      ]),
    );
    const calls = fakeApi(() => ({ body: aCart([{ qty: 2 }]) }));
    const app = store();
    await app.dispatch(syncCart());
    await app.dispatch(syncCart());
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ["PUT", "/api/cart/lines/", { product: 7, variant: 70, qty: 2 }],
      ["PUT", "/api/cart/lines/", { product: 8, qty: 1 }],
      ["GET", "/api/cart/", undefined],
      ["GET", "/api/cart/", undefined],
    ]);
    expect(localStorage.getItem("cartItems")).toBeNull();
  });

  it("shows a change at once, then the server's answer", async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = fakeApi(async () => {
      await answered;
      return { body: aCart([{ qty: 4, price: "110.00" }]) };
    });
    const app = store();
    const line = { product: 7, variant: 70, name: "Neem oil 1 L", image: "", price: "100.00", countInStock: 9, qty: 1 };
    app.dispatch(changeLine(line, 4));
    expect(app.getState().cart.cartItems).toEqual([{ ...line, qty: 4 }]);
    release();
    await vi.waitFor(() => expect(app.getState().cart.cartItems[0]?.price).toBe("110.00"));
    expect(calls[0]).toMatchObject({ method: "PUT", body: { product: 7, variant: 70, qty: 4 } });
  });

  it("shows only the newest write's answer when an older one arrives after it", async () => {
    const releases: (() => void)[] = [];
    fakeApi(async ({ body }) => {
      const qty = (body as { qty: number }).qty;
      await new Promise<void>((resolve) => releases.push(resolve));
      return { body: aCart([{ qty }]) };
    });
    const app = store();
    const first = app.dispatch(writeLine({ product: 7, variant: 70, qty: 2 }));
    const second = app.dispatch(writeLine({ product: 7, variant: 70, qty: 5 }));
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    releases[1]?.();
    await second;
    releases[0]?.();
    await first;
    expect(app.getState().cart.cartItems[0]?.qty).toBe(5);
  });

  it("says a refusal and reads the cart again", async () => {
    fakeApi(({ method }) =>
      method === "PUT"
        ? { status: 409, body: { detail: "full", message: "full", code: "cart_full", params: { max: 50 } } }
        : { body: aCart([{ qty: 1 }]) },
    );
    const app = store();
    await app.dispatch(writeLine({ product: 9, qty: 1 }));
    expect(app.getState().cart.cartItems.map((line) => line.qty)).toEqual([1]);
    expect(app.getState().auth).toMatchObject({
      message: "Your cart holds {max} lines, as many as it can. Place an order or remove a line first.",
      variant: "danger",
    });
  });
});
