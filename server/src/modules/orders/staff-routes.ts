import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorBody, IdParams, OrderListQuery, OrderSchema } from "@krishi/contract/schemas";
import { Type } from "typebox";
import { pagingHeaders } from "../../lib/paging.ts";
import type { OrdersService } from "./service.ts";

export interface OrderStaffRoutesOptions {
  orders: OrdersService;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ["orders"];

/** The staff's order routes; the staff scope guards them. */
export const orderStaffRoutes: FastifyPluginAsyncTypebox<OrderStaffRoutesOptions> = async (app, { orders }) => {
  app.get(
    "/orders/",
    {
      schema: {
        tags,
        summary: "All orders, newest first, filtered by paid / delivered; paging in X-Total-Count and X-Page-Count",
        querystring: OrderListQuery,
        response: { 200: Type.Array(OrderSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { paid, delivered, page = 1, page_size: pageSize = 50 } = request.query;
      const filter: { paid?: boolean; delivered?: boolean } = {};
      if (paid) filter.paid = paid === "true";
      if (delivered) filter.delivered = delivered === "true";
      const result = await orders.allOrders(filter, page, pageSize);
      reply.headers(pagingHeaders(result));
      return result.orders;
    },
  );

  app.put(
    "/orders/:id/deliver/",
    { schema: { tags, summary: "Mark a paid order delivered", params: IdParams, response: { 200: OrderSchema, ...errors } } },
    async (request) => orders.markDelivered(request.params.id),
  );
};
