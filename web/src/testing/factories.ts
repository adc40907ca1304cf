import {
  type Cart,
  type CartLine,
  type ErrorCode,
  type ErrorParams,
  type FieldErrorCode,
  OFFERED_EVENTS,
  ORDER_STEPS,
  type Order,
  type OrderEvent,
  type Product,
  type ProductLabel,
  type ProductVariant,
  type SavedAddress,
  type StaffSummary,
} from "@krishi/contract";
import type { AuthState, User } from "../features/auth/index.ts";

/**
 * A product as the API answers it; override what a test is about. Without `variants` it has one
 * pack (id 70, "10 kg") whose price and stock are the product's, as the server keeps them.
 */
export function aProduct(overrides: Partial<Product> = {}): Product {
  const price = overrides.variants?.[0]?.price ?? overrides.price ?? "1249.50";
  const countInStock = overrides.variants?.[0]?.countInStock ?? overrides.countInStock ?? 5;
  return {
    _id: 7,
    name: "Hybrid paddy seeds 10 kg",
    brand: "Kisan Gold",
    nameHi: "",
    category: { id: 2, name: "Seeds", nameHi: "बीज" },
    description: "High-yield paddy for kharif sowing.",
    descriptionHi: "",
    hsnCode: "10061010",
    gstRate: 0,
    rating: 4.5,
    numReviews: 12,
    images: [{ id: 1, image: "images/paddy.webp" }],
    createdAt: "2024-06-01T10:00:00.000Z",
    reviews: [],
    label: aLabel(),
    crops: [],
    problems: [],
    labelClaims: [],
    ...overrides,
    variants: overrides.variants ?? [aVariant({ price, mrp: price, countInStock })],
    price,
    countInStock,
  };
}

/** A pack as the API answers it: the paddy seed's 10 kg bag unless told otherwise. */
export function aVariant(overrides: Partial<ProductVariant> = {}): ProductVariant {
  return {
    id: 70,
    label: "10 kg",
    sku: "PADDY-10",
    netQuantity: 10,
    unit: "kg",
    price: "1249.50",
    mrp: "1249.50",
    countInStock: 5,
    weightGrams: 10_200,
    ...overrides,
  };
}

/** A product's label with nothing filled in but its kind ("general" unless told otherwise). */
export function aLabel(overrides: Partial<ProductLabel> = {}): ProductLabel {
  return {
    kind: "general",
    manufacturer: "",
    manufacturerAddress: "",
    countryOfOrigin: "",
    genericName: "",
    bestBefore: "",
    customerCare: "",
    cibrcNumber: "",
    seedVariety: "",
    seedLot: "",
    germinationPercent: null,
    seedTestDate: "",
    fcoGrade: "",
    genericNameHi: "",
    countryOfOriginHi: "",
    bestBeforeHi: "",
    customerCareHi: "",
    ...overrides,
  };
}

/** A signed-in customer as the API answers it (the API's user JSON). */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    _id: 3,
    pk: 3,
    id: 3,
    email: "asha.patil@example.in",
    first_name: "Asha",
    last_name: "Patil",
    name: "Asha Patil",
    is_staff: false,
    isAdmin: false,
    addresses: [],
    language: "en",
    phone: null,
    whatsapp: false,
    offers: false,
    ...overrides,
  };
}

/** A staff member (is_staff, shown as isAdmin) as the API answers it. */
export function aStaffUser(overrides: Partial<User> = {}): User {
  return aUser({
    _id: 1,
    pk: 1,
    id: 1,
    email: "ravi@krishibazaar.in",
    first_name: "Ravi",
    last_name: "Kumar",
    name: "Ravi Kumar",
    is_staff: true,
    isAdmin: true,
    ...overrides,
  });
}

/** Auth state for `preloadedState`: signed in as `user` (a customer unless given). */
export function signedIn(user: User = aUser()): AuthState {
  return { access: "access-1", refresh: "refresh-1", isAuthenticated: true, user, message: null, variant: "info" };
}

/** A saved address as the API answers it. */
export function anAddress(overrides: Partial<SavedAddress> = {}): SavedAddress {
  const postalCode = overrides.postalCode ?? "422001";
  return {
    id: 11,
    label: "Farm",
    address: "Gat No. 42, Ozar Road",
    city: "Nashik",
    state: "Maharashtra",
    postalCode,
    pincode: postalCode,
    landmark: "Near the mandi",
    country: "India",
    phone: "",
    ...overrides,
  };
}

/** An entry of an order's timeline: placed by the customer, unless told otherwise. */
export function anEvent(overrides: Partial<OrderEvent> = {}): OrderEvent {
  return { from: null, to: "pending_payment", event: "place", actor: "customer", note: "", at: "2026-11-20T09:15:00.000Z", ...overrides };
}

