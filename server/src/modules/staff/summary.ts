import { paiseToDecimal, type StaffSummary } from "@krishi/contract";
import type { Db } from "../../db/database.ts";
import { toIso } from "../../db/dialect.ts";
import type { Clock } from "../../lib/clock.ts";
import type { UserAdmin } from "../accounts/user-admin.ts";
import type { CatalogService } from "../catalog/service.ts";
import * as orderRows from "../orders/repository.ts";
import { customerName } from "../orders/serialize.ts";
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

/**
 * The staff dashboard: composed from the services that own each table, and the orders' reads of
 * the orders module's repository (the orders module owns the table; the dashboard only reads).
 */
export class StaffSummaryService {
  constructor(
    private readonly deps: {
      db: Db;
      payments: Pick<PaymentsService, "refundedSince">;
      catalog: CatalogService;
      users: UserAdmin;
      clock: Clock;
    },
  ) {}

  async summary(): Promise<StaffSummary> {
    const { db, payments: refunds, catalog, users, clock } = this.deps;
    const days = lastDays(clock(), SALES_DAYS);
    const since = new Date(Date.parse(`${days[0]}T00:00:00Z`) - IST_OFFSET_MS);
    const [payments, refunded, ordersToDeliver, toDeliver, cash, codToCollect, lowStock, customers, products] = await Promise.all([
      orderRows.findPaidSince(db, since.toISOString()),
      refunds.refundedSince(since),
      orderRows.countToDeliver(db),
      orderRows.findToDeliver(db, TO_DELIVER_LISTED),
      orderRows.sumCodToCollect(db),
      orderRows.findCodToCollect(db, TO_DELIVER_LISTED),
      catalog.lowStock(LOW_STOCK_THRESHOLD, 20),
      users.countCustomers(),
      catalog.countProducts(),
    ]);
    const byDay = new Map(days.map((date) => [date, { revenue: 0, refunded: 0, orders: 0 }]));
    for (const payment of payments) {
      const day = byDay.get(istDate(new Date(payment.paid_at as string | Date)));
      if (!day) continue;
      day.revenue += Number(payment.total_paise);
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
        _id: order.id,
        customer: customerName(order),
        totalPrice: paiseToDecimal(Number(order.total_paise)),
        paidAt: toIso(order.paid_at) ?? toIso(order.created_at) ?? "",
      })),
      codOrdersToCollect: cash.orders,
      cashToCollect: paiseToDecimal(cash.totalPaise),
      codToCollect: codToCollect.map((order) => ({
        _id: order.id,
        customer: customerName(order),
        totalPrice: paiseToDecimal(Number(order.total_paise)),
        status: order.status as StaffSummary["codToCollect"][number]["status"],
        placedAt: toIso(order.created_at) ?? "",
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
