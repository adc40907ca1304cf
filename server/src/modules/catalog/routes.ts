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
import { PAGING_HEADERS, pagingHeaders } from "../../lib/paging.ts";
import { brotliBody, type CachedAnswer, etagOf } from "../../lib/response-cache.ts";
import { type CatalogService, IN_STOCK_TAG, type ProductPage, productTag } from "./service.ts";

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
      helmet: false,
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
      const answer = await catalog.cache.get(`list ${request.url}`, async () => {
        const { keyword, category, sort, in_stock, page, page_size: pageSize } = request.query;
        const inStock = in_stock === "true" || in_stock === "1";
        const result = await catalog.listProducts({
          keyword,
          category,
          sort,
          inStock,
          page,
          pageSize,
        });
        const headers = pagingHeaders(result);
        const link = linkHeader(request.url, result);
        if (link) headers.Link = link;
        const tags = result.products.map((product) => productTag(product._id));
        if (inStock) tags.push(IN_STOCK_TAG);
        return cachedAnswer(String(reply.serialize(result.products)), headers, tags);
      });
      return sendCached(request, reply, answer);
    },
  );

  app.get(
    "/products/category/",
    {
      helmet: false,
      schema: {
        operationId: "listCategories",
        tags: ["catalogue"],
        summary: "List categories",
        response: { 200: Type.Array(CategorySchema), ...notModified },
      },
    },
    async (request, reply) => {
      const answer = await catalog.cache.get("categories", async () =>
        cachedAnswer(String(reply.serialize(await catalog.listCategories())), {}, []),
      );
      return sendCached(request, reply, answer);
    },
  );

  app.get(
    "/products/:id/",
    {
      helmet: false,
      schema: {
        operationId: "getProduct",
        tags: ["catalogue"],
        summary: "A product with its images and reviews",
        params: IdParams,
        response: { 200: ProductSchema, ...notModified, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const answer = await catalog.cache.get(`product ${id}`, async () =>
        cachedAnswer(String(reply.serialize(await catalog.getProduct(id))), {}, [productTag(id)]),
      );
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
      await catalog.addReview(request.params.id, currentUser(request), request.body);
      return reply.status(201).send({ detail: "Review added" });
    },
  );
};

/**
 * Sends a cached answer, or 304 when the client already has it (phones on slow networks keep
 * their copy), Brotli-compressed for a client that accepts it (compressed once per cached
 * answer). These hot JSON routes skip helmet's per-request work: a JSON answer is never rendered,
 * so of its headers only nosniff matters, and that is set here. `type`: the body's media type.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, type = "application/json; charset=utf-8") {
  const { body, headers } = answer;
  reply.headers(headers).header("X-Content-Type-Options", "nosniff").header("Cache-Control", "no-cache").header("Vary", "Accept-Encoding");
  if (request.headers["if-none-match"] === headers.ETag) return reply.status(304).send();
  reply.type(type);
  const compressed = acceptsBrotli(request) ? brotliBody(answer) : null;
  return compressed ? reply.header("Content-Encoding", "br").send(compressed) : reply.send(body);
}

function acceptsBrotli(request: FastifyRequest): boolean {
  const accepted = request.headers["accept-encoding"];
  return typeof accepted === "string" && /(^|[\s,])br(\s*;\s*q=(0?\.\d*[1-9]|1(\.0*)?))?\s*(,|$)/.test(accepted);
}

function cachedAnswer(body: string, headers: Record<string, string>, tags: readonly string[]): CachedAnswer {
  return { body, headers: { ...headers, ETag: etagOf(body) }, tags: new Set(tags) };
}

/** RFC 8288 links to the neighbouring pages, keeping the caller's other query parameters. */
function linkHeader(requestUrl: string, { page, pages }: ProductPage): string | null {
  const url = new URL(requestUrl, "http://shop.invalid");
  const to = (n: number, rel: string) => {
    url.searchParams.set("page", String(n));
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(to(1, "first"), to(page - 1, "prev"));
  if (page < pages) links.push(to(page + 1, "next"), to(pages, "last"));
  return links.length > 0 ? links.join(", ") : null;
}
