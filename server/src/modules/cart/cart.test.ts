import { GUEST_CART_DAYS, MAX_CART_LINES, paiseToDecimal, priceOrder } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, testClock } from "../../testing/accounts.ts";
import { CartBrowser } from "../../testing/cart.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { FARM_ADDRESS } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * The cart on the server: a guest's by its cookie, a customer's by the account; lines by pack,
 * read with the pack's current price and stock; refusals with codes; the guest's cart merged into
 * the account's; old guest carts removed; placing an order takes out what it bought.
 */

const MAX_UNITS = 40;
const time = testClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ORDER_MAX_UNITS_PER_LINE: String(MAX_UNITS) }, {}, { clock: time.clock });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const CART = "/api/cart/";
const LINES = "/api/cart/lines/";

/** A browser of this test's shop. */
class Browser extends CartBrowser {
  constructor(auth: Headers = {}) {
    super(t.app, auth);
  }
}

/** Urea in a 45 kg bag (default) and a 10 kg bag. */
async function urea(stock45 = 20, stock10 = 50) {
  const product = await makeProduct(t.database.db, {
    name: "Urea",
    nameHi: "यूरिया",
    packs: [
      { label: "45 kg", netQuantity: 45, unit: "kg", pricePaise: 266_50, mrpPaise: 300_00, stock: stock45, weightGrams: 45_200 },
      { label: "10 kg", netQuantity: 10, unit: "kg", pricePaise: 70_00, stock: stock10, weightGrams: 10_100 },
    ],
  });
  const [big, small] = product.variants as [{ id: number; label: string }, { id: number; label: string }];
  return { id: product.id, big: big.id, small: small.id };
}

async function customer(): Promise<{ id: number; auth: Headers }> {
  const { id } = await makeUser(t.database.db);
  return { id, auth: await authHeaders(t, id, time.clock) };
}

async function cartRows() {
  return t.database.db.selectFrom("carts").select(["id", "user_id", "guest_hash"]).execute();
}

