import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeUser } from "../../testing/factories.ts";
import { insertOrderRow } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { orderSearch } from "./staff-routes.ts";

/** The staff's order search (GET /api/orders/?q=): an order by its number, or a customer's orders by mobile number. */

let t: TestApp;
let asStaff: Record<string, string>;
let asCustomer: Record<string, string>;
/** Orders delivered to 98765 43210 (the older first), one to 91234 56789, one placed by a customer who signs in with 90000 11111. */
let toRavi: number[];
let toMeena: number;
let bySignIn: number;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const staff = await makeUser(db, { is_staff: true });
  const customer = await makeUser(db, { first_name: "Ravi", last_name: "Patil" });
  const phoneOnly = await makeUser(db, { first_name: "Sunil" });
  await db.updateTable("users").set({ phone: "+919000011111" }).where("id", "=", phoneOnly.id).execute();
  asStaff = await authHeaders(t, staff.id);
  asCustomer = await authHeaders(t, customer.id);

  const order = async (userId: number, email: string, shipPhone: string, createdAt: string) => {
    const id = await insertOrderRow(db, { userId, email, createdAt });
    await db.updateTable("orders").set({ ship_phone: shipPhone }).where("id", "=", id).execute();
    return id;
  };
  toRavi = [
    await order(customer.id, customer.email, "9876543210", "2026-11-01T06:00:00.000Z"),
    await order(customer.id, customer.email, "9876543210", "2026-11-02T06:00:00.000Z"),
  ];
  toMeena = await order(customer.id, customer.email, "9123456789", "2026-11-03T06:00:00.000Z");
  bySignIn = await order(phoneOnly.id, phoneOnly.email, "", "2026-11-04T06:00:00.000Z");
});
afterAll(() => t.close());

async function search(q: string, more = "") {
  const res = await t.app.inject({ url: `/api/orders/?q=${encodeURIComponent(q)}${more}`, headers: asStaff });
  expect(res.statusCode, res.body).toBe(200);
  return { ids: res.json().map((o: { _id: number }) => o._id), total: Number(res.headers["x-total-count"]) };
}

describe("GET /api/orders/?q=", () => {
  it("finds an order by its number, exactly", async () => {
    expect(await search(String(toMeena))).toEqual({ ids: [toMeena], total: 1 });
    expect(await search(` #${toMeena} `)).toEqual({ ids: [toMeena], total: 1 });
    expect(await search("999999")).toEqual({ ids: [], total: 0 });
  });

  it("finds a customer's orders by the delivery mobile number however it is written, newest first", async () => {
    const newestFirst = [...toRavi].reverse();
    for (const typed of ["9876543210", "+91 98765 43210", "+91-98765-43210", "098765 43210", "(+91) 98765.43210", "0091 9876543210"]) {
      expect(await search(typed), typed).toEqual({ ids: newestFirst, total: 2 });
    }
    expect(await search("91234 56789")).toEqual({ ids: [toMeena], total: 1 });
  });

  it("finds the orders of a customer by the number they sign in with", async () => {
    expect(await search("+91 90000 11111")).toEqual({ ids: [bySignIn], total: 1 });
  });

  it("matches no order on part of a number or on a number no order has", async () => {
    expect(await search("98765")).toEqual({ ids: [], total: 0 });
    expect(await search("9999999999")).toEqual({ ids: [], total: 0 });
    expect(await search("0")).toEqual({ ids: [], total: 0 });
  });

  it("pages the orders found and keeps the other filters", async () => {
    const first = await t.app.inject({ url: "/api/orders/?q=9876543210&page_size=1", headers: asStaff });
    expect(first.json().map((o: { _id: number }) => o._id)).toEqual([toRavi[1]]);
    expect(first.headers["x-total-count"]).toBe("2");
    expect(first.headers["x-page-count"]).toBe("2");
    const second = await t.app.inject({ url: "/api/orders/?q=9876543210&page_size=1&page=2", headers: asStaff });
    expect(second.json().map((o: { _id: number }) => o._id)).toEqual([toRavi[0]]);
    expect((await t.app.inject({ url: "/api/orders/?q=9876543210&page_size=1&page=3", headers: asStaff })).statusCode).toBe(404);
    expect(await search("9876543210", "&paid=true")).toEqual({ ids: [], total: 0 });
    expect(await search("9876543210", "&status=pending_payment")).toEqual({ ids: [...toRavi].reverse(), total: 2 });
  });

  it("refuses a search that is too long or is not a number, in the error format", async () => {
    for (const [q, message] of [
      ["9".repeat(21), "Ensure this field has no more than 20 characters."],
      ["98765'43210", "Enter a valid value."],
      ["Ravi", "Enter a valid value."],
      ["+ - ()", "Enter a valid value."],
      ["1; drop table orders", "Enter a valid value."],
    ] as const) {
      const res = await t.app.inject({ url: `/api/orders/?q=${encodeURIComponent(q)}`, headers: asStaff });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ code: "field_invalid", detail: `q: ${message}`, message: `q: ${message}` });
      expect(res.json().q).toEqual([message]);
    }
  });

  it("is for staff only", async () => {
    expect((await t.app.inject({ url: "/api/orders/?q=9876543210", headers: asCustomer })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/orders/?q=9876543210" })).statusCode).toBe(401);
  });
});

describe("orderSearch", () => {
  it("reads the digits as an order number and their last 10 as a mobile number", () => {
    expect(orderSearch("#42")).toEqual({ id: 42, phone: null });
    expect(orderSearch("+91 98765 43210")).toEqual({ id: null, phone: "9876543210" });
    // Ten digits may be either: a small enough number is also tried as an order's.
    expect(orderSearch("0123456789")).toEqual({ id: 123456789, phone: "0123456789" });
    expect(orderSearch("0")).toEqual({ id: null, phone: null });
  });
});
