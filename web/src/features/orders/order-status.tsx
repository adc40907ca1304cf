import {
  ORDER_STATES,
  type Order,
  type OrderEvent,
  type OrderEventName,
  type OrderStateMeaning,
  type OrderStatus,
  type OrderStepName,
  type Paise,
  type Refund,
  type ReturnReason,
  type ReturnStatus,
  type StaffEvent,
  tryToPaise,
} from "@krishi/contract";
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

/** What a state means to the customer, and so its colour (the contract's table says). */
export type StatusMeaning = OrderStateMeaning;

export function statusMeaning(status: OrderStatus): StatusMeaning {
  return ORDER_STATES[status].meaning;
}

/** The order's state as a badge coloured by what it means, e.g. "Shipped". */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge status-badge status-badge--${statusMeaning(status)}`}>{statusLabel(status)}</span>;
}

export const REFUND_STATUS_LABELS: Record<RefundStatus, Message> = {
  pending: "Pending",
  processed: "Processed",
  failed: "Failed",
};

/** What a timeline entry says happened, per event; a cancellation also says who cancelled. */
const EVENT_TEXTS: Record<OrderEventName, Message | Record<OrderEvent["actor"], Message>> = {
  place: "Order placed",
  pay: "Payment received",
  repay: "Payment received after the order was cancelled: the order goes ahead",
  pack: "Packed",
  ship: "Shipped",
  deliver: "Delivered",
  collect: "Cash received on delivery",
  cancel: { customer: "Cancelled by the customer", staff: "Cancelled by the shop", system: "Cancelled" },
  expire: "Cancelled: the time to pay ran out, its items went back on sale",
  refund: "Refund made",
  return_request: "Return requested",
  return_approve: "Return pickup approved",
  return_reject: "Return not accepted",
  return_receive: "Returned items received",
};

/** The message id of a timeline entry (contract OrderEvent's `event`, and who made it). */
export function eventMessage({ event, actor }: Pick<OrderEvent, "event" | "actor">): Message {
  const text = EVENT_TEXTS[event];
  return typeof text === "string" ? text : text[actor];
}

/** The steps of the order's progress bar; the step after placing is "Confirmed" for Cash on Delivery (nothing is paid yet). */
export const STEP_LABELS: Record<OrderStepName, Message> = {
  placed: "Placed",
  paid: "Paid",
  packed: "Packed",
  shipped: "Shipped",
  delivered: "Delivered",
};

/**
 * The staff's moves, as their buttons say, in the order the staff panel offers them: the cash at
 * the door first. Ship and cancel are forms (the courier; the reason), the others one tap.
 */
export const STAFF_MOVES: Record<StaffEvent, Message> = {
  collect: "Cash received",
  pack: "Mark As Packed",
  ship: "Mark As Shipped",
  deliver: "Mark As Delivered",
  cancel: "Cancel Order",
};

/** A return's state as the customer reads it. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, Message> = {
  requested: "Requested",
  approved: "Pickup approved",
  rejected: "Not accepted",
  received: "Received — refunded",
};

export const RETURN_REASON_LABELS: Record<ReturnReason, Message> = {
  damaged: "Damaged",
  wrong_item: "Wrong item",
  expired: "Expired",
  other: "Other",
};

/** What can still be refunded, in paise: the total less the refunds pending or processed. */
export function refundablePaise(order: Pick<Order, "totalPrice" | "amountRefunded">): Paise {
  return Math.max((tryToPaise(order.totalPrice) ?? 0) - (tryToPaise(order.amountRefunded) ?? 0), 0);
}

/** A return's state as a badge, coloured as an order's: asked (waiting), pickup on its way, not accepted, done. */
const RETURN_MEANINGS: Record<ReturnStatus, StatusMeaning> = {
  requested: "waiting",
  approved: "moving",
  rejected: "stopped",
  received: "done",
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <span className={`badge status-badge status-badge--${RETURN_MEANINGS[status]}`}>{t(RETURN_STATUS_LABELS[status])}</span>;
}
