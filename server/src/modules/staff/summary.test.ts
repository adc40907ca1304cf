import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/database.ts";
import { authHeaders, testClock } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { ADDRESSES, type GstProduct, INDIA_ENV, insertOrderRow, makeGstProduct, paySandbox, placeAt } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { istDate, LOW_STOCK_THRESHOLD, lastDays } from "./summary.ts";

/** 22 Nov 2026, 10:00 in India. */
const NOW = new Date("2026-11-22T04:30:00Z");

let t: TestApp;
let asStaff: Record<string, string>;
let customer: { id: number; email: string };

const order = (_db: Db, input: { totalPaise: number; paidAt?: string; deliveredAt?: string }) =>
  insertOrderRow(t.database.db, { ...input, userId: customer.id, email: customer.email, createdAt: input.paidAt ?? NOW.toISOString() });

beforeAll(async () => {
  t = await createTestApp({}, {}, { clock: testClock(NOW).clock });
  const { db } = t.database;
  customer = await makeUser(db);
  await makeUser(db);
  const staff = await makeUser(db, { is_staff: true });
  asStaff = await authHeaders(t, staff.id);
});
afterAll(() => t.close());

describe("the Indian calendar", () => {
  it("counts a payment at 23:50 IST on its Indian date, not the UTC one", () => {
    expect(istDate(new Date("2026-11-21T18:20:00Z"))).toBe("2026-11-21");
    expect(istDate(new Date("2026-11-21T18:35:00Z"))).toBe("2026-11-22");
  });

  it("lists 30 days ending today, oldest first", () => {
    const days = lastDays(NOW, 30);
    expect(days).toHaveLength(30);
    expect([days[0], days[29]]).toEqual(["2026-10-24", "2026-11-22"]);
  });
});

describe("GET /api/staff/summary/", () => {
  it("adds up paid orders per day, with empty days as zero, and lists what to deliver and what runs low", async () => {
    const { db } = t.database;
    // Today (IST) twice, yesterday once, a day outside the window, an unpaid and a delivered order.
    const todayA = await order(db, { totalPaise: 1_000_50, paidAt: "2026-11-22T02:00:00Z" });
    const todayB = await order(db, { totalPaise: 250_00, paidAt: "2026-11-21T19:00:00Z" });
    const yesterday = await order(db, { totalPaise: 99_99, paidAt: "2026-11-21T10:00:00Z" });
    await order(db, { totalPaise: 5_000_00, paidAt: "2026-10-01T10:00:00Z", deliveredAt: "2026-10-03T10:00:00Z" });
    await order(db, { totalPaise: 777_00 });
    await order(db, { totalPaise: 300_00, paidAt: "2026-11-20T10:00:00Z", deliveredAt: "2026-11-21T10:00:00Z" });
    // Counted per pack: the 1 kg pack runs low though the product has plenty in 5 kg.
    const low = await makeProduct(db, {
      name: "Wheat seed",
      packs: [
        { label: "1 kg", stock: 1 },
        { label: "5 kg", stock: LOW_STOCK_THRESHOLD + 20 },
      ],
    });
    const none = await makeProduct(db, { name: "Sold out hoe", stock: 0 });
    await makeProduct(db, { stock: LOW_STOCK_THRESHOLD + 1 });

    const res = await t.app.inject({ url: "/api/staff/summary/", headers: asStaff });
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(summary.salesByDay).toHaveLength(30);
    const byDate = Object.fromEntries(summary.salesByDay.map((day: { date: string }) => [day.date, day]));
    expect(byDate["2026-11-22"]).toEqual({ date: "2026-11-22", revenue: "1250.50", refunded: "0.00", orders: 2 });
    expect(byDate["2026-11-21"]).toEqual({ date: "2026-11-21", revenue: "99.99", refunded: "0.00", orders: 1 });
    expect(byDate["2026-11-20"]).toEqual({ date: "2026-11-20", revenue: "300.00", refunded: "0.00", orders: 1 });
    expect(byDate["2026-11-01"]).toEqual({ date: "2026-11-01", revenue: "0.00", refunded: "0.00", orders: 0 });

    expect(summary.toDeliver.map((o: { _id: number }) => o._id)).toEqual([yesterday, todayB, todayA]);
    expect(summary.ordersToDeliver).toBe(3);
    expect(summary.toDeliver[0]).toMatchObject({ customer: "Asha Kulkarni", totalPrice: "99.99", paidAt: "2026-11-21T10:00:00.000Z" });
    expect(summary.lowStock).toEqual([
      { _id: none.id, name: "Sold out hoe", variant: { id: none.variants[0]?.id, label: "1 pack" }, countInStock: 0 },
      { _id: low.id, name: "Wheat seed", variant: { id: low.variants[0]?.id, label: "1 kg" }, countInStock: 1 },
    ]);
    expect(summary.lowStockThreshold).toBe(LOW_STOCK_THRESHOLD);
    expect(summary.customers).toBe(2);
    expect(summary.products).toBe(3);
  });
});

describe("GET /api/orders/ filters", () => {
  it("lists unpaid, or paid and undelivered, orders only", async () => {
    const ids = async (query: string) => {
      const res = await t.app.inject({ url: `/api/orders/${query}`, headers: asStaff });
      expect(res.statusCode, res.body).toBe(200);
      return {
        ids: res.json().map((o: { _id: number; isPaid: boolean; isDelivered: boolean }) => o),
        total: Number(res.headers["x-total-count"]),
      };
    };
    const unpaid = await ids("?paid=false");
    expect(unpaid.ids.every((o: { isPaid: boolean }) => !o.isPaid)).toBe(true);
    expect(unpaid.total).toBe(unpaid.ids.length);
    expect(unpaid.total).toBeGreaterThan(0);
    const toDeliver = await ids("?paid=true&delivered=false");
    expect(toDeliver.ids.every((o: { isPaid: boolean; isDelivered: boolean }) => o.isPaid && !o.isDelivered)).toBe(true);
    expect(toDeliver.total).toBe(3);
    const all = await ids("");
    expect(all.total).toBe(6);
    expect((await t.app.inject({ url: "/api/orders/?paid=yes", headers: asStaff })).statusCode).toBe(400);
  });
});

