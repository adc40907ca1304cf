import {
  type Language,
  type OrderEventName,
  type OrderStatus,
  type OrderStepName,
  type ReturnStatus,
  statesTagged,
} from "@krishi/contract";
import type { Transaction, Updateable } from "kysely";
import type { Database, OrdersTable } from "../../db/schema.ts";
import type { OrderItemRow, OrderRow } from "./repository.ts";

/**
 * The order process: the one table that says how an order moves and everything each move does.
 * OrdersService.transition() is its only interpreter (the one writer of an order's state); the
 * order JSON's `actions` are read from it; the modules that act on a move (invoices, payments,
 * notices) attach to the effects it names. Adding a state or a step means a row here, the module
 * that offers it, and its screen.
 */

/** Who asks: the order's owner, a staff member, or the shop itself (payments, jobs). */
export type Role = "owner" | "staff" | "system";

/** Who moves an order: their role in the state machine, and their user id for the timeline. */
export interface Actor {
  role: Role;
  userId: number | null;
  /** The actor's e-mail language when known: an owner's spares the mail listener a read. */
  language?: Language | undefined;
}

/** What an effect's handler learns, inside the transition's transaction. */
export interface TransitionContext {
  trx: Transaction<Database>;
  /** The order after the move, and its lines. */
  order: OrderRow;
  items: readonly OrderItemRow[];
  from: OrderStatus | null;
  event: OrderEventName;
  to: OrderStatus;
  actor: Actor;
  /** The order_events row: a stable name for "this happened once" (mail keys). */
  eventId: number;
  /** The move's note (a return's reason, a refusal's explanation). */
  note: string;
}

/** Runs inside the transaction of the transitions that declare its effect: a failure rolls the move back. */
export type EffectHandler = (context: TransitionContext) => Promise<void>;

/** What a guard may look at besides the order's row. */
export interface OrderFacts {
  row: OrderRow;
  /** Paise of the order's payment refunded or on its way back (failed refunds excluded). */
  refundingPaise: number;
  /** Units ordered that are neither refunded by lines nor in a return that is open or received. */
  returnableUnits: number;
  now: Date;
  /** How long after delivery a return may be asked for. */
  returnWindowMs: number;
}

/** The customer's news of a move: the mail's kind and the text message's (SMS, WhatsApp), if any. */
export interface NoticeSpec {
  mail?: NoticeKind;
  text?: NoticeKind;
}

export type NoticeKind =
  | "placed"
  | "placed_cod"
  | "paid"
  | "cash_received"
  | "shipped"
  | "delivered"
  | "cancelled"
  | "expired"
  | "return_requested"
  | "return_approved"
  | "return_rejected"
  | "return_received";

/**
 * Work other modules do inside the move's transaction, by name: "issue-invoice" (invoices),
 * "refund-payment" (payments: what is left of a paid order's payment goes back), "empty-cart"
 * (the cart: the packs the order bought leave the customer's cart), "release-promotions" (an order
 * cancelled or expired before it was paid gives its coupons' uses back), "retake-promotions" (one
 * paid after it expired counts them again). A failure rolls the move back.
 */
export type Effect = "issue-invoice" | "refund-payment" | "empty-cart" | "release-promotions" | "retake-promotions";

export interface Transition {
  event: OrderEventName;
  /** The states it leaves; empty for placing (a new order). */
  from: readonly OrderStatus[];
  /** The state it reaches; absent for a step that leaves the state as it is (a return's). */
  to?: OrderStatus;
  /** Who may make the move. */
  who: readonly Role[];
  /** Who is offered it though the shop makes it (the owner pays; Razorpay's news moves the order). */
  offeredTo?: readonly Role[];
  /** A condition beyond the state; a move whose guard fails is refused as not possible now. */
  when?: (facts: OrderFacts, role: Role) => boolean;
  /** The columns it stamps besides the state. */
  stamps?: (row: OrderRow, at: string) => Updateable<OrdersTable>;
  /**
   * "give-back": the order's units go back on sale (exactly once: the move is a conditional
   * UPDATE); "take-again": taken again, all or none (a payment that arrives after expiry);
   * "taken": taken line by line while the order was priced (placing).
   */
  stock?: "give-back" | "take-again" | "taken";
  effects?: readonly Effect[];
  notice?: NoticeSpec;
  /** The fields of the staff's events route the move needs (shipping: the courier and the AWB number). */
  needs?: readonly ("courier" | "awb")[];
  /** The timeline's note when the staff give none. */
  note?: string;
  /** A refusal in words of its own, checked before the state (the cash of an order that has none to collect). */
  refuse?: (row: OrderRow) => Refusal | null;
  /** Words for refusals and e-mails: "This order is … and cannot be {pastTense}". */
  pastTense: string;
}

