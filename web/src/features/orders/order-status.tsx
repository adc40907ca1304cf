import { type Order, type OrderEvent, type OrderStatus, type Paise, type Refund, tryToPaise } from "@krishi/contract";
import { type Message, t } from "../../i18n/index.ts";
import "./orders.css";

export type RefundStatus = Refund["status"];

/** The words for an order's state (message ids), the same on the order page and in the staff list. */
export const STATUS_LABELS: Record<OrderStatus, Message> = {
  pending_payment: "Awaiting payment",
  confirmed: "Confirmed — pay on delivery",
  paid: "Paid",
  packed: "Packed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** An order's state in the shop's language, e.g. "Awaiting payment". */
export function statusLabel(status: OrderStatus): string {
  return t(STATUS_LABELS[status]);
}

/**
 * What a state means to the customer, and so its colour: waiting (neutral), on its way (light
 * green), done (green), or stopped (red: the only real problem).
 */
export type StatusMeaning = "waiting" | "moving" | "done" | "stopped";

export const STATUS_MEANINGS: Record<OrderStatus, StatusMeaning> = {
  pending_payment: "waiting",
  // Cash on Delivery, placed and waiting to be packed: nothing wrong, nothing to do yet.
  confirmed: "waiting",
  paid: "moving",
  packed: "moving",
  shipped: "moving",
  delivered: "done",
  cancelled: "stopped",
  refunded: "waiting",
};

/** The order's state as a badge coloured by what it means, e.g. "Shipped". */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge status-badge status-badge--${STATUS_MEANINGS[status]}`}>{statusLabel(status)}</span>;
}

export const REFUND_STATUS_LABELS: Record<RefundStatus, Message> = {
  pending: "Pending",
  processed: "Processed",
  failed: "Failed",
};

/** What a timeline entry says happened (contract OrderEvent's `event`, and who did it for a cancellation). */
export function eventText({ event, actor }: Pick<OrderEvent, "event" | "actor">): string {
  switch (event) {
    case "place":
      return t("Order placed");
    case "pay":
      return t("Payment received");
    case "repay":
      return t("Payment received after the order was cancelled: the order goes ahead");
    case "pack":
      return t("Packed");
    case "ship":
      return t("Shipped");
    case "deliver":
      return t("Delivered");
    case "cancel":
      return actor === "customer" ? t("Cancelled by the customer") : actor === "staff" ? t("Cancelled by the shop") : t("Cancelled");
    case "expire":
      return t("Cancelled: the time to pay ran out, its items went back on sale");
    case "refund":
      return t("Refund made");
    case "collect":
      return t("Cash received on delivery");
    default:
      return event;
  }
}

/** What can still be refunded, in paise: the total less the refunds pending or processed. */
export function refundablePaise(order: Pick<Order, "totalPrice" | "amountRefunded">): Paise {
  return Math.max((tryToPaise(order.totalPrice) ?? 0) - (tryToPaise(order.amountRefunded) ?? 0), 0);
}
