import { type Category, PAGE_SIZE, PRODUCT_SORTS, type Product, type ProductSort, type ProductSummary } from "@krishi/contract";
import { countHeader } from "../lib/paging.ts";
import { api } from "./api.ts";

export interface ProductQuery {
  keyword?: string;
  category?: string;
  page?: number;
  /** Newest first when absent. */
  sort?: ProductSort;
  /** Only products with stock. */
  inStock?: boolean;
}

export interface ProductPage {
  products: ProductSummary[];
  /** All matches (X-Total-Count). */
  total: number;
  page: number;
  pages: number;
}

export interface NewReview {
  productId: number;
  /** 1 (Poor) to 5 (Excellent). */
  rating: number;
  comment: string;
}

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/products?keyword=&category=&sort=&in_stock=&page= — a list, paged through headers. */
    getProducts: build.query<ProductPage, ProductQuery>({
      query: ({ keyword, category, page, sort, inStock }) => {
        const params = new URLSearchParams();
        if (keyword) params.set("keyword", keyword);
        if (category) params.set("category", category);
        if (sort && sort !== "newest") params.set("sort", sort);
        if (inStock) params.set("in_stock", "true");
        if (page && page > 1) params.set("page", String(page));
        // No "?" without a query: the page's preload of /api/products (server/src/lib/static.ts)
        // is only used by a request for exactly that address.
        return params.size > 0 ? `/products?${params}` : "/products";
      },
      transformResponse: (products: ProductSummary[], meta, { page }) => toProductPage(products, meta?.response?.headers, page ?? 1),
      providesTags: (result) => [
        { type: "Product", id: "LIST" },
        ...(result?.products ?? []).map((p) => ({ type: "Product" as const, id: p._id })),
      ],
    }),
    /** GET /api/products/{id}/ — with reviews; also read when adding to the cart. */
    getProduct: build.query<Product, string>({
      query: (id) => `/products/${encodeURIComponent(id)}/`,
      providesTags: (_result, _error, id) => [{ type: "Product", id: Number(id) }],
    }),
    /** POST /api/products/{id}/reviews/ (signed in): the product, with its rating and review count, reloads. */
    createReview: build.mutation<{ detail: string }, NewReview>({
      query: ({ productId, ...body }) => ({ url: `/products/${productId}/reviews/`, method: "POST", body }),
      invalidatesTags: (_result, error, { productId }) => (error ? [] : [{ type: "Product", id: productId }]),
    }),
    getCategories: build.query<Category[], void>({
      query: () => "/products/category/",
      providesTags: [{ type: "Category", id: "LIST" }],
    }),
  }),
});

export const { useGetProductsQuery, useGetProductQuery, useGetCategoriesQuery, useCreateReviewMutation } = catalogApi;

/** A ?sort= value as one of the list's orders; anything else is the default (newest first). */
export function productSort(value: string | null): ProductSort | undefined {
  return PRODUCT_SORTS.find((sort) => sort === value && sort !== "newest");
}

/**
 * Reads the paging headers: X-Total-Count (all matches) and the Link relations; the page count is
 * X-Page-Count, else the page of rel="last", else worked out from a full page when rel="next".
 */
export function toProductPage(products: ProductSummary[], headers: Headers | undefined, page: number): ProductPage {
  const total = countHeader(headers, "X-Total-Count") ?? (page - 1) * PAGE_SIZE + products.length;
  const links = parseLinks(headers?.get("Link") ?? null);
  const pages =
    countHeader(headers, "X-Page-Count") ??
    pageOf(links.last) ??
    (links.next && products.length > 0
      ? Math.max(page + 1, Math.ceil(total / products.length))
      : products.length > 0
        ? page
        : Math.ceil(total / PAGE_SIZE));
  return { products, total, page, pages: Math.max(pages, 1) };
}

/** RFC 8288 Link header to {rel: url}. */
export function parseLinks(header: string | null): Record<string, string> {
  const links: Record<string, string> = {};
  if (!header) return links;
  for (const match of header.matchAll(/<([^>]*)>\s*;\s*rel="?([^";,]+)"?/g)) {
    const [, url, rels] = match;
    if (url === undefined || rels === undefined) continue;
    for (const rel of rels.trim().split(/\s+/)) links[rel] = url;
  }
  return links;
}

function pageOf(url: string | undefined): number | null {
  if (!url) return null;
  const page = Number(new URL(url, "http://shop.invalid").searchParams.get("page") ?? "1");
  return Number.isSafeInteger(page) && page >= 1 ? page : null;
}