const paidAt = (_row: OrderRow, at: string) => ({ is_paid: true, paid_at: at });
const cancelledAt = (_row: OrderRow, at: string) => ({ cancelled_at: at });
const isCod = ({ row }: OrderFacts) => row.payment_method === "COD";
const cashToCollect = (facts: OrderFacts) => isCod(facts) && facts.row.paid_at === null;

/** A refusal of a move, in the API's error shape (code, words, params). */
export interface Refusal {
  code: "order_not_paid" | "order_wrong_state" | "order_not_cod" | "cash_already_received";
  message: string;
  params?: Record<string, string>;
}

/** Only a Cash on Delivery order's cash is collected, and once. */
function noCashToCollect(row: OrderRow): Refusal | null {
  if (row.payment_method !== "COD") return { code: "order_not_cod", message: "This order is not paid by Cash on Delivery." };
  if (row.paid_at !== null)
    return { code: "cash_already_received", message: "The cash of this order has already been recorded as received." };
  return null;
}

/** Cancelling, from wherever it is allowed: stock back, a paid order's payment refunded, the customer told. */
const CANCEL = {
  event: "cancel",
  to: "cancelled",
  when: (facts: OrderFacts) => facts.refundingPaise === 0,
  stamps: cancelledAt,
  stock: "give-back",
  effects: ["refund-payment", "release-promotions"],
  notice: { mail: "cancelled", text: "cancelled" },
  pastTense: "cancelled",
} as const satisfies Omit<Transition, "from" | "who">;

/** A staff step of a return: recorded on a delivered (or since refunded) order, which stays where it is. */
function staffReturnStep(event: OrderEventName, notice: NoticeKind): Transition {
  return { event, from: ["delivered", "refunded"], who: ["staff"], notice: { mail: notice, text: notice }, pastTense: "returned" };
}

