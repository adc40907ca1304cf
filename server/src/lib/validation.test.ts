import { paiseToDecimal, priceOrder } from "@krishi/contract";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH, authHeaders, RELAXED_LIMITS } from "../testing/accounts.ts";
import { makeCategory, makeProduct, makeUser } from "../testing/factories.ts";
import { FARM_ADDRESS, placeOrder } from "../testing/orders.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

/**
 * What a request may hold: JSON bodies as their schema types them (no conversion), no control
 * characters in texts, and a readable answer to a body that is not JSON — on SQLite and PostgreSQL
 * alike (PostgreSQL cannot store NUL; SQLite would).
 */

let t: TestApp;
let asStaff: Record<string, string>;
let asCustomer: Record<string, string>;
let customerId: number;
let product: { id: number; name: string };
const NUL = "\u0000";
const CONTROL_MESSAGE = "Remove the control characters (such as NUL) from this field.";

beforeAll(async () => {
  t = await createTestApp({}, {}, { rateLimit: { limits: RELAXED_LIMITS } });
  asStaff = await authHeaders(t, (await makeUser(t.database.db, { is_staff: true })).id);
  customerId = (await makeUser(t.database.db)).id;
  asCustomer = await authHeaders(t, customerId);
  product = await makeProduct(t.database.db, { name: "Neem oil 1 l", pricePaise: 450_00, stock: 50 });
});
afterAll(() => t.close());

const productRow = () =>
  t.database.db.selectFrom("products").select(["price_paise", "name"]).where("id", "=", product.id).executeTakeFirstOrThrow();
const reviewCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom("reviews")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("product_id", "=", product.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
const productEdit = async (changes: Record<string, unknown>) => {
  const seeds = await makeCategory(t.database.db);
  const fields = {
    name: "Neem oil 1 l",
    price: "450.00",
    brand: "Kisan",
    countInStock: 50,
    category: seeds.id,
    description: "Cold pressed.",
  };
  return t.app.inject({ method: "PUT", url: `/api/products/update/${product.id}/`, headers: asStaff, payload: { ...fields, ...changes } });
};

describe("JSON bodies take the types their schema says", () => {
  it.each([
    ["true", true],
    ["an exponent", "1e3"],
    ["three places", "12.345"],
    ["an array", [450]],
  ])("refuses a staff price given as %s, and keeps the product's price", async (_, price) => {
    const res = await productEdit({ price });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().price).toBeDefined();
    expect((await productRow()).price_paise).toBe(450_00);
  });

  it("takes a price as a number or a decimal string with at most two places", async () => {
    expect((await productEdit({ price: 512.5 })).statusCode).toBe(200);
    expect((await productRow()).price_paise).toBe(512_50);
    expect((await productEdit({ price: "450.00" })).statusCode).toBe(200);
    expect((await productRow()).price_paise).toBe(450_00);
  });

  it.each([
    ["true", true],
    ['"5"', "5"],
    ["4.5", 4.5],
  ])("refuses a review rating of %s and stores no review", async (_, rating) => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/products/${product.id}/reviews/`,
      headers: asCustomer,
      payload: { rating, comment: "Good" },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().rating).toBeDefined();
    expect(await reviewCount()).toBe(0);
  });

  it("refuses a quantity of true in an order, and takes no stock", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/add/",
      headers: asCustomer,
      payload: { orderItems: [{ product: product.id, qty: true }], shippingAddress: FARM_ADDRESS, totalPrice: "1000.00" },
    });
    expect(res.statusCode, res.body).toBe(400);
    const stock = await t.database.db
      .selectFrom("products")
      .select("count_in_stock")
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(stock.count_in_stock).toBe(50);
  });

  it("still converts the text fields of a form (the spec's create-razorpay-order) and query strings", async () => {
    const order = await placeOrder(t, asCustomer, { id: product.id, pricePaise: 450_00 });
    const amount = priceOrder([{ pricePaise: 450_00, qty: 1 }]).totalPaise;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/create-razorpay-order/",
      headers: { ...asCustomer, "content-type": "application/x-www-form-urlencoded" },
      payload: `amount=${amount}&order_id=${order._id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ bool: 1, data: { amount } });
    expect(order.totalPrice).toBe(paiseToDecimal(amount));
    expect((await t.app.inject({ url: "/api/products?page=1&page_size=2" })).statusCode).toBe(200);
  });

  it("refuses a path part too long (past 500 characters) or not valid percent-encoding with the shop's 400, not Fastify's own 414 or 400", async () => {
    for (const part of ["9".repeat(501), "%E0%A4", "%zz"]) {
      const res = await t.app.inject({ method: "PUT", url: `/api/users/addresses/${part}/edit/`, headers: asCustomer, payload: {} });
      expect(res.statusCode, part).toBe(400);
      expect(res.json(), part).toEqual({
        detail: "This URL is not valid: a part of its path is malformed or too long.",
        message: "This URL is not valid: a part of its path is malformed or too long.",
        code: "field_invalid",
        non_field_errors: ["This URL is not valid: a part of its path is malformed or too long."],
        field_errors: { non_field_errors: [{ code: "invalid" }] },
      });
    }
  });

  it("refuses a number too long to be one (Infinity once converted) in a path, a query string and a form, as it refuses 1001", async () => {
    // Ajv converts 400 nines to Infinity and lets it past the maximum: the credit note's 404 then
    // carried {n: Infinity}, which the error serializer cannot write (a 500).
    const order = await placeOrder(t, asCustomer, { id: product.id, pricePaise: 450_00 });
    const huge = "9".repeat(400);
    const notes = await t.app.inject({ url: `/api/orders/${order._id}/credit-notes/${huge}/`, headers: asCustomer });
    expect(notes.statusCode, notes.body).toBe(400);
    expect(notes.json()).toMatchObject({ code: "field_invalid", field_errors: { n: [{ code: "not_integer" }] } });
    const page = await t.app.inject({ url: `/api/products?page=${huge}` });
    expect(page.statusCode, page.body).toBe(400);
    expect(page.json()).toMatchObject({ code: "field_invalid", field_errors: { page: [{ code: "not_integer" }] } });
    const form = await t.app.inject({
      method: "POST",
      url: "/api/orders/create-razorpay-order/",
      headers: { ...asCustomer, "content-type": "application/x-www-form-urlencoded" },
      payload: `amount=${huge}&order_id=${order._id}`,
    });
    expect(form.statusCode, form.body).toBe(400);
  });
});

