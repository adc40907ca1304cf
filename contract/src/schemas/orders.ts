import { Type } from "typebox";
import {
  IMAGE_WIDTHS,
  MAX_RETURN_PHOTOS,
  PAYMENT_METHODS,
  REFUND_METHODS,
  REFUND_STATUSES,
  RETURN_REASONS,
  RETURN_STATUSES,
} from "../constants.ts";
import { OFFERED_EVENTS, type OfferedEvent, ORDER_EVENTS, ORDER_STATUSES, ORDER_STEPS, STAFF_EVENTS } from "../order-states.ts";
import { AddressSchema, ShippingAddressInput } from "./addresses.ts";
import { AmountInput, ErrorCodeSchema, Id, IsoDate, LongText, Money, Text } from "./common.ts";
import { DiscountSchema } from "./promotions.ts";

export const PlaceOrderBody = Type.Object({
  orderItems: Type.Array(
    Type.Object({
      product: Id,
      /** The pack (one of the product's variants); absent: the product's default pack. */
      variant: Type.Optional(Id),
      qty: Type.Integer({ minimum: 1, maximum: 10_000 }),
      // The client may echo name, price, image …: ignored, the server prices from its database.
    }),
    { maxItems: 100 },
  ),
  shippingAddress: ShippingAddressInput,
  /** A coupon's code: the order is refused with its coupon_… code when it does not apply. */
  coupon: Type.Optional(Text({ minLength: 1, maxLength: 40 })),
  /** "RazorPay" (the default), or "COD" when Cash on Delivery is on and allowed for the order. */
  paymentMethod: Type.Optional(Type.Enum(PAYMENT_METHODS)),
  itemsPrice: Type.Optional(AmountInput),
  shippingPrice: Type.Optional(AmountInput),
  taxPrice: Type.Optional(AmountInput),
  totalPrice: AmountInput,
});

/** The pack an order line holds: its id (null once the pack is removed) and its label when ordered. */
export const VariantRefSchema = Type.Object({ id: Type.Union([Type.Integer(), Type.Null()]), label: Type.String() });

export const OrderItemSchema = Type.Object({
  /** The product's id, or null when the product has since been deleted. */
  product: Type.Union([Type.Integer(), Type.Null()]),
  /** The pack ordered; null on a line whose product was gone before packs existed. */
  variant: Type.Union([VariantRefSchema, Type.Null()]),
  name: Type.String(),
  /** The product's Hindi name when ordered, "" when it had none. */
  nameHi: Type.String(),
  image: Type.String(),
  price: Money,
  qty: Type.Integer(),
  /** The product's HSN code and GST rate when ordered, and the line's tax (its share of taxPrice in flat mode). */
  hsnCode: Type.String(),
  gstRate: Type.Integer(),
  tax: Money,
  /** The line's share of the order's discounts, taken off price × qty before tax. */
  discount: Money,
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
  /** The transition's name (a return's steps are on the order's timeline too). */
  event: Type.Enum(ORDER_EVENTS),
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
  /** "razorpay", or "transfer": paid by staff to the bank account or UPI id the customer gave (Cash on Delivery). */
  method: Type.Enum(REFUND_METHODS),
  /** The transfer's reference (UTR) once staff paid it, else "". */
  reference: Type.String(),
  /** The lines it refunds, when it refunds lines (their value with their own tax), else empty. */
  lines: Type.Array(
    Type.Object({
      product: Type.Union([Type.Integer(), Type.Null()]),
      variant: Type.Union([VariantRefSchema, Type.Null()]),
      qty: Type.Integer(),
    }),
  ),
  /** Staff may record it as paid (a transfer still to be made). */
  actions: Type.Object({ markPaid: Type.Boolean() }),
});

/** A line of a return: a product of the order and how many of its units go back. */
export const ReturnLineSchema = Type.Object({
  product: Type.Integer(),
  variant: Type.Union([VariantRefSchema, Type.Null()]),
  name: Type.String(),
  nameHi: Type.String(),
  qty: Type.Integer(),
  price: Money,
});