describe("GET /api/staff/summary/ with Cash on Delivery", () => {
  const time = testClock(NOW);
  let india: TestApp;
  let staff: Record<string, string>;
  let owner: Record<string, string>;
  let ownerId: { id: number; email: string };
  let fertiliser: GstProduct;

  beforeAll(async () => {
    india = await createTestApp(INDIA_ENV, {}, { clock: time.clock });
    const { db } = india.database;
    ownerId = await makeUser(db, { first_name: "Ravi", last_name: "Patil" });
    owner = await authHeaders(india, ownerId.id);
    staff = await authHeaders(india, (await makeUser(db, { is_staff: true })).id);
    fertiliser = await makeGstProduct(db, { pricePaise: 1_249_50, gstRate: 5, stock: 100 });
  });
  afterAll(() => india.close());

  const put = async (id: number, action: string, payload?: object) => {
    const res = await india.app.inject({
      method: "PUT",
      url: `/api/orders/${id}/${action}/`,
      headers: staff,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const placeCod = async () => {
    const res = await placeAt(india, owner, [{ product: fertiliser, qty: 1 }], ADDRESSES.nashik, { paymentMethod: "COD" });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: number; totalPrice: string; createdAt: string };
  };
  const summary = async () => {
    const res = await india.app.inject({ url: "/api/staff/summary/", headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const today = (body: { salesByDay: { date: string }[] }) => body.salesByDay.find((day) => day.date === "2026-11-22");

  it("lists COD orders whose cash is not received under their own heading, in their state, never as paid; revenue counts the cash once received", async () => {
    const paidOnline = await insertOrderRow(india.database.db, {
      totalPaise: 500_00,
      paidAt: "2026-11-22T03:00:00Z",
      userId: ownerId.id,
      email: ownerId.email,
    });
    const confirmed = await placeCod();
    const shipped = await placeCod();
    await put(shipped._id, "ship", { courier: "India Post", awb: "EE123456789IN", trackingUrl: "" });
    // Delivered by the courier, whose cash the shop has not recorded yet.
    const delivered = await placeCod();
    await put(delivered._id, "deliver");

    const before = await summary();
    expect(before.toDeliver.map((order: { _id: number }) => order._id)).toEqual([paidOnline]);
    expect(before.toDeliver[0]).toMatchObject({ totalPrice: "500.00", paidAt: "2026-11-22T03:00:00.000Z" });
    expect(before.ordersToDeliver).toBe(1);
    const cod = (order: { _id: number; totalPrice: string; createdAt: string }, status: string) => ({
      _id: order._id,
      customer: "Ravi Patil",
      totalPrice: order.totalPrice,
      status,
      placedAt: order.createdAt,
    });
    expect(before.codToCollect).toEqual([cod(confirmed, "confirmed"), cod(shipped, "shipped"), cod(delivered, "delivered")]);
    expect(before.codOrdersToCollect).toBe(3);
    expect(before.cashToCollect).toBe((Number(confirmed.totalPrice) * 3).toFixed(2));
    // Only the money received: the online payment.
    expect(today(before)).toEqual({ date: "2026-11-22", revenue: "500.00", refunded: "0.00", orders: 1 });

    await put(shipped._id, "cod-received");
    const after = await summary();
    expect(after.codToCollect.map((order: { _id: number }) => order._id)).toEqual([confirmed._id, delivered._id]);
    expect(after.codOrdersToCollect).toBe(2);
    expect(after.cashToCollect).toBe((Number(confirmed.totalPrice) * 2).toFixed(2));
    expect(today(after)).toEqual({
      date: "2026-11-22",
      revenue: (500 + Number(shipped.totalPrice)).toFixed(2),
      refunded: "0.00",
      orders: 2,
    });
    // Received and delivered: nothing left to deliver or collect for it.
    expect(after.toDeliver.map((order: { _id: number }) => order._id)).toEqual([paidOnline]);
  });

  it("names the money given back beside the money received, on the day it went back, leaving out refunds of a duplicate payment", async () => {
    const placed = await placeAt(india, owner, [{ product: fertiliser, qty: 2 }], ADDRESSES.nashik);
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await paySandbox(india, owner, placed.json());
    expect(paid.statusCode, paid.body).toBe(200);
    const before = today(await summary());

    const refund = await india.app.inject({
      method: "POST",
      url: `/api/orders/${paid.json()._id}/refund/`,
      headers: staff,
      payload: { amount: "100.00", reason: "One bag arrived torn" },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().refunds[0]).toMatchObject({ status: "processed" });
    // A second capture of the order (paid twice) refunded in full: never counted as received, so not as given back.
    await india.database.db
      .insertInto("refunds")
      .values({
        order_id: paid.json()._id,
        amount_paise: 2_623_95,
        reason: "Paid twice",
        status: "processed",
        idempotency_key: "duplicate-capture",
        razorpay_payment_id: "pay_duplicate",
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      })
      .execute();

    expect(today(await summary())).toEqual({ ...before, refunded: "100.00" });
  });
});
