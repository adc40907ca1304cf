import type { OrderStatus } from "@krishi/contract";

/**
 * The order's state machine, the one place that says how an order may move: each
 * transition names the states it leaves, the state it reaches, who may make it and what it does to
 * stock. OrdersService.transition() is the only writer of an order's status, and it asks here.
 */
export type OrderEventName = "place" | "pay" | "repay" | "pack" | "ship" | "deliver" | "cancel" | "expire" | "refund" | "collect";

/** Who asks: the order's owner, a staff member, or the shop itself (payments, jobs). */
export type Role = "owner" | "staff" | "system";

export interface Transition {
  event: OrderEventName;
  from: readonly OrderStatus[];
  to: OrderStatus;
  who: readonly Role[];
  /** The order's units go back on sale (exactly once: the move is a conditional UPDATE). */
  restock?: true;
  /** The order's units are taken again, all or none (a payment that arrives after expiry). */
  takeStock?: true;
}

export const TRANSITIONS: readonly Transition[] = [
  { event: "pay", from: ["pending_payment"], to: "paid", who: ["system"] },
  // A capture that arrives after the order expired or was cancelled unpaid: sold again if the stock is there.
  { event: "repay", from: ["cancelled"], to: "paid", who: ["system"], takeStock: true },
  // "confirmed": a Cash on Delivery order, placed with its stock taken, packed and shipped unpaid.
  { event: "pack", from: ["confirmed", "paid"], to: "packed", who: ["staff"] },
  { event: "ship", from: ["confirmed", "paid", "packed"], to: "shipped", who: ["staff"] },
  { event: "deliver", from: ["confirmed", "paid", "packed", "shipped"], to: "delivered", who: ["staff"] },
  { event: "cancel", from: ["pending_payment", "confirmed", "paid", "packed"], to: "cancelled", who: ["owner", "staff"], restock: true },
  // Also a COD parcel refused at the door: it comes back, and so does its stock.
  { event: "cancel", from: ["shipped"], to: "cancelled", who: ["staff"], restock: true },
  // The courier's cash of an unpaid COD order received (OrdersService.collectCash checks it is one).
  { event: "collect", from: ["shipped", "delivered"], to: "delivered", who: ["staff"] },
  { event: "expire", from: ["pending_payment"], to: "cancelled", who: ["system"], restock: true },
  // Refunds that reach the amount paid; partial refunds leave the state as it is.
  { event: "refund", from: ["paid", "packed", "shipped", "delivered"], to: "refunded", who: ["staff", "system"] },
];

export type TransitionCheck = { ok: true; transition: Transition } | { ok: false; reason: "not-allowed" | "wrong-state" };

/**
 * The transition `role` may make with `event` from `from`: "not-allowed" when the event exists
 * from that state for someone else only, "wrong-state" when it does not exist from that state.
 */
export function checkTransition(from: OrderStatus, event: OrderEventName, role: Role): TransitionCheck {
  const fromHere = TRANSITIONS.filter((t) => t.event === event && t.from.includes(from));
  const transition = fromHere.find((t) => t.who.includes(role));
  if (transition) return { ok: true, transition };
  return { ok: false, reason: fromHere.length > 0 ? "not-allowed" : "wrong-state" };
}

/** Whether `status` is where `event` leads (so asking for it again is a repeat, not an error). */
export function reachedBy(event: OrderEventName, status: OrderStatus): boolean {
  return TRANSITIONS.some((t) => t.event === event && t.to === status && !t.from.includes(status));
}

/** Words for the states, for messages and e-mails. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "awaiting payment",
  confirmed: "confirmed, to be paid on delivery",
  paid: "paid",
  packed: "packed",
  shipped: "shipped",
  delivered: "delivered",
  cancelled: "cancelled",
  refunded: "refunded",
};
