import { type CreditNote, type Order, type PaymentMethod, paiseToDecimal, type Refund } from "@krishi/contract";
import { toIso } from "../../db/dialect.ts";
import { checkTransition, type Role } from "./lifecycle.ts";
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
  /** The Razorpay payment it gives back: the order's own, or another (a duplicate or late payment, refunded whole). */
  paymentId: string;
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
  now: Date;
}

/** Whether staff may record the cash of this order: an unpaid COD order that has left the shop. */
export function awaitsCash(row: Pick<OrderRow, "payment_method" | "is_paid" | "status">): boolean {
  return row.payment_method === "COD" && !row.is_paid && (row.status === "shipped" || row.status === "delivered");
}

function paymentMethod(value: string): PaymentMethod {
  return value === "COD" ? "COD" : "RazorPay";
}

/** The one place that defines the order JSON of the API. */
export function orderJson(row: OrderRow, items: OrderItemRow[], extras: OrderExtras, viewer: Viewer): Order {
  const first = row.customer_first_name;
  const last = row.customer_last_name;
  const dueAt = toIso(row.payment_due_at);
  // Failed refunds give nothing back. A refund of a payment other than the one that paid the
  // order (a second capture, or one that came after the order was cancelled) is not the order's.
  const ofOrderPayment = (refund: RefundView) => row.razorpay_payment_id !== null && refund.paymentId === row.razorpay_payment_id;
  const given = extras.refunds.filter((r) => r.status !== "failed");
  const sum = (refunds: RefundView[]) => refunds.reduce((total, r) => total + r.amountPaise, 0);
  const refunded = Math.min(sum(given.filter(ofOrderPayment)), Number(row.total_paise));
  const otherPaymentsRefunded = sum(given.filter((r) => !ofOrderPayment(r)));
  return {
    _id: row.id,
    user: {
      first_name: first,
      last_name: last,
      email: row.customer_email,
      // A customer with a mobile number alone may have given no name: their delivery number then.
      name: `${first} ${last}`.trim() || row.customer_email || row.ship_phone,
    },
    orderItems: items.map((item) => ({
      product: item.product_id,
      name: item.name,
      image: item.image,
      price: paiseToDecimal(Number(item.price_paise)),
      qty: item.qty,
      hsnCode: item.hsn_code,
      gstRate: Number(item.gst_rate),
      tax: paiseToDecimal(Number(item.tax_paise)),
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
    shippingPrice: paiseToDecimal(Number(row.shipping_paise)),
    taxPrice: paiseToDecimal(Number(row.tax_paise)),
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
    paymentDueAt: row.status === "pending_payment" ? dueAt : null,
    events: extras.events.map((e) => ({
      from: e.from_status,
      to: e.to_status,
      event: e.event,
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
      ofOrderPayment: ofOrderPayment(r),
    })),
    amountRefunded: paiseToDecimal(refunded),
    otherPaymentsRefunded: paiseToDecimal(otherPaymentsRefunded),
    actions: {
      cancel: viewer.role !== "system" && checkTransition(row.status, "cancel", viewer.role).ok,
      pay: row.status === "pending_payment" && dueAt !== null && new Date(dueAt) > extras.now,
      codReceived: viewer.role === "staff" && awaitsCash(row),
    },
  };
}