describe("a guest's cart", () => {
  it("is empty without a cookie, and no cookie is given for reading it", async () => {
    const guest = new Browser();
    const res = await guest.send("GET", CART);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lines: [],
      itemsCount: 0,
      updatedAt: null,
      coupon: null,
      couponRefusal: null,
      promotions: [],
      discounts: [],
    });
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("is made at the first line, kept by an HttpOnly SameSite=Lax cookie of a random 192-bit id stored only as its hash", async () => {
    const product = await urea();
    const guest = new Browser();
    const res = await guest.add(product.id, 2);
    expect(res.statusCode, res.body).toBe(200);
    const cookie = [res.headers["set-cookie"]].flat()[0] as string;
    expect(cookie).toMatch(/^kb_cart=[A-Za-z0-9_-]{32}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(res.json()).toMatchObject({
      itemsCount: 2,
      lines: [
        {
          product: product.id,
          variant: product.big,
          variantLabel: "45 kg",
          weightGrams: 45_200,
          name: "Urea",
          nameHi: "यूरिया",
          price: "266.50",
          mrp: "300.00",
          countInStock: 20,
          qty: 2,
        },
      ],
    });
    const rows = await cartRows();
    expect(rows.some((row) => row.guest_hash === guest.cookie)).toBe(false);
    expect(await guest.lines()).toEqual([{ product: product.id, variant: product.big, qty: 2 }]);
    expect(await new Browser().lines()).toEqual([]);
  });

  it("adds to the line of the same product and pack, keeps packs apart, and sets or removes a line", async () => {
    const product = await urea();
    const guest = new Browser();
    await guest.add(product.id, 1);
    await guest.add(product.id, 3, product.big);
    await guest.add(product.id, 2, product.small);
    expect(await guest.lines()).toEqual([
      { product: product.id, variant: product.big, qty: 4 },
      { product: product.id, variant: product.small, qty: 2 },
    ]);
    expect((await guest.set(product.id, 7, product.small)).json().itemsCount).toBe(11);
    const removed = await guest.set(product.id, 0);
    expect(removed.statusCode).toBe(200);
    expect(await guest.lines()).toEqual([{ product: product.id, variant: product.small, qty: 7 }]);
  });

  it("reads each line at the pack's price and stock of now", async () => {
    const product = await urea();
    const guest = new Browser();
    await guest.add(product.id, 1, product.small);
    await t.database.db
      .updateTable("product_variants")
      .set({ price_paise: 75_00, count_in_stock: 3 })
      .where("id", "=", product.small)
      .execute();
    expect((await guest.send("GET", CART)).json().lines[0]).toMatchObject({ price: "75.00", countInStock: 3 });
  });

  it("does not take a cookie the shop did not make: a new cart under a new id", async () => {
    const product = await urea();
    const guest = new Browser();
    guest.cookie = "A".repeat(32);
    const res = await guest.add(product.id, 1);
    expect(res.statusCode).toBe(200);
    expect(guest.cookie).not.toBe("A".repeat(32));
    expect(await guest.lines()).toHaveLength(1);
  });
});

describe("refusals", () => {
  it("an unknown product, an unknown pack and an out-of-stock pack, each with its code; nothing changes", async () => {
    const product = await urea(0);
    const other = await urea();
    const guest = new Browser();
    await guest.add(other.id, 1);
    const unknown = await guest.add(999_999, 1);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "product_unavailable", params: { product: 999_999 } });
    const wrongPack = await guest.add(product.id, 1, other.small);
    expect(wrongPack.statusCode).toBe(400);
    expect(wrongPack.json()).toMatchObject({ code: "variant_not_found", params: { product: product.id, variant: other.small } });
    const none = await guest.add(product.id, 1);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: "out_of_stock", params: { product: product.id, variant: product.big } });
    expect(await guest.lines()).toEqual([{ product: other.id, variant: other.big, qty: 1 }]);
  });

  it.each([
    ["zero", 0],
    ["a fraction", 1.5],
    ["a string", "2"],
    ["negative", -1],
  ])("a quantity that is %s is a field error", async (_name, qty) => {
    const product = await urea();
    const res = await new Browser().send("POST", LINES, { product: product.id, qty });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "field_invalid" });
    expect(res.json().field_errors.qty).toBeDefined();
  });

  it("a missing product is a field error; a price sent with a line is not the cart's", async () => {
    const missing = await new Browser().send("POST", LINES, { qty: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field_errors.product).toBeDefined();
    const product = await urea();
    const res = await new Browser().send("POST", LINES, { product: product.id, qty: 1, price: "1.00" });
    expect(res.json().lines[0].price).toBe("266.50");
  });

  it("more units than the per-line limit: set refuses, add stops at the limit", async () => {
    const product = await urea(500);
    const guest = new Browser();
    const over = await guest.set(product.id, MAX_UNITS + 1);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: "too_many_units", params: { max: MAX_UNITS } });
    await guest.add(product.id, MAX_UNITS - 1);
    await guest.add(product.id, 5);
    expect(await guest.lines()).toEqual([{ product: product.id, variant: product.big, qty: MAX_UNITS }]);
  });

  it(`a cart holds at most ${MAX_CART_LINES} lines`, async () => {
    const guest = new Browser();
    const products = await Promise.all(Array.from({ length: MAX_CART_LINES + 1 }, () => makeProduct(t.database.db, { stock: 5 })));
    for (const product of products.slice(0, MAX_CART_LINES)) expect((await guest.add(product.id, 1)).statusCode).toBe(200);
    const full = await guest.add((products.at(-1) as { id: number }).id, 1);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: "cart_full", params: { max: MAX_CART_LINES } });
    expect(await guest.lines()).toHaveLength(MAX_CART_LINES);
    // A line already there still changes.
    expect((await guest.add((products[0] as { id: number }).id, 1)).statusCode).toBe(200);
  });
});

