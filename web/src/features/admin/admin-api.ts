import type {
  Detail,
  ImageOrder,
  Product,
  ProductImages,
  ProductUpdate,
  ServiceabilityAnswer,
  StaffSummary,
  StaffUserUpdate,
  User,
} from "@krishi/contract";
import { api } from "../../base/api.ts";
import { catalogApi } from "../../base/catalog-api.ts";
import type { AppDispatch, RootState } from "../../base/store.ts";
import { type Paging, pagingOf } from "../../lib/paging.ts";
import { userLoaded } from "../auth/index.ts";

/** Users per page of the staff list (the server allows up to 100). */
export const USER_PAGE_SIZE = 50;

export interface UserQuery {
  /** Part of a name or an e-mail address; empty for everyone. */
  search: string;
  page: number;
}

export interface UserPage extends Paging {
  users: User[];
}

export type { ProductImages, ServiceabilityAnswer };

/** The GST report's period: the first and the last day (YYYY-MM-DD), both included. */
export interface GstPeriod {
  from: string;
  to: string;
}

const USERS = { type: "User", id: "LIST" } as const;
const PRODUCTS = { type: "Product", id: "LIST" } as const;
const CATEGORIES = { type: "Category", id: "LIST" } as const;
/** The dashboard: counts, low stock and orders to deliver change with most staff edits. */
const SUMMARY = "Summary" as const;

/**
 * The staff back office's calls (docs/storefront.md, "Calls"; 401 without a token, 403 for
 * non-staff). Each edit invalidates what it changes: the lists, the product's pages (tag {Product,
 * id}, which the catalogue's lists carry for each of their products too) and the dashboard.
 */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/users/?search=&page=&page_size=, paged through X-Total-Count and X-Page-Count. */
    getUsers: build.query<UserPage, UserQuery>({
      query: ({ search, page }) => ({ url: "/users/", params: { search: search || undefined, page, page_size: USER_PAGE_SIZE } }),
      transformResponse: (users: User[], meta, { page }) => ({
        users,
        ...pagingOf(meta?.response?.headers, page, users.length, USER_PAGE_SIZE),
      }),
      providesTags: (result) => [USERS, ...(result?.users ?? []).map((user) => ({ type: "User" as const, id: user._id }))],
    }),
    getUser: build.query<User, string>({
      query: (id) => `/users/${encodeURIComponent(id)}/`,
      providesTags: (_result, _error, id) => [{ type: "User", id: Number(id) }],
    }),
    /** PUT /api/users/update/{id}/ (400 when staff take away their own staff flag, 409 when the e-mail is taken). */
    updateUser: build.mutation<User, StaffUserUpdate & { _id: number }>({
      query: (body) => ({ url: `/users/update/${body._id}/`, method: "PUT", body }),
      invalidatesTags: (_result, error, { _id }) => (error ? [] : [{ type: "User", id: _id }, USERS, SUMMARY]),
      /** Staff editing themselves: the header shows the new name at once. */
      async onQueryStarted({ _id }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data && (getState() as RootState).auth.user?._id === _id) dispatch(userLoaded(data));
      },
    }),
    /** DELETE /api/users/delete/{id}/ (400 for oneself). */
    deleteUser: build.mutation<Detail, number>({
      query: (id) => ({ url: `/users/delete/${id}/`, method: "DELETE" }),
      invalidatesTags: (_result, error) => (error ? [] : [USERS, SUMMARY]),
    }),
    /** POST /api/products/create/: a sample product, to be edited next. */
    createProduct: build.mutation<Product, void>({
      query: () => ({ url: "/products/create/", method: "POST" }),
      invalidatesTags: (_result, error) => (error ? [] : [PRODUCTS, SUMMARY]),
    }),
    /** PUT /api/products/update/{id}/: `category` is an existing category's id or a new category's name. */
    updateProduct: build.mutation<Product, ProductUpdate & { _id: number }>({
      query: (body) => ({ url: `/products/update/${body._id}/`, method: "PUT", body }),
      invalidatesTags: (_result, error, { _id }) => (error ? [] : [{ type: "Product", id: _id }, PRODUCTS, CATEGORIES, SUMMARY]),
    }),
    deleteProduct: build.mutation<Detail, number>({
      query: (id) => ({ url: `/products/delete/${id}/`, method: "DELETE" }),
      invalidatesTags: (_result, error) => (error ? [] : [PRODUCTS, SUMMARY]),
    }),
    /** DELETE /api/products/images/{id}/. */
    deleteImage: build.mutation<ProductImages, { product: number; image: number }>({
      query: ({ image }) => ({ url: `/products/images/${image}/`, method: "DELETE" }),
      onQueryStarted: (_, { dispatch, queryFulfilled }) => showImages(dispatch, queryFulfilled),
    }),
    /** PUT /api/products/{id}/images/order/ with every image id of the product, in the new order. */
    reorderImages: build.mutation<ProductImages, ImageOrder & { product: number }>({
      query: ({ product, images }) => ({ url: `/products/${product}/images/order/`, method: "PUT", body: { images } }),
      onQueryStarted: (_, { dispatch, queryFulfilled }) => showImages(dispatch, queryFulfilled),
    }),
    /** GET /api/staff/summary/: the dashboard (the last 30 days, oldest first). */
    getStaffSummary: build.query<StaffSummary, void>({
      query: () => "/staff/summary/",
      providesTags: [SUMMARY],
    }),
    /**
     * GET /api/staff/gst-report/?from=&to=: the CSV's text (a mutation: a download asked for, not
     * data kept in the cache). An error answers JSON, which the content type tells apart.
     */
    downloadGstReport: build.mutation<string, GstPeriod>({
      query: ({ from, to }) => ({ url: "/staff/gst-report/", params: { from, to }, responseHandler: "content-type" }),
    }),
    /** PUT /api/staff/serviceability/: the whole table of PINs (and prefixes) served, as CSV text; the old table is replaced. */
    uploadServiceability: build.mutation<ServiceabilityAnswer, string>({
      query: (csv) => ({ url: "/staff/serviceability/", method: "PUT", body: csv, headers: { "Content-Type": "text/csv" } }),
    }),
  }),
});

export const {
  useGetUsersQuery,
  useGetUserQuery,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useDeleteImageMutation,
  useReorderImagesMutation,
  useGetStaffSummaryQuery,
  useDownloadGstReportMutation,
  useUploadServiceabilityMutation,
} = adminApi;

/**
 * A product's images changed (upload, reorder, deletion): the edit screen shows them at once, and
 * every page showing the product (its page, the catalogue's lists) reads it again.
 */
export function imagesChanged(dispatch: AppDispatch, { product, images }: ProductImages): void {
  dispatch(
    catalogApi.util.updateQueryData("getProduct", String(product), (draft) => {
      draft.images = images;
    }),
  );
  dispatch(api.util.invalidateTags([{ type: "Product", id: product }]));
}

async function showImages(dispatch: AppDispatch, answer: Promise<{ data: ProductImages }>): Promise<void> {
  const result = await answer.catch(() => null);
  if (result) imagesChanged(dispatch, result.data);
}
