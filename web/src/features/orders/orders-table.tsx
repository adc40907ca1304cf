import type { Order } from "@krishi/contract";
import { Link } from "react-router";
import { type Message, t } from "../../i18n/index.ts";
import { dateOf } from "../../lib/dates.ts";
import { formatPrice } from "../../lib/price.ts";
import { StatusBadge } from "./order-status.tsx";

/** The column headings as each list spells them: My Orders (docs/storefront.md, "Account screens") and the staff list, which adds the customer and the state. */
const HEADINGS = {
  mine: ["ID", "Date", "Total", "Paid", "Delivered"],
  staff: ["ID", "USER", "DATE", "Total", "PAID", "DELIVERED", "STATUS"],
} as const satisfies Record<string, readonly Message[]>;

/** ID, (customer,) Date, Total, Paid, Delivered, (state,) and a Details link to /order/{id}. */
export function OrdersTable({ orders, staff = false }: { orders: Order[]; staff?: boolean }) {
  return (
    <div className="table-responsive position-relative">
      <table className="table table-striped table-sm align-middle">
        <thead>
          <tr>
            {HEADINGS[staff ? "staff" : "mine"].map((heading) => (
              <th key={heading} scope="col">
                {t(heading)}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t("Details")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id}>
              <td>{order._id}</td>
              {staff && <td>{order.user.name}</td>}
              <td>{dateOf(order.createdAt)}</td>
              <td>{formatPrice(order.totalPrice)}</td>
              <td>
                <DoneCell done={order.isPaid} at={order.paidAt} notDone={t("Not paid")} />
              </td>
              <td>
                <DoneCell done={order.isDelivered} at={order.deliveredAt} notDone={t("Not delivered")} />
              </td>
              {staff && (
                <td>
                  <StatusBadge status={order.status} />
                </td>
              )}
              <td>
                <Link
                  className="btn btn-sm btn-outline-primary orders-table__details"
                  to={`/order/${order._id}`}
                  aria-label={t("Details of order {id}", { id: order._id })}
                >
                  {t("Details")}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A Paid or Delivered cell: the date it happened, or a ✗ ("Not paid"). */
function DoneCell({ done, at, notDone }: { done: boolean; at: string | null; notDone: string }) {
  if (done) return <>{dateOf(at) || t("Yes")}</>;
  return (
    <>
      <span className="orders-table__not-done" aria-hidden="true">
        ✗
      </span>
      <span className="visually-hidden">{notDone}</span>
    </>
  );
}
