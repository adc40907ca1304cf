import { Navigate, useSearchParams } from "react-router";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { Paginate } from "../../components/paginate.tsx";
import { errorText } from "../../lib/api-error.ts";
import { RequireAuth } from "../auth/require-auth.tsx";
import { OrdersTable, useGetOrdersQuery } from "../orders/index.ts";

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
          <OrdersTable orders={data.orders} staff />
          <Paginate page={data.page} pages={data.pages} hrefFor={(n) => (n > 1 ? `/admin/orderlist?page=${n}` : "/admin/orderlist")} />
        </>
      )}
    </>
  );
}
