import type {
  CancelOrder,
  Order,
  OrderEventInput,
  OrderListFilter,
  OrderReturn,
  OrderStatus,
  PaymentProof,
  PlaceOrder,
  RefundAccountInput,
  RefundOrder,
  RefundPaid,
  RequestReturn,
  ReturnAction,
  StaffEvent,
  StartPaymentAnswer,
} from "@krishi/contract";
import { api } from "../../base/api.ts";
import { type Paging, pagingOf } from "../../lib/paging.ts";

/** POST /api/orders/add/: the cart's lines and the totals the shopper saw (the server prices it again). */
export type NewOrder = PlaceOrder;

export type { PaymentProof, StartPaymentAnswer };

/** A return request: the contract's body, and the photos the customer attached (sent as multipart). */
export interface NewReturn extends RequestReturn {
  photos: readonly File[];
}

/**
 * The request of a return: JSON, or with photos a multipart form whose `lines` and `refundTo` are
 * JSON text (the server reads them so) and whose files are each named `photos`.
 */
export function returnBody({ photos, ...request }: NewReturn): RequestReturn | FormData {
  if (photos.length === 0) return request;
  const form = new FormData();
  form.append("lines", JSON.stringify(request.lines));
  form.append("reason", request.reason);
  if (request.details !== undefined) form.append("details", request.details);
  if (request.refundTo !== undefined) form.append("refundTo", JSON.stringify(request.refundTo));
  for (const photo of photos) form.append("photos", photo);
  return form;
}

export interface OrderPage extends Paging {
  orders: Order[];
}

/** The staff list's page and filters: an order or mobile number searched; a state; paid or delivered "true"/"false"; absent for any. */
export interface OrderQuery {
  page: number;
  q?: string | undefined;
  status?: OrderStatus | undefined;
  paid?: OrderFlag | undefined;
  delivered?: OrderFlag | undefined;
}

export type OrderFlag = NonNullable<OrderListFilter["paid"]>;

/** Orders per page of the staff list (the server allows up to 100). */
export const ORDER_PAGE_SIZE = 50;

const LIST = { type: "Order", id: "LIST" } as const;

/** What a change to order `id` makes read again: the order, the order lists and the staff dashboard. */
const changed = (id: number) => [{ type: "Order" as const, id }, LIST, "Summary" as const];

