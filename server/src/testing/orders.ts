import { gstinCheckCharacter, gstStateCode, paiseToDecimal, priceOrder, supplyBetween } from "@krishi/contract";
import { expect } from "vitest";
import type { Db } from "../db/database.ts";
import { makeProduct } from "./factories.ts";
import type { TestApp } from "./test-app.ts";

export const FARM_ADDRESS = { label: "Farm", address: "Survey 42", city: "Nashik", postalCode: "422001", country: "India" };

/** A product to order, in one of its packs (`variant`; absent: its default pack) at that pack's price. */
export interface ProductToOrder {
  id: number;
  pricePaise: number;
  variant?: number;
}

/** Places an order through the API (the default pricing rule) and answers its JSON; fails the test unless 201. */
export async function placeOrder(t: TestApp, headers: Record<string, string>, product: ProductToOrder, qty = 1) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/add/",
    headers,
    payload: {
      orderItems: [{ product: product.id, ...(product.variant === undefined ? {} : { variant: product.variant }), qty }],
      shippingAddress: FARM_ADDRESS,
      totalPrice: paiseToDecimal(priceOrder([{ pricePaise: product.pricePaise, qty }]).totalPaise),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export interface OrderRowInput {
  userId: number;
  email: string;
  totalPaise?: number;
  paidAt?: string;
  deliveredAt?: string;
  createdAt?: string;
  razorpayPaymentId?: string;
}

/** An order in a given state, written directly (the checkout and payment paths have their own tests). */
export async function insertOrderRow(db: Db, input: OrderRowInput): Promise<number> {
  const created = input.createdAt ?? input.paidAt ?? new Date().toISOString();
  const total = input.totalPaise ?? 269_42;
  const row = await db
    .insertInto("orders")
    .values({
      user_id: input.userId,
      customer_first_name: "Asha",
      customer_last_name: "Kulkarni",
      customer_email: input.email,
      ship_label: FARM_ADDRESS.label,
      ship_address: FARM_ADDRESS.address,
      ship_city: FARM_ADDRESS.city,
      ship_state: "Maharashtra",
      ship_postal_code: FARM_ADDRESS.postalCode,
      ship_landmark: "",
      ship_country: FARM_ADDRESS.country,
      payment_method: "RazorPay",
      items_paise: total,
      shipping_paise: 0,
      tax_paise: 0,
      total_paise: total,
      status: input.deliveredAt ? "delivered" : input.paidAt ? "paid" : "pending_payment",
      is_paid: Boolean(input.paidAt),
      paid_at: input.paidAt ?? null,
      is_delivered: Boolean(input.deliveredAt),
      delivered_at: input.deliveredAt ?? null,
      razorpay_payment_id: input.razorpayPaymentId ?? null,
      payment_due_at: input.paidAt ? null : new Date(new Date(created).getTime() + 30 * 60_000).toISOString(),
      created_at: created,
      updated_at: created,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

type Headers = Record<string, string>;

/** Opens payment for an order (POST create-razorpay-order) and answers the Razorpay order id. */
export async function openPayment(t: TestApp, headers: Headers, order: { _id: number; totalPrice: string }): Promise<string> {
  const amount = Math.round(Number(order.totalPrice) * 100);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/create-razorpay-order/",
    headers,
    payload: { order_id: order._id, amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** Pays an order through the sandbox, as the browser does: open, Pay, PUT pay/. Answers the PUT's response. */
export async function paySandbox(t: TestApp, headers: Headers, order: { _id: number; totalPrice: string }) {
  const razorpayOrderId = await openPayment(t, headers, order);
  const proof = (await t.app.inject({ method: "POST", url: "/sandbox/razorpay/pay", payload: { order_id: razorpayOrderId } })).json();
  return t.app.inject({ method: "PUT", url: `/api/orders/${order._id}/pay/`, headers, payload: proof });
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const row = await db.selectFrom("products").select("count_in_stock").where("id", "=", productId).executeTakeFirstOrThrow();
  return row.count_in_stock;
}

/** The units of one pack in stock. */
export async function packStockOf(db: Db, variantId: number): Promise<number> {
  const row = await db.selectFrom("product_variants").select("count_in_stock").where("id", "=", variantId).executeTakeFirstOrThrow();
  return row.count_in_stock;
}

/** Units of one pack held by orders that are not cancelled (sold or awaiting payment). */
export async function packUnitsHeld(db: Db, variantId: number): Promise<number> {
  const row = await db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("order_items.qty"), eb.lit(0)).as("n"))
    .where("order_items.variant_id", "=", variantId)
    .where("orders.status", "!=", "cancelled")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Units of a product held by orders that are not cancelled (sold or awaiting payment). */
export async function unitsHeld(db: Db, productId: number): Promise<number> {
  const row = await db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("order_items.qty"), eb.lit(0)).as("n"))
    .where("order_items.product_id", "=", productId)
    .where("orders.status", "!=", "cancelled")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A GSTIN of a Maharashtra (27) seller with a right check character. */
export const SELLER_GSTIN = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;

/**
 * The India settings of the tests: GST with the seller in Maharashtra, added on top of the prices
 * (the amounts of these tests were worked out so), Cash on Delivery on (₹40 fee, ₹5000 limit).
 */
export const INDIA_ENV: Record<string, string> = {
  TAX_MODE: "gst",
  PRICES_INCLUDE_TAX: "false",
  SELLER_NAME: "Krishi Bazaar Agro LLP",
  SELLER_GSTIN,
  SELLER_STATE: "Maharashtra",
  SELLER_ADDRESS: "Plot 7, MIDC Satpur\nNashik 422007",
  COD_ENABLED: "true",
};

/** The India settings as the shop ships them: prices include GST, as an MRP does. */
export const INDIA_MRP_ENV: Record<string, string> = { ...INDIA_ENV, PRICES_INCLUDE_TAX: "true" };

/** Shipping addresses by place: Nashik is in the seller's state, Bengaluru and Kochi are not. */
export const ADDRESSES = {
  nashik: {
    label: "Farm",
    address: "Survey 42",
    city: "Nashik",
    postalCode: "422001",
    state: "Maharashtra",
    country: "India",
    phone: "9876543210",
  },
  bengaluru: {
    label: "Farm",
    address: "12 MG Road",
    city: "Bengaluru",
    postalCode: "560001",
    state: "Karnataka",
    country: "India",
    phone: "+91 98450 12345",
  },
  kochi: {
    label: "Farm",
    address: "Pepper Estate",
    city: "Kochi",
    postalCode: "682001",
    state: "Kerala",
    country: "India",
    phone: "9447012345",
  },
} as const;

export interface GstProduct {
  id: number;
  name: string;
  pricePaise: number;
  gstRate: number;
  hsnCode: string;
}

/** A product with an HSN code and a GST rate (the catalogue's factory writes neither). */
export async function makeGstProduct(
  db: Db,
  input: { pricePaise: number; gstRate: number; hsnCode?: string; stock?: number; name?: string },
): Promise<GstProduct> {
  const product = await makeProduct(db, {
    pricePaise: input.pricePaise,
    stock: input.stock ?? 100,
    ...(input.name ? { name: input.name } : {}),
  });
  const hsnCode = input.hsnCode ?? "1209";
  await db.updateTable("products").set({ gst_rate: input.gstRate, hsn_code: hsnCode }).where("id", "=", product.id).execute();
  return { id: product.id, name: product.name, pricePaise: input.pricePaise, gstRate: input.gstRate, hsnCode };
}

/** The total a shopper is shown, from the shared pricing rule with the app's settings. */
export function totalFor(
  t: TestApp,
  lines: readonly { product: GstProduct; qty: number }[],
  { buyerState, cod = false }: { buyerState: string; cod?: boolean },
): string {
  const price = priceOrder(
    lines.map((line) => ({ pricePaise: line.product.pricePaise, qty: line.qty, gstRate: line.product.gstRate })),
    t.config.pricing,
    { supply: supplyBetween(t.config.tax.seller.stateCode, gstStateCode(buyerState)), codFeePaise: cod ? t.config.cod.feePaise : 0 },
  );
  return paiseToDecimal(price.totalPaise);
}

/** POST /api/orders/add/ for these lines and address, with the total the shop would show; answers the response. */
export function placeAt(
  t: TestApp,
  headers: Headers,
  lines: readonly { product: GstProduct; qty: number }[],
  address: { state: string } & Record<string, string>,
  options: { paymentMethod?: "RazorPay" | "COD"; totalPrice?: string; coupon?: string } = {},
) {
  const cod = options.paymentMethod === "COD";
  return t.app.inject({
    method: "POST",
    url: "/api/orders/add/",
    headers,
    payload: {
      orderItems: lines.map((line) => ({ product: line.product.id, qty: line.qty })),
      shippingAddress: address,
      ...(options.paymentMethod ? { paymentMethod: options.paymentMethod } : {}),
      ...(options.coupon ? { coupon: options.coupon } : {}),
      totalPrice: options.totalPrice ?? totalFor(t, lines, { buyerState: address.state, cod }),
    },
  });
}
