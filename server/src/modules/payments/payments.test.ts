import { paiseToDecimal, priceOrder } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { hmacHex } from "./signature.ts";

const WEBHOOK_SECRET = "whsec_test_0123456789";
let t: TestApp;
let owner: Record<string, string>;
let stranger: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
  const db = t.database.db;
  owner = await authHeaders(t, (await makeUser(db)).id);
  stranger = await authHeaders(t, (await makeUser(db)).id);
  staff = await authHeaders(t, (await makeUser(db, { is_staff: true })).id);
});
afterAll(() => t.close());

/** A fresh unpaid order of the owner: its id and total in paise. */
async function newOrder(pricePaise = 250_00): Promise<{ id: number; total: number }> {
  const p = await makeProduct(t.database.db, { pricePaise, stock: 10 });
  const total = priceOrder([{ pricePaise, qty: 1 }]).totalPaise;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/add/",
    headers: owner,
    payload: {
      orderItems: [{ product: p.id, qty: 1 }],
      shippingAddress: { label: "Farm", address: "Survey 42", city: "Nashik", postalCode: "422001", country: "India" },
      totalPrice: paiseToDecimal(total),
    },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json()._id, total };
}

function startPayment(headers: Record<string, string>, orderId: number, amount: number) {
  return t.app.inject({ method: "POST", url: "/api/orders/create-razorpay-order/", headers, payload: { order_id: orderId, amount } });
}

async function sandboxProof(razorpayOrderId: string) {
  const res = await t.app.inject({ method: "POST", url: "/sandbox/razorpay/pay", payload: { order_id: razorpayOrderId } });
  return res.json() as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}

function pay(headers: Record<string, string>, orderId: number, proof: object) {
  return t.app.inject({ method: "PUT", url: `/api/orders/${orderId}/pay/`, headers, payload: proof });
}

describe("opening payment: POST /api/orders/create-razorpay-order/", () => {
  it("answers the spec's {bool: 1, data} with the amount in paise", async () => {
    const order = await newOrder();
    const res = await startPayment(owner, order.id, order.total);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      bool: 1,
      data: { id: expect.stringMatching(/^order_sandbox/), amount: order.total, currency: "INR", key: "rzp_test_sandbox" },
    });
    // Asking again reuses the same Razorpay order.
    expect((await startPayment(owner, order.id, order.total)).json().data.id).toBe(res.json().data.id);
  });

  it("accepts a urlencoded form, as the spec's client sends it", async () => {
    const order = await newOrder();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/create-razorpay-order/",
      headers: { ...owner, "content-type": "application/x-www-form-urlencoded" },
      payload: `amount=${order.total}&order_id=${order.id}`,
    });
    expect(res.json()).toMatchObject({ bool: 1, data: { amount: order.total } });
  });

  it("accepts multipart form data, as a browser FormData sends it", async () => {
    const order = await newOrder();
    const form = new FormData();
    form.set("amount", String(order.total));
    form.set("order_id", String(order.id));
    const request = new Request("http://shop.invalid/", { method: "POST", body: form });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/create-razorpay-order/",
      headers: { ...owner, "content-type": request.headers.get("content-type") ?? "" },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.json()).toMatchObject({ bool: 1, data: { amount: order.total } });
  });

  it.each([
    ["an amount that is not the total", (o: { total: number }) => o.total - 1, 400],
    ["an amount in rupees instead of paise", (o: { total: number }) => Math.round(o.total / 100), 400],
  ])("refuses %s", async (_what, amount, status) => {
    const order = await newOrder();
    const res = await startPayment(owner, order.id, amount(order));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ bool: 0, detail: "Amount does not match the order total." });
  });

  it("answers 404 for someone else's order and 400 for a malformed request", async () => {
    const order = await newOrder();
    const res = await startPayment(stranger, order.id, order.total);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ bool: 0 });
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/orders/create-razorpay-order/",
      headers: owner,
      payload: { order_id: "x" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().bool).toBe(0);
    expect((await startPayment({}, order.id, order.total)).statusCode).toBe(401);
  });
});

