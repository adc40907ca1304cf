import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  CategorySchema,
  ErrorBody,
  IdParams,
  ProductListQuery,
  ProductSchema,
  ProductSummarySchema,
  ReviewBody,
} from "@krishi/contract/schemas";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { type AuthGuards, bearer, currentUser } from "../../lib/auth.ts";
import { PAGING_HEADERS } from "../../lib/paging.ts";
import { type CachedAnswer, sendBody } from "../../lib/response-cache.ts";
import { valueOr } from "../../lib/result.ts";
import { categoriesAnswer, productAnswer, productListAnswer } from "./answers.ts";
import { reviewRefusal } from "./failures.ts";
import type { CatalogService } from "./service.ts";

export interface CatalogRoutesOptions {
  catalog: CatalogService;
  auth: AuthGuards;
}

const errors = { 400: ErrorBody, 404: ErrorBody };
/** The cached answers below carry an ETag; a client that sends it back in If-None-Match gets a bodiless 304. */
const notModified = { 304: Type.Null({ description: "Not modified: If-None-Match named the answer's current ETag" }) };

export const catalogRoutes: FastifyPluginAsyncTypebox<CatalogRoutesOptions> = async (app, { catalog, auth }) => {
  app.get(
    "/products",
    {
      config: { securityHeaders: false },
      schema: {
        operationId: "listProducts",
        tags: ["catalogue"],
        summary: "List products (keyword search, category filter, sort, in-stock filter, paging headers)",
        querystring: ProductListQuery,
        response: {
          200: Type.Array(ProductSummarySchema, {
            headers: {
              ...PAGING_HEADERS,
              Link: Type.String({
                description: 'RFC 8288 links to the first, prev, next and last pages (rel="first" …); absent when there is one page',
              }),
            },
          }),
          ...notModified,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { keyword, category, sort, in_stock, page, page_size: pageSize } = request.query;
      const inStock = in_stock === "true" || in_stock === "1";
      const query = { keyword, category, sort, inStock, page, pageSize };
      const answer = await productListAnswer(catalog, request.url, query, (data) => String(reply.serialize(data)));
      return sendCached(request, reply, answer);
    },
  );

  app.get(
    "/products/category/",
    {
      config: { securityHeaders: false },
      schema: {
        operationId: "listCategories",
        tags: ["catalogue"],
        summary: "List categories",
        response: { 200: Type.Array(CategorySchema), ...notModified },
      },
    },
    async (request, reply) => {
      const answer = await categoriesAnswer(catalog, (data) => String(reply.serialize(data)));
      return sendCached(request, reply, answer);
    },
  );

  app.get(
    "/products/:id/",
    {
      config: { securityHeaders: false },
      schema: {
        operationId: "getProduct",
        tags: ["catalogue"],
        summary: "A product with its images and reviews",
        params: IdParams,
        response: { 200: ProductSchema, ...notModified, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await productAnswer(catalog, request.params.id, (data) => String(reply.serialize(data)));
      return sendCached(request, reply, answer);
    },
  );

  app.post(
    "/products/:id/reviews/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "reviewProduct",
        tags: ["catalogue"],
        summary: "Review a product (once per user; rating 1 to 5)",
        security: bearer,
        params: IdParams,
        body: ReviewBody,
        response: { 201: Type.Object({ detail: Type.String() }), ...errors, 401: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      valueOr(await catalog.addReview(request.params.id, currentUser(request), request.body), reviewRefusal);
      return reply.status(201).send({ detail: "Review added" });
    },
  );
};

/**
 * Sends a cached answer, or 304 when the client already has it (phones on slow networks keep
 * their copy), Brotli- or gzip-compressed for a client that accepts it (compressed once per
 * cached answer, response-cache.ts). These hot JSON routes skip the security headers
 * (security-headers.ts): a JSON answer is never rendered, so of them only nosniff matters, and
 * that is set here.
 * `type`: the body's media type.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, type = "application/json; charset=utf-8") {
  const { headers } = answer;
  reply.headers(headers).header("X-Content-Type-Options", "nosniff").header("Cache-Control", "no-cache").header("Vary", "Accept-Encoding");
  if (request.headers["if-none-match"] === headers.ETag) return reply.status(304).send();
  return sendBody(request, reply.type(type), answer);
}
