import {
  ORDER_STEPS,
  type Order,
  type OrderActions,
  type OrderReturn,
  type OrderStep,
  type OrderStepName,
  type Refund,
} from "@krishi/contract";
import { anOrder as baseOrder, NO_ACTIONS } from "./factories.ts";

/**
 * Orders for the orders feature's tests, with the parts of the order JSON that
 * testing/factories.ts does not fill in (yet): every action, the steps, the returns and the
 * refund account. Values a test gives win; steps follow the order's stamps unless given.
 */

/** Every action off but those given (collect and its old name codReceived move together). */
export function actionsOf(on: Partial<OrderActions> = {}): OrderActions {
  const collect = on.collect ?? on.codReceived ?? false;
  return { ...NO_ACTIONS, ...on, collect, codReceived: collect };
}

/** A line of an order: `anOrder()`'s paddy seeds (2 × ₹1,249.50, no Hindi name) unless told otherwise. */
export function anOrderLine(overrides: Partial<Order["orderItems"][number]> = {}): Order["orderItems"][number] {
  return {
    product: 7,
    name: "Hybrid paddy seeds 10 kg",
    nameHi: "",
    image: "images/paddy.webp",
    price: "1249.50",
    qty: 2,
    hsnCode: "10061010",
    gstRate: 0,
    tax: "204.92",
    discount: "0.00",
    variant: null,
    ...overrides,
  };
}

/** The steps an order of these stamps has reached (none when cancelled), as the server gives them. */
function stepsOf(order: Order): OrderStep[] {
  if (order.status === "cancelled") return [];
  const cod = order.paymentMethod === "COD";
  const after = (states: Order["status"][]) => states.includes(order.status);
  const shippedAt = order.shipment?.shippedAt ?? (after(["shipped", "delivered"]) ? (order.paidAt ?? order.createdAt) : null);
  const reached: Partial<Record<OrderStepName, string | null>> = {
    placed: order.createdAt,
    paid: cod ? order.createdAt : order.paidAt,
    packed: after(["packed", "shipped", "delivered"]) ? (order.paidAt ?? order.createdAt) : null,
    shipped: shippedAt,
    delivered: order.deliveredAt,
  };
  return ORDER_STEPS.map((step) => ({ step, at: reached[step] ?? null }));
}

/** A refund as the server gives it to staff: back through Razorpay, of an amount, unless told otherwise (a pending transfer may be marked paid). */
export function aRefund(overrides: Partial<Refund> = {}): Refund {
  const pendingTransfer = overrides.method === "transfer" && (overrides.status ?? "processed") === "pending";
  return {
    actions: { markPaid: pendingTransfer },
    id: 1,
    amount: "120.00",
    reason: "One bag arrived torn",
    status: "processed",
    createdAt: "2026-11-22T10:00:00.000Z",
    ofOrderPayment: true,
    method: "razorpay",
    reference: "",
    lines: [],
    ...overrides,
  };
}

/** A return of one unit of the order's paddy seeds, damaged, just asked for; staff may approve or reject it. */
export function aReturn(overrides: Partial<OrderReturn> = {}): OrderReturn {
  return {
    id: 3,
    status: "requested",
    lines: [{ product: 7, name: "Hybrid paddy seeds 10 kg", nameHi: "संकर धान के बीज 10 किलो", qty: 1, price: "1249.50", variant: null }],
    reason: "damaged",
    details: "The bag was torn",
    photos: [],
    note: "",
    restocked: false,
    refundId: null,
    createdAt: "2026-11-24T10:00:00.000Z",
    updatedAt: "2026-11-24T10:00:00.000Z",
    actions: { approve: false, reject: false, receive: false },
    ...overrides,
  };
}

export type OrderOverrides = Omit<Partial<Order>, "actions" | "refunds"> & {
  actions?: Partial<OrderActions>;
  refunds?: Partial<Refund>[];
};

/** `anOrder()` of testing/factories.ts, whole: unpaid, payable and cancellable. */
export function anOrder(overrides: OrderOverrides = {}): Order {
  const { actions, refunds, ...rest } = overrides;
  const order = baseOrder(rest);
  const whole: Order = {
    ...order,
    orderItems: order.orderItems.map((line) => ({ ...line, nameHi: line.nameHi ?? "" })),
    actions: actionsOf(actions ?? { pay: true, cancel: true }),
    refunds: (refunds ?? []).map((refund) => aRefund(refund)),
    steps: [],
    expectedDeliveryBy: rest.expectedDeliveryBy ?? null,
    returns: rest.returns ?? [],
    returnWindowEndsAt: rest.returnWindowEndsAt ?? null,
    refundAccount: rest.refundAccount ?? null,
  };
  return { ...whole, steps: rest.steps ?? stepsOf(whole) };
}

export const PAID_AT = "2026-11-20T10:30:00.000Z";

/** `anOrder()` once paid (at PAID_AT): no longer payable; staff may pack, ship, deliver, refund or cancel it. */
export function aPaidOrder(overrides: OrderOverrides = {}): Order {
  return anOrder({
    status: "paid",
    isPaid: true,
    paidAt: PAID_AT,
    paymentDueAt: null,
    events: [
      { from: null, to: "pending_payment", event: "place", actor: "customer", note: "", at: "2026-11-20T09:15:00.000Z" },
      { from: "pending_payment", to: "paid", event: "pay", actor: "system", note: "", at: PAID_AT },
    ],
    actions: { cancel: true, pack: true, ship: true, deliver: true, refund: true },
    ...overrides,
  });
}
