import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { BuyAgainSchema, ErrorBody, IdParams } from "@krishi/contract/schemas";
import { type AuthGuards, bearer, currentUser } from "../../lib/auth.ts";
import { valueOr } from "../../lib/result.ts";
import { orderNotFound } from "../orders/failures.ts";
import type { BuyAgain } from "./buy-again.ts";
import { keepCartCookie, shopperOf } from "./routes.ts";

export interface BuyAgainRoutesOptions {
  auth: AuthGuards;
  buyAgain: BuyAgain;
}

/**
 * POST /api/orders/{id}/buy-again/: one tap on My Orders or the order page puts the order's lines
 * in the customer's cart, at today's price, and answers the cart with what was left out or put in
 * with fewer units. A cart's route (the cart module does the work), at the order's address.
 */
export const buyAgainRoutes: FastifyPluginAsyncTypebox<BuyAgainRoutesOptions> = async (app, { auth, buyAgain }) => {
  app.post(
    "/orders/:id/buy-again/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "buyAgain",
        tags: ["cart"],
        summary:
          "Put an order's lines in the cart (its customer only): packs still sold, as many units as are in stock up to the per-line limit, at today's price; says what was left out or reduced",
        security: bearer,
        params: IdParams,
        response: { 200: BuyAgainSchema, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const answer = valueOr(await buyAgain.put({ ...shopperOf(request), userId: user.id }, request.params.id), orderNotFound);
      // A guest cart the browser named is the account's now: its cookie goes.
      keepCartCookie(request, reply, null);
      reply.header("Cache-Control", "private, no-store");
      return answer;
    },
  );
};
