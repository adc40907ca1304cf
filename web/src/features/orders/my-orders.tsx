import type { Order } from "@krishi/contract";
import { Link } from "react-router";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { errorText } from "../../lib/api-error.ts";
import { dateOf } from "../../lib/dates.ts";
import { formatPrice } from "../../lib/price.ts";
import { DoneCell } from "./order-cells.tsx";
import { useGetMyOrdersQuery } from "./orders-api.ts";

export const NO_ORDERS = "You have no orders yet.";

/** The profile's My Orders (GET /api/orders/myorders/), with its loading, error and empty states. */
export function MyOrders() {
  const { data: orders, error, isLoading } = useGetMyOrdersQuery();
  return (
    <>
      <h2>My Orders</h2>
      {isLoading ? (
        <Loader />
      ) : error || !orders ? (
        <Message variant="danger">{errorText(error, "detail")}</Message>
      ) : orders.length === 0 ? (
        <Message>{NO_ORDERS}</Message>
      ) : (
        <MyOrdersTable orders={orders} />
      )}
    </>
  );
}

/** ID, Date, Total, Paid, Delivered and a Details link to /order/{id} (spec §2). */
export function MyOrdersTable({ orders }: { orders: Order[] }) {
  return (
    <div className="table-responsive">
      <table className="table table-striped table-sm align-middle">
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">Date</th>
            <th scope="col">Total</th>
            <th scope="col">Paid</th>
            <th scope="col">Delivered</th>
            <th scope="col">
              <span className="visually-hidden">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id}>
              <td>{order._id}</td>
              <td>{dateOf(order.createdAt)}</td>
              <td>{formatPrice(order.totalPrice)}</td>
              <td>
                <DoneCell done={order.isPaid} at={order.paidAt} notDone="Not paid" />
              </td>
              <td>
                <DoneCell done={order.isDelivered} at={order.deliveredAt} notDone="Not delivered" />
              </td>
              <td>
                <Link className="btn btn-sm btn-light" to={`/order/${order._id}`} aria-label={`Details of order ${order._id}`}>
                  Details
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
