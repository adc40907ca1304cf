import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorBody, ShippingRulesSchema } from "@krishi/contract/schemas";
import { ruleJson, type ShippingService } from "./service.ts";

export interface ShippingRoutesOptions {
  shipping: ShippingService;
}

/**
 * Browsers and proxies may keep the rules this long: they change when staff edit them, and a cart
 * priced by rules a minute old is refused at checkout with the new total (price_changed).
 */
const CACHE_SECONDS = 60;

/** GET /api/shipping/rules/: public, as the cart and checkout preview the shipping charge with them. */
export const shippingRoutes: FastifyPluginAsyncTypebox<ShippingRoutesOptions> = async (app, { shipping }) => {
  app.get(
    "/shipping/rules/",
    {
      schema: {
        operationId: "getShippingRules",
        tags: ["shipping"],
        summary: "The shop's shipping rules by weight slab and delivery zone (none: ₹10, free above ₹100)",
        response: { 200: ShippingRulesSchema, 400: ErrorBody },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", `public, max-age=${CACHE_SECONDS}`);
      return (await shipping.rules()).map(ruleJson);
    },
  );
};
