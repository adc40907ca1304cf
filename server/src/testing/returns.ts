import { type ProductToOrder, paySandbox, placeOrder } from "./orders.ts";
import type { TestApp } from "./test-app.ts";

type Headers = Record<string, string>;

/** An order of `product` (in its pack, when named) × `qty` placed and paid by `owner` (sandbox) and delivered by `staff`, through the API. */
export async function deliveredOrder(
  t: TestApp,
  owner: Headers,
  staff: Headers,
  product: ProductToOrder,
  qty = 1,
): Promise<{ _id: number; totalPrice: string }> {
  const order = await placeOrder(t, owner, product, qty);
  const paid = await paySandbox(t, owner, order);
  if (paid.statusCode !== 200) throw new Error(`paying order ${order._id} failed: ${paid.body}`);
  const delivered = await t.app.inject({ method: "PUT", url: `/api/orders/${order._id}/deliver/`, headers: staff });
  if (delivered.statusCode !== 200) throw new Error(`delivering order ${order._id} failed: ${delivered.body}`);
  return order;
}

/** POST /api/orders/{id}/returns/ as JSON. */
export function requestReturn(t: TestApp, headers: Headers, orderId: number, payload: object) {
  return t.app.inject({ method: "POST", url: `/api/orders/${orderId}/returns/`, headers, payload });
}

/** PUT /api/orders/{id}/returns/{returnId}/ (staff). */
export function actOnReturn(t: TestApp, headers: Headers, orderId: number, returnId: number, payload: object) {
  return t.app.inject({ method: "PUT", url: `/api/orders/${orderId}/returns/${returnId}/`, headers, payload });
}
