import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  ErrorBody,
  IdParams,
  OrderSchema,
  PaymentProofBody,
  RefundAccountBody,
  StartPaymentAnswer,
  StartPaymentBody,
} from "@krishi/contract/schemas";
import { type AuthGuards, bearer, currentUser } from "../../lib/auth.ts";
import { clientErrorCode, clientErrorText, HttpError } from "../../lib/errors.ts";
import { valueOr } from "../../lib/result.ts";
import { acceptForms } from "../../lib/validation.ts";
import { confirmRefusal, refundAccountRefusal, startRefusal } from "./failures.ts";
import type { PaymentsService } from "./service.ts";

export interface PaymentOrderRoutesOptions {
  auth: AuthGuards;
  payments: PaymentsService;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** The customer's payment of an order: opening and confirming a Razorpay payment, and where a Cash on Delivery order's refunds go. */
export const paymentOrderRoutes: FastifyPluginAsyncTypebox<PaymentOrderRoutesOptions> = async (app, { auth, payments }) => {
  app.put(
    "/orders/:id/refund-account/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "setRefundAccount",
        tags: ["orders", "payments"],
        summary: "The owner of a Cash on Delivery order gives the bank account or UPI id its refunds are paid to",
        security: bearer,
        params: IdParams,
        body: RefundAccountBody,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) =>
      valueOr(await payments.setRefundAccount(currentUser(request), request.params.id, request.body), refundAccountRefusal),
  );

  app.put(
    "/orders/:id/pay/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "confirmRazorpayPayment",
        tags: ["orders", "payments"],
        summary: "Confirm a Razorpay payment (signature verified against the stored Razorpay order)",
        security: bearer,
        params: IdParams,
        body: PaymentProofBody,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => valueOr(await payments.confirmPayment(currentUser(request), request.params.id, request.body), confirmRefusal),
  );

  // The spec's client posts create-razorpay-order as a form; the other routes take JSON alone.
  await app.register(async (scope) => {
    const forms = scope.withTypeProvider<TypeBoxTypeProvider>();
    await acceptForms(forms);
    forms.post(
      "/orders/create-razorpay-order/",
      {
        onRequest: auth.requireUser,
        schema: {
          operationId: "startRazorpayPayment",
          tags: ["payments"],
          summary: "Open payment for an order: {amount (paise), order_id} as a form or JSON",
          consumes: ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"],
          security: bearer,
          body: StartPaymentBody,
          response: {
            200: StartPaymentAnswer,
            400: StartPaymentAnswer,
            404: StartPaymentAnswer,
            409: StartPaymentAnswer,
            502: StartPaymentAnswer,
          },
        },
        // Validation failures answer in this route's own {bool: 0} shape too.
        attachValidation: true,
        // So does a body that cannot be read (bad JSON); other errors (401, 413, 503 …) go on to the
        // shop's handler.
        errorHandler: (error, _request, reply) => {
          if (error.statusCode !== 400) throw error;
          const detail = error instanceof HttpError ? error.detail : clientErrorText(error);
          const code = error instanceof HttpError ? error.code : clientErrorCode(error);
          return reply.status(400).send({ bool: 0 as const, detail, message: detail, code });
        },
      },
      async (request, reply) => {
        if (request.validationError) {
          const detail = "Send the order_id and the amount in paise.";
          return reply.status(400).send({ bool: 0 as const, detail, message: detail, code: "field_invalid" as const });
        }
        try {
          const data = valueOr(await payments.startPayment(currentUser(request), request.body.order_id, request.body.amount), startRefusal);
          return { bool: 1 as const, data };
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          return reply
            .status(error.statusCode as 400 | 404 | 409 | 502)
            .send({ bool: 0 as const, detail: error.detail, message: error.detail, code: error.code });
        }
      },
    );
  });
};