export const ReturnSchema = Type.Object({
  id: Type.Integer(),
  status: Type.Enum(RETURN_STATUSES),
  lines: Type.Array(ReturnLineSchema),
  reason: Type.Enum(RETURN_REASONS),
  /** The customer's own words. */
  details: Type.String(),
  /**
   * The photos' addresses on this server (WebP), signed for whoever was given the order and valid
   * for an hour or so; `&w=160|320|640|960` asks for a narrower copy. Never under the public media.
   */
  photos: Type.Array(Type.String()),
  /** Staff's note: why it was refused, or what was arranged. */
  note: Type.String(),
  /** Whether the units went back on sale when received. */
  restocked: Type.Boolean(),
  /** The refund made when the goods were received. */
  refundId: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  /** What the viewer may do with it now (staff only). */
  actions: Type.Object({ approve: Type.Boolean(), reject: Type.Boolean(), receive: Type.Boolean() }),
});

/** Where a Cash on Delivery order's refunds are paid, as the customer and staff see it. */
export const RefundAccountSchema = Type.Object({
  kind: Type.Union([Type.Literal("upi"), Type.Literal("bank")]),
  /** The UPI id, or the account holder, the masked account number and the IFSC (staff see the whole number). */
  display: Type.String(),
});

/** What the viewer may do now: one flag per event, from the order process's table (true only for the viewer's own moves). */
export const OrderActionsSchema = Type.Object({
  ...(Object.fromEntries(OFFERED_EVENTS.map((event) => [event, Type.Boolean()])) as Record<OfferedEvent, ReturnType<typeof Type.Boolean>>),
  /** The same as collect (kept for clients written before the process table). */
  codReceived: Type.Boolean(),
});

/** The order's progress for its stepper: each step and when it was reached (null when not yet). */
export const OrderStepSchema = Type.Object({
  step: Type.Enum(ORDER_STEPS),
  at: Type.Union([IsoDate, Type.Null()]),
});

export const OrderSchema = Type.Object({
  _id: Type.Integer(),
  user: Type.Object({ first_name: Type.String(), last_name: Type.String(), email: Type.String(), name: Type.String() }),
  orderItems: Type.Array(OrderItemSchema),
  shippingAddress: AddressSchema,
  paymentMethod: Type.Enum(PAYMENT_METHODS),
  itemsPrice: Money,
  /** Σ the discounts, taken off the items before tax: totalPrice = itemsPrice − discountPrice + … */
  discountPrice: Money,
  /** The promotions the order carries: a coupon and offers. */
  discounts: Type.Array(DiscountSchema),
  shippingPrice: Money,
  /** The total tax: the lines' and the charges'; the GST inside the prices when taxIncluded. */
  taxPrice: Money,
  /**
   * Whether the order's prices included GST (placed in GST mode with PRICES_INCLUDE_TAX): then
   * totalPrice = itemsPrice + shippingPrice + codFee and taxPrice is inside it, not added.
   */
  taxIncluded: Type.Boolean(),
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
  /** What the customer and staff may do now, computed by the server from the order process. */
  actions: OrderActionsSchema,
  /**
   * The road of an order that is not cancelled: placed → paid (or confirmed, for Cash on
   * Delivery) → packed → shipped → delivered; empty for a cancelled order.
   */
  steps: Type.Array(OrderStepSchema),
  /** The day the delivery is expected (YYYY-MM-DD, from the delivery PIN's days), null when unknown or delivered. */
  expectedDeliveryBy: Type.Union([Type.String({ format: "date" }), Type.Null()]),
  returns: Type.Array(ReturnSchema),
  /** Until when the owner may ask for a return (null before delivery). */
  returnWindowEndsAt: Type.Union([IsoDate, Type.Null()]),
  refundAccount: Type.Union([RefundAccountSchema, Type.Null()]),
});

export const CancelOrderBody = Type.Object({
  reason: Type.Optional(LongText({ maxLength: 500 })),
});

export const ShipOrderBody = Type.Object({
  courier: Text({ minLength: 1, maxLength: 100 }),
  awb: Type.String({ minLength: 1, maxLength: 100, pattern: "^[A-Za-z0-9-]+$" }),
  trackingUrl: Type.String({ maxLength: 500, pattern: "^(https?://\\S+)?$" }),
});

/**
 * A staff move by event (`PUT /api/orders/{id}/events/{event}/`): a note for the timeline, and
 * the fields its event asks for (shipping: the courier, the AWB number, the tracking page).
 */
export const OrderEventBody = Type.Object({
  note: Type.Optional(LongText({ maxLength: 500 })),
  courier: Type.Optional(ShipOrderBody.properties.courier),
  awb: Type.Optional(ShipOrderBody.properties.awb),
  trackingUrl: Type.Optional(ShipOrderBody.properties.trackingUrl),
});

