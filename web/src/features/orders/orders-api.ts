import type { Order, OrderListFilter, PaymentProof, PlaceOrder, StartPaymentAnswer } from "@krishi/contract";
import { api } from "../../app/api.ts";
import { type Paging, pagingOf } from "../../lib/paging.ts";

/** POST /api/orders/add/: the cart's lines and the totals the shopper saw (the server prices it again). */
export type NewOrder = PlaceOrder;

export type { PaymentProof, StartPaymentAnswer };

export interface OrderPage extends Paging {
  orders: Order[];
}

/** The staff list's page and filters: paid or delivered "true"/"false", absent for either. */
export interface OrderQuery {
  page: number;
  paid?: OrderFlag | undefined;
  delivered?: OrderFlag | undefined;
}

export type OrderFlag = NonNullable<OrderListFilter["paid"]>;

/** Orders per page of the staff list (the server allows up to 100). */
export const ORDER_PAGE_SIZE = 50;

const LIST = { type: "Order", id: "LIST" } as const;

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
    /** GET /api/orders/?page=&paid=&delivered= (staff), newest first; paged through X-Total-Count and X-Page-Count. */
    getOrders: build.query<OrderPage, OrderQuery>({
      query: ({ page, paid, delivered }) => ({ url: "/orders/", params: { page, page_size: ORDER_PAGE_SIZE, paid, delivered } }),
      transformResponse: (orders: Order[], meta, { page }) => toOrderPage(orders, meta?.response?.headers, page),
      providesTags: (result) => [LIST, ...(result?.orders ?? []).map((order) => ({ type: "Order" as const, id: order._id }))],
    }),
    /** Opens payment for an order: `amount` is its total in paise. */
    startPayment: build.mutation<StartPaymentAnswer, { order_id: number; amount: number }>({
      query: (body) => ({ url: "/orders/create-razorpay-order/", method: "POST", body }),
    }),
    /** PUT /api/orders/{id}/pay/ with Razorpay's proof: the order (and the lists) read again, paid. */
    payOrder: build.mutation<Order, PaymentProof & { id: number }>({
      query: ({ id, ...proof }) => ({ url: `/orders/${id}/pay/`, method: "PUT", body: proof }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: "Order", id }, LIST, "Summary"]),
    }),
    /** PUT /api/orders/{id}/deliver/ (staff; paid orders only). */
    deliverOrder: build.mutation<Order, number>({
      query: (id) => ({ url: `/orders/${id}/deliver/`, method: "PUT" }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: "Order", id }, LIST, "Summary"]),
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
  useDeliverOrderMutation,
} = ordersApi;

/** Reads the staff list's paging headers; without them, the page holds everything there is. */
export function toOrderPage(orders: Order[], headers: Headers | undefined, page: number): OrderPage {
  return { orders, ...pagingOf(headers, page, orders.length, ORDER_PAGE_SIZE) };
}
