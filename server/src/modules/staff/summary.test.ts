import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/database.ts";
import { authHeaders, testClock } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { insertOrderRow } from "../../testing/orders.ts";
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
    const low = await makeProduct(db, { name: "Last few sprayers", stock: 1 });
    const none = await makeProduct(db, { name: "Sold out hoe", stock: 0 });
    await makeProduct(db, { stock: LOW_STOCK_THRESHOLD + 1 });

    const res = await t.app.inject({ url: "/api/staff/summary/", headers: asStaff });
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(summary.salesByDay).toHaveLength(30);
    const byDate = Object.fromEntries(summary.salesByDay.map((day: { date: string }) => [day.date, day]));
    expect(byDate["2026-11-22"]).toEqual({ date: "2026-11-22", revenue: "1250.50", orders: 2 });
    expect(byDate["2026-11-21"]).toEqual({ date: "2026-11-21", revenue: "99.99", orders: 1 });
    expect(byDate["2026-11-20"]).toEqual({ date: "2026-11-20", revenue: "300.00", orders: 1 });
    expect(byDate["2026-11-01"]).toEqual({ date: "2026-11-01", revenue: "0.00", orders: 0 });

    expect(summary.toDeliver.map((o: { _id: number }) => o._id)).toEqual([yesterday, todayB, todayA]);
    expect(summary.ordersToDeliver).toBe(3);
    expect(summary.toDeliver[0]).toMatchObject({ customer: "Asha Kulkarni", totalPrice: "99.99", paidAt: "2026-11-21T10:00:00.000Z" });
    expect(summary.lowStock.slice(0, 2)).toEqual([
      { _id: none.id, name: "Sold out hoe", countInStock: 0 },
      { _id: low.id, name: "Last few sprayers", countInStock: 1 },
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
