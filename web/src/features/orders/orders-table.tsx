import type { Order } from "@krishi/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type Message, t } from "../../i18n/index.ts";
import { dateOf } from "../../lib/dates.ts";
import { paymentMethodName } from "../../lib/payment-method.ts";
import { formatPrice } from "../../lib/price.ts";
import { BuyAgainButton } from "./buy-again.tsx";
import { DiscountNote } from "./order-discounts.tsx";
import { StatusBadge } from "./order-status.tsx";
import { PhoneLink } from "./phone-link.tsx";

interface Column {
  heading: Message;
  cell: (order: Order) => ReactNode;
}

const id: Column = { heading: "ID", cell: (order) => order._id };
const total: Column = {
  heading: "Total",
  cell: (order) => (
    <>
      <span className="text-nowrap">{formatPrice(order.totalPrice)}</span>
      <DiscountNote order={order} />
    </>
  ),
};
const paid = (heading: Message): Column => ({
  heading,
  cell: (order) => <DoneCell done={order.isPaid} at={order.paidAt} notDone={t("Not paid")} />,
});
const delivered = (heading: Message): Column => ({
  heading,
  cell: (order) => <DoneCell done={order.isDelivered} at={order.deliveredAt} notDone={t("Not delivered")} />,
});

/**
 * The columns as each list spells them: My Orders (docs/storefront.md, "Account screens"), and the
 * staff list, which adds who ordered (their mobile number to call, and the delivery PIN), how they
 * pay and the state.
 */
const COLUMNS = {
  mine: [id, { heading: "Date", cell: (order) => dateOf(order.createdAt) }, total, paid("Paid"), delivered("Delivered")],
  staff: [
    id,
    { heading: "USER", cell: (order) => order.user.name },
    { heading: "PHONE", cell: (order) => (order.shippingAddress.phone ? <PhoneLink phone={order.shippingAddress.phone} /> : "—") },
    { heading: "PIN", cell: (order) => order.shippingAddress.postalCode },
    { heading: "DATE", cell: (order) => <span className="text-nowrap">{dateOf(order.createdAt)}</span> },
    total,
    { heading: "PAYMENT", cell: (order) => paymentMethodName(order.paymentMethod) },
    paid("PAID"),
    delivered("DELIVERED"),
    { heading: "STATUS", cell: (order) => <StatusBadge status={order.status} /> },
  ],
} as const satisfies Record<string, readonly Column[]>;

/**
 * The orders and a Details link to /order/{id} each (and, in the customer's own list, Buy again):
 * a table, or on a phone a card per order (components/card-table.css), each value beside its
 * column's heading.
 */
export function OrdersTable({ orders, staff = false }: { orders: Order[]; staff?: boolean }) {
  const columns: readonly Column[] = COLUMNS[staff ? "staff" : "mine"];
  return (
    <div className="table-responsive position-relative">
      <table className="table table-striped table-sm align-middle card-table">
        <thead>
          <tr>
            {columns.map(({ heading }) => (
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
              {columns.map(({ heading, cell }) => (
                <td key={heading} data-label={t(heading)}>
                  {cell(order)}
                </td>
              ))}
              <td className="card-table__actions">
                <Link
                  className="btn btn-sm btn-outline-primary orders-table__details"
                  to={`/order/${order._id}`}
                  aria-label={t("Details of order {id}", { id: order._id })}
                >
                  {t("Details")}
                </Link>
                {!staff && <BuyAgainButton orderId={order._id} named className="btn-sm orders-table__buy-again" />}
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
  if (done) return <span className="text-nowrap">{dateOf(at) || t("Yes")}</span>;
  return (
    <>
      <span className="orders-table__not-done" aria-hidden="true">
        ✗
      </span>
      <span className="visually-hidden">{notDone}</span>
    </>
  );
}