/**
 * A refund's Idempotency-Key (10–64 letters, digits, - and _): 32 hex digits from the browser's
 * random source. crypto.getRandomValues rather than randomUUID, which pages served over plain HTTP lack.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The server prices the order itself and takes the stock. The new order goes straight into the
     * cache (its page opens next); the order lists and the ordered products' stock read again.
     */
    placeOrder: build.mutation<Order, NewOrder>({
      query: (body) => ({ url: "/orders/add/", method: "POST", body }),
      invalidatesTags: (_result, error, { orderItems }) =>
        error ? [] : [LIST, ...orderItems.map((line) => ({ type: "Product" as const, id: line.product }))],
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(ordersApi.util.upsertQueryData("getOrder", String(data._id), data));
      },
    }),
    /** GET /api/orders/{id}/ (its owner or staff). */
    getOrder: build.query<Order, string>({
      query: (id) => `/orders/${encodeURIComponent(id)}/`,
      providesTags: (_result, _error, id) => [{ type: "Order", id: Number(id) }],
    }),
    getMyOrders: build.query<Order[], void>({
      query: () => "/orders/myorders/",
      providesTags: (result) => [LIST, ...(result ?? []).map((order) => ({ type: "Order" as const, id: order._id }))],
    }),
    /** GET /api/orders/?page=&q=&status=&paid=&delivered= (staff), newest first; paged through X-Total-Count and X-Page-Count. */
    getOrders: build.query<OrderPage, OrderQuery>({
      query: ({ page, q, status, paid, delivered }) => ({
        url: "/orders/",
        params: { page, page_size: ORDER_PAGE_SIZE, q, status, paid, delivered },
      }),
      transformResponse: (orders: Order[], meta, { page }) => toOrderPage(orders, meta?.response?.headers, page),
      providesTags: (result) => [LIST, ...(result?.orders ?? []).map((order) => ({ type: "Order" as const, id: order._id }))],
    }),
    /**
     * Opens payment for an order: `amount` is its total in paise. A 409 means the order can no longer
     * be paid (expired, cancelled): it reads again, so the page shows its state.
     */
    startPayment: build.mutation<StartPaymentAnswer, { order_id: number; amount: number }>({
      query: (body) => ({ url: "/orders/create-razorpay-order/", method: "POST", body }),
      invalidatesTags: (_result, error, { order_id }) => (error?.status === 409 ? [{ type: "Order", id: order_id }, LIST] : []),
    }),
    /** PUT /api/orders/{id}/pay/ with Razorpay's proof: the order (and the lists) read again, paid. */
    payOrder: build.mutation<Order, PaymentProof & { id: number }>({
      query: ({ id, ...proof }) => ({ url: `/orders/${id}/pay/`, method: "PUT", body: proof }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    /**
     * POST /api/orders/{id}/cancel/ (the owner before shipping, staff before delivery): an unpaid
     * order is cancelled, a paid one cancelled and refunded in full. Its stock goes back on sale, so
     * the ordered products read again too.
     */
    cancelOrder: build.mutation<Order, CancelOrder & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/orders/${id}/cancel/`, method: "POST", body }),
      invalidatesTags: (result, error, { id }) =>
        error
          ? []
          : [
              ...changed(id),
              ...(result?.orderItems ?? []).flatMap((line) =>
                line.product === null ? [] : [{ type: "Product" as const, id: line.product }],
              ),
            ],
    }),
    /**
     * PUT /api/orders/{id}/events/{event}/ (staff): a move the order's `actions` offer — packed,
     * shipped (with the courier and its AWB number), delivered, a Cash on Delivery order's cash
     * received (paid and invoiced). The order, the order lists and the dashboard read again.
     */
    moveOrder: build.mutation<Order, { id: number; event: StaffEvent; body?: OrderEventInput }>({
      query: ({ id, event, body }) => ({ url: `/orders/${id}/events/${event}/`, method: "PUT", body: body ?? {} }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    /**
     * POST /api/orders/{id}/refund/ (staff): an amount, or lines (their value with their tax). The
     * same `idempotencyKey` for a retried submission: the server then makes the refund once,
     * however often the request arrives.
     */
    refundOrder: build.mutation<Order, RefundOrder & { id: number; idempotencyKey: string }>({
      query: ({ id, idempotencyKey, ...body }) => ({
        url: `/orders/${id}/refund/`,
        method: "POST",
        body,
        headers: { "Idempotency-Key": idempotencyKey },
      }),
      // A refund Razorpay refused (502) is recorded as failed: the order reads again either way.
      invalidatesTags: (_result, error, { id }) => (error && (error as { status?: unknown }).status !== 502 ? [] : changed(id)),
    }),
    /**
     * PUT /api/orders/{id}/refunds/{refundId}/ (staff): a refund by transfer paid, with the bank's
     * reference.
     */
    markRefundPaid: build.mutation<Order, RefundPaid & { id: number; refundId: number }>({
      query: ({ id, refundId, ...body }) => ({ url: `/orders/${id}/refunds/${refundId}/`, method: "PUT", body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    /** POST /api/orders/{id}/returns/ (the owner, while the return window is open): answers the new return. */
    requestReturn: build.mutation<OrderReturn, NewReturn & { id: number }>({
      query: ({ id, ...request }) => ({ url: `/orders/${id}/returns/`, method: "POST", body: returnBody(request) }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    /** PUT /api/orders/{id}/refund-account/ (the owner of a Cash on Delivery order): where its refunds are paid. */
    setRefundAccount: build.mutation<Order, { id: number; account: RefundAccountInput }>({
      query: ({ id, account }) => ({ url: `/orders/${id}/refund-account/`, method: "PUT", body: account }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    /**
     * PUT /api/orders/{id}/returns/{returnId}/ (staff): approve the pickup, reject it (with a note
     * for the customer) or receive the goods (refunded; back on sale with `restock`, so the
     * returned products read again).
     */
    actOnReturn: build.mutation<Order, ReturnAction & { id: number; returnId: number }>({
      query: ({ id, returnId, ...body }) => ({ url: `/orders/${id}/returns/${returnId}/`, method: "PUT", body }),
      invalidatesTags: (result, error, { id, returnId, restock }) =>
        error
          ? []
          : [
              ...changed(id),
              ...(restock ? (result?.returns.find((item) => item.id === returnId)?.lines ?? []) : []).map((line) => ({
                type: "Product" as const,
                id: line.product,
              })),
            ],
    }),
    /**
     * A tax document of an order as a PDF (its owner or staff, with the session's token like every
     * call): GET /api/orders/{id}/invoice/ or /api/orders/{id}/credit-notes/{n}/. The answer is a
     * blob: URL of the file (the caller revokes it); a refusal is the server's JSON error.
     */
    downloadDocument: build.mutation<string, string>({
      async queryFn(url, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url,
          headers: { Accept: "application/pdf" },
          responseHandler: (response) => (response.ok ? response.blob() : response.json()),
        });
        if (result.error) return { error: result.error };
        return { data: URL.createObjectURL(result.data as Blob) };
      },
    }),
  }),
});

export const {
  usePlaceOrderMutation,
  useGetOrderQuery,
  useGetMyOrdersQuery,
  useGetOrdersQuery,
  useStartPaymentMutation,
  usePayOrderMutation,
  useCancelOrderMutation,
  useMoveOrderMutation,
  useRefundOrderMutation,
  useMarkRefundPaidMutation,
  useRequestReturnMutation,
  useSetRefundAccountMutation,
  useActOnReturnMutation,
  useDownloadDocumentMutation,
} = ordersApi;

/** Reads the staff list's paging headers; without them, the page holds everything there is. */
export function toOrderPage(orders: Order[], headers: Headers | undefined, page: number): OrderPage {
  return { orders, ...pagingOf(headers, page, orders.length, ORDER_PAGE_SIZE) };
}
