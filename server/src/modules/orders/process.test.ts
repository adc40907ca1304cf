import { ORDER_STATUSES, type OrderStatus, RETURN_STATUSES, type ReturnStatus } from "@krishi/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authHeaders, testClock } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { FARM_ADDRESS, insertOrderRow, openPayment, paySandbox, placeOrder, stockOf, unitsHeld } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { checkTransition } from "./process.ts";

const WINDOW_SECONDS = 600;
const time = testClock();
let t: TestApp;
let owner: Record<string, string>;
let ownerId: number;
let staff: Record<string, string>;
let staffId: number;

beforeAll(async () => {
  t = await createTestApp({ ORDER_PAYMENT_WINDOW_SECONDS: String(WINDOW_SECONDS) }, {}, { clock: time.clock });
  const db = t.database.db;
  ownerId = (await makeUser(db)).id;
  owner = await authHeaders(t, ownerId);
  staffId = (await makeUser(db, { is_staff: true })).id;
  staff = await authHeaders(t, staffId);
});
afterAll(() => t.close());

/** Fresh tokens for the moved clock: these tests jump past the window, access tokens live 15 minutes. */
async function advance(ms: number): Promise<void> {
  time.advance(ms);
  owner = await authHeaders(t, ownerId, time.clock);
  staff = await authHeaders(t, staffId, time.clock);
}
beforeEach(() => advance(0));

/**
 * Who may do what from where, written out here independently of process.ts: a change to the
 * state machine that is not also made here fails this file.
 */
const ALLOWED: Record<string, OrderStatus> = {
  "pending_payment cancel owner": "cancelled",
  "pending_payment cancel staff": "cancelled",
  "confirmed pack staff": "packed",
  "confirmed ship staff": "shipped",
  "confirmed deliver staff": "delivered",
  "confirmed cancel owner": "cancelled",
  "confirmed cancel staff": "cancelled",
  "paid pack staff": "packed",
  "paid ship staff": "shipped",
  "paid deliver staff": "delivered",
  "paid cancel owner": "cancelled",
  "paid cancel staff": "cancelled",
  "packed ship staff": "shipped",
  "packed deliver staff": "delivered",
  "packed cancel owner": "cancelled",
  "packed cancel staff": "cancelled",
  "shipped deliver staff": "delivered",
  "shipped cancel staff": "cancelled",
};
/** Asking again for the state an order is in changes nothing and is not an error (double clicks). */
const REPEATS: Record<string, OrderStatus> = { pack: "packed", ship: "shipped", deliver: "delivered", cancel: "cancelled" };

const REQUESTS = {
  pack: (id: number) => ({ method: "PUT" as const, url: `/api/orders/${id}/pack/` }),
  ship: (id: number) => ({
    method: "PUT" as const,
    url: `/api/orders/${id}/ship/`,
    payload: { courier: "Delhivery", awb: "DL-1234567", trackingUrl: "https://www.delhivery.com/track/package/DL-1234567" },
  }),
  deliver: (id: number) => ({ method: "PUT" as const, url: `/api/orders/${id}/deliver/` }),
  cancel: (id: number) => ({ method: "POST" as const, url: `/api/orders/${id}/cancel/`, payload: { reason: "Changed my mind" } }),
};

/** An order of the owner put straight into `status` (the paths into each state have their own tests). */
async function orderIn(status: OrderStatus): Promise<number> {
  const db = t.database.db;
  // "confirmed" is a Cash on Delivery order, unpaid until its cash is received.
  const paid = status !== "pending_payment" && status !== "cancelled" && status !== "confirmed";
  const id = await insertOrderRow(db, {
    userId: ownerId,
    email: "owner@example.in",
    ...(paid ? { paidAt: new Date().toISOString(), razorpayPaymentId: "pay_table" } : {}),
  });
  const cod = status === "confirmed" ? { payment_method: "COD", payment_due_at: null } : {};
  await db
    .updateTable("orders")
    .set({ status, ...cod })
    .where("id", "=", id)
    .execute();
  return id;
}

async function statusAndEvents(id: number) {
  const db = t.database.db;
  const order = await db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow();
  const events = await db
    .selectFrom("order_events")
    .select(["from_status", "to_status", "event", "actor"])
    .where("order_id", "=", id)
    .execute();
  return { status: order.status, events };
}

