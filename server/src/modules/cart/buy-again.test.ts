import { MAX_CART_LINES, paiseToDecimal, priceOrder } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, testClock } from "../../testing/accounts.ts";
import { CartBrowser } from "../../testing/cart.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { FARM_ADDRESS } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * Buy again (POST /api/orders/{id}/buy-again/): the order's lines go into its customer's cart at
 * today's price, added to what the cart holds; a pack or product no longer sold and a pack out of
 * stock are left out, a line short of stock or over the per-line limit goes in with what there is,
 * and the answer says so. Someone else's order, or none, is not found.
 */

const MAX_UNITS = 40;
const time = testClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ORDER_MAX_UNITS_PER_LINE: String(MAX_UNITS) }, {}, { clock: time.clock });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const buyAgainUrl = (orderId: number | string) => `/api/orders/${orderId}/buy-again/`;

/** Urea in a 45 kg bag (default) and a 10 kg bag. */
async function urea(stock45 = 20, stock10 = 50) {
  const product = await makeProduct(t.database.db, {
    name: "Urea",
    nameHi: "यूरिया",
    packs: [
      { label: "45 kg", netQuantity: 45, unit: "kg", pricePaise: 266_50, stock: stock45, weightGrams: 45_200 },
      { label: "10 kg", netQuantity: 10, unit: "kg", pricePaise: 70_00, stock: stock10, weightGrams: 10_100 },
    ],
  });
  const [big, small] = product.variants as [{ id: number; label: string }, { id: number; label: string }];
  return { id: product.id, big: big.id, small: small.id };
}

async function customer(input: { is_staff?: boolean } = {}): Promise<{ id: number; auth: Headers }> {
  const { id } = await makeUser(t.database.db, input);
  return { id, auth: await authHeaders(t, id, time.clock) };
}

interface Line {
  product: number;
  variant: number;
  qty: number;
  pricePaise: number;
}

/** Places an order of these lines through the API; answers its id (fails the test unless 201). */
async function order(auth: Headers, lines: readonly Line[]): Promise<number> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/add/",
    headers: auth,
    payload: {
      orderItems: lines.map(({ product, variant, qty }) => ({ product, variant, qty })),
      shippingAddress: FARM_ADDRESS,
      totalPrice: paiseToDecimal(priceOrder(lines.map(({ pricePaise, qty }) => ({ pricePaise, qty }))).totalPaise),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id;
}

function buyAgain(browser: CartBrowser, orderId: number | string) {
  return browser.send("POST", buyAgainUrl(orderId));
}

/** The cart's lines in the database (not the answer): pack and quantity. */
async function storedLines(userId: number) {
  return t.database.db
    .selectFrom("cart_lines")
    .innerJoin("carts", "carts.id", "cart_lines.cart_id")
    .select(["cart_lines.variant_id as variant", "cart_lines.qty"])
    .where("carts.user_id", "=", userId)
    .orderBy("cart_lines.variant_id")
    .execute();
}

