import {
  type CreditNote,
  type Discount,
  OFFERED_EVENTS,
  type OfferedEvent,
  ORDER_STEPS,
  type Order,
  type OrderActions,
  type OrderEventName,
  type OrderReturn,
  type PaymentMethod,
  paiseToDecimal,
  type Refund,
  type RefundAccount,
  stateIs,
} from "@krishi/contract";
import { toIso } from "../../db/dialect.ts";
import { variantOf } from "./lines.ts";
import { leaves, OPEN_RETURN_STATUSES, type OrderFacts, offered, type Role, reachedAt, returnStep } from "./process.ts";
import type { OrderEventRow, OrderItemRow, OrderRow } from "./repository.ts";

/** Who reads the order: the actions it offers depend on it. */
export interface Viewer {
  role: Role;
}

/** A refund as the order JSON shows it, in paise (payments owns the rows). */
export interface RefundView {
  id: number;
  amountPaise: number;
  reason: string;
  status: Refund["status"];
  createdAt: Date | string;
  /** The Razorpay payment it gives back: the order's own, or another (a duplicate or late payment, refunded whole); "" for a transfer. */
  paymentId: string;
  method: Refund["method"];
  reference: string;
  /** The order lines it refunds (by order item id), when it refunds lines. */
  lines: { orderItemId: number; qty: number }[];
}

/** A return as the order JSON shows it (returns owns the rows). */
export interface ReturnView {
  id: number;
  status: OrderReturn["status"];
  reason: OrderReturn["reason"];
  details: string;
  photos: string[];
  note: string;
  restocked: boolean;
  refundId: number | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  lines: { orderItemId: number; qty: number }[];
}

/** Where a Cash on Delivery order's refunds go (payments owns the rows). */
export interface RefundAccountView {
  kind: RefundAccount["kind"];
  /** For the customer: the account number masked. */
  display: string;
  /** For staff, who pay it: in full. */
  staffDisplay: string;
}

/** The tax documents of an order as its JSON shows them (invoices owns the rows). */
export interface TaxDocumentsView {
  invoiceNumber: string | null;
  creditNotes: { n: number; number: string; amountPaise: number; issuedAt: Date | string }[];
}

export const NO_TAX_DOCUMENTS: TaxDocumentsView = Object.freeze({ invoiceNumber: null, creditNotes: [] });

export interface OrderExtras {
  events: OrderEventRow[];
  refunds: RefundView[];
  documents: TaxDocumentsView;
  returns: ReturnView[];
  refundAccount: RefundAccountView | null;
  now: Date;
  returnWindowMs: number;
}

/** Whether a refund gives back (part of) what paid the order: its Razorpay payment, or a transfer of a COD order's cash. */
export function ofOrderPayment(row: Pick<OrderRow, "razorpay_payment_id">, refund: Pick<RefundView, "method" | "paymentId">): boolean {
  return refund.method === "transfer" || (row.razorpay_payment_id !== null && refund.paymentId === row.razorpay_payment_id);
}

/** What the order process's guards look at, from the order's lines, refunds and returns. */
export function orderFacts(
  row: OrderRow,
  items: readonly Pick<OrderItemRow, "id" | "qty">[],
  extras: Pick<OrderExtras, "refunds" | "returns" | "now" | "returnWindowMs">,
): OrderFacts {
  const given = extras.refunds.filter((r) => r.status !== "failed" && ofOrderPayment(row, r));
  const ordered = items.reduce((sum, item) => sum + item.qty, 0);
  const refundedUnits = given.flatMap((r) => r.lines).reduce((sum, line) => sum + line.qty, 0);
  // A received return's units are counted by its refund's lines.
  const heldUnits = extras.returns
    .filter((r) => OPEN_RETURN_STATUSES.includes(r.status))
    .flatMap((r) => r.lines)
    .reduce((sum, line) => sum + line.qty, 0);
  return {
    row,
    refundingPaise: given.reduce((sum, r) => sum + r.amountPaise, 0),
    returnableUnits: ordered - refundedUnits - heldUnits,
    now: extras.now,
    returnWindowMs: extras.returnWindowMs,
  };
}

