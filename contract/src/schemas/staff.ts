import { Type } from "typebox";
import { statesTagged } from "../order-states.ts";
import { Money } from "./common.ts";

/** GET /api/staff/summary/: the back office's dashboard. */
export const StaffSummarySchema = Type.Object({
  /**
   * The last 30 days, oldest first, every day present (zero when nothing was paid): the money
   * received each day, an online payment on the day it was captured, Cash on Delivery on the day
   * staff recorded the cash (`revenue`, gross) — and the money given back that day (`refunded`,
   * refunds of those payments once processed), so the net is `revenue` less `refunded`.
   */
  salesByDay: Type.Array(Type.Object({ date: Type.String({ format: "date" }), revenue: Money, refunded: Money, orders: Type.Integer() })),
  /** How many orders are paid but not yet delivered. */
  ordersToDeliver: Type.Integer(),
  /** The oldest of those (at most 20), oldest payment first. */
  toDeliver: Type.Array(
    Type.Object({ _id: Type.Integer(), customer: Type.String(), totalPrice: Money, paidAt: Type.String({ format: "date-time" }) }),
  ),
  /**
   * How many Cash on Delivery orders are placed and not cancelled but their cash is not received
   * yet (confirmed, packed, shipped, or delivered with the cash not recorded), and their cash in all.
   */
  codOrdersToCollect: Type.Integer(),
  cashToCollect: Money,
  /** The oldest of those (at most 20), oldest first, each in its state. */
  codToCollect: Type.Array(
    Type.Object({
      _id: Type.Integer(),
      customer: Type.String(),
      totalPrice: Money,
      status: Type.Enum(statesTagged("cash_to_collect")),
      placedAt: Type.String({ format: "date-time" }),
    }),
  ),
  /** Packs at or below the low-stock threshold, fewest first: the product, the pack and its stock. */
  lowStock: Type.Array(
    Type.Object({
      _id: Type.Integer(),
      name: Type.String(),
      variant: Type.Object({ id: Type.Integer(), label: Type.String() }),
      countInStock: Type.Integer(),
    }),
  ),
  lowStockThreshold: Type.Integer(),
  customers: Type.Integer(),
  products: Type.Integer(),
});
