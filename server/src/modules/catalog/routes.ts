import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { ErrorBody, IdParams } from "../../lib/schemas.ts";
import { CategorySchema, ProductListQuery, ProductSchema, ProductSummarySchema } from "./schemas.ts";
import type { CatalogService, ProductPage } from "./service.ts";

export interface CatalogRoutesOptions {
  catalog: CatalogService;
}

const errors = { 400: ErrorBody, 404: ErrorBody };

export const catalogRoutes: FastifyPluginAsyncTypebox<CatalogRoutesOptions> = async (app, { catalog }) => {
  app.get(
    "/products",
    {
      schema: {
        tags: ["catalogue"],
        summary: "List products (keyword search, category filter, paging headers)",
        querystring: ProductListQuery,
        response: { 200: Type.Array(ProductSummarySchema), ...errors },
      },
    },
    async (request, reply) => {
      const { keyword, category, page, page_size: pageSize } = request.query;
      const result = await catalog.listProducts({ keyword, category, page, pageSize });
      reply.header("X-Total-Count", String(result.total));
      reply.header("X-Page-Count", String(result.pages));
      const link = linkHeader(request.url, result);
      if (link) reply.header("Link", link);
      return result.products;
    },
  );

  app.get(
    "/products/category/",
    {
      schema: {
        tags: ["catalogue"],
        summary: "List categories",
        response: { 200: Type.Array(CategorySchema) },
      },
    },
    async () => catalog.listCategories(),
  );

  app.get(
    "/products/:id/",
    {
      schema: {
        tags: ["catalogue"],
        summary: "A product with its images and reviews",
        params: IdParams,
        response: { 200: ProductSchema, ...errors },
      },
    },
    async (request) => catalog.getProduct(request.params.id),
  );
};

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