describe("a customer's cart", () => {
  it("belongs to the account: another device signed in to it sees the same lines", async () => {
    const product = await urea();
    const { auth } = await customer();
    await new Browser(auth).add(product.id, 2, product.small);
    expect(await new Browser(auth).lines()).toEqual([{ product: product.id, variant: product.small, qty: 2 }]);
    expect(await new Browser().lines()).toEqual([]);
  });

  it("takes in the guest's cart on the first request signed in: quantities added, capped by stock and the per-line limit", async () => {
    const product = await urea(6, 500);
    const other = await urea();
    const { auth } = await customer();
    await new Browser(auth).add(product.id, 4);
    await new Browser(auth).add(product.id, 30, product.small);
    const phone = new Browser();
    await phone.add(product.id, 5);
    await phone.add(product.id, 25, product.small);
    await phone.add(other.id, 1, other.small);
    phone.auth = auth;
    const res = await phone.send("GET", CART);
    expect([res.headers["set-cookie"]].flat()[0]).toMatch(/^kb_cart=; Path=\/; Max-Age=0/);
    expect(phone.cookie).toBeNull();
    expect((res.json() as { lines: unknown[] }).lines).toMatchObject([
      { variant: product.big, qty: 6 },
      { variant: product.small, qty: MAX_UNITS },
      { variant: other.small, qty: 1 },
    ]);
    expect(await new Browser(auth).lines()).toHaveLength(3);
    expect((await cartRows()).filter((row) => row.guest_hash !== null && row.user_id !== null)).toEqual([]);
  });

  it("moves a guest's cart once when two sign-ins take it at the same instant", async () => {
    const product = await urea(50);
    const { id } = await customer();
    const phone = new Browser();
    await phone.add(product.id, 3);
    const key = phone.cookie as string;
    await Promise.all([t.app.services.cart.merge(key, id), t.app.services.cart.merge(key, id)]);
    expect(await new Browser(await authHeaders(t, id, time.clock)).lines()).toEqual([
      { product: product.id, variant: product.big, qty: 3 },
    ]);
  });

  it("merges by signing in with e-mail and password, and the cart follows to another device", async () => {
    const product = await urea();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users/dj-rest-auth/registration/",
      payload: { email: "kisan.cart@example.in", password1: "Monsoon-Harvest-42", password2: "Monsoon-Harvest-42" },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.database.db.updateTable("users").set({ email_verified: true }).where("email", "=", "kisan.cart@example.in").execute();
    const phone = new Browser();
    await phone.add(product.id, 3);
    const signIn = await phone.send("POST", "/api/users/dj-rest-auth/login/", {
      email: "kisan.cart@example.in",
      password: "Monsoon-Harvest-42",
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(phone.cookie).toBeNull();
    const other = new Browser({ authorization: `Bearer ${signIn.json().access}` });
    expect(await other.lines()).toEqual([{ product: product.id, variant: product.big, qty: 3 }]);
  });

  it("placing an order takes out only the packs it bought", async () => {
    const product = await urea();
    const { auth } = await customer();
    const browser = new Browser(auth);
    await browser.add(product.id, 2, product.small);
    await browser.add(product.id, 1, product.big);
    const order = await t.app.inject({
      method: "POST",
      url: "/api/orders/add/",
      headers: auth,
      payload: {
        orderItems: [{ product: product.id, variant: product.small, qty: 2 }],
        shippingAddress: FARM_ADDRESS,
        totalPrice: paiseToDecimal(priceOrder([{ pricePaise: 70_00, qty: 2 }]).totalPaise),
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(await browser.lines()).toEqual([{ product: product.id, variant: product.big, qty: 1 }]);
  });

  it("an order refused (the price changed) leaves the cart as it was", async () => {
    const product = await urea();
    const { auth } = await customer();
    const browser = new Browser(auth);
    await browser.add(product.id, 2, product.small);
    const order = await t.app.inject({
      method: "POST",
      url: "/api/orders/add/",
      headers: auth,
      payload: { orderItems: [{ product: product.id, variant: product.small, qty: 2 }], shippingAddress: FARM_ADDRESS, totalPrice: "1.00" },
    });
    expect(order.statusCode).toBe(409);
    expect(await browser.lines()).toEqual([{ product: product.id, variant: product.small, qty: 2 }]);
  });

  it("a pack staff remove leaves the carts that held it; the product's other packs stay", async () => {
    const product = await urea();
    const guest = new Browser();
    await guest.add(product.id, 1, product.big);
    await guest.add(product.id, 1, product.small);
    await t.database.db.deleteFrom("product_variants").where("id", "=", product.small).execute();
    expect(await guest.lines()).toEqual([{ product: product.id, variant: product.big, qty: 1 }]);
    await t.database.db.deleteFrom("product_variants").where("product_id", "=", product.id).execute();
    await t.database.db.deleteFrom("products").where("id", "=", product.id).execute();
    expect(await guest.lines()).toEqual([]);
  });
});

describe("old guest carts", () => {
  it(`are removed ${GUEST_CART_DAYS} days after their last change; customers' carts and newer ones stay`, async () => {
    const product = await urea();
    const old = new Browser();
    await old.add(product.id, 1);
    const { id, auth } = await customer();
    await new Browser(auth).add(product.id, 1);
    time.advance((GUEST_CART_DAYS - 1) * 86_400_000);
    const touched = new Browser();
    await touched.add(product.id, 1);
    time.advance(2 * 86_400_000);
    const removed = await t.app.services.cart.removeAbandonedGuestCarts();
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await old.lines()).toEqual([]);
    expect(await touched.lines()).toHaveLength(1);
    expect(await new Browser(await authHeaders(t, id, time.clock)).lines()).toHaveLength(1);
    const orphanLines = await t.database.db
      .selectFrom("cart_lines")
      .leftJoin("carts", "carts.id", "cart_lines.cart_id")
      .select("cart_lines.cart_id")
      .where("carts.id", "is", null)
      .execute();
    expect(orphanLines).toEqual([]);
  });
});
