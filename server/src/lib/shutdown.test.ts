import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RazorpayClient } from "../modules/payments/gateway.ts";
import { authHeaders } from "../testing/accounts.ts";
import { makeProduct, makeUser } from "../testing/factories.ts";
import { FakeRazorpay } from "../testing/fake-razorpay.ts";
import { placeOrder } from "../testing/orders.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

/**
 * Shutting down (SIGTERM: main.ts closes the app) while a request is in flight: that request is
 * answered in full, not cut off, and nothing new is taken on meanwhile.
 */
const fake = new FakeRazorpay();
let t: TestApp;

beforeAll(async () => {
  const apiBase = await fake.start();
  // Razorpay that never answers: opening payment takes the client's whole time-out.
  const gateway = new RazorpayClient({ keyId: "rzp_test_key", keySecret: "secret", apiBase, timeoutMs: 1_500 });
  t = await createTestApp({}, {}, { gateway });
});
afterAll(() => fake.stop());

describe("shutting down during a request", () => {
  it("answers the request in flight, then stops", async () => {
    const customer = await authHeaders(t, (await makeUser(t.database.db)).id);
    const product = await makeProduct(t.database.db, { pricePaise: 100_00, stock: 3 });
    const order = await placeOrder(t, customer, { id: product.id, pricePaise: 100_00 });
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    fake.behaviour = "hang";
    const inFlight = fetch(`${address}/api/orders/create-razorpay-order/`, {
      method: "POST",
      headers: { ...customer, "content-type": "application/json", connection: "close" },
      body: JSON.stringify({ order_id: order._id, amount: Math.round(Number(order.totalPrice) * 100) }),
    });
    // Shut down once the request has reached Razorpay (it is then inside its handler).
    await expect.poll(() => fake.requests.some((r) => r.path === "/v1/orders"), { timeout: 5_000 }).toBe(true);
    const closing = t.close();
    const res = await inFlight;
    expect(res.status).toBe(502);
    expect(((await res.json()) as { detail: string }).detail).toBe("The payment provider is unavailable. Please try again in a moment.");
    await closing;
    await expect(fetch(`${address}/healthz`)).rejects.toThrow();
  });
});