/** One flag per event: whether the viewer may make it (or start it) now. */
function actionsFor(facts: OrderFacts, role: Role): OrderActions {
  const offers = Object.fromEntries(OFFERED_EVENTS.map((event) => [event, role !== "system" && offered(facts, event, role)]));
  const actions = offers as Record<OfferedEvent, boolean>;
  return { ...actions, codReceived: actions.collect };
}

function paymentMethod(value: string): PaymentMethod {
  return value === "COD" ? "COD" : "RazorPay";
}

/** The order's customer as lists name them: a customer with a mobile number alone may have given no name, their delivery number then. */
export function customerName(row: Pick<OrderRow, "customer_first_name" | "customer_last_name" | "customer_email" | "ship_phone">): string {
  return `${row.customer_first_name} ${row.customer_last_name}`.trim() || row.customer_email || row.ship_phone;
}

/** The one place that defines the order JSON of the API. */
export function orderJson(row: OrderRow, items: OrderItemRow[], extras: OrderExtras, viewer: Viewer): Order {
  const first = row.customer_first_name;
  const last = row.customer_last_name;
  const dueAt = toIso(row.payment_due_at);
  // Failed refunds give nothing back. A refund of a payment other than the one that paid the
  // order (a second capture, or one that came after the order was cancelled) is not the order's.
  const isOrders = (refund: RefundView) => ofOrderPayment(row, refund);
  const given = extras.refunds.filter((r) => r.status !== "failed");
  const sum = (refunds: RefundView[]) => refunds.reduce((total, r) => total + r.amountPaise, 0);
  const refunded = Math.min(sum(given.filter(isOrders)), Number(row.total_paise));
  const otherPaymentsRefunded = sum(given.filter((r) => !isOrders(r)));
  const facts = orderFacts(row, items, extras);
  const itemById = new Map(items.map((item) => [item.id, item]));
  /** A refunded line's product and pack (a line of the order; null when it is not one). */
  const lineRef = (orderItemId: number) => {
    const item = itemById.get(orderItemId);
    return { product: item?.product_id ?? null, variant: item ? variantOf(item) : null };
  };
  return {
    _id: row.id,
    user: {
      first_name: first,
      last_name: last,
      email: row.customer_email,
      name: customerName(row),
    },
    orderItems: items.map((item) => ({
      product: item.product_id,
      variant: variantOf(item),
      name: item.name,
      nameHi: item.name_hi,
      image: item.image,
      price: paiseToDecimal(Number(item.price_paise)),
      qty: item.qty,
      hsnCode: item.hsn_code,
      gstRate: Number(item.gst_rate),
      tax: paiseToDecimal(Number(item.tax_paise)),
      discount: paiseToDecimal(Number(item.discount_paise)),
    })),
    shippingAddress: {
      label: row.ship_label,
      address: row.ship_address,
      city: row.ship_city,
      state: row.ship_state,
      postalCode: row.ship_postal_code,
      pincode: row.ship_postal_code,
      landmark: row.ship_landmark,
      country: row.ship_country,
      phone: row.ship_phone,
    },
    paymentMethod: paymentMethod(row.payment_method),
    itemsPrice: paiseToDecimal(Number(row.items_paise)),
    discountPrice: paiseToDecimal(Number(row.discount_paise)),
    discounts: discountsOf(row),
    shippingPrice: paiseToDecimal(Number(row.shipping_paise)),
    taxPrice: paiseToDecimal(Number(row.tax_paise)),
    taxIncluded: Boolean(row.prices_include_tax),
    taxBreakup: {
      cgst: paiseToDecimal(Number(row.cgst_paise)),
      sgst: paiseToDecimal(Number(row.sgst_paise)),
      igst: paiseToDecimal(Number(row.igst_paise)),
    },
    codFee: paiseToDecimal(Number(row.cod_fee_paise)),
    totalPrice: paiseToDecimal(Number(row.total_paise)),
    invoiceNumber: extras.documents.invoiceNumber,
    creditNotes: extras.documents.creditNotes.map(
      (note): CreditNote => ({
        n: note.n,
        number: note.number,
        amount: paiseToDecimal(note.amountPaise),
        issuedAt: toIso(note.issuedAt) ?? "",
      }),
    ),
    isPaid: Boolean(row.is_paid),
    paidAt: toIso(row.paid_at),
    isDelivered: Boolean(row.is_delivered),
    deliveredAt: toIso(row.delivered_at),
    createdAt: toIso(row.created_at) ?? "",
    status: row.status,
    // Shown while the order can still run out of time to pay.
    paymentDueAt: leaves("expire", row.status) ? dueAt : null,
    events: extras.events.map((e) => ({
      from: e.from_status,
      to: e.to_status,
      event: e.event as OrderEventName,
      actor: e.actor,
      note: e.note,
      at: toIso(e.created_at) ?? "",
    })),
    shipment:
      row.courier && row.shipped_at
        ? { courier: row.courier, awb: row.awb ?? "", trackingUrl: row.tracking_url ?? "", shippedAt: toIso(row.shipped_at) ?? "" }
        : null,
    refunds: extras.refunds.map((r) => ({
      id: r.id,
      amount: paiseToDecimal(r.amountPaise),
      reason: r.reason,
      status: r.status,
      createdAt: toIso(r.createdAt) ?? "",
      ofOrderPayment: isOrders(r),
      method: r.method,
      reference: r.reference,
      lines: r.lines.map((line) => ({ ...lineRef(line.orderItemId), qty: line.qty })),
      actions: { markPaid: viewer.role === "staff" && r.method === "transfer" && r.status === "pending" },
    })),
    amountRefunded: paiseToDecimal(refunded),
    otherPaymentsRefunded: paiseToDecimal(otherPaymentsRefunded),
    actions: actionsFor(facts, viewer.role),
    steps: stateIs(row.status, "off_the_road") ? [] : ORDER_STEPS.map((step) => ({ step, at: toIso(reachedAt[step](row)) })),
    expectedDeliveryBy: row.delivered_at || stateIs(row.status, "off_the_road") ? null : row.expected_delivery_on,
    returns: extras.returns.map((r) => returnJson(r, itemById, viewer)),
    returnWindowEndsAt: row.delivered_at ? new Date(new Date(row.delivered_at).getTime() + extras.returnWindowMs).toISOString() : null,
    refundAccount: extras.refundAccount
      ? {
          kind: extras.refundAccount.kind,
          display: viewer.role === "staff" ? extras.refundAccount.staffDisplay : extras.refundAccount.display,
        }
      : null,
  };
}

