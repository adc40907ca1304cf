import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authHeaders, testClock } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { FakeRazorpay } from "../../testing/fake-razorpay.ts";
import { openPayment, placeOrder, stockOf } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { RazorpayClient } from "./gateway.ts";
import { hmacHex, paymentSignature } from "./signature.ts";

/**
 * The real Razorpay client against a local fake of Razorpay's API: payments are fetched and
 * checked before an order is paid, refunds go out once per idempotency key, and reconciliation
 * settles what the callback and the webhook both failed to tell.
 */
const KEY_SECRET = "rzp_secret_for_tests";
const WEBHOOK_SECRET = "whsec_lifecycle_0123456789";
const WINDOW_SECONDS = 900;
const fake = new FakeRazorpay();
const time = testClock();
let t: TestApp;
let ownerId: number;
let staffId: number;
let owner: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  const apiBase = await fake.start();
  const gateway = new RazorpayClient({ keyId: "rzp_test_key", keySecret: KEY_SECRET, apiBase, timeoutMs: 2_000 });
  t = await createTestApp(
    { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, ORDER_PAYMENT_WINDOW_SECONDS: String(WINDOW_SECONDS) },
    {},
    { gateway, clock: time.clock },
  );
  ownerId = (await makeUser(t.database.db)).id;
  staffId = (await makeUser(t.database.db, { is_staff: true })).id;
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

async function advance(ms: number): Promise<void> {
  time.advance(ms);
  owner = await authHeaders(t, ownerId, time.clock);
  staff = await authHeaders(t, staffId, time.clock);
}
beforeEach(async () => {
  fake.refundStatus = "processed";
  await advance(0);
});

/** An order of the owner with its Razorpay order opened: what checkout has before the shopper pays. */
async function openedOrder(pricePaise = 500_00, qty = 1) {
  const product = await makeProduct(t.database.db, { pricePaise, stock: 10 });
  const order = await placeOrder(t, owner, { id: product.id, pricePaise }, qty);
  const razorpayOrderId = await openPayment(t, owner, order);
  return { order, razorpayOrderId, productId: product.id, totalPaise: Math.round(Number(order.totalPrice) * 100) };
}

function confirm(orderId: number, razorpayOrderId: string, paymentId: string) {
  return t.app.inject({
    method: "PUT",
    url: `/api/orders/${orderId}/pay/`,
    headers: owner,
    payload: {
      razorpay_order_id: razorpayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(KEY_SECRET, razorpayOrderId, paymentId),
    },
  });
}

async function paidOrder(pricePaise = 500_00) {
  const opened = await openedOrder(pricePaise);
  const payment = fake.addPayment(opened.razorpayOrderId);
  const res = await confirm(opened.order._id, opened.razorpayOrderId, payment.id);
  expect(res.json().status, res.body).toBe("paid");
  return { ...opened, paymentId: payment.id };
}

function refund(orderId: number, amount: string, key?: string) {
  return t.app.inject({
    method: "POST",
    url: `/api/orders/${orderId}/refund/`,
    headers: { ...staff, ...(key ? { "idempotency-key": key } : {}) },
    payload: { amount, reason: "Two bags arrived torn" },
  });
}

/** Razorpay's webhook call for an event about one entity (payload key: payment or refund), signed. */
function webhook(event: string, kind: "payment" | "refund", entity: unknown) {
  const body = JSON.stringify({ event, payload: { [kind]: { entity } } });
  return t.app.inject({
    method: "POST",
    url: "/api/payments/razorpay/webhook/",
    headers: { "content-type": "application/json", "x-razorpay-signature": hmacHex(WEBHOOK_SECRET, body) },
    payload: body,
  });
}

const orderOf = async (id: number) => (await t.app.inject({ url: `/api/orders/${id}/`, headers: staff })).json();
const refundsAtRazorpay = (paymentId: string) => [...fake.refunds.values()].filter((r) => r.payment_id === paymentId);

