import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { GUEST_CART_DAYS } from "@krishi/contract";
import { CartLineBody, CartLineSetBody, CartSchema, CouponBody, ErrorBody } from "@krishi/contract/schemas";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type AuthGuards, bearer } from "../../lib/auth.ts";
import { readCookie, setCookie } from "../../lib/cookies.ts";
import { badRequest, conflict, type HttpError, problem } from "../../lib/errors.ts";
import { packNotSold, tooManyUnits } from "../orders/routes.ts";
import { couponRefusal } from "../promotions/failures.ts";
import type { CartChange, CartFailure, CartService, CouponChange, Shopper } from "./service.ts";

export interface CartRoutesOptions {
  auth: AuthGuards;
  cart: CartService;
}

/** The guest cart's cookie: HttpOnly, SameSite=Lax, the random id of the guest's cart. */
export const CART_COOKIE = "kb_cart";

/** Who asks for a cart: the customer the bearer token names (optionalUser), and the guest cookie. */
export function shopperOf(request: FastifyRequest): Shopper {
  return { userId: request.user?.id ?? null, guestKey: readCookie(request, CART_COOKIE) };
}

/**
 * Gives the browser a new guest cart's cookie; drops the cookie once a customer's request (or a
 * sign-in: merged) has taken its cart into the account.
 */
export function keepCartCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  newGuestKey: string | null,
  merged = request.user !== null,
): void {
  if (newGuestKey) setCookie(request, reply, CART_COOKIE, newGuestKey, { path: "/", maxAgeSeconds: GUEST_CART_DAYS * 86_400 });
  else if (merged && readCookie(request, CART_COOKIE) !== null) setCookie(request, reply, CART_COOKIE, "", { path: "/", maxAgeSeconds: 0 });
}

/** What the shopper reads when a line is not put in the cart. */
export function cartRefusal(failure: CartFailure): HttpError {
  switch (failure.kind) {
    case "unknown-product": {
      const message = `Product ${failure.productId} is no longer sold.`;
      return badRequest(
        "product_unavailable",
        message,
        { product: [problem("product_unavailable", message, { product: failure.productId })] },
        {
          product: failure.productId,
        },
      );
    }
    case "unknown-variant":
      return packNotSold(failure, "variant");
    case "out-of-stock":
      return conflict("out_of_stock", `${failure.productName} is out of stock.`, {
        name: failure.productName,
        available: 0,
        product: failure.productId,
        variant: failure.variantId,
      });
    case "too-many-units":
      return tooManyUnits(failure.max, "qty");
    case "cart-full":
      return conflict("cart_full", `A cart holds at most ${failure.max} lines. Place an order or remove a line first.`, {
        max: failure.max,
      });
  }
}

const errors = { 400: ErrorBody, 401: ErrorBody, 409: ErrorBody };
const security = [{}, ...bearer];

/**
 * The cart on the server: GET /api/cart/, POST /api/cart/lines/ (adds), PUT /api/cart/lines/
 * (sets; 0 removes). A guest's cart is keyed by its cookie, a customer's by the account (bearer
 * token); a request that names both merges the guest's cart into the account's.
 */
export const cartRoutes: FastifyPluginAsyncTypebox<CartRoutesOptions> = async (app, { auth, cart }) => {
  const tags = ["cart"];
  const sendChange = (request: FastifyRequest, reply: FastifyReply, change: CartChange) => {
    if (!change.ok) throw cartRefusal(change.failure);
    keepCartCookie(request, reply, change.newGuestKey);
    reply.header("Cache-Control", "private, no-store");
    return change.cart;
  };

  app.get(
    "/cart/",
    {
      onRequest: auth.optionalUser,
      schema: {
        operationId: "getCart",
        tags,
        summary: "The shopper's cart: a guest's (its cookie) or the signed-in customer's, a guest's cart merged into it",
        security,
        response: { 200: CartSchema, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const answer = await cart.read(shopperOf(request));
      keepCartCookie(request, reply, null);
      reply.header("Cache-Control", "private, no-store");
      return answer;
    },
  );

  app.post(
    "/cart/lines/",
    {
      onRequest: auth.optionalUser,
      schema: {
        operationId: "addToCart",
        tags,
        summary: "Add units of a product's pack (its default pack when none is named) to the cart, up to the per-line limit",
        security,
        body: CartLineBody,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request, reply) => sendChange(request, reply, await cart.add(shopperOf(request), request.body)),
  );

  app.put(
    "/cart/lines/",
    {
      onRequest: auth.optionalUser,
      schema: {
        operationId: "setCartLine",
        tags,
        summary: "Set how many units of a product's pack the cart holds; 0 removes the line",
        security,
        body: CartLineSetBody,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request, reply) => sendChange(request, reply, await cart.set(shopperOf(request), request.body)),
  );

  const sendCoupon = (reply: FastifyReply, change: CouponChange) => {
    if (!change.ok) throw couponRefusal(change.refusal);
    reply.header("Cache-Control", "private, no-store");
    return change.cart;
  };

  app.put(
    "/cart/coupon/",
    {
      onRequest: auth.optionalUser,
      schema: {
        operationId: "setCartCoupon",
        tags,
        summary: "Apply a coupon to the cart: kept with it when it applies now, else refused with why (coupon_…)",
        security,
        body: CouponBody,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request, reply) => sendCoupon(reply, await cart.setCoupon(shopperOf(request), request.body.code)),
  );

  app.delete(
    "/cart/coupon/",
    {
      onRequest: auth.optionalUser,
      schema: {
        operationId: "removeCartCoupon",
        tags,
        summary: "Take the coupon off the cart",
        security,
        response: { 200: CartSchema, 401: ErrorBody },
      },
    },
    async (request, reply) => sendCoupon(reply, await cart.setCoupon(shopperOf(request), null)),
  );
};