describe("the state machine, every state × event × role through the API", () => {
  for (const from of ORDER_STATUSES) {
    for (const event of ["pack", "ship", "deliver", "cancel"] as const) {
      for (const role of ["owner", "staff"] as const) {
        const key = `${from} ${event} ${role}`;
        const to = ALLOWED[key];
        const repeat = REPEATS[event] === from;
        const expected = to ? `moves to ${to}` : repeat ? "changes nothing (a repeat)" : "is refused";
        it(`${key}: ${expected}`, async () => {
          const id = await orderIn(from);
          const res = await t.app.inject({ ...REQUESTS[event](id), headers: role === "owner" ? owner : staff });
          const after = await statusAndEvents(id);
          if (to) {
            expect(res.statusCode, res.body).toBe(200);
            expect(res.json().status).toBe(to);
            expect(after.status).toBe(to);
            expect(after.events).toEqual([{ from_status: from, to_status: to, event, actor: role === "owner" ? "customer" : "staff" }]);
          } else if (repeat && (role === "staff" || event === "cancel")) {
            expect(res.statusCode, res.body).toBe(200);
            expect(after).toEqual({ status: from, events: [] });
          } else {
            // Staff routes answer 403 to a customer before anything else; the rest 409 with a reason.
            expect(res.statusCode, res.body).toBe(role === "owner" && event !== "cancel" ? 403 : 409);
            expect(after).toEqual({ status: from, events: [] });
            if (res.statusCode === 409) {
              // The code and params tell a client which: not for this actor (ask the shop), or not from this state.
              const check = checkTransition(null, from, event, role);
              const reason = !check.ok && check.reason === "not-allowed" ? "not_allowed" : "wrong_state";
              expect(res.json()).toMatchObject({
                code: expect.stringMatching(/^order_(wrong_state|not_paid)$/),
                params: { status: from, event, reason },
              });
            }
          }
        });
      }
    }
  }

  it("lets only the shop itself pay, expire, repay and refund", () => {
    for (const role of ["owner", "staff"] as const) {
      for (const event of ["pay", "expire", "repay"] as const) expect(checkTransition(null, "pending_payment", event, role).ok).toBe(false);
    }
    expect(checkTransition(null, "pending_payment", "pay", "system")).toMatchObject({ ok: true, transition: { to: "paid" } });
    expect(checkTransition(null, "pending_payment", "expire", "system")).toMatchObject({
      ok: true,
      transition: { to: "cancelled", stock: "give-back" },
    });
    expect(checkTransition(null, "cancelled", "repay", "system")).toMatchObject({
      ok: true,
      transition: { to: "paid", stock: "take-again" },
    });
    expect(checkTransition(null, "paid", "expire", "system").ok).toBe(false);
    expect(checkTransition(null, "refunded", "refund", "system").ok).toBe(false);
    expect(checkTransition(null, "delivered", "refund", "staff")).toMatchObject({ ok: true, transition: { to: "refunded" } });
  });
});

/** The return steps, written out here independently of process.ts: "status action" → the status reached. */
const RETURN_ALLOWED: Record<string, ReturnStatus> = {
  "requested approve": "approved",
  "requested reject": "rejected",
  "approved reject": "rejected",
  "approved receive": "received",
};

/** A line of one unit of a product in the order (orderIn makes an order without lines). */
async function withLine(orderId: number): Promise<number> {
  const product = await makeProduct(t.database.db, { pricePaise: 269_42, stock: 10 });
  await t.database.db
    .insertInto("order_items")
    .values({ order_id: orderId, product_id: product.id, name: product.name, image: "", price_paise: 269_42, qty: 1 })
    .execute();
  return product.id;
}

