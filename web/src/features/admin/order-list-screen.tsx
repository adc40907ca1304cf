import { Link, Navigate, useSearchParams } from "react-router";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { Paginate } from "../../components/paginate.tsx";
import { errorText } from "../../lib/api-error.ts";
import { dateOf } from "../../lib/dates.ts";
import { formatPrice } from "../../lib/price.ts";
import { RequireAuth } from "../auth/require-auth.tsx";
import { DoneCell, useGetOrdersQuery } from "../orders/index.ts";

/** /admin/orderlist (staff; others go to /login, spec §6): every order, newest first, paged. */
export function OrderListScreen() {
  return <RequireAuth>{(user) => (user.is_staff ? <OrderList /> : <Navigate to="/login" replace />)}</RequireAuth>;
}

function OrderList() {
  const [params] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get("page") ?? "1")) || 1);
  // currentData: never show another page's orders while this one loads.
  const { currentData: data, error, isFetching } = useGetOrdersQuery(page);
  return (
    <>
      <title>Orders | Krishi Bazaar</title>
      <h1>Orders</h1>
      {error && !isFetching ? (
        <Message variant="danger">{errorText(error, "detail")}</Message>
      ) : !data ? (
        <Loader />
      ) : data.orders.length === 0 ? (
        <Message>No orders yet</Message>
      ) : (
        <>
          <div className="table-responsive">
            <table className="table table-striped table-sm align-middle">
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">USER</th>
                  <th scope="col">DATE</th>
                  <th scope="col">Total</th>
                  <th scope="col">PAID</th>
                  <th scope="col">DELIVERED</th>
                  <th scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.orders.map((order) => (
                  <tr key={order._id}>
                    <td>{order._id}</td>
                    <td>{order.user.name}</td>
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
          <Paginate page={data.page} pages={data.pages} hrefFor={(n) => (n > 1 ? `/admin/orderlist?page=${n}` : "/admin/orderlist")} />
        </>
      )}
    </>
  );
}
