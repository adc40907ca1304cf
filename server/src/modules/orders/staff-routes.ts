import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorBody, IdParams, OrderListQuery, OrderSchema, ShipOrderBody } from "@krishi/contract/schemas";
import { Type } from "typebox";
import { currentUser } from "../../lib/auth.ts";
import { fieldError, problem } from "../../lib/errors.ts";
import { PAGING_HEADERS, pagingHeaders } from "../../lib/paging.ts";
import type { OrdersService } from "./service.ts";

export interface OrderStaffRoutesOptions {
  orders: OrdersService;
}

type OrderFilter = Parameters<OrdersService["allOrders"]>[0];
type OrderSearch = NonNullable<OrderFilter["search"]>;

/** The largest id an order can have (PostgreSQL's integer). */
const MAX_ORDER_ID = 2_147_483_647;

/**
 * What the staff typed (the schema has let through only digits, spaces and + - . ( ) #): its
 * digits as an order number, and their last 10 as a mobile number ("+91 98765-43210", "098765
 * 43210" and "9876543210" are one number).
 */
export function orderSearch(typed: string): OrderSearch {
  const digits = typed.replace(/\D/g, "");
  const id = Number(digits);
  return {
    id: digits.length <= 10 && id >= 1 && id <= MAX_ORDER_ID ? id : null,
    phone: digits.length >= 10 ? digits.slice(-10) : null,
  };
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ["orders"];

/** The staff's order routes; the staff scope guards them. */
export const orderStaffRoutes: FastifyPluginAsyncTypebox<OrderStaffRoutesOptions> = async (app, { orders }) => {
  app.get(
    "/orders/",
    {
      schema: {
        operationId: "listOrders",
        tags,
        summary:
          "All orders, newest first, filtered by state, paid and delivered, or found by order number or mobile number (q); paging in X-Total-Count and X-Page-Count",
        querystring: OrderListQuery,
        response: { 200: Type.Array(OrderSchema, { headers: PAGING_HEADERS }), ...errors },
      },
    },
    async (request, reply) => {
      const { q, status, paid, delivered, page = 1, page_size: pageSize = 50 } = request.query;
      const filter: OrderFilter = status ? { statuses: [status] } : {};
      if (paid) filter.paid = paid === "true";
      if (delivered) filter.delivered = delivered === "true";
      if (q !== undefined) filter.search = orderSearch(q);
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
};