describe("returns, every order state × role and every return state × action × role through the API", () => {
  for (const from of ORDER_STATUSES) {
    for (const role of ["owner", "staff"] as const) {
      // Only the owner asks, and only for a delivered order (within the window, with units left).
      const allowed = from === "delivered" && role === "owner";
      it(`${from} return_request ${role}: ${allowed ? "records a return" : "is refused"}`, async () => {
        const id = await orderIn(from);
        const product = await withLine(id);
        await t.database.db.updateTable("orders").set({ delivered_at: new Date().toISOString() }).where("id", "=", id).execute();
        const res = await t.app.inject({
          method: "POST",
          url: `/api/orders/${id}/returns/`,
          headers: role === "owner" ? owner : staff,
          payload: { lines: [{ product, qty: 1 }], reason: "damaged" },
        });
        const after = await statusAndEvents(id);
        if (allowed) {
          expect(res.statusCode, res.body).toBe(201);
          expect(after).toEqual({
            status: from,
            events: [{ from_status: from, to_status: from, event: "return_request", actor: "customer" }],
          });
        } else {
          // Another customer's order (staff are not its owner) is not found; the owner's in another state is refused.
          expect(res.statusCode, res.body).toBe(role === "owner" ? 409 : 404);
          expect(after).toEqual({ status: from, events: [] });
        }
      });
    }
  }

  for (const status of RETURN_STATUSES) {
    for (const action of ["approve", "reject", "receive"] as const) {
      for (const role of ["owner", "staff"] as const) {
        const to = role === "staff" ? RETURN_ALLOWED[`${status} ${action}`] : undefined;
        it(`return ${status} ${action} ${role}: ${to ? `moves to ${to}` : "is refused"}`, async () => {
          const id = await orderIn("delivered");
          const product = await withLine(id);
          const at = new Date().toISOString();
          const db = t.database.db;
          await db.updateTable("orders").set({ delivered_at: at }).where("id", "=", id).execute();
          const { id: returnId } = await db
            .insertInto("returns")
            .values({ order_id: id, status, reason: "damaged", created_by: ownerId, refund_id: null, created_at: at, updated_at: at })
            .returning("id")
            .executeTakeFirstOrThrow();
          const item = await db
            .selectFrom("order_items")
            .select("id")
            .where("order_id", "=", id)
            .where("product_id", "=", product)
            .executeTakeFirstOrThrow();
          await db.insertInto("return_lines").values({ return_id: returnId, order_item_id: item.id, qty: 1 }).execute();
          const res = await t.app.inject({
            method: "PUT",
            url: `/api/orders/${id}/returns/${returnId}/`,
            headers: role === "owner" ? owner : staff,
            payload: { action, note: "Checked by the warehouse" },
          });
          const row = await db.selectFrom("returns").select("status").where("id", "=", returnId).executeTakeFirstOrThrow();
          const events = (await statusAndEvents(id)).events;
          if (to) {
            expect(res.statusCode, res.body).toBe(200);
            expect(row.status).toBe(to);
            expect(events).toEqual([{ from_status: "delivered", to_status: "delivered", event: `return_${action}`, actor: "staff" }]);
          } else {
            expect(res.statusCode, res.body).toBe(role === "owner" ? 403 : 409);
            expect(row.status).toBe(status);
            expect(events).toEqual([]);
          }
        });
      }
    }
  }
});

