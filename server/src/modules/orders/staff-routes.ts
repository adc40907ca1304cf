import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { StaffEvent } from "@krishi/contract";
import {
  ErrorBody,
  IdParams,
  OrderEventBody,
  OrderEventParams,
  OrderListQuery,
  OrderSchema,
  ShipOrderBody,
} from "@krishi/contract/schemas";
import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { currentUser } from "../../lib/auth.ts";
import { fieldError, problem } from "../../lib/errors.ts";
import { PAGING_HEADERS, pagingHeaders } from "../../lib/paging.ts";
import { valueOr } from "../../lib/result.ts";
import { moveRefusal, pageNotFound } from "./failures.ts";
import { eventNeeds } from "./process.ts";
import type { OrdersService } from "./service.ts";

type OrderEventInput = Static<typeof OrderEventBody>;

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
      const result = valueOr(await orders.allOrders(filter, page, pageSize), pageNotFound);
      reply.headers(pagingHeaders(result));
      return result.orders;
    },
  );

  /**
   * A staff move by event: the order process decides whether staff may make it now, and what it
   * needs. `ship` needs the courier and its AWB number; every event takes a note for the timeline.
   */
  async function moveByStaff(request: FastifyRequest, id: number, event: StaffEvent, body: OrderEventInput = {}) {
    const { needs } = eventNeeds(event);
    const shipment = { courier: body.courier?.trim() ?? "", awb: body.awb?.trim() ?? "", tracking_url: body.trackingUrl?.trim() ?? "" };
    for (const field of needs) {
      if (!shipment[field]) throw fieldError("field_invalid", field, problem("blank", "This field may not be blank."));
    }
    const note = body.note?.trim() || (needs.length > 0 ? `${shipment.courier} ${shipment.awb}` : undefined);
    const moved = await orders.move(currentUser(request), id, event, {
      ...(note === undefined ? {} : { note }),
      ...(needs.length > 0 ? { set: shipment } : {}),
    });
    return valueOr(moved, moveRefusal);
  }

  app.put(
    "/orders/:id/events/:event/",
    {
      // The body is optional: a bare PUT makes a move that needs nothing more.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        operationId: "moveOrder",
        tags,
        summary:
          "Move an order by event (pack, ship, deliver, collect the cash of a Cash on Delivery order, cancel), as its `actions` offer; ship needs courier and awb",
        params: OrderEventParams,
        body: OrderEventBody,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => moveByStaff(request, request.params.id, request.params.event, request.body),
  );

  // The moves' own routes, from before the events route: each is that route with its event.
  const routes: { path: string; event: StaffEvent; operationId: string; summary: string; body?: typeof ShipOrderBody }[] = [
    { path: "pack", event: "pack", operationId: "packOrder", summary: "Mark a paid order packed (optional step)" },
    {
      path: "ship",
      event: "ship",
      operationId: "shipOrder",
      summary: "Hand a paid order to a courier: courier, AWB number and tracking URL",
      body: ShipOrderBody,
    },
    { path: "deliver", event: "deliver", operationId: "deliverOrder", summary: "Mark a paid (packed or shipped) order delivered" },
    {
      path: "cod-received",
      event: "collect",
      operationId: "recordCashReceived",
      summary: "Record the cash of a shipped or delivered Cash on Delivery order as received: it becomes paid (and delivered)",
    },
  ];
  for (const { path, event, operationId, summary, body } of routes) {
    app.put(
      `/orders/:id/${path}/`,
      { schema: { operationId, tags, summary, params: IdParams, ...(body ? { body } : {}), response: { 200: OrderSchema, ...errors } } },
      async (request) => moveByStaff(request, request.params.id, event, request.body as OrderEventInput | undefined),
    );
  }
};