describe("accepting a payment", () => {
  it("pays the order only after Razorpay reports the payment captured for this order", async () => {
    const { order, razorpayOrderId } = await openedOrder();
    const payment = fake.addPayment(razorpayOrderId);
    const res = await confirm(order._id, razorpayOrderId, payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "paid", isPaid: true });
    expect(fake.requests.some((r) => r.method === "GET" && r.path === `/v1/payments/${payment.id}`)).toBe(true);
  });

  it("captures a payment that is only authorized", async () => {
    const { order, razorpayOrderId } = await openedOrder();
    const payment = fake.addPayment(razorpayOrderId, { status: "authorized" });
    expect((await confirm(order._id, razorpayOrderId, payment.id)).json().status).toBe("paid");
    expect(fake.payments.get(payment.id)?.status).toBe("captured");
  });

  it("refuses a payment in another currency or of another amount, even with a valid signature", async () => {
    for (const overrides of [{ currency: "USD" }, { amount: 1_00 }]) {
      const { order, razorpayOrderId } = await openedOrder();
      const payment = fake.addPayment(razorpayOrderId, overrides);
      const res = await confirm(order._id, razorpayOrderId, payment.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe("This payment does not match the order.");
      expect((await orderOf(order._id)).status).toBe("pending_payment");
    }
  });

  it("does not pay for a failed attempt, and pays for a later capture", async () => {
    const { order, razorpayOrderId } = await openedOrder();
    const failed = fake.addPayment(razorpayOrderId, { status: "failed" });
    expect((await confirm(order._id, razorpayOrderId, failed.id)).statusCode).toBe(409);
    const paid = fake.addPayment(razorpayOrderId);
    expect((await confirm(order._id, razorpayOrderId, paid.id)).json().status).toBe("paid");
  });

  it("answers 502 and changes nothing when Razorpay cannot be asked", async () => {
    const { order, razorpayOrderId } = await openedOrder();
    const payment = fake.addPayment(razorpayOrderId);
    fake.behaviour = "garbage";
    try {
      const res = await confirm(order._id, razorpayOrderId, payment.id);
      expect(res.statusCode).toBe(502);
      expect(res.json().detail).toMatch(/within a few minutes/);
    } finally {
      fake.behaviour = "ok";
    }
    expect((await orderOf(order._id)).status).toBe("pending_payment");
  });
});

