import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  DetailSchema,
  DiscountReportSchema,
  ErrorBody,
  IdParams,
  PromotionBody,
  StaffPromotionSchema,
  StaffPromotionsSchema,
} from "@krishi/contract/schemas";
import { valueOr } from "../../lib/result.ts";
import { promotionRefusal } from "./failures.ts";
import type { PromotionsService } from "./service.ts";

const tags = ["promotions"];
const errors = { 401: ErrorBody, 403: ErrorBody };

/** Staff: offers and coupons, and the discounts they gave; the staff scope guards these. */
export const promotionStaffRoutes: FastifyPluginAsyncTypebox<{ promotions: PromotionsService }> = async (app, { promotions }) => {
  app.get(
    "/staff/promotions/",
    {
      schema: {
        operationId: "listPromotions",
        tags,
        summary: "The offers and coupons, newest first, with their uses and the discount they gave",
        response: { 200: StaffPromotionsSchema, ...errors },
      },
    },
    () => promotions.list(),
  );

  app.post(
    "/staff/promotions/",
    {
      schema: {
        operationId: "createPromotion",
        tags,
        summary: "Add an offer (no code: it applies by itself) or a coupon",
        body: PromotionBody,
        response: { 201: StaffPromotionSchema, 400: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return valueOr(await promotions.create(request.body), promotionRefusal);
    },
  );

  app.put(
    "/staff/promotions/:id/",
    {
      schema: {
        operationId: "updatePromotion",
        tags,
        summary: "Replace an offer or coupon's terms (orders placed keep theirs)",
        params: IdParams,
        body: PromotionBody,
        response: { 200: StaffPromotionSchema, 400: ErrorBody, ...errors, 404: ErrorBody },
      },
    },
    async (request) => valueOr(await promotions.replace(request.params.id, request.body), promotionRefusal),
  );

  app.delete(
    "/staff/promotions/:id/",
    {
      schema: {
        operationId: "deletePromotion",
        tags,
        summary: "End an offer or coupon (orders that carry it keep their discount; its code may be used again)",
        params: IdParams,
        response: { 200: DetailSchema, ...errors, 404: ErrorBody },
      },
    },
    async (request) => {
      if (!(await promotions.remove(request.params.id))) throw promotionRefusal({ kind: "not-found", id: request.params.id });
      return { detail: "Promotion removed." };
    },
  );

  app.get(
    "/staff/promotions/report/",
    {
      schema: {
        operationId: "promotionsReport",
        tags,
        summary: "Discounts given by code (offers by their description): orders that carry them now, largest first",
        response: { 200: DiscountReportSchema, ...errors },
      },
    },
    () => promotions.report(),
  );
};