export const OrderEventParams = Type.Object({
  id: Id,
  event: Type.Enum(STAFF_EVENTS, { description: "The move: one the order's `actions` offer to staff" }),
});

/** Units of an order's products: what a return sends back, or a line refund gives back. */
export const OrderLinesInput = Type.Array(
  Type.Object({
    product: Id,
    /** The pack, when the order holds more than one pack of the product. */
    variant: Type.Optional(Id),
    qty: Type.Integer({ minimum: 1, maximum: 10_000 }),
  }),
  {
    minItems: 1,
    maxItems: 100,
  },
);

/** Staff: refund an amount, or lines (their value with their own tax); one of the two. */
export const RefundOrderBody = Type.Object({
  amount: Type.Optional(AmountInput),
  lines: Type.Optional(OrderLinesInput),
  reason: LongText({ minLength: 1, maxLength: 500 }),
});

/** A bank account or UPI id to pay a Cash on Delivery order's refunds to. */
export const RefundAccountBody = Type.Union([
  Type.Object({ upi: Type.String({ minLength: 3, maxLength: 100, pattern: "^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$" }) }),
  Type.Object({
    accountName: Text({ minLength: 1, maxLength: 100 }),
    accountNumber: Type.String({ pattern: "^\\d{9,18}$" }),
    ifsc: Type.String({ pattern: "^[A-Za-z]{4}0[A-Za-z0-9]{6}$" }),
  }),
]);

/** The owner asks to return units of a delivered order (as JSON, or multipart with up to 3 `photos` and `lines` / `refundTo` as JSON text). */
export const RequestReturnBody = Type.Object({
  lines: OrderLinesInput,
  reason: Type.Enum(RETURN_REASONS),
  details: Type.Optional(LongText({ maxLength: 1000 })),
  /** Required for a Cash on Delivery order without a refund account yet. */
  refundTo: Type.Optional(RefundAccountBody),
});

export const ReturnParams = Type.Object({ id: Id, returnId: Id });

/** A return's photo: its order, the return, and its place among the return's photos (from 0). */
export const ReturnPhotoParams = Type.Object({ id: Id, returnId: Id, n: Type.Integer({ minimum: 0, maximum: MAX_RETURN_PHOTOS - 1 }) });

/** The signature of a return photo's address (see ReturnSchema.photos), and the width wanted, if narrower. */
export const ReturnPhotoQuery = Type.Object({
  expires: Type.Integer({ minimum: 0, maximum: 2 ** 40, description: "When the address stops working, in seconds since 1970" }),
  signature: Type.String({ minLength: 1, maxLength: 100 }),
  w: Type.Optional(Type.Union(IMAGE_WIDTHS.map((width) => Type.Literal(width)))),
});

/** Staff: approve (pickup arranged), reject (the note says why, shown to the customer), receive (goods back: refund, and stock back when `restock`). */
export const ReturnActionBody = Type.Object({
  action: Type.Union([Type.Literal("approve"), Type.Literal("reject"), Type.Literal("receive")]),
  note: Type.Optional(LongText({ maxLength: 500 })),
  restock: Type.Optional(Type.Boolean()),
});

export const RefundParams = Type.Object({ id: Id, refundId: Id });

/** Staff: a transfer refund paid, with the bank's reference (UTR). */
export const RefundPaidBody = Type.Object({ reference: Text({ minLength: 1, maxLength: 100 }) });

/** "true" / "false" as a query parameter; absent means either. */
const Flag = Type.Union([Type.Literal("true"), Type.Literal("false")]);

/** The staff's order search as typed: an order number or a mobile number (digits, spaces and + - . ( ) #). */
export const ORDER_SEARCH_MAX_LENGTH = 20;
export const ORDER_SEARCH_PATTERN = "^[\\s#+().-]*\\d[\\d\\s#+().-]*$";

/** Staff: every order, newest first, filtered by state, paid and delivered, or found by number or phone. */
export const OrderListQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: ORDER_SEARCH_MAX_LENGTH,
      pattern: ORDER_SEARCH_PATTERN,
      description:
        "An order number (matched exactly) or the customer's mobile number (+91, spaces and dashes ignored; its last 10 digits match the delivery or sign-in number)",
    }),
  ),
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