describe("buy again", () => {
  it("puts the order's lines in the cart at today's price and says all went in", async () => {
    const product = await urea();
    const { id, auth } = await customer();
    const orderId = await order(auth, [
      { product: product.id, variant: product.big, qty: 2, pricePaise: 266_50 },
      { product: product.id, variant: product.small, qty: 3, pricePaise: 70_00 },
    ]);
    await t.database.db.updateTable("product_variants").set({ price_paise: 72_50 }).where("id", "=", product.small).execute();

    const res = await buyAgain(new CartBrowser(t.app, auth), orderId);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const answer = res.json();
    expect(answer.cart.lines).toMatchObject([
      { product: product.id, variant: product.big, qty: 2, price: "266.50" },
      { product: product.id, variant: product.small, qty: 3, price: "72.50" },
    ]);
    expect(answer.cart.itemsCount).toBe(5);
    expect(answer.added).toEqual([
      { product: product.id, variant: product.big, name: "Urea", nameHi: "यूरिया", variantLabel: "45 kg", ordered: 2, qty: 2 },
      { product: product.id, variant: product.small, name: "Urea", nameHi: "यूरिया", variantLabel: "10 kg", ordered: 3, qty: 3 },
    ]);
    expect(answer.reduced).toEqual([]);
    expect(answer.leftOut).toEqual([]);
    expect(await storedLines(id)).toEqual(
      [
        { variant: product.big, qty: 2 },
        { variant: product.small, qty: 3 },
      ].sort((a, b) => a.variant - b.variant),
    );
  });

  it("adds to the lines the cart holds already and keeps the others", async () => {
    const product = await urea();
    const other = await urea();
    const { id, auth } = await customer();
    const orderId = await order(auth, [{ product: product.id, variant: product.small, qty: 3, pricePaise: 70_00 }]);
    const browser = new CartBrowser(t.app, auth);
    await browser.add(product.id, 1, product.small);
    await browser.add(other.id, 2, other.big);

    const res = await buyAgain(browser, orderId);

    expect(res.statusCode, res.body).toBe(200);
    expect(await browser.lines()).toEqual([
      { product: product.id, variant: product.small, qty: 4 },
      { product: other.id, variant: other.big, qty: 2 },
    ]);
    expect(res.json().added).toMatchObject([{ variant: product.small, ordered: 3, qty: 3 }]);
    expect(await storedLines(id)).toHaveLength(2);
  });

  it("leaves out a removed pack, a removed product and a pack out of stock, and puts the rest in", async () => {
    const kept = await urea();
    const soldOut = await urea(20, 3);
    const gone = await makeProduct(t.database.db, { name: "Neem oil", stock: 10, pricePaise: 150_00 });
    const { id, auth } = await customer();
    const orderId = await order(auth, [
      { product: kept.id, variant: kept.big, qty: 1, pricePaise: 266_50 },
      { product: kept.id, variant: kept.small, qty: 2, pricePaise: 70_00 },
      { product: soldOut.id, variant: soldOut.small, qty: 3, pricePaise: 70_00 },
      { product: gone.id, variant: (gone.variants[0] as { id: number }).id, qty: 1, pricePaise: 150_00 },
    ]);
    await t.database.db.deleteFrom("product_variants").where("id", "=", kept.small).execute();
    expect((await t.app.services.catalogAdmin.remove(gone.id)).ok).toBe(true);

    const res = await buyAgain(new CartBrowser(t.app, auth), orderId);

    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.added).toMatchObject([{ product: kept.id, variant: kept.big, qty: 1 }]);
    expect(answer.leftOut).toEqual([
      { product: kept.id, variant: null, name: "Urea", nameHi: "यूरिया", variantLabel: "10 kg", ordered: 2, reason: "not_sold" },
      {
        product: soldOut.id,
        variant: soldOut.small,
        name: "Urea",
        nameHi: "यूरिया",
        variantLabel: "10 kg",
        ordered: 3,
        reason: "out_of_stock",
      },
      { product: null, variant: null, name: "Neem oil", nameHi: "", variantLabel: "1 pack", ordered: 1, reason: "not_sold" },
    ]);
    expect(answer.reduced).toEqual([]);
    expect(await storedLines(id)).toEqual([{ variant: kept.big, qty: 1 }]);
  });

  it("puts a line short of stock in with what there is, counting what the cart holds", async () => {
    const product = await urea(20, 8);
    const { id, auth } = await customer();
    const orderId = await order(auth, [{ product: product.id, variant: product.small, qty: 5, pricePaise: 70_00 }]);
    // 3 bags are left; the cart holds 1 of them already.
    const browser = new CartBrowser(t.app, auth);
    await browser.add(product.id, 1, product.small);

    const res = await buyAgain(browser, orderId);

    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.added).toMatchObject([{ variant: product.small, ordered: 5, qty: 2 }]);
    expect(answer.reduced).toMatchObject([{ variant: product.small, ordered: 5, qty: 2, reason: "short_stock" }]);
    expect(answer.leftOut).toEqual([]);
    expect(await storedLines(id)).toEqual([{ variant: product.small, qty: 3 }]);

    // Again: the cart holds all there is, so nothing more goes in, and it says so.
    const again = (await buyAgain(browser, orderId)).json();
    expect(again.added).toEqual([]);
    expect(again.reduced).toMatchObject([{ variant: product.small, ordered: 5, qty: 0, reason: "short_stock" }]);
    expect(await storedLines(id)).toEqual([{ variant: product.small, qty: 3 }]);
  });

  it("stops a line at the per-line limit", async () => {
    const product = await urea(20, 500);
    const { id, auth } = await customer();
    const orderId = await order(auth, [{ product: product.id, variant: product.small, qty: 30, pricePaise: 70_00 }]);
    const browser = new CartBrowser(t.app, auth);
    await browser.add(product.id, 25, product.small);

    const answer = (await buyAgain(browser, orderId)).json();

    expect(answer.reduced).toMatchObject([{ variant: product.small, ordered: 30, qty: MAX_UNITS - 25, reason: "line_limit" }]);
    expect(await storedLines(id)).toEqual([{ variant: product.small, qty: MAX_UNITS }]);
  });

  it(`leaves out a new line when the cart holds ${MAX_CART_LINES} lines, and still adds to a line it holds`, async () => {
    const product = await urea();
    const { id, auth } = await customer();
    const orderId = await order(auth, [
      { product: product.id, variant: product.big, qty: 1, pricePaise: 266_50 },
      { product: product.id, variant: product.small, qty: 2, pricePaise: 70_00 },
    ]);
    const browser = new CartBrowser(t.app, auth);
    await browser.add(product.id, 1, product.small);
    const fillers = await Promise.all(Array.from({ length: MAX_CART_LINES - 1 }, () => makeProduct(t.database.db, { stock: 5 })));
    for (const filler of fillers) expect((await browser.add(filler.id, 1)).statusCode).toBe(200);

    const answer = (await buyAgain(browser, orderId)).json();

    expect(answer.leftOut).toMatchObject([{ variant: product.big, reason: "cart_full" }]);
    expect(answer.added).toMatchObject([{ variant: product.small, qty: 2 }]);
    expect(answer.cart.lines).toHaveLength(MAX_CART_LINES);
    expect((await storedLines(id)).find((line) => line.variant === product.small)?.qty).toBe(3);
  });

  it("takes in the guest cart the browser names, and drops its cookie", async () => {
    const product = await urea();
    const other = await urea();
    const { auth } = await customer();
    const orderId = await order(auth, [{ product: product.id, variant: product.big, qty: 1, pricePaise: 266_50 }]);
    const phone = new CartBrowser(t.app);
    await phone.add(other.id, 2, other.small);
    phone.auth = auth;

    const res = await buyAgain(phone, orderId);

    expect(res.statusCode, res.body).toBe(200);
    expect(phone.cookie).toBeNull();
    expect(await phone.lines()).toEqual([
      { product: other.id, variant: other.small, qty: 2 },
      { product: product.id, variant: product.big, qty: 1 },
    ]);
  });
});

