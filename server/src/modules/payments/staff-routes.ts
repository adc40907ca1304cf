import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { toPaise } from "@krishi/contract";
import { ErrorBody, IdParams, OrderSchema, RefundOrderBody, RefundPaidBody, RefundParams } from "@krishi/contract/schemas";
import { Type } from "typebox";
import { currentUser } from "../../lib/auth.ts";
import { fieldError, problem } from "../../lib/errors.ts";
import { valueOr } from "../../lib/result.ts";
import { refundRefusal } from "./failures.ts";
import type { PaymentsService } from "./service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const RefundHeaders = Type.Object({
  "idempotency-key": Type.Optional(Type.String({ minLength: 10, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" })),
});
const tags = ["orders"];

/** Staff's refunds of an order: an amount or lines, and transfers marked paid; the staff scope guards them. */
export const paymentStaffRoutes: FastifyPluginAsyncTypebox<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.post(
    "/orders/:id/refund/",
    {
      schema: {
        operationId: "refundOrder",
        tags,
        summary:
          "Refund an amount or lines (their value with their own tax) of a paid order: through Razorpay, or by a transfer to a Cash on Delivery customer's refund account; an Idempotency-Key header makes a retry refund once",
        params: IdParams,
        headers: RefundHeaders,
        body: RefundOrderBody,
        response: { 200: OrderSchema, ...errors, 502: ErrorBody },
      },
    },
    async (request) => {
      const { amount, lines } = request.body;
      if ((amount === undefined) === (lines === undefined)) {
        throw fieldError("field_invalid", "non_field_errors", problem("refund_one_of", "Refund either an amount or lines, not both."));
      }
      const reason = request.body.reason.trim();
      if (!reason) throw fieldError("field_invalid", "reason", problem("blank", "This field may not be blank."));
      const idempotencyKey = request.headers["idempotency-key"];
      if (lines)
        return valueOr(
          await payments.refundOrder(currentUser(request), request.params.id, { lines, reason, idempotencyKey }),
          refundRefusal,
        );
      let amountPaise: number;
      try {
        amountPaise = toPaise(amount ?? 0);
      } catch {
        amountPaise = 0;
      }
      if (amountPaise <= 0)
        throw fieldError("refund_amount_invalid", "amount", problem("refund_too_small", "Enter an amount of at least ₹0.01."));
      return valueOr(
        await payments.refundOrder(currentUser(request), request.params.id, { amountPaise, reason, idempotencyKey }),
        refundRefusal,
      );
    },
  );

  app.put(
    "/orders/:id/refunds/:refundId/",
    {
      schema: {
        operationId: "markRefundPaid",
        tags,
        summary: "Record a transfer refund (Cash on Delivery) as paid to the customer's account, with the bank's reference",
        params: RefundParams,
        body: RefundPaidBody,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => {
      const reference = request.body.reference.trim();
      if (!reference) throw fieldError("field_invalid", "reference", problem("blank", "This field may not be blank."));
      return valueOr(
        await payments.markTransferPaid(currentUser(request), request.params.id, request.params.refundId, reference),
        refundRefusal,
      );
    },
  );
};