/** An order of `aUser()` as the API answers it: one line, unpaid and undelivered, payable (and cancellable) until 09:45. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  const { id: _, ...address } = anAddress();
  return {
    _id: 42,
    user: { first_name: "Asha", last_name: "Patil", email: "asha.patil@example.in", name: "Asha Patil" },
    orderItems: [
      {
        product: 7,
        name: "Hybrid paddy seeds 10 kg",
        nameHi: "संकर धान के बीज 10 किलो",
        image: "images/paddy.webp",
        price: "1249.50",
        qty: 2,
        hsnCode: "10061010",
        gstRate: 0,
        tax: "204.92",
        discount: "0.00",
        variant: null,
      },
    ],
    shippingAddress: address,
    paymentMethod: "RazorPay",
    itemsPrice: "2499.00",
    discountPrice: "0.00",
    discounts: [],
    shippingPrice: "0.00",
    taxPrice: "204.92",
    taxBreakup: { cgst: "0.00", sgst: "0.00", igst: "0.00" },
    taxIncluded: false,
    codFee: "0.00",
    totalPrice: "2703.92",
    invoiceNumber: null,
    creditNotes: [],
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    createdAt: "2026-11-20T09:15:00.000Z",
    status: "pending_payment",
    paymentDueAt: "2026-11-20T09:45:00.000Z",
    events: [anEvent()],
    shipment: null,
    refunds: [],
    amountRefunded: "0.00",
    otherPaymentsRefunded: "0.00",
    actions: { ...NO_ACTIONS, cancel: true, pay: true },
    steps: ORDER_STEPS.map((step) => ({ step, at: step === "placed" ? "2026-11-20T09:15:00.000Z" : null })),
    expectedDeliveryBy: null,
    returns: [],
    returnWindowEndsAt: null,
    refundAccount: null,
    ...overrides,
  };
}

/** An order's actions, none offered. */
export const NO_ACTIONS = {
  ...Object.fromEntries(OFFERED_EVENTS.map((event) => [event, false])),
  codReceived: false,
} as Order["actions"];

export const PAID_AT = "2026-11-20T10:30:00.000Z";

/** `anOrder()` once paid (at PAID_AT): no longer payable, still cancellable. */
export function aPaidOrder(overrides: Partial<Order> = {}): Order {
  return anOrder({
    status: "paid",
    isPaid: true,
    paidAt: PAID_AT,
    paymentDueAt: null,
    events: [anEvent(), anEvent({ from: "pending_payment", to: "paid", event: "pay", actor: "system", at: PAID_AT })],
    actions: { ...NO_ACTIONS, cancel: true },
    ...overrides,
  });
}

/** The staff dashboard's answer: `days` days of sales (oldest first) from 2026-11-01, nothing to deliver, no low stock. */
export function aStaffSummary(overrides: Partial<StaffSummary> = {}, days = 30): StaffSummary {
  const salesByDay = Array.from({ length: days }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, "0")}`,
    revenue: "0.00",
    refunded: "0.00",
    orders: 0,
  }));
  return {
    salesByDay,
    ordersToDeliver: 0,
    toDeliver: [],
    codOrdersToCollect: 0,
    cashToCollect: "0.00",
    codToCollect: [],
    lowStock: [],
    lowStockThreshold: 5,
    customers: 0,
    products: 0,
    ...overrides,
  };
}

/** One problem of a field as the server has it: its code, its English message, the values of its message. */
export interface FieldProblem {
  code: FieldErrorCode;
  message: string;
  params?: ErrorParams;
}

/**
 * An error body as the server writes it (server/src/lib/errors.ts, errorBody): detail and message,
 * the code and its params, each field's messages (Django REST Framework's lists) and the same
 * problems as codes in `field_errors`.
 */
export function anErrorBody(
  code: ErrorCode,
  detail: string,
  fields: Record<string, FieldProblem[]> = {},
  params?: ErrorParams,
): Record<string, unknown> {
  const entries = Object.entries(fields);
  const withParams = params ? { params } : {};
  if (entries.length === 0) return { detail, message: detail, code, ...withParams };
  const messages = Object.fromEntries(entries.map(([field, problems]) => [field, problems.map((p) => p.message)]));
  const codes = Object.fromEntries(
    entries.map(([field, problems]) => [field, problems.map((p) => (p.params ? { code: p.code, params: p.params } : { code: p.code }))]),
  );
  return { ...messages, detail, message: detail, code, ...withParams, field_errors: codes };
}

/** The server's cart (GET /api/cart/) holding these lines: a 1 l pack (id 70) of product 7 unless told. */
export function aCart(lines: Partial<CartLine>[]): Cart {
  const full = lines.map(
    (line): CartLine => ({
      product: 7,
      variant: 70,
      variantLabel: "1 l",
      weightGrams: 1000,
      name: "Neem oil 1 L",
      nameHi: "",
      image: "images/neem.webp",
      price: "100.00",
      mrp: "100.00",
      gstRate: 18,
      countInStock: 9,
      qty: 1,
      category: "Pesticides",
      discount: "0.00",
      ...line,
    }),
  );
  return {
    lines: full,
    itemsCount: full.reduce((sum, line) => sum + line.qty, 0),
    updatedAt: "2026-11-28T10:00:00.000Z",
    coupon: null,
    couponRefusal: null,
    promotions: [],
    discounts: [],
  };
}