describe("bad input to the staff's order actions", () => {
  it("refuses a blank courier, an AWB that is not one and a tracking link that is not http(s), changing nothing", async () => {
    const id = await orderIn("paid");
    const ship = (payload: object) => t.app.inject({ method: "PUT", url: `/api/orders/${id}/ship/`, headers: staff, payload });
    const good = { courier: "Delhivery", awb: "DL-1234567", trackingUrl: "" };
    for (const [payload, field] of [
      [{ ...good, courier: "   " }, "courier"],
      [{ ...good, awb: "DL 12<script>" }, "awb"],
      [{ ...good, trackingUrl: "javascript:alert(1)" }, "trackingUrl"],
      [{ courier: "Delhivery" }, "awb"],
    ] as const) {
      const res = await ship(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()[field], JSON.stringify(payload)).toBeDefined();
    }
    expect(await statusAndEvents(id)).toEqual({ status: "paid", events: [] });
  });

  it("refuses an Idempotency-Key that is not one, before refunding anything", async () => {
    const id = await orderIn("paid");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/orders/${id}/refund/`,
      headers: { ...staff, "idempotency-key": "short" },
      payload: { amount: "1.00", reason: "Torn bag" },
    });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.selectFrom("refunds").select("id").where("order_id", "=", id).execute()).toEqual([]);
  });
});

describe("cancelling", () => {
  it("puts an unpaid order's stock back exactly once and records who cancelled it and why", async () => {
    const product = await makeProduct(t.database.db, { pricePaise: 120_00, stock: 10 });
    const order = await placeOrder(t, owner, { id: product.id, pricePaise: 120_00 }, 3);
    expect(await stockOf(t.database.db, product.id)).toBe(7);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/cancel/`,
      headers: owner,
      payload: { reason: "Ordered twice" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "cancelled", isPaid: false, actions: { cancel: false, pay: false }, paymentDueAt: null });
    expect(res.json().events.map((e: { event: string; actor: string; note: string }) => [e.event, e.actor, e.note])).toEqual([
      ["place", "customer", ""],
      ["cancel", "customer", "Ordered twice"],
    ]);
    expect(await stockOf(t.database.db, product.id)).toBe(10);
    await t.app.inject({ method: "POST", url: `/api/orders/${order._id}/cancel/`, headers: owner });
    await t.app.inject({ method: "POST", url: `/api/orders/${order._id}/cancel/`, headers: staff });
    expect(await stockOf(t.database.db, product.id)).toBe(10);
  });

  it("refunds a paid order in full when it is cancelled, and puts its stock back", async () => {
    const product = await makeProduct(t.database.db, { pricePaise: 80_00, stock: 5 });
    const order = await placeOrder(t, owner, { id: product.id, pricePaise: 80_00 }, 2);
    expect((await paySandbox(t, owner, order)).json().status).toBe("paid");
    const res = await t.app.inject({ method: "POST", url: `/api/orders/${order._id}/cancel/`, headers: owner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "cancelled",
      isPaid: true,
      amountRefunded: order.totalPrice,
      refunds: [{ amount: order.totalPrice, reason: "Order cancelled", status: "processed" }],
    });
    expect(await stockOf(t.database.db, product.id)).toBe(5);
  });

  it("does not let a stranger cancel someone's order, nor tell them it exists", async () => {
    const product = await makeProduct(t.database.db, { stock: 5 });
    const order = await placeOrder(t, owner, { id: product.id, pricePaise: 249_00 });
    const stranger = await authHeaders(t, (await makeUser(t.database.db)).id);
    const res = await t.app.inject({ method: "POST", url: `/api/orders/${order._id}/cancel/`, headers: stranger });
    expect(res.statusCode).toBe(404);
    expect((await statusAndEvents(order._id)).status).toBe("pending_payment");
  });

  it("offers Cancel to the owner until the order ships, and to staff until it is delivered", async () => {
    const shipped = await orderIn("shipped");
    const asOwner = (await t.app.inject({ url: `/api/orders/${shipped}/`, headers: owner })).json();
    const asStaff = (await t.app.inject({ url: `/api/orders/${shipped}/`, headers: staff })).json();
    expect([asOwner.actions.cancel, asStaff.actions.cancel]).toEqual([false, true]);
  });
});

/** Pay Now: POST create-razorpay-order for the order's total. */
function payNow(order: { _id: number; totalPrice: string }) {
  return t.app.inject({
    method: "POST",
    url: "/api/orders/create-razorpay-order/",
    headers: owner,
    payload: { order_id: order._id, amount: Math.round(Number(order.totalPrice) * 100) },
  });
}

