import { type Order, type OrderEvent, type OrderStatus, type Paise, type Refund, tryToPaise } from "@krishi/contract";

export type RefundStatus = Refund["status"];

/** The words for an order's state, the same on the order page and in the staff list. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  paid: "Paid",
  packed: "Packed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** Bootstrap's colour for each state's badge (text-bg-* picks a readable text colour). */
const STATUS_COLORS: Record<OrderStatus, string> = {
  pending_payment: "warning",
  paid: "primary",
  packed: "info",
  shipped: "info",
  delivered: "success",
  cancelled: "secondary",
  refunded: "dark",
};

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: "Pending",
  processed: "Processed",
  failed: "Failed",
};

/** The order's state as a coloured badge, e.g. "Shipped". */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge text-bg-${STATUS_COLORS[status]}`}>{STATUS_LABELS[status]}</span>;
}

/** What a timeline entry says happened (contract OrderEvent's `event`, and who did it for a cancellation). */
export function eventText({ event, actor }: Pick<OrderEvent, "event" | "actor">): string {
  switch (event) {
    case "place":
      return "Order placed";
    case "pay":
      return "Payment received";
    case "repay":
      return "Payment received after the order was cancelled: the order goes ahead";
    case "pack":
      return "Packed";
    case "ship":
      return "Shipped";
    case "deliver":
      return "Delivered";
    case "cancel":
      return actor === "customer" ? "Cancelled by the customer" : actor === "staff" ? "Cancelled by the shop" : "Cancelled";
    case "expire":
      return "Cancelled: the time to pay ran out, its items went back on sale";
    case "refund":
      return "Refund made";
    default:
      return event;
  }
}

/** What can still be refunded, in paise: the total less the refunds pending or processed. */
export function refundablePaise(order: Pick<Order, "totalPrice" | "amountRefunded">): Paise {
  return Math.max((tryToPaise(order.totalPrice) ?? 0) - (tryToPaise(order.amountRefunded) ?? 0), 0);
}
