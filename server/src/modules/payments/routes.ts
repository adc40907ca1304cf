import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorBody, Text } from "@krishi/contract/schemas";
import { Type } from "typebox";
import { valueOr } from "../../lib/result.ts";
import { webhookRefusal } from "./failures.ts";
import type { SandboxGateway } from "./gateway.ts";
import { SANDBOX_CHECKOUT_JS } from "./sandbox-checkout.ts";
import type { PaymentsService } from "./service.ts";

export interface PaymentsRoutesOptions {
  payments: PaymentsService;
}

/** Razorpay's webhook: the signature covers the raw bytes, so this route parses nothing itself. */
export const paymentsRoutes: FastifyPluginAsyncTypebox<PaymentsRoutesOptions> = async (app, { payments }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    "/payments/razorpay/webhook/",
    {
      schema: {
        operationId: "receiveRazorpayWebhook",
        tags: ["payments"],
        summary: "Razorpay webhook (X-Razorpay-Signature over the raw body; de-duplicated by x-razorpay-event-id)",
        response: { 200: Type.Object({ status: Type.String() }), 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const outcome = valueOr(
        await payments.handleWebhook(body, header("x-razorpay-signature"), header("x-razorpay-event-id")),
        webhookRefusal,
      );
      return { status: outcome };
    },
  );
};

/** How long after a sandbox payment its webhook arrives. */
const WEBHOOK_DELAY_MS = 1_500;

export interface SandboxRoutesOptions {
  gateway: SandboxGateway;
  payments: PaymentsService;
}

/**
 * The payment sandbox, registered only when no Razorpay keys are configured: a local
 * checkout.js with Pay / Fail, and the endpoint that plays Razorpay's part in a payment.
 */
export const sandboxRoutes: FastifyPluginAsyncTypebox<SandboxRoutesOptions> = async (app, { gateway, payments }) => {
  const SandboxOrder = Type.Object({ order_id: Text({ minLength: 1, maxLength: 100 }) });
  const notSandbox = { detail: "Not a sandbox order.", message: "Not a sandbox order.", code: "not_found" as const };

  // Like Razorpay, the sandbox also tells the shop about a capture on its own (payment.captured),
  // a moment after the browser hears of it: either news pays the order, whichever comes first.
  const deliveries = new Set<Promise<unknown>>();
  const deliverWebhook = (paymentId: string) => {
    const delivery = new Promise((resolve) => setTimeout(resolve, WEBHOOK_DELAY_MS))
      .then(async () => payments.settleReported(await gateway.fetchPayment(paymentId)))
      .catch((err) => app.log.error({ err, paymentId }, "the sandbox's payment.captured could not be applied"))
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  };
  app.addHook("onClose", async () => {
    await Promise.allSettled([...deliveries]);
  });
  app.get("/sandbox/razorpay/checkout.js", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("Cache-Control", "no-cache").send(SANDBOX_CHECKOUT_JS),
  );

  app.post(
    "/sandbox/razorpay/pay",
    {
      schema: {
        operationId: "payInSandbox",
        tags: ["payments"],
        summary: "Sandbox only: pay a sandbox Razorpay order (what Razorpay's servers do)",
        body: SandboxOrder,
        response: {
          200: Type.Object({ razorpay_order_id: Type.String(), razorpay_payment_id: Type.String(), razorpay_signature: Type.String() }),
          400: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const amount = await payments.amountOf(request.body.order_id);
      if (amount === null) return reply.status(400).send(notSandbox);
      const proof = gateway.pay(request.body.order_id, amount);
      deliverWebhook(proof.razorpay_payment_id);
      return proof;
    },
  );

  app.post(
    "/sandbox/razorpay/fail",
    {
      schema: {
        operationId: "failInSandbox",
        tags: ["payments"],
        summary: "Sandbox only: a declined attempt on a sandbox Razorpay order (not final: a later payment still pays)",
        body: SandboxOrder,
        response: { 200: Type.Object({ razorpay_payment_id: Type.String() }), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const amount = await payments.amountOf(request.body.order_id);
      if (amount === null) return reply.status(400).send(notSandbox);
      return { razorpay_payment_id: gateway.fail(request.body.order_id, amount).id };
    },
  );
};