describe("the payment window", () => {
  it("cancels an unpaid order after the window, restores its stock once, and says so on Pay Now", async () => {
    const product = await makeProduct(t.database.db, { pricePaise: 50_00, stock: 4 });
    const order = await placeOrder(t, owner, { id: product.id, pricePaise: 50_00 }, 4);
    expect(new Date(order.paymentDueAt).getTime() - new Date(order.createdAt).getTime()).toBe(WINDOW_SECONDS * 1000);
    expect(order.actions.pay).toBe(true);
    expect(await t.app.services.orders.expireDue()).not.toContain(order._id);
    await advance(WINDOW_SECONDS * 1000 + 1);
    expect(await t.app.services.orders.expireDue()).toContain(order._id);
    expect(await t.app.services.orders.expireDue()).not.toContain(order._id);
    expect(await stockOf(t.database.db, product.id)).toBe(4);
    const after = (await t.app.inject({ url: `/api/orders/${order._id}/`, headers: owner })).json();
    expect(after).toMatchObject({ status: "cancelled", actions: { pay: false } });
    expect(after.events.at(-1)).toMatchObject({ event: "expire", actor: "system", from: "pending_payment", to: "cancelled" });
    const res = await payNow(order);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ bool: 0, detail: expect.stringMatching(/not paid in time/) });
  });

  it("expires on Pay Now an order past its window that the sweep has not reached yet", async () => {
    const product = await makeProduct(t.database.db, { stock: 3 });
    const order = await placeOrder(t, owner, { id: product.id, pricePaise: 249_00 });
    await advance(WINDOW_SECONDS * 1000 + 1);
    const res = await payNow(order);
    expect(res.statusCode).toBe(409);
    expect(await stockOf(t.database.db, product.id)).toBe(3);
  });

  it("takes the stock exactly once when expiry and a payment for the same order race", async () => {
    for (let round = 0; round < 8; round++) {
      const product = await makeProduct(t.database.db, { pricePaise: 30_00, stock: 6 });
      const order = await placeOrder(t, owner, { id: product.id, pricePaise: 30_00 }, 2);
      const razorpayOrderId = await openPayment(t, owner, order);
      const proof = (await t.app.inject({ method: "POST", url: "/sandbox/razorpay/pay", payload: { order_id: razorpayOrderId } })).json();
      await advance(WINDOW_SECONDS * 1000 + 1);
      const [, paid] = await Promise.all([
        t.app.services.orders.expireDue(),
        t.app.inject({ method: "PUT", url: `/api/orders/${order._id}/pay/`, headers: owner, payload: proof }),
      ]);
      // Whichever came first, the captured payment pays the order (taken again after expiry: the stock is there).
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await statusAndEvents(order._id)).status).toBe("paid");
      expect(await stockOf(t.database.db, product.id)).toBe(4);
      expect(await unitsHeld(t.database.db, product.id)).toBe(2);
    }
  });

  it("refunds a payment that arrives after expiry when the stock has been sold meanwhile", async () => {
    const product = await makeProduct(t.database.db, { pricePaise: 40_00, stock: 2 });
    const order = await placeOrder(t, owner, { id: product.id, pricePaise: 40_00 }, 2);
    const razorpayOrderId = await openPayment(t, owner, order);
    const proof = (await t.app.inject({ method: "POST", url: "/sandbox/razorpay/pay", payload: { order_id: razorpayOrderId } })).json();
    await advance(WINDOW_SECONDS * 1000 + 1);
    await t.app.services.orders.expireDue();
    const other = await authHeaders(t, (await makeUser(t.database.db)).id, time.clock);
    await placeOrder(t, other, { id: product.id, pricePaise: 40_00 }, 2);
    const res = await t.app.inject({ method: "PUT", url: `/api/orders/${order._id}/pay/`, headers: owner, payload: proof });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/refunded in full/);
    const after = (await t.app.inject({ url: `/api/orders/${order._id}/`, headers: owner })).json();
    expect(after).toMatchObject({ status: "cancelled", isPaid: false, refunds: [{ amount: order.totalPrice, status: "processed" }] });
    expect(await stockOf(t.database.db, product.id)).toBe(0);
  });
});

describe("checkout limits", () => {
  it("refuses more units of one product than a farm buys at once, and a fourth unpaid order", async () => {
    const limited = await createTestApp({ ORDER_MAX_UNPAID: "3", ORDER_MAX_UNITS_PER_LINE: "50" });
    try {
      const customer = await authHeaders(limited, (await makeUser(limited.database.db)).id);
      const product = await makeProduct(limited.database.db, { pricePaise: 10_00, stock: 1000 });
      const order = (lines: { product: number; qty: number }[], totalPrice: string) =>
        limited.app.inject({
          method: "POST",
          url: "/api/orders/add/",
          headers: customer,
          payload: { orderItems: lines, shippingAddress: FARM_ADDRESS, totalPrice },
        });
      // Two lines of one product count together: 51 units.
      const tooMany = await order(
        [
          { product: product.id, qty: 30 },
          { product: product.id, qty: 21 },
        ],
        "552.82",
      );
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().orderItems).toEqual(["At most 50 units of one product per order."]);
      for (let i = 0; i < 3; i++) await placeOrder(limited, customer, { id: product.id, pricePaise: 10_00 });
      const fourth = await order([{ product: product.id, qty: 1 }], "20.82");
      expect(fourth.statusCode, fourth.body).toBe(409);
      expect(fourth.json().detail).toMatch(/3 unpaid orders/);
      expect(await stockOf(limited.database.db, product.id)).toBe(997);
    } finally {
      await limited.close();
    }
  });
});
