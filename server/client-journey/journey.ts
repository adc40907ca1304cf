/**
 * A shopper's journey through a client generated from the shop's own OpenAPI document
 * (openapi-typescript's types, openapi-fetch's calls; no hand-written fetch). The types in
 * generated/ are written from the document at each test run (src/client-journey.test.ts), and
 * this file is type-checked against them before it runs: a document that stops describing what a
 * client does here fails the build.
 */
import { paiseToDecimal, priceOrder } from "@krishi/contract";
import createClient from "openapi-fetch";
import type { components, paths } from "./generated/shop-api.ts";

type Order = components["schemas"]["Order"];
type ShopError = components["schemas"]["Error"];

export interface JourneyResult {
  totalProducts: number;
  found: string[];
  productName: string;
  email: string;
  addressId: number;
  placed: Order;
  razorpayOrderId: string;
  paid: Order;
  myOrder: Order | undefined;
  outOfStock: { status: number; error: ShopError };
}

function check(condition: unknown, what: string, detail?: unknown): asserts condition {
  if (!condition) throw new Error(`journey: ${what}${detail === undefined ? "" : `: ${JSON.stringify(detail)}`}`);
}

/** Browses, signs up, saves an address, orders, pays in the sandbox and reads a refusal, against the shop at baseUrl. */
export async function runJourney(baseUrl: string, shopper: { email: string; password: string }): Promise<JourneyResult> {
  const shop = createClient<paths>({ baseUrl });

  // Browse: the catalogue and a search, each with its total in X-Total-Count.
  const listed = await shop.GET("/api/products", { params: { query: { page: 1, sort: "newest" } } });
  check(listed.data, "the product list", listed.error);
  const totalProducts = Number(listed.response.headers.get("X-Total-Count"));
  const searched = await shop.GET("/api/products", { params: { query: { keyword: "neem" } } });
  check(searched.data, "a search", searched.error);
  check(Number(searched.response.headers.get("X-Total-Count")) === searched.data.length, "the search's X-Total-Count");
  const summary = searched.data[0];
  check(summary, "a product found by 'neem'");

  // Open one.
  const opened = await shop.GET("/api/products/{id}/", { params: { path: { id: summary._id } } });
  check(opened.data, "the product page", opened.error);
  const product = opened.data;

  // Register (the shop runs with EMAIL_VERIFICATION=none) and sign in.
  const registered = await shop.POST("/api/users/dj-rest-auth/registration/", {
    body: { email: shopper.email, password1: shopper.password, password2: shopper.password, first_name: "Asha", last_name: "Patil" },
  });
  check(registered.response.status === 201, "registration", registered.error);
  const signedIn = await shop.POST("/api/users/dj-rest-auth/login/", { body: { email: shopper.email, password: shopper.password } });
  check(signedIn.data, "sign-in", signedIn.error);
  const me = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${signedIn.data.access}` } });

  // Save an address.
  const shippingAddress = { label: "Farm", address: "Survey 42, Ozar Road", city: "Nashik", postalCode: "422206", country: "India" };
  const saved = await me.POST("/api/users/addresses/add/", { body: { ...shippingAddress, state: "Maharashtra", phone: "9876543210" } });
  check(saved.data, "saving an address", saved.error);

  // Order two units at the total the product list implies (the server prices the order itself).
  const pricePaise = Math.round(Number(product.price) * 100);
  const totalPrice = paiseToDecimal(priceOrder([{ pricePaise, qty: 2 }]).totalPaise);
  const placedAnswer = await me.POST("/api/orders/add/", {
    body: { orderItems: [{ product: product._id, qty: 2 }], shippingAddress, paymentMethod: "RazorPay", totalPrice },
  });
  check(placedAnswer.data, "placing the order", placedAnswer.error);
  const placed = placedAnswer.data;

  // Open the payment, pay in the sandbox (what Razorpay's checkout does) and confirm with its signed proof.
  const amount = Math.round(Number(placed.totalPrice) * 100);
  const started = await me.POST("/api/orders/create-razorpay-order/", { body: { order_id: placed._id, amount } });
  check(started.data && started.data.bool === 1, "opening the payment", started.error ?? started.data);
  const razorpayOrderId = started.data.data.id;
  const proof = await shop.POST("/sandbox/razorpay/pay", { body: { order_id: razorpayOrderId } });
  check(proof.data, "paying in the sandbox", proof.error);
  const confirmed = await me.PUT("/api/orders/{id}/pay/", { params: { path: { id: placed._id } }, body: proof.data });
  check(confirmed.data, "confirming the payment", confirmed.error);

  // The order is paid in my orders.
  const mine = await me.GET("/api/orders/myorders/");
  check(mine.data, "my orders", mine.error);

  // A refusal, read by its code and params: more of the last units than there are.
  const scarce = listed.data.find((item) => item.countInStock > 0 && item.countInStock < 5);
  check(scarce, "a product with few units left");
  const refused = await me.POST("/api/orders/add/", {
    body: {
      orderItems: [{ product: scarce._id, qty: 5 }],
      shippingAddress,
      totalPrice: paiseToDecimal(priceOrder([{ pricePaise: Math.round(Number(scarce.price) * 100), qty: 5 }]).totalPaise),
    },
  });
  check(refused.error, "ordering more than is left is refused");

  return {
    totalProducts,
    found: searched.data.map((item) => item.name),
    productName: product.name,
    email: shopper.email,
    addressId: saved.data.id,
    placed,
    razorpayOrderId,
    paid: confirmed.data,
    myOrder: mine.data.find((order) => order._id === placed._id),
    outOfStock: { status: refused.response.status, error: refused.error },
  };
}