describe("refusals", () => {
  it("someone else's order is not found, for a customer and for staff; the carts stay as they were", async () => {
    const product = await urea();
    const owner = await customer();
    const orderId = await order(owner.auth, [{ product: product.id, variant: product.big, qty: 1, pricePaise: 266_50 }]);
    for (const asker of [await customer(), await customer({ is_staff: true })]) {
      const res = await buyAgain(new CartBrowser(t.app, asker.auth), orderId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "order_not_found" });
      expect(await storedLines(asker.id)).toEqual([]);
    }
    expect(await storedLines(owner.id)).toEqual([]);
  });

  it("an unknown order is not found", async () => {
    const { auth } = await customer();
    const res = await buyAgain(new CartBrowser(t.app, auth), 999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "order_not_found" });
  });

  it("without a token (or with a bad one) it is 401, whatever the order", async () => {
    const none = await buyAgain(new CartBrowser(t.app), "not-a-number");
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: "not_authenticated" });
    const bad = await buyAgain(new CartBrowser(t.app, { authorization: "Bearer not-a-token" }), 1);
    expect(bad.statusCode).toBe(401);
  });

  it.each([["not-a-number"], ["0"], ["1.5"]])("an order id %s is a field error", async (id) => {
    const { auth } = await customer();
    const res = await buyAgain(new CartBrowser(t.app, auth), id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "field_invalid" });
  });
});
