import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeRazorpay } from "../../testing/fake-razorpay.ts";
import { GatewayError, RazorpayClient, SandboxGateway } from "./gateway.ts";
import { paymentSignature } from "./signature.ts";

const fake = new FakeRazorpay();
let client: RazorpayClient;
/** The same client with a short time-out, for the answer that never comes. */
let impatient: RazorpayClient;

beforeAll(async () => {
  const base = await fake.start();
  // A generous time-out where an answer is expected: a loaded CI machine may take a while.
  client = new RazorpayClient({ keyId: "rzp_test_key", keySecret: "key_secret", apiBase: base, timeoutMs: 10_000 });
  impatient = new RazorpayClient({ keyId: "rzp_test_key", keySecret: "key_secret", apiBase: base, timeoutMs: 300 });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.behaviour = "ok";
  fake.requests.length = 0;
});

describe("RazorpayClient against a local Razorpay API", () => {
  it("creates an order in paise with Basic auth", async () => {
    const order = await client.createOrder({ amountPaise: 270_392, receipt: "order_7" });
    expect(order).toEqual({ id: expect.stringMatching(/^order_fake\d+$/), amount: 270_392, currency: "INR" });
    const [request] = fake.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v1/orders");
    expect(request?.authorization).toBe(`Basic ${Buffer.from("rzp_test_key:key_secret").toString("base64")}`);
    expect(request?.body).toMatchObject({ amount: 270_392, currency: "INR", receipt: "order_7" });
  });

  it("turns Razorpay's error answer into a typed rejection with its description", async () => {
    fake.behaviour = "reject";
    const error = await client.createOrder({ amountPaise: 1, receipt: "r" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ kind: "rejected", status: 400, message: "The amount must be atleast INR 1.00" });
  });

  it("gives up after its time-out", async () => {
    fake.behaviour = "hang";
    const started = Date.now();
    await expect(impatient.createOrder({ amountPaise: 100, receipt: "r" })).rejects.toMatchObject({ kind: "timeout" });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("refuses an answer that is not JSON", async () => {
    fake.behaviour = "garbage";
    await expect(client.createOrder({ amountPaise: 100, receipt: "r" })).rejects.toMatchObject({ kind: "unexpected" });
  });

  it("says so when Razorpay cannot be reached", async () => {
    const offline = new RazorpayClient({ keyId: "k", keySecret: "s", apiBase: "http://127.0.0.1:9", timeoutMs: 10_000 });
    await expect(offline.createOrder({ amountPaise: 100, receipt: "r" })).rejects.toMatchObject({ kind: "network" });
  });

  it("accepts only the checkout signature made with the key secret", () => {
    const good = paymentSignature("key_secret", "order_1", "pay_1");
    expect(client.verifyPayment({ razorpayOrderId: "order_1", razorpayPaymentId: "pay_1", signature: good })).toBe(true);
    expect(client.verifyPayment({ razorpayOrderId: "order_2", razorpayPaymentId: "pay_1", signature: good })).toBe(false);
    expect(
      client.verifyPayment({
        razorpayOrderId: "order_1",
        razorpayPaymentId: "pay_1",
        signature: paymentSignature("other", "order_1", "pay_1"),
      }),
    ).toBe(false);
    expect(client.verifyPayment({ razorpayOrderId: "order_1", razorpayPaymentId: "pay_1", signature: "short" })).toBe(false);
  });
});

describe("SandboxGateway", () => {
  it("signs sandbox payments that it alone verifies", async () => {
    const sandbox = new SandboxGateway("sandbox-secret");
    const order = await sandbox.createOrder({ amountPaise: 500 });
    const proof = sandbox.pay(order.id, 500);
    const input = { razorpayOrderId: order.id, razorpayPaymentId: proof.razorpay_payment_id, signature: proof.razorpay_signature };
    expect(sandbox.verifyPayment(input)).toBe(true);
    expect(new SandboxGateway("another-secret").verifyPayment(input)).toBe(false);
  });

  it("keeps payments like Razorpay: a failed attempt, then a captured one, both listed on the order", async () => {
    const sandbox = new SandboxGateway("sandbox-secret");
    const order = await sandbox.createOrder({ amountPaise: 500 });
    const failed = sandbox.fail(order.id, 500);
    const paid = sandbox.pay(order.id, 500);
    expect(await sandbox.fetchPayment(paid.razorpay_payment_id)).toMatchObject({
      orderId: order.id,
      amount: 500,
      currency: "INR",
      status: "captured",
    });
    expect((await sandbox.paymentsOfOrder(order.id)).map((p) => [p.id, p.status])).toEqual([
      [failed.id, "failed"],
      [paid.razorpay_payment_id, "captured"],
    ]);
    await expect(sandbox.fetchPayment("pay_unknown")).rejects.toMatchObject({ kind: "rejected" });
  });

  it("refunds once per idempotency key, and never a payment that was not captured", async () => {
    const sandbox = new SandboxGateway("sandbox-secret");
    const order = await sandbox.createOrder({ amountPaise: 500 });
    const { razorpay_payment_id: paymentId } = sandbox.pay(order.id, 500);
    const first = await sandbox.refund({ paymentId, amountPaise: 200, idempotencyKey: "refund-key-1" });
    const again = await sandbox.refund({ paymentId, amountPaise: 200, idempotencyKey: "refund-key-1" });
    expect(again.id).toBe(first.id);
    expect(first.status).toBe("processed");
    const failed = sandbox.fail(order.id, 500);
    await expect(sandbox.refund({ paymentId: failed.id, amountPaise: 100, idempotencyKey: "refund-key-2" })).rejects.toMatchObject({
      kind: "rejected",
    });
  });
});