export const ORDER_PROCESS: readonly Transition[] = [
  // Placing: the stock of every line is taken while the order is priced, all lines or none.
  {
    event: "place",
    from: [],
    to: "pending_payment",
    who: ["owner"],
    when: (facts) => !isCod(facts),
    stock: "taken",
    effects: ["empty-cart"],
    notice: { mail: "placed", text: "placed" },
    pastTense: "placed",
  },
  // "confirmed": a Cash on Delivery order, packed and shipped unpaid, paid when its cash is collected.
  {
    event: "place",
    from: [],
    to: "confirmed",
    who: ["owner"],
    when: isCod,
    stock: "taken",
    effects: ["empty-cart"],
    notice: { mail: "placed_cod", text: "placed_cod" },
    pastTense: "placed",
  },
  {
    event: "pay",
    from: ["pending_payment"],
    to: "paid",
    who: ["system"],
    offeredTo: ["owner"],
    // Offered to the owner while the payment window is open; a capture Razorpay reports is taken whenever it comes.
    when: (facts, role) =>
      role === "system" || (!isCod(facts) && facts.row.payment_due_at !== null && new Date(facts.row.payment_due_at) > facts.now),
    stamps: paidAt,
    effects: ["issue-invoice"],
    notice: { mail: "paid", text: "paid" },
    pastTense: "paid",
  },
  // A capture that arrives after the order expired or was cancelled unpaid: sold again if the stock is there.
  {
    event: "repay",
    from: ["cancelled"],
    to: "paid",
    who: ["system"],
    when: ({ row }) => row.paid_at === null,
    stamps: paidAt,
    stock: "take-again",
    effects: ["issue-invoice", "retake-promotions"],
    notice: { mail: "paid", text: "paid" },
    pastTense: "paid",
  },
  {
    event: "pack",
    from: ["confirmed", "paid"],
    to: "packed",
    who: ["staff"],
    stamps: (_row, at) => ({ packed_at: at }),
    pastTense: "packed",
  },
  {
    event: "ship",
    from: ["confirmed", "paid", "packed"],
    to: "shipped",
    who: ["staff"],
    stamps: (_row, at) => ({ shipped_at: at }),
    needs: ["courier", "awb"],
    notice: { mail: "shipped", text: "shipped" },
    pastTense: "shipped",
  },
  {
    event: "deliver",
    from: ["confirmed", "paid", "packed", "shipped"],
    to: "delivered",
    who: ["staff"],
    stamps: (_row, at) => ({ is_delivered: true, delivered_at: at }),
    notice: { mail: "delivered", text: "delivered" },
    pastTense: "delivered",
  },
  // The courier's cash of an unpaid COD order: handed over at the door, so delivered then too.
  {
    event: "collect",
    from: ["shipped"],
    to: "delivered",
    who: ["staff"],
    when: cashToCollect,
    refuse: noCashToCollect,
    note: "Cash received",
    stamps: (_row, at) => ({ is_paid: true, paid_at: at, is_delivered: true, delivered_at: at }),
    effects: ["issue-invoice"],
    notice: { mail: "cash_received", text: "delivered" },
    pastTense: "marked paid in cash",
  },
  {
    event: "collect",
    from: ["delivered"],
    to: "delivered",
    who: ["staff"],
    when: cashToCollect,
    refuse: noCashToCollect,
    note: "Cash received",
    stamps: paidAt,
    effects: ["issue-invoice"],
    notice: { mail: "cash_received" },
    pastTense: "marked paid in cash",
  },
  // Not once money has gone back: the rest of such an order is settled by staff.
  { ...CANCEL, from: ["pending_payment", "confirmed", "paid", "packed"], who: ["owner", "staff"] },
  // A COD parcel refused at the door: it comes back, and so does its stock.
  { ...CANCEL, from: ["shipped"], who: ["staff"] },
  {
    event: "expire",
    from: ["pending_payment"],
    to: "cancelled",
    who: ["system"],
    when: ({ row, now }) => row.payment_due_at !== null && new Date(row.payment_due_at) <= now,
    stamps: cancelledAt,
    stock: "give-back",
    effects: ["release-promotions"],
    notice: { mail: "expired", text: "cancelled" },
    pastTense: "expired",
  },
  // Staff refund part or all of a paid order; the shop moves it to refunded once the whole payment is back.
  {
    event: "refund",
    from: statesTagged("refundable"),
    to: "refunded",
    who: ["staff", "system"],
    when: (facts, role) => role === "system" || (facts.row.paid_at !== null && facts.refundingPaise < Number(facts.row.total_paise)),
    pastTense: "refunded",
  },
  // Returns leave the order's state as it is; the return's own steps are RETURN_PROCESS.
  {
    event: "return_request",
    from: ["delivered"],
    who: ["owner"],
    when: ({ row, now, returnWindowMs, returnableUnits }) =>
      row.delivered_at !== null && now.getTime() < new Date(row.delivered_at).getTime() + returnWindowMs && returnableUnits > 0,
    notice: { mail: "return_requested", text: "return_requested" },
    pastTense: "returned",
  },
  staffReturnStep("return_approve", "return_approved"),
  staffReturnStep("return_reject", "return_rejected"),
  staffReturnStep("return_receive", "return_received"),
];

/** A return's own steps: which staff action moves it from where to where, and the order event it records. */
export interface ReturnStep {
  action: "approve" | "reject" | "receive";
  from: readonly ReturnStatus[];
  to: ReturnStatus;
  event: OrderEventName;
}

export const RETURN_PROCESS: readonly ReturnStep[] = [
  { action: "approve", from: ["requested"], to: "approved", event: "return_approve" },
  { action: "reject", from: ["requested", "approved"], to: "rejected", event: "return_reject" },
  { action: "receive", from: ["approved"], to: "received", event: "return_receive" },
];

/** A return's statuses that still hold units (they cannot be asked for again). */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ["requested", "approved"];

export type TransitionCheck = { ok: true; transition: Transition } | { ok: false; reason: "not-allowed" | "wrong-state" | "not-now" };

