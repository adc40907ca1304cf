import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorBody, IdParams, NotifyBody, StockAlertsSchema } from "@krishi/contract/schemas";
import { type AuthGuards, bearer, currentUser } from "../../lib/auth.ts";
import { valueOr } from "../../lib/result.ts";
import { alertRefusal } from "./failures.ts";
import type { AlertsService } from "./service.ts";

export interface AlertsRoutesOptions {
  auth: AuthGuards;
  alerts: AlertsService;
}

const tags = ["alerts"];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/**
 * "Notify me" on a product's pack that is out of stock (GET, POST, DELETE
 * /api/products/{id}/notify/, signed in). The "stop" link of marketing messages is stop-routes.ts'.
 */
export const alertsRoutes: FastifyPluginAsyncTypebox<AlertsRoutesOptions> = async (app, { auth, alerts }) => {
  app.get(
    "/products/:id/notify/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "getStockAlerts",
        tags,
        summary: "The packs of a product the signed-in customer will be told about by SMS when they are back in stock",
        security: bearer,
        params: IdParams,
        response: { 200: StockAlertsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return valueOr(await alerts.subscriptions(currentUser(request).id, request.params.id), alertRefusal);
    },
  );

  app.post(
    "/products/:id/notify/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "notifyWhenInStock",
        tags,
        summary:
          "Notify me: one SMS (and WhatsApp, if opted in) when a pack out of stock (the default pack when none is named) is back in stock; then the request ends. Needs a verified mobile number (409 phone_required); a pack in stock is refused (409 pack_in_stock)",
        security: bearer,
        params: IdParams,
        body: NotifyBody,
        response: { 200: StockAlertsSchema, ...errors, 409: ErrorBody },
      },
    },
    async (request) => valueOr(await alerts.subscribe(currentUser(request).id, request.params.id, request.body.variant), alertRefusal),
  );

  app.delete(
    "/products/:id/notify/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "cancelStockAlert",
        tags,
        summary: "Cancel Notify me on a pack (the default pack when none is named); answers the packs still asked about",
        security: bearer,
        params: IdParams,
        body: NotifyBody,
        response: { 200: StockAlertsSchema, ...errors },
      },
    },
    async (request) => valueOr(await alerts.cancel(currentUser(request).id, request.params.id, request.body.variant), alertRefusal),
  );
};