describe("control characters", () => {
  /** One request for each kind of text a client sends, with the field that holds the text. */
  const requests: [string, string, (text: string) => InjectOptions][] = [
    [
      "registration",
      "first_name",
      (text) => ({
        method: "POST",
        url: `${AUTH}/registration/`,
        payload: { email: "nul@example.in", password1: "Monsoon-Harvest-42", password2: "Monsoon-Harvest-42", first_name: text },
      }),
    ],
    [
      "profile",
      "first_name",
      (text) => ({
        method: "PUT",
        url: "/api/users/profile/update/",
        headers: asCustomer,
        payload: { first_name: text, last_name: "Patil" },
      }),
    ],
    [
      "saved address",
      "address",
      (text) => ({ method: "POST", url: "/api/users/addresses/add/", headers: asCustomer, payload: { ...FARM_ADDRESS, address: text } }),
    ],
    [
      "review",
      "comment",
      (text) => ({
        method: "POST",
        url: `/api/products/${product.id}/reviews/`,
        headers: asCustomer,
        payload: { rating: 4, comment: text },
      }),
    ],
    [
      "order address",
      "shippingAddress.city",
      (text) => ({
        method: "POST",
        url: "/api/orders/add/",
        headers: asCustomer,
        payload: { orderItems: [{ product: product.id, qty: 1 }], shippingAddress: { ...FARM_ADDRESS, city: text }, totalPrice: "1000.00" },
      }),
    ],
    [
      "staff product",
      "name",
      (text) => ({
        method: "PUT",
        url: `/api/products/update/${product.id}/`,
        headers: asStaff,
        payload: { name: text, price: "450.00", brand: "Kisan", countInStock: 50, category: "Oils", description: "" },
      }),
    ],
    ["staff user search", "search", (text) => ({ method: "GET", url: `/api/users/?search=${encodeURIComponent(text)}`, headers: asStaff })],
    ["category filter", "category", (text) => ({ method: "GET", url: `/api/products?category=${encodeURIComponent(text)}` })],
  ];

  it.each(requests)("refuses a NUL in the %s with a 400 naming the field (%s)", async (_, field, request) => {
    const res = await t.app.inject(request(`Asha${NUL}Patil`));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()[field]).toEqual([CONTROL_MESSAGE]);
    expect(res.json().detail).toBe(`${field}: ${CONTROL_MESSAGE}`);
  });

  it("stores nothing from a refused request", async () => {
    const db = t.database.db;
    expect(await db.selectFrom("users").select("id").where("first_name", "like", "Asha%Patil").execute()).toEqual([]);
    expect(await db.selectFrom("products").select("id").where("name", "like", "Asha%Patil").execute()).toEqual([]);
    expect(await reviewCount()).toBe(0);
    expect(await db.selectFrom("addresses").select("id").where("address", "like", "Asha%Patil").execute()).toEqual([]);
  });

  it("refuses the order's cancel reason and the staff's courier with a NUL, and changes no order", async () => {
    const order = await placeOrder(t, asCustomer, { id: product.id, pricePaise: 450_00 });
    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/cancel/`,
      headers: asCustomer,
      payload: { reason: `no${NUL}` },
    });
    expect(cancel.statusCode, cancel.body).toBe(400);
    expect(cancel.json().reason).toEqual([CONTROL_MESSAGE]);
    const ship = await t.app.inject({
      method: "PUT",
      url: `/api/orders/${order._id}/ship/`,
      headers: asStaff,
      payload: { courier: `India${NUL}Post`, awb: "EE123456789IN", trackingUrl: "" },
    });
    expect(ship.statusCode, ship.body).toBe(400);
    expect(ship.json().courier).toEqual([CONTROL_MESSAGE]);
    const row = await t.database.db.selectFrom("orders").select("status").where("id", "=", order._id).executeTakeFirstOrThrow();
    expect(row.status).toBe("pending_payment");
  });

  it("keeps line breaks and tabs in long texts, and refuses them in names", async () => {
    const review = await t.app.inject({
      method: "POST",
      url: `/api/products/${product.id}/reviews/`,
      headers: asCustomer,
      payload: { rating: 5, comment: "Worked on aphids.\r\nSpray\tin the evening." },
    });
    expect(review.statusCode, review.body).toBe(201);
    const profile = await t.app.inject({
      method: "PUT",
      url: "/api/users/profile/update/",
      headers: asCustomer,
      payload: { first_name: "Asha\nRani", last_name: "Patil" },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().first_name).toEqual([CONTROL_MESSAGE]);
  });

  it("treats control characters in a search keyword as spaces; a keyword of nothing else finds nothing", async () => {
    const search = async (keyword: string) => {
      const res = await t.app.inject({ url: `/api/products?keyword=${encodeURIComponent(keyword)}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((p: { _id: number }) => p._id);
    };
    expect(await search(`neem${NUL}oil`)).toEqual([product.id]);
    expect(await search("b\u0000b")).toEqual([]);
    expect(await search(`${NUL}${NUL}\u0007`)).toEqual([]);
    expect(await search(`neem\u0085`)).toEqual([product.id]);
  });
});

describe("a body that is not JSON", () => {
  it("answers create-razorpay-order in its own {bool: 0} shape with a 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/create-razorpay-order/",
      headers: { ...asCustomer, "content-type": "application/json" },
      payload: '{"amount": 100, "order_id": ',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      bool: 0,
      detail: "JSON parse error - the request body is not valid JSON.",
      message: "JSON parse error - the request body is not valid JSON.",
      code: "body_invalid",
    });
  });

  it("leaves other failures to the shop's errors: 401 without a token", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/create-razorpay-order/",
      headers: { "content-type": "application/json" },
      payload: { amount: 100, order_id: 1 },
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().detail).toBe("Authentication credentials were not provided.");
  });
});
