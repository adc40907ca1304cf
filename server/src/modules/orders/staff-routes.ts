import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { toPaise } from "@krishi/contract";
import {
  ErrorBody,
  IdParams,
  OrderListQuery,
  OrderSchema,
  RefundOrderBody,
  RefundPaidBody,
  RefundParams,
  ShipOrderBody,
} from "@krishi/contract/schemas";
import { Type } from "typebox";
import { currentUser } from "../../lib/auth.ts";
import { fieldError, problem } from "../../lib/errors.ts";
import { PAGING_HEADERS, pagingHeaders } from "../../lib/paging.ts";
import type { PaymentsService } from "../payments/service.ts";
import type { OrdersService } from "./service.ts";

export interface OrderStaffRoutesOptions {
  orders: OrdersService;
  payments: PaymentsService;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const RefundHeaders = Type.Object({
  "idempotency-key": Type.Optional(Type.String({ minLength: 10, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" })),
});
const tags = ["orders"];

/** The staff's order routes; the staff scope guards them. */
export const orderStaffRoutes: FastifyPluginAsyncTypebox<OrderStaffRoutesOptions> = async (app, { orders, payments }) => {
  app.get(
    "/orders/",
    {
      schema: {
        operationId: "listOrders",
        tags,
        summary: "All orders, newest first, filtered by state, paid and delivered; paging in X-Total-Count and X-Page-Count",
        querystring: OrderListQuery,
        response: { 200: Type.Array(OrderSchema, { headers: PAGING_HEADERS }), ...errors },
      },
    },
    async (request, reply) => {
      const { status, paid, delivered, page = 1, page_size: pageSize = 50 } = request.query;
      const filter: Parameters<OrdersService["allOrders"]>[0] = status ? { statuses: [status] } : {};
      if (paid) filter.paid = paid === "true";
      if (delivered) filter.delivered = delivered === "true";
      const result = await orders.allOrders(filter, page, pageSize);
      reply.headers(pagingHeaders(result));
      return result.orders;
    },
  );

  app.put(
    "/orders/:id/pack/",
    {
      schema: {
        operationId: "packOrder",
        tags,
        summary: "Mark a paid order packed (optional step)",
        params: IdParams,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => orders.move(currentUser(request), request.params.id, "pack"),
  );

  app.put(
    "/orders/:id/ship/",
    {
      schema: {
        operationId: "shipOrder",
        tags,
        summary: "Hand a paid order to a courier: courier, AWB number and tracking URL",
        params: IdParams,
        body: ShipOrderBody,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => {
      const { courier, awb, trackingUrl } = request.body;
      const set = { courier: courier.trim(), awb: awb.trim(), tracking_url: trackingUrl.trim() };
      if (!set.courier) throw fieldError("field_invalid", "courier", problem("blank", "This field may not be blank."));
      return orders.move(currentUser(request), request.params.id, "ship", { note: `${set.courier} ${set.awb}`, set });
    },
  );

  app.put(
    "/orders/:id/deliver/",
    {
      schema: {
        operationId: "deliverOrder",
        tags,
        summary: "Mark a paid (packed or shipped) order delivered",
        params: IdParams,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => orders.move(currentUser(request), request.params.id, "deliver"),
  );

  app.put(
    "/orders/:id/cod-received/",
    {
      schema: {
        operationId: "recordCashReceived",
        tags,
        summary: "Record the cash of a shipped or delivered Cash on Delivery order as received: it becomes paid (and delivered)",
        params: IdParams,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => orders.collectCash(currentUser(request), request.params.id),
  );

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
      if (lines) return payments.refundOrder(currentUser(request), request.params.id, { lines, reason, idempotencyKey });
      let amountPaise: number;
      try {
        amountPaise = toPaise(amount ?? 0);
      } catch {
        amountPaise = 0;
      }
      if (amountPaise <= 0)
        throw fieldError("refund_amount_invalid", "amount", problem("refund_too_small", "Enter an amount of at least ₹0.01."));
      return payments.refundOrder(currentUser(request), request.params.id, { amountPaise, reason, idempotencyKey });
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
      return payments.markTransferPaid(currentUser(request), request.params.id, request.params.refundId, reference);
    },
  );
};