function returnJson(view: ReturnView, itemById: Map<number, OrderItemRow>, viewer: Viewer): OrderReturn {
  const may = (action: "approve" | "reject" | "receive") => viewer.role === "staff" && returnStep(view.status, action) !== undefined;
  return {
    id: view.id,
    status: view.status,
    lines: view.lines.flatMap((line) => {
      const item = itemById.get(line.orderItemId);
      if (!item || item.product_id === null) return [];
      return [
        {
          product: item.product_id,
          variant: variantOf(item),
          name: item.name,
          nameHi: item.name_hi,
          qty: line.qty,
          price: paiseToDecimal(Number(item.price_paise)),
        },
      ];
    }),
    reason: view.reason,
    details: view.details,
    photos: view.photos,
    note: view.note,
    restocked: view.restocked,
    refundId: view.refundId,
    createdAt: toIso(view.createdAt) ?? "",
    updatedAt: toIso(view.updatedAt) ?? "",
    actions: { approve: may("approve"), reject: may("reject"), receive: may("receive") },
  };
}

/** The promotions an order carries, as it kept them when placed (orders.discounts). */
export function discountsOf(row: Pick<OrderRow, "discounts">): Discount[] {
  const kept = JSON.parse(row.discounts || "[]") as {
    code: string | null;
    description: string;
    descriptionHi: string;
    amountPaise: number;
    freeShipping: boolean;
  }[];
  return kept.map((d) => ({
    code: d.code,
    description: d.description,
    descriptionHi: d.descriptionHi,
    amount: paiseToDecimal(d.amountPaise),
    freeShipping: d.freeShipping,
  }));
}