/**
 * The transition `role` may make with `event` from the order's state: "not-allowed" when the event
 * exists from that state for someone else only, "not-now" when its guard refuses it, "wrong-state"
 * when it does not exist from that state. `status` null: a new order (placing).
 */
export function checkTransition(facts: OrderFacts | null, status: OrderStatus | null, event: OrderEventName, role: Role): TransitionCheck {
  const fromHere = ORDER_PROCESS.filter((t) => t.event === event && (status === null ? t.from.length === 0 : t.from.includes(status)));
  const mine = fromHere.filter((t) => t.who.includes(role));
  if (mine.length === 0) return { ok: false, reason: fromHere.length > 0 ? "not-allowed" : "wrong-state" };
  const transition = facts ? mine.find((t) => !t.when || t.when(facts, role)) : mine[0];
  return transition ? { ok: true, transition } : { ok: false, reason: "not-now" };
}

/**
 * Whether asking for `event` in `status` is a repeat, not an error: `status` is where the event
 * leads from elsewhere, and the event does not leave it (a delivered order delivered again; not a
 * delivered order whose cash is collected).
 */
export function reachedBy(event: OrderEventName, status: OrderStatus): boolean {
  return !leaves(event, status) && ORDER_PROCESS.some((t) => t.event === event && t.to === status);
}

/** What the staff's events route needs for `event`: the body's fields it asks for, the note it records, a refusal of its own. */
export function eventNeeds(event: OrderEventName): Required<Pick<Transition, "needs" | "note" | "refuse">> {
  const first = ORDER_PROCESS.find((t) => t.event === event);
  return { needs: first?.needs ?? [], note: first?.note ?? "", refuse: first?.refuse ?? (() => null) };
}

/** Whether `event` can happen at all from `status` (for anyone, whatever its guard says). */
export function leaves(event: OrderEventName, status: OrderStatus): boolean {
  return ORDER_PROCESS.some((t) => t.event === event && t.from.includes(status));
}

/** Whether `role` is offered `event` now: theirs to make, or theirs to start (paying). */
export function offered(facts: OrderFacts, event: OrderEventName, role: Role): boolean {
  return ORDER_PROCESS.some(
    (t) =>
      t.event === event &&
      t.from.includes(facts.row.status) &&
      (t.who.includes(role) || t.offeredTo?.includes(role)) &&
      (!t.when || t.when(facts, role)),
  );
}

/** The return step `action` from `status`, if there is one. */
export function returnStep(status: ReturnStatus, action: ReturnStep["action"]): ReturnStep | undefined {
  return RETURN_PROCESS.find((step) => step.action === action && step.from.includes(status));
}

/** Why a move is refused, in the API's error shape (code, words, params). */
export function refusalOf(
  status: OrderStatus,
  event: OrderEventName,
  reason: "not-allowed" | "wrong-state" | "not-now",
): Refusal & { params: Record<string, string> } {
  const label = STATUS_LABELS[status];
  // not_allowed: the move exists from this state, but not for this actor (a customer cancelling a shipped order).
  const params = { status, event, reason: reason === "not-allowed" ? "not_allowed" : "wrong_state" };
  const pastTense = ORDER_PROCESS.find((t) => t.event === event)?.pastTense ?? event;
  if (status === "pending_payment" && event !== "cancel" && event !== "expire")
    return { code: "order_not_paid", message: "Order is not paid yet.", params };
  if (event === "collect") {
    return { code: "order_wrong_state", message: `This order is ${label}: record its cash when the courier has delivered it.`, params };
  }
  if (reason === "not-allowed") {
    return {
      code: "order_wrong_state",
      message: `This order is ${label}: it can no longer be ${pastTense} online. Please contact us.`,
      params,
    };
  }
  return { code: "order_wrong_state", message: `This order is ${label} and cannot be ${pastTense}.`, params };
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

/** When an order reached each step of its progress bar: the columns that say so (null when not yet). */
export const reachedAt: Record<OrderStepName, (row: OrderRow) => OrderRow["created_at"] | null> = {
  placed: (row) => row.created_at,
  paid: (row) => (row.payment_method === "COD" ? row.created_at : row.paid_at),
  packed: (row) => row.packed_at ?? row.shipped_at ?? row.delivered_at,
  shipped: (row) => row.shipped_at ?? row.delivered_at,
  delivered: (row) => row.delivered_at,
};