describe("refunds", () => {
  it("makes one refund for a double click (the same Idempotency-Key twice at once)", async () => {
    const { order, paymentId } = await paidOrder();
    const [first, second] = await Promise.all([
      refund(order._id, "100.00", "refund-click-0001"),
      refund(order._id, "100.00", "refund-click-0001"),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(refundsAtRazorpay(paymentId)).toHaveLength(1);
    const after = await orderOf(order._id);
    expect(after).toMatchObject({ status: "paid", amountRefunded: "100.00", refunds: [{ amount: "100.00", status: "processed" }] });
    const refundCalls = fake.requests.filter((r) => r.path === `/v1/payments/${paymentId}/refund`);
    expect(new Set(refundCalls.map((r) => r.headers["x-refund-idempotency"]))).toEqual(new Set(["refund-click-0001"]));
  });

  it("never refunds more than what is left, and a full refund moves the order to refunded", async () => {
    const { order, paymentId, totalPaise } = await paidOrder(300_00);
    expect((await refund(order._id, "100.00", "refund-part-0001")).statusCode).toBe(200);
    const tooMuch = await refund(order._id, ((totalPaise - 100_00 + 1) / 100).toFixed(2), "refund-part-0002");
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().amount).toEqual([`At most ₹${((totalPaise - 100_00) / 100).toFixed(2)} can still be refunded.`]);
    expect(refundsAtRazorpay(paymentId)).toHaveLength(1);
    const rest = await refund(order._id, ((totalPaise - 100_00) / 100).toFixed(2), "refund-part-0003");
    expect(rest.json()).toMatchObject({ status: "refunded", amountRefunded: order.totalPrice });
    expect(rest.json().events.at(-1)).toMatchObject({ event: "refund", from: "paid", to: "refunded", actor: "system" });
    expect((await refund(order._id, "0.01", "refund-part-0004")).json().detail).toBe("This order has been refunded in full.");
  });

  it("refuses to refund an unpaid order, a zero amount and a blank reason", async () => {
    const { order } = await openedOrder();
    expect((await refund(order._id, "10.00")).json().detail).toMatch(/has not been paid/);
    const paid = await paidOrder();
    expect((await refund(paid.order._id, "0.00")).statusCode).toBe(400);
    const blank = await t.app.inject({
      method: "POST",
      url: `/api/orders/${paid.order._id}/refund/`,
      headers: staff,
      payload: { amount: "1.00", reason: "   " },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().reason).toEqual(["This field may not be blank."]);
  });

  it("answers 502 when Razorpay refuses a refund, and records it as failed", async () => {
    const { order, paymentId } = await paidOrder();
    fake.payments.set(paymentId, {
      ...(fake.payments.get(paymentId) as NonNullable<ReturnType<typeof fake.payments.get>>),
      status: "refunded",
    });
    const res = await refund(order._id, "10.00", "refund-refused-01");
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toMatch(/Razorpay refused this refund/);
    expect((await orderOf(order._id)).refunds).toMatchObject([{ amount: "10.00", status: "failed" }]);
    expect((await orderOf(order._id)).amountRefunded).toBe("0.00");
  });

  it("retries a refund whose answer was lost with the same key, making no second refund", async () => {
    const { order, paymentId } = await paidOrder();
    fake.dropRefundAnswers = 1;
    const res = await refund(order._id, "50.00", "refund-lost-0001");
    expect(res.statusCode).toBe(200);
    expect(res.json().refunds).toMatchObject([{ status: "pending" }]);
    await t.app.services.payments.reconcile();
    expect((await orderOf(order._id)).refunds).toMatchObject([{ amount: "50.00", status: "processed" }]);
    expect(refundsAtRazorpay(paymentId)).toHaveLength(1);
  });

  it("follows refund.processed and refund.failed webhooks", async () => {
    fake.refundStatus = "pending";
    const { order, paymentId } = await paidOrder();
    await refund(order._id, "20.00", "refund-hook-0001");
    await refund(order._id, "30.00", "refund-hook-0002");
    const [first, second] = refundsAtRazorpay(paymentId);
    const send = (event: string, entity: object) => webhook(event, "refund", entity);
    expect((await send("refund.processed", { ...first, status: "processed" })).json()).toEqual({ status: "refund-processed" });
    expect((await send("refund.failed", { ...second, status: "failed" })).json()).toEqual({ status: "refund-failed" });
    expect((await send("refund.failed", { ...second, status: "failed" })).json()).toEqual({ status: "duplicate" });
    const after = await orderOf(order._id);
    expect(after.refunds.map((r: { status: string }) => r.status)).toEqual(["processed", "failed"]);
    expect(after.amountRefunded).toBe("20.00");
  });

  it("refunds a paid order cancelled by staff through Razorpay", async () => {
    const { order, paymentId, productId } = await paidOrder();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/cancel/`,
      headers: staff,
      payload: { reason: "Out of season" },
    });
    expect(res.json()).toMatchObject({ status: "cancelled", amountRefunded: order.totalPrice });
    expect(refundsAtRazorpay(paymentId).map((r) => r.amount)).toEqual([Math.round(Number(order.totalPrice) * 100)]);
    expect(await stockOf(t.database.db, productId)).toBe(10);
  });
});

describe("reconciliation", () => {
  it("pays an order whose checkout callback and webhook were both lost", async () => {
    const { order, razorpayOrderId } = await openedOrder();
    fake.addPayment(razorpayOrderId);
    // Too fresh: the shopper may still be in checkout.
    await t.app.services.payments.reconcile();
    expect((await orderOf(order._id)).status).toBe("pending_payment");
    await advance(3 * 60_000);
    const result = await t.app.services.payments.reconcile();
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect(await orderOf(order._id)).toMatchObject({ status: "paid", isPaid: true });
  });

  it("captures an authorized payment it finds", async () => {
    const { order, razorpayOrderId } = await openedOrder();
    const payment = fake.addPayment(razorpayOrderId, { status: "authorized" });
    await advance(3 * 60_000);
    await t.app.services.payments.reconcile();
    expect((await orderOf(order._id)).status).toBe("paid");
    expect(fake.payments.get(payment.id)?.status).toBe("captured");
  });

  it("refunds a capture that arrives after expiry when the stock is gone, and tells the customer", async () => {
    const { order, razorpayOrderId, productId } = await openedOrder(100_00, 10);
    await advance(WINDOW_SECONDS * 1000 + 1);
    await t.app.services.orders.expireDue();
    expect(await stockOf(t.database.db, productId)).toBe(10);
    const other = await authHeaders(t, (await makeUser(t.database.db)).id, time.clock);
    await placeOrder(t, other, { id: productId, pricePaise: 100_00 }, 10);
    const late = fake.addPayment(razorpayOrderId);
    await t.app.services.payments.reconcile();
    const after = await orderOf(order._id);
    expect(after).toMatchObject({ status: "cancelled", isPaid: false, refunds: [{ amount: order.totalPrice, status: "processed" }] });
    expect(refundsAtRazorpay(late.id)).toHaveLength(1);
    expect(await stockOf(t.database.db, productId)).toBe(0);
    const mail = await t.database.db
      .selectFrom("mail_queue")
      .select("subject")
      .where("dedupe_key", "like", "refund:%")
      .where("to_address", "=", after.user.email)
      .execute();
    expect(order.totalPrice).toBe("1082.00");
    expect(mail.map((m) => m.subject)).toContain(`We have refunded ₹1,082.00 for your order #${order._id}`);
  });

  it("refunds a second capture of an order already paid", async () => {
    const { order, razorpayOrderId } = await paidOrder();
    const second = fake.addPayment(razorpayOrderId);
    await advance(3 * 60_000);
    // A paid order is not a candidate; the webhook for the second capture still settles it.
    const res = await webhook("payment.captured", "payment", fake.payments.get(second.id));
    expect(res.json()).toEqual({ status: "refunded-duplicate" });
    expect(refundsAtRazorpay(second.id)).toHaveLength(1);
    expect((await orderOf(order._id)).status).toBe("paid");
  });

  it("counts in amountRefunded only the order's own payment refunded, and tells a refunded second capture apart", async () => {
    const { order, razorpayOrderId } = await paidOrder();
    const second = fake.addPayment(razorpayOrderId);
    const captured = await webhook("payment.captured", "payment", fake.payments.get(second.id));
    expect(captured.json()).toEqual({ status: "refunded-duplicate" });
    const duplicate = { amount: order.totalPrice, reason: "The order was already paid: duplicate payment", ofOrderPayment: false };

    // The order's own payment is untouched: nothing of it is refunded.
    const paid = await orderOf(order._id);
    expect(paid).toMatchObject({ status: "paid", amountRefunded: "0.00", otherPaymentsRefunded: order.totalPrice });
    expect(paid.refunds).toMatchObject([{ ...duplicate, status: "processed" }]);

    // Staff refund the order in full: that is all the order's refunds come to, never twice its total.
    const res = await refund(order._id, order.totalPrice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "refunded", amountRefunded: order.totalPrice, otherPaymentsRefunded: order.totalPrice });
    expect(res.json().refunds).toMatchObject([
      duplicate,
      { amount: order.totalPrice, reason: "Two bags arrived torn", ofOrderPayment: true },
    ]);
    // Nothing is left to refund of the order.
    expect((await refund(order._id, "0.01")).json().detail).toBe("This order has been refunded in full.");
  });
});
