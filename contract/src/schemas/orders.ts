import { Type } from "typebox";
import { ORDER_STATUSES, PAYMENT_METHODS, REFUND_STATUSES } from "../constants.ts";
import { AddressSchema, ShippingAddressInput } from "./addresses.ts";
import { AmountInput, ErrorCodeSchema, Id, IsoDate, LongText, Money, Text } from "./common.ts";

export const PlaceOrderBody = Type.Object({
  orderItems: Type.Array(
    Type.Object({
      product: Id,
      qty: Type.Integer({ minimum: 1, maximum: 10_000 }),
      // The client may echo name, price, image …: ignored, the server prices from its database.
    }),
    { maxItems: 100 },
  ),
  shippingAddress: ShippingAddressInput,
  /** "RazorPay" (the default), or "COD" when Cash on Delivery is on and allowed for the order. */
  paymentMethod: Type.Optional(Type.Enum(PAYMENT_METHODS)),
  itemsPrice: Type.Optional(AmountInput),
  shippingPrice: Type.Optional(AmountInput),
  taxPrice: Type.Optional(AmountInput),
  totalPrice: AmountInput,
});

export const OrderItemSchema = Type.Object({
  /** The product's id, or null when the product has since been deleted. */
  product: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  image: Type.String(),
  price: Money,
  qty: Type.Integer(),
  /** The product's HSN code and GST rate when ordered, and the line's tax (its share of taxPrice in flat mode). */
  hsnCode: Type.String(),
  gstRate: Type.Integer(),
  tax: Money,
});

/** The GST of an order: CGST + SGST within the seller's state, IGST to another (all "0.00" in flat mode). */
export const TaxBreakupSchema = Type.Object({ cgst: Money, sgst: Money, igst: Money });

/** A credit note issued against the order's invoice (one per refund). */
export const CreditNoteSchema = Type.Object({
  /** Its position among the order's credit notes, 1 first: GET /api/orders/{id}/credit-notes/{n}/. */
  n: Type.Integer(),
  number: Type.String(),
  amount: Money,
  issuedAt: IsoDate,
});

/** The order's life; isPaid / isDelivered stay in the JSON, derived from it. */
export const OrderStatusSchema = Type.Enum(ORDER_STATUSES);

/** One step of the order's timeline: who moved it from where to where, and why. */
export const OrderEventSchema = Type.Object({
  from: Type.Union([OrderStatusSchema, Type.Null()]),
  to: OrderStatusSchema,
  /** The transition's name: place, pay, pack, ship, deliver, cancel, expire, refund, repay. */
  event: Type.String(),
  actor: Type.Union([Type.Literal("customer"), Type.Literal("staff"), Type.Literal("system")]),
  note: Type.String(),
  at: IsoDate,
});

export const ShipmentSchema = Type.Object({
  courier: Type.String(),
  awb: Type.String(),
  trackingUrl: Type.String(),
  shippedAt: IsoDate,
});

export const RefundSchema = Type.Object({
  id: Type.Integer(),
  amount: Money,
  reason: Type.String(),
  status: Type.Enum(REFUND_STATUSES),
  createdAt: IsoDate,
  /**
   * Whether it gives back (part of) the payment that paid the order; false for another payment
   * Razorpay captured for it, refunded whole: a second payment of a paid order, or one that arrived
   * after the order was cancelled.
   */
  ofOrderPayment: Type.Boolean(),
});

export const OrderSchema = Type.Object({
  _id: Type.Integer(),
  user: Type.Object({ first_name: Type.String(), last_name: Type.String(), email: Type.String(), name: Type.String() }),
  orderItems: Type.Array(OrderItemSchema),
  shippingAddress: AddressSchema,
  paymentMethod: Type.Enum(PAYMENT_METHODS),
  itemsPrice: Money,
  shippingPrice: Money,
  /** The total tax: the lines' and the charges'. */
  taxPrice: Money,
  taxBreakup: TaxBreakupSchema,
  /** The Cash on Delivery fee, "0.00" unless paid by COD. */
  codFee: Money,
  totalPrice: Money,
  /** The tax invoice's number (KB/2026-27/000001), null until the order is paid. */
  invoiceNumber: Type.Union([Type.String(), Type.Null()]),
  creditNotes: Type.Array(CreditNoteSchema),
  isPaid: Type.Boolean(),
  paidAt: Type.Union([IsoDate, Type.Null()]),
  isDelivered: Type.Boolean(),
  deliveredAt: Type.Union([IsoDate, Type.Null()]),
  createdAt: IsoDate,
  status: OrderStatusSchema,
  /** An unpaid order is cancelled, and its stock put back, at this time. */
  paymentDueAt: Type.Union([IsoDate, Type.Null()]),
  events: Type.Array(OrderEventSchema),
  shipment: Type.Union([ShipmentSchema, Type.Null()]),
  refunds: Type.Array(RefundSchema),
  /**
   * The order's own payment refunded (pending or processed; failed ones give nothing back), at
   * most its total.
   */
  amountRefunded: Money,
  /** Other payments captured for the order and refunded whole (refunds with ofOrderPayment false): not part of amountRefunded. */
  otherPaymentsRefunded: Money,
  /** What the customer and staff may do now, computed by the server from the state machine. */
  actions: Type.Object({
    cancel: Type.Boolean(),
    pay: Type.Boolean(),
    /** Staff may record the cash of a COD order as received. */
    codReceived: Type.Boolean(),
  }),
});

export const CancelOrderBody = Type.Object({
  reason: Type.Optional(LongText({ maxLength: 500 })),
});

export const ShipOrderBody = Type.Object({
  courier: Text({ minLength: 1, maxLength: 100 }),
  awb: Type.String({ minLength: 1, maxLength: 100, pattern: "^[A-Za-z0-9-]+$" }),
  trackingUrl: Type.String({ maxLength: 500, pattern: "^(https?://\\S+)?$" }),
});

export const RefundOrderBody = Type.Object({
  amount: AmountInput,
  reason: LongText({ minLength: 1, maxLength: 500 }),
});

/** "true" / "false" as a query parameter; absent means either. */
const Flag = Type.Union([Type.Literal("true"), Type.Literal("false")]);

/** Staff: every order, newest first, filtered by state, paid and delivered. */
export const OrderListQuery = Type.Object({
  status: Type.Optional(OrderStatusSchema),
  paid: Type.Optional(Flag),
  delivered: Type.Optional(Flag),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const PaymentProofBody = Type.Object({
  razorpay_order_id: Text({ minLength: 1, maxLength: 100 }),
  razorpay_payment_id: Text({ minLength: 1, maxLength: 100 }),
  razorpay_signature: Text({ minLength: 1, maxLength: 200 }),
});

export const StartPaymentBody = Type.Object({
  amount: Type.Integer({ minimum: 1, maximum: 1e13 }),
  order_id: Id,
});

export const StartPaymentAnswer = Type.Union([
  Type.Object({
    bool: Type.Literal(1),
    data: Type.Object({ id: Type.String(), amount: Type.Integer(), currency: Type.String(), key: Type.String() }),
  }),
  Type.Object({ bool: Type.Literal(0), detail: Type.String(), message: Type.String(), code: ErrorCodeSchema }),
]);

/** Staff: the GST report's period, both days included (Indian dates). */
export const GstReportQuery = Type.Object({
  from: Type.String({ format: "date", description: "First day, YYYY-MM-DD" }),
  to: Type.String({ format: "date", description: "Last day, YYYY-MM-DD" }),
});

export const CreditNoteParams = Type.Object({ id: Id, n: Type.Integer({ minimum: 1, maximum: 1000 }) });