describe("confirming payment: PUT /api/orders/{id}/pay/", () => {
  it("marks the order paid after a genuine checkout signature, once", async () => {
    const order = await newOrder();
    const { data } = (await startPayment(owner, order.id, order.total)).json();
    const proof = await sandboxProof(data.id);
    const res = await pay(owner, order.id, proof);
    expect(res.statusCode).toBe(200);
    const paid = res.json();
    expect(paid.isPaid).toBe(true);
    expect(new Date(paid.paidAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // Paying again is harmless and keeps the first time.
    const again = await pay(owner, order.id, proof);
    expect(again.statusCode).toBe(200);
    expect(again.json().paidAt).toBe(paid.paidAt);
    // And a paid order cannot be opened for payment again.
    expect((await startPayment(owner, order.id, order.total)).json()).toMatchObject({ bool: 0, detail: "Order is already paid." });
  });

  it("refuses a forged signature and changes nothing", async () => {
    const order = await newOrder();
    const { data } = (await startPayment(owner, order.id, order.total)).json();
    const proof = await sandboxProof(data.id);
    const res = await pay(owner, order.id, { ...proof, razorpay_signature: "0".repeat(64) });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("Payment signature is invalid.");
    const forgedPayment = await pay(owner, order.id, { ...proof, razorpay_payment_id: "pay_other" });
    expect(forgedPayment.statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/orders/${order.id}/`, headers: owner })).json().isPaid).toBe(false);
  });

  it("refuses a genuine payment of another Razorpay order", async () => {
    const cheap = await newOrder(1_00);
    const dear = await newOrder(900_00);
    const cheapRzp = (await startPayment(owner, cheap.id, cheap.total)).json().data.id;
    await startPayment(owner, dear.id, dear.total);
    const proofForCheap = await sandboxProof(cheapRzp);
    const res = await pay(owner, dear.id, proofForCheap);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("This payment does not belong to this order.");
    expect((await t.app.inject({ url: `/api/orders/${dear.id}/`, headers: owner })).json().isPaid).toBe(false);
  });

  it("answers 404 for someone else's order and 400 for missing fields", async () => {
    const order = await newOrder();
    const { data } = (await startPayment(owner, order.id, order.total)).json();
    const proof = await sandboxProof(data.id);
    expect((await pay(stranger, order.id, proof)).statusCode).toBe(404);
    const missing = await pay(owner, order.id, { razorpay_order_id: data.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().razorpay_payment_id).toEqual(["This field is required."]);
  });
});

describe("delivery: PUT /api/orders/{id}/deliver/", () => {
  it("needs staff and a paid order", async () => {
    const order = await newOrder();
    const deliver = (headers: Record<string, string>) => t.app.inject({ method: "PUT", url: `/api/orders/${order.id}/deliver/`, headers });
    expect((await deliver(owner)).statusCode).toBe(403);
    const early = await deliver(staff);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe("Order is not paid yet.");

    const { data } = (await startPayment(owner, order.id, order.total)).json();
    await pay(owner, order.id, await sandboxProof(data.id));
    const done = await deliver(staff);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ isPaid: true, isDelivered: true, deliveredAt: expect.any(String) });
    expect((await deliver(staff)).json().deliveredAt).toBe(done.json().deliveredAt);
  });
});

describe("the Razorpay webhook", () => {
  async function send(event: object, { secret = WEBHOOK_SECRET, id = `evt_${Math.random()}` } = {}) {
    const body = JSON.stringify(event);
    return t.app.inject({
      method: "POST",
      url: "/api/payments/razorpay/webhook/",
      headers: { "content-type": "application/json", "x-razorpay-signature": hmacHex(secret, body), "x-razorpay-event-id": id },
      payload: body,
    });
  }
  const captured = (razorpayOrderId: string, amount: number) => ({
    event: "payment.captured",
    payload: {
      payment: {
        entity: {
          id: `pay_${Math.random().toString(16).slice(2)}`,
          order_id: razorpayOrderId,
          amount,
          currency: "INR",
          status: "captured",
        },
      },
    },
  });

  async function openedOrder() {
    const order = await newOrder();
    const rzp = (await startPayment(owner, order.id, order.total)).json().data.id as string;
    return { ...order, rzp };
  }
  const isPaid = async (id: number) => (await t.app.inject({ url: `/api/orders/${id}/`, headers: owner })).json().isPaid;

  it("marks the order paid for payment.captured of the full amount", async () => {
    const order = await openedOrder();
    const res = await send(captured(order.rzp, order.total));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "paid" });
    expect(await isPaid(order.id)).toBe(true);
  });

  it("accepts order.paid too", async () => {
    const order = await openedOrder();
    const { payment } = captured(order.rzp, order.total).payload;
    const res = await send({ event: "order.paid", payload: { payment, order: { entity: { id: order.rzp, amount_paid: order.total } } } });
    expect(res.json()).toEqual({ status: "paid" });
  });

  it("refuses a bad signature", async () => {
    const order = await openedOrder();
    const res = await send(captured(order.rzp, order.total), { secret: "not-the-secret" });
    expect(res.statusCode).toBe(400);
    expect(await isPaid(order.id)).toBe(false);
  });

  it("does not mark paid when the amount differs", async () => {
    const order = await openedOrder();
    const res = await send(captured(order.rzp, order.total - 100));
    expect(res.json()).toEqual({ status: "mismatch" });
    expect(await isPaid(order.id)).toBe(false);
  });

  it("acts on a replayed event only once", async () => {
    const order = await openedOrder();
    const event = captured(order.rzp, order.total - 1);
    expect((await send(event, { id: "evt_replay" })).json()).toEqual({ status: "mismatch" });
    // Same id again, even with a now-matching payload: already handled.
    expect((await send(captured(order.rzp, order.total), { id: "evt_replay" })).json()).toEqual({ status: "duplicate" });
    expect(await isPaid(order.id)).toBe(false);
  });

  it("does not mark paid when the currency is not INR", async () => {
    const order = await openedOrder();
    const event = captured(order.rzp, order.total);
    const res = await send({ ...event, payload: { payment: { entity: { ...event.payload.payment.entity, currency: "USD" } } } });
    expect(res.json()).toEqual({ status: "mismatch" });
    expect(await isPaid(order.id)).toBe(false);
  });

  it("treats payment.failed as not final: a later capture still pays the order", async () => {
    const order = await openedOrder();
    const failed = captured(order.rzp, order.total);
    const res = await send({
      event: "payment.failed",
      payload: { payment: { entity: { ...failed.payload.payment.entity, status: "failed" } } },
    });
    expect(res.json()).toEqual({ status: "ignored" });
    expect(await isPaid(order.id)).toBe(false);
    expect((await send(captured(order.rzp, order.total))).json()).toEqual({ status: "paid" });
  });

  it("refuses an event id header that is not a plausible id, naming the event from the signed body instead", async () => {
    const order = await openedOrder();
    const event = captured(order.rzp, order.total);
    expect((await send(event, { id: "x".repeat(300) })).json()).toEqual({ status: "paid" });
    expect((await send(event, { id: "y".repeat(300) })).json()).toEqual({ status: "duplicate" });
  });

  it("checks the signature over the bytes Razorpay sent, not a re-serialised copy", async () => {
    const order = await openedOrder();
    const { entity } = captured(order.rzp, order.total).payload.payment;
    // Whitespace, key order and escapes that JSON.stringify of the parsed body would not reproduce.
    const body = `{\n  "payload" : { "payment": {"entity": ${JSON.stringify(entity, null, 4)}}},\n  "event":"payment\\u002ecaptured"\n}\n`;
    expect(JSON.stringify(JSON.parse(body))).not.toBe(body);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/razorpay/webhook/",
      headers: { "content-type": "application/json", "x-razorpay-signature": hmacHex(WEBHOOK_SECRET, body) },
      payload: body,
    });
    expect(res.json()).toEqual({ status: "paid" });
    expect(await isPaid(order.id)).toBe(true);
  });

  it("acknowledges unknown events without acting", async () => {
    const res = await send({ event: "refund.created", payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ignored" });
  });
});

describe("the payment sandbox", () => {
  it("serves its checkout script without keys", async () => {
    const res = await t.app.inject("/sandbox/razorpay/checkout.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("javascript");
    expect(res.body).toContain("window.Razorpay = Razorpay");
    expect((await t.app.inject("/api/config")).json().paymentSandbox).toBe(true);
  });

  it("does not exist when Razorpay keys are configured", async () => {
    const live = await createTestApp({ RAZORPAY_KEY_ID: "rzp_test_live", RAZORPAY_KEY_SECRET: "secret" });
    try {
      expect((await live.app.inject("/sandbox/razorpay/checkout.js")).statusCode).toBe(404);
      expect(
        (await live.app.inject({ method: "POST", url: "/sandbox/razorpay/pay", payload: { order_id: "order_sandbox1" } })).statusCode,
      ).toBe(404);
      const config = (await live.app.inject("/api/config")).json();
      expect(config).toMatchObject({ paymentSandbox: false, razorpayKeyId: "rzp_test_live" });
      expect((await live.app.inject("/api/config")).headers["content-security-policy"]).toContain("https://checkout.razorpay.com");
    } finally {
      await live.close();
    }
  });
});
