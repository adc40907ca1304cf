import { paiseToDecimal, priceOrder } from "@krishi/contract";
import { expect } from "vitest";
import type { Db } from "../db/database.ts";
import type { TestApp } from "./test-app.ts";

export const FARM_ADDRESS = { label: "Farm", address: "Survey 42", city: "Nashik", postalCode: "422001", country: "India" };

/** Places an order through the API (the default pricing rule) and answers its JSON; fails the test unless 201. */
export async function placeOrder(t: TestApp, headers: Record<string, string>, product: { id: number; pricePaise: number }, qty = 1) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/add/",
    headers,
    payload: {
      orderItems: [{ product: product.id, qty }],
      shippingAddress: FARM_ADDRESS,
      totalPrice: paiseToDecimal(priceOrder([{ pricePaise: product.pricePaise, qty }]).totalPaise),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export interface OrderRowInput {
  userId: number;
  email: string;
  totalPaise?: number;
  paidAt?: string;
  deliveredAt?: string;
  createdAt?: string;
  razorpayPaymentId?: string;
}

/** An order in a given state, written directly (the checkout and payment paths have their own tests). */
export async function insertOrderRow(db: Db, input: OrderRowInput): Promise<number> {
  const created = input.createdAt ?? input.paidAt ?? new Date().toISOString();
  const total = input.totalPaise ?? 269_42;
  const row = await db
    .insertInto("orders")
    .values({
      user_id: input.userId,
      customer_first_name: "Asha",
      customer_last_name: "Kulkarni",
      customer_email: input.email,
      ship_label: FARM_ADDRESS.label,
      ship_address: FARM_ADDRESS.address,
      ship_city: FARM_ADDRESS.city,
      ship_state: "Maharashtra",
      ship_postal_code: FARM_ADDRESS.postalCode,
      ship_landmark: "",
      ship_country: FARM_ADDRESS.country,
      payment_method: "RazorPay",
      items_paise: total,
      shipping_paise: 0,
      tax_paise: 0,
      total_paise: total,
      status: input.deliveredAt ? "delivered" : input.paidAt ? "paid" : "pending_payment",
      is_paid: Boolean(input.paidAt),
      paid_at: input.paidAt ?? null,
      is_delivered: Boolean(input.deliveredAt),
      delivered_at: input.deliveredAt ?? null,
      razorpay_payment_id: input.razorpayPaymentId ?? null,
      payment_due_at: input.paidAt ? null : new Date(new Date(created).getTime() + 30 * 60_000).toISOString(),
      created_at: created,
      updated_at: created,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

type Headers = Record<string, string>;

/** Opens payment for an order (POST create-razorpay-order) and answers the Razorpay order id. */
export async function openPayment(t: TestApp, headers: Headers, order: { _id: number; totalPrice: string }): Promise<string> {
  const amount = Math.round(Number(order.totalPrice) * 100);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/create-razorpay-order/",
    headers,
    payload: { order_id: order._id, amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** Pays an order through the sandbox, as the browser does: open, Pay, PUT pay/. Answers the PUT's response. */
export async function paySandbox(t: TestApp, headers: Headers, order: { _id: number; totalPrice: string }) {
  const razorpayOrderId = await openPayment(t, headers, order);
  const proof = (await t.app.inject({ method: "POST", url: "/sandbox/razorpay/pay", payload: { order_id: razorpayOrderId } })).json();
  return t.app.inject({ method: "PUT", url: `/api/orders/${order._id}/pay/`, headers, payload: proof });
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const row = await db.selectFrom("products").select("count_in_stock").where("id", "=", productId).executeTakeFirstOrThrow();
  return row.count_in_stock;
}

/** Units of a product held by orders that are not cancelled (sold or awaiting payment). */
export async function unitsHeld(db: Db, productId: number): Promise<number> {
  const row = await db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("order_items.qty"), eb.lit(0)).as("n"))
    .where("order_items.product_id", "=", productId)
    .where("orders.status", "!=", "cancelled")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
