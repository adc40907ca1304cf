import { CategorySchema, ProductSchema, ProductSummarySchema } from "@krishi/contract/schemas";
import { Type } from "typebox";
import { pagingHeaders } from "../../lib/paging.ts";
import { type CachedAnswer, etagOf } from "../../lib/response-cache.ts";
import { valueOr } from "../../lib/result.ts";
// biome-ignore lint/style/noRestrictedImports: these are the routes' (and the server-rendered pages') answers, so they answer a refusal
import { productNotFound } from "./failures.ts";
import { type CatalogService, IN_STOCK_TAG, type ProductPage, type ProductQuery, productTag } from "./service.ts";

/**
 * The catalogue's cached answers (serialized JSON with its headers), shared by the API's routes
 * and the server-rendered pages: a page shows exactly what the API answers, from one cache.
 */

export const ProductListBody = Type.Array(ProductSummarySchema);
export const CategoryListBody = Type.Array(CategorySchema);
export { ProductSchema as ProductBody };

/** Turns an answer's data into its JSON by the answer's schema (the route's, or one of the above). */
export type Serialize = (data: unknown) => string;

/** GET /api/products?…: `url` is the API address (it keys the cache and makes the Link header). */
export function productListAnswer(catalog: CatalogService, url: string, query: ProductQuery, serialize: Serialize): Promise<CachedAnswer> {
  return catalog.cache.get(`list ${url}`, async () => {
    const result = await catalog.listProducts(query);
    const headers = pagingHeaders(result);
    const link = linkHeader(url, result);
    if (link) headers.Link = link;
    const tags = result.products.map((product) => productTag(product._id));
    if (query.inStock) tags.push(IN_STOCK_TAG);
    return cachedAnswer(serialize(result.products), headers, tags);
  });
}

/** GET /api/products/{id}/ (a missing product fails with its 404, failures.ts). */
export function productAnswer(catalog: CatalogService, id: number, serialize: Serialize): Promise<CachedAnswer> {
  return catalog.cache.get(`product ${id}`, async () =>
    cachedAnswer(serialize(valueOr(await catalog.getProduct(id), productNotFound)), {}, [productTag(id)]),
  );
}

/** GET /api/products/category/ */
export function categoriesAnswer(catalog: CatalogService, serialize: Serialize): Promise<CachedAnswer> {
  return catalog.cache.get("categories", async () => cachedAnswer(serialize(await catalog.listCategories()), {}, []));
}

export function cachedAnswer(body: string, headers: Record<string, string>, tags: readonly string[]): CachedAnswer {
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
