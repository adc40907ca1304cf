/** What other features may use from orders: placing one (checkout), My Orders (profile), the staff list and its state filter, a customer's number to call. */
export { MyOrders, NO_ORDERS } from "./my-orders.tsx";
export { STATUS_LABELS, statusLabel } from "./order-status.tsx";
export { type NewOrder, ORDER_PAGE_SIZE, type OrderFlag, useGetOrdersQuery, usePlaceOrderMutation } from "./orders-api.ts";
export { OrdersTable } from "./orders-table.tsx";
export { PhoneLink } from "./phone-link.tsx";
