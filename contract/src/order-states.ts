/**
 * An order's states and events as server and web share them: the server's order process
 * (server/src/modules/orders/process.ts) says how an order moves between them; this file says what
 * each state is (its groups, by tags) and what each event is (offered to users, made through the
 * staff's events route). Every group of states — the orders to deliver, the cash to collect, the
 * states a refund may leave — is read from the tags here, so a new state joins its groups by its
 * row, and the compiler asks for its labels (every `Record<OrderStatus, …>`).
 */

/**
 * A state's groups.
 * - `open`: the order is still on its way (not delivered, cancelled or refunded).
 * - `awaiting_payment`: placed, its online payment not made yet (the payment window runs).
 * - `to_deliver`: placed and paid or confirmed, the goods not yet with the customer.
 * - `refundable`: a paid order may be here, and money can go back from here.
 * - `cash_to_collect`: a Cash on Delivery order here may still have its cash to collect.
 * - `off_the_road`: stopped; the order's progress bar is not shown.
 */
export type OrderStateTag = "open" | "awaiting_payment" | "to_deliver" | "refundable" | "cash_to_collect" | "off_the_road";

/** What a state means to the customer, and so its colour: waiting, on its way, done, or stopped. */
export type OrderStateMeaning = "waiting" | "moving" | "done" | "stopped";

export interface OrderState {
  tags: readonly OrderStateTag[];
  meaning: OrderStateMeaning;
}

/**
 * The states of an order, in the order an order normally passes them. "confirmed": a Cash on
 * Delivery order, placed and waiting to be packed, paid when its cash is received.
 */
export const ORDER_STATES = {
  pending_payment: { tags: ["open", "awaiting_payment"], meaning: "waiting" },
  // Cash on Delivery, placed and waiting to be packed: nothing wrong, nothing to do yet.
  confirmed: { tags: ["open", "to_deliver", "cash_to_collect"], meaning: "waiting" },
  paid: { tags: ["open", "to_deliver", "refundable"], meaning: "moving" },
  packed: { tags: ["open", "to_deliver", "refundable", "cash_to_collect"], meaning: "moving" },
  shipped: { tags: ["open", "to_deliver", "refundable", "cash_to_collect"], meaning: "moving" },
  // Delivered, a COD order's cash maybe not recorded yet (the courier may still hold it).
  delivered: { tags: ["refundable", "cash_to_collect"], meaning: "done" },
  cancelled: { tags: ["off_the_road"], meaning: "stopped" },
  refunded: { tags: [], meaning: "waiting" },
} as const satisfies Record<string, OrderState>;

export type OrderStatus = keyof typeof ORDER_STATES;

export const ORDER_STATUSES = Object.keys(ORDER_STATES) as OrderStatus[];

/** The states carrying `tag`, in the states' order. */
export function statesTagged(tag: OrderStateTag): OrderStatus[] {
  return ORDER_STATUSES.filter((status) => (ORDER_STATES[status].tags as readonly OrderStateTag[]).includes(tag));
}

/** Whether `status` carries `tag`. */
export function stateIs(status: OrderStatus, tag: OrderStateTag): boolean {
  return (ORDER_STATES[status].tags as readonly OrderStateTag[]).includes(tag);
}

/**
 * What an event is to the API.
 * - `offered`: the order JSON's `actions` say whether the viewer may make it now.
 * - `staff`: staff make it through `PUT /api/orders/{id}/events/{event}/`; the others have routes
 *   of their own (a refund's amount, a return's step) or are the shop's (payments, expiry).
 */
export interface OrderEventKind {
  offered: boolean;
  staff: boolean;
}

/**
 * What can happen to an order: the names of the order process's transitions (the server's
 * orders/process.ts declares what each does). The web reads an order's `actions`, never these.
 */
export const ORDER_EVENT_KINDS = {
  place: { offered: false, staff: false },
  pay: { offered: true, staff: false },
  repay: { offered: false, staff: false },
  pack: { offered: true, staff: true },
  ship: { offered: true, staff: true },
  deliver: { offered: true, staff: true },
  collect: { offered: true, staff: true },
  cancel: { offered: true, staff: true },
  expire: { offered: false, staff: false },
  refund: { offered: true, staff: false },
  return_request: { offered: true, staff: false },
  return_approve: { offered: false, staff: false },
  return_reject: { offered: false, staff: false },
  return_receive: { offered: false, staff: false },
} as const satisfies Record<string, OrderEventKind>;

export type OrderEventName = keyof typeof ORDER_EVENT_KINDS;

export const ORDER_EVENTS = Object.keys(ORDER_EVENT_KINDS) as OrderEventName[];

type EventsWith<K extends keyof OrderEventKind> = {
  [E in OrderEventName]: (typeof ORDER_EVENT_KINDS)[E][K] extends true ? E : never;
}[OrderEventName];

/** The events an order's `actions` offer. */
export type OfferedEvent = EventsWith<"offered">;
export const OFFERED_EVENTS = ORDER_EVENTS.filter((event): event is OfferedEvent => ORDER_EVENT_KINDS[event].offered);

/** The events staff make through the events route. */
export type StaffEvent = EventsWith<"staff">;
export const STAFF_EVENTS = ORDER_EVENTS.filter((event): event is StaffEvent => ORDER_EVENT_KINDS[event].staff);

/** The steps of an order's progress bar, in order (the server says when each was reached). */
export const ORDER_STEPS = ["placed", "paid", "packed", "shipped", "delivered"] as const;
export type OrderStepName = (typeof ORDER_STEPS)[number];
