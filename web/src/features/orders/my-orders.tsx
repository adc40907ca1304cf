import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { type Message as MessageId, t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { useGetMyOrdersQuery } from "./orders-api.ts";
import { OrdersTable } from "./orders-table.tsx";

export const NO_ORDERS = "You have no orders yet." satisfies MessageId;

/** The profile's My Orders (GET /api/orders/myorders/), with its loading, error and empty states. */
export function MyOrders() {
  const { data: orders, error, isLoading } = useGetMyOrdersQuery();
  return (
    <>
      <h2>{t("My Orders")}</h2>
      {isLoading ? (
        <Loader />
      ) : error || !orders ? (
        <Message variant="danger">{errorText(error, "detail")}</Message>
      ) : orders.length === 0 ? (
        <Message>{t(NO_ORDERS)}</Message>
      ) : (
        <OrdersTable orders={orders} />
      )}
    </>
  );
}
