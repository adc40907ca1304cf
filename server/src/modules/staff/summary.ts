import { paiseToDecimal, type StaffSummary } from "@krishi/contract";
import type { Clock } from "../../lib/clock.ts";
import type { UserAdmin } from "../accounts/user-admin.ts";
import type { CatalogService } from "../catalog/service.ts";
import type { OrdersService } from "../orders/service.ts";
import type { PaymentsService } from "../payments/service.ts";

/** Days of sales on the dashboard, today included. */
export const SALES_DAYS = 30;
/** Orders to deliver, and Cash on Delivery orders to collect, listed on the dashboard (the oldest first); the rest are in the order list. */
const TO_DELIVER_LISTED = 20;
/** A product with this many units or fewer is "low in stock". */
export const LOW_STOCK_THRESHOLD = 5;
/** The shop's calendar: a day's sales are counted in India's time (UTC+05:30, no daylight saving). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The Indian calendar date of an instant, as YYYY-MM-DD. */
export function istDate(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The staff dashboard: composed from the services that own each table. */
export class StaffSummaryService {
  constructor(
    private readonly deps: {
      orders: OrdersService;
      payments: Pick<PaymentsService, "refundedSince">;
      catalog: CatalogService;
      users: UserAdmin;
      clock: Clock;
    },
  ) {}

  async summary(): Promise<StaffSummary> {
    const { orders, payments: refunds, catalog, users, clock } = this.deps;
    const days = lastDays(clock(), SALES_DAYS);
    const since = new Date(Date.parse(`${days[0]}T00:00:00Z`) - IST_OFFSET_MS);
    const [payments, refunded, ordersToDeliver, toDeliver, cash, codToCollect, lowStock, customers, products] = await Promise.all([
      orders.paymentsSince(since),
      refunds.refundedSince(since),
      orders.countToDeliver(),
      orders.toDeliver(TO_DELIVER_LISTED),
      orders.cashToCollect(),
      orders.codToCollect(TO_DELIVER_LISTED),
      catalog.lowStock(LOW_STOCK_THRESHOLD, 20),
      users.countCustomers(),
      catalog.countProducts(),
    ]);
    const byDay = new Map(days.map((date) => [date, { revenue: 0, refunded: 0, orders: 0 }]));
    for (const payment of payments) {
      const day = byDay.get(istDate(payment.paidAt));
      if (!day) continue;
      day.revenue += payment.totalPaise;
      day.orders += 1;
    }
    for (const refund of refunded) {
      const day = byDay.get(istDate(refund.refundedAt));
      if (day) day.refunded += refund.amountPaise;
    }
    return {
      salesByDay: days.map((date) => {
        const day = byDay.get(date) ?? { revenue: 0, refunded: 0, orders: 0 };
        return { date, revenue: paiseToDecimal(day.revenue), refunded: paiseToDecimal(day.refunded), orders: day.orders };
      }),
      ordersToDeliver,
      toDeliver: toDeliver.map((order) => ({
        _id: order._id,
        customer: order.user.name,
        totalPrice: order.totalPrice,
        paidAt: order.paidAt ?? order.createdAt,
      })),
      codOrdersToCollect: cash.orders,
      cashToCollect: paiseToDecimal(cash.totalPaise),
      codToCollect: codToCollect.map((order) => ({
        _id: order._id,
        customer: order.user.name,
        totalPrice: order.totalPrice,
        status: order.status as StaffSummary["codToCollect"][number]["status"],
        placedAt: order.createdAt,
      })),
      lowStock,
      lowStockThreshold: LOW_STOCK_THRESHOLD,
      customers,
      products,
    };
  }
}

/** The `count` Indian calendar dates ending today, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  const today = Date.parse(`${istDate(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}
