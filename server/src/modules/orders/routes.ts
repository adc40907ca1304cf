import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { formatRupees, paiseToDecimal, toPaise } from "@krishi/contract";
import { CancelOrderBody, ErrorBody, IdParams, OrderSchema, PlaceOrderBody } from "@krishi/contract/schemas";
import { Type } from "typebox";
import { type AuthGuards, bearer, currentUser } from "../../lib/auth.ts";
import { badRequest, conflict, fieldError, type HttpError, problem } from "../../lib/errors.ts";
import { valueOr } from "../../lib/result.ts";
import { addressError, checkShippingAddress } from "../addresses/check.ts";
import { couponRefusal } from "../promotions/failures.ts";
import type { Checkout, PlaceOrderFailure } from "./checkout.ts";
import { moveRefusal, orderNotFound } from "./failures.ts";
import type { OrdersService } from "./service.ts";

export interface OrdersRoutesOptions {
  auth: AuthGuards;
  orders: OrdersService;
  checkout: Checkout;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

function isWholeNumber(value: unknown): boolean {
  return (typeof value === "number" && Number.isInteger(value)) || (typeof value === "string" && /^\d+$/.test(value));
}

/** A line (of an order or a cart) wants more units of a pack than one line may hold; its problem named under `field`. */
export function tooManyUnits(max: number, field: string): HttpError {
  const message = `At most ${max} units of one product per order.`;
  return badRequest("too_many_units", message, { [field]: [problem("too_many_units", message, { max })] }, { max });
}

/** A line names a pack its product is not sold in (any more); its problem named under `field`. */
export function packNotSold(line: { productId: number; productName: string; variantId: number }, field: string): HttpError {
  const message = `This pack of ${line.productName} is no longer sold.`;
  const params = { product: line.productId, variant: line.variantId, name: line.productName };
  return badRequest("variant_not_found", message, { [field]: [problem("variant_not_found", message, params)] }, params);
}

/** What the shopper reads when a checkout is refused. */
function refusal(failure: PlaceOrderFailure): HttpError {
  switch (failure.kind) {
    case "empty":
      return badRequest("order_empty", "No Order Items");
    case "unknown-product":
      return badRequest(
        "product_unavailable",
        `Product ${failure.productId} is no longer sold.`,
        { orderItems: [problem("product_unavailable", `Unknown product ${failure.productId}.`, { product: failure.productId })] },
        { product: failure.productId },
      );
    case "unknown-variant":
      return packNotSold(failure, "orderItems");
    case "out-of-stock":
      return conflict(
        "out_of_stock",
        failure.available > 0
          ? `Only ${failure.available} of ${failure.productName} left in stock.`
          : `${failure.productName} is out of stock.`,
        {
          name: failure.productName,
          available: failure.available,
          product: failure.productId,
          ...(failure.variantId === null ? {} : { variant: failure.variantId }),
        },
      );
    case "price-changed":
      return conflict("price_changed", "Prices have changed since you loaded your cart. Please review your order before paying.");
    case "too-many-units":
      return tooManyUnits(failure.max, "orderItems");
    case "too-many-unpaid":
      return conflict(
        "too_many_unpaid",
        `You have ${failure.max} unpaid orders. Please pay for or cancel one of them before placing another.`,
        { max: failure.max },
      );
    case "state-mismatch": {
      const message = `PIN code ${failure.pin} is in ${failure.pinState}, not ${failure.addressState}.`;
      const params = { pin: failure.pin, pinState: failure.pinState, addressState: failure.addressState };
      return badRequest("pin_state_mismatch", message, { state: [problem("pin_state_mismatch", message, params)] }, params);
    }
    case "no-state": {
      const message = "Choose the state of the shipping address in India: the GST invoice needs it.";
      return badRequest("state_required", message, { state: [problem("state_required", message)] });
    }
    case "not-served": {
      const message = `Sorry, we do not deliver to PIN code ${failure.pin} yet.`;
      return badRequest(
        "pin_not_served",
        message,
        { postalCode: [problem("pin_not_served", message, { pin: failure.pin })] },
        { pin: failure.pin },
      );
    }
    case "cod-off": {
      const message = "Cash on Delivery is not available. Please pay online.";
      return badRequest("cod_unavailable", message, { paymentMethod: [problem("cod_unavailable", message)] });
    }
    case "cod-not-here": {
      const message = `Cash on Delivery is not available for PIN code ${failure.pin}. Please pay online.`;
      return badRequest(
        "cod_not_here",
        message,
        { paymentMethod: [problem("cod_not_here", message, { pin: failure.pin })] },
        { pin: failure.pin },
      );
    }
    case "cod-over-limit": {
      const message = `Cash on Delivery is available for orders up to ${formatRupees(failure.maxPaise)}; this one comes to ${formatRupees(failure.totalPaise)}. Please pay online.`;
      const params = { max: paiseToDecimal(failure.maxPaise), total: paiseToDecimal(failure.totalPaise) };
      return badRequest("cod_over_limit", message, { paymentMethod: [problem("cod_over_limit", message, params)] }, params);
    }
    case "coupon":
      return couponRefusal(failure.refusal);
  }
}

export const ordersRoutes: FastifyPluginAsyncTypebox<OrdersRoutesOptions> = async (app, { auth, orders, checkout }) => {
  app.post(
    "/orders/add/",
    {
      onRequest: auth.requireUser,
      // Quantities must be whole numbers as sent; a wrong one is named `qty`, whichever line has it.
      preValidation: async (request) => {
        const lines = (request.body as { orderItems?: unknown } | undefined)?.orderItems;
        if (!Array.isArray(lines)) return;
        if (lines.some((line) => !isWholeNumber((line as { qty?: unknown } | null)?.qty))) {
          throw fieldError("field_invalid", "qty", problem("not_integer", "A valid integer is required."));
        }
      },
      schema: {
        operationId: "placeOrder",
        tags: ["orders"],
        summary: "Place an order (server-side prices, atomic stock)",
        security: bearer,
        body: PlaceOrderBody,
        response: { 201: OrderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { orderItems, shippingAddress, paymentMethod, totalPrice } = request.body;
      // The same rules as a saved address: no blank fields, a 6-digit PIN code in India, a mobile
      // number; in GST mode a known state too.
      const checked = checkShippingAddress(shippingAddress, { taxMode: checkout.taxMode });
      if (!checked.ok) throw addressError(checked);
      let totalPaise: number;
      try {
        totalPaise = toPaise(totalPrice);
      } catch {
        throw fieldError("field_invalid", "totalPrice", problem("amount_invalid", "Enter a valid amount with at most two decimals."));
      }
      const result = await checkout.placeOrder(currentUser(request), {
        orderItems,
        shippingAddress: checked.address,
        paymentMethod,
        totalPaise,
        coupon: request.body.coupon,
      });
      if (!result.ok) throw refusal(result.failure);
      return reply.status(201).send(result.order);
    },
  );

  app.get(
    "/orders/myorders/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "listMyOrders",
        summary: "The signed-in customer's orders",
        tags: ["orders"],
        security: bearer,
        response: { 200: Type.Array(OrderSchema), 401: ErrorBody },
      },
    },
    async (request) => orders.ordersOf(currentUser(request)),
  );

  app.get(
    "/orders/:id/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "getOrder",
        tags: ["orders"],
        summary: "An order (its owner or staff)",
        security: bearer,
        params: IdParams,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => valueOr(await orders.getOrderFor(currentUser(request), request.params.id), orderNotFound),
  );

  app.post(
    "/orders/:id/cancel/",
    {
      onRequest: auth.requireUser,
      // The body (a reason) is optional: a bare POST cancels too.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        operationId: "cancelOrder",
        tags: ["orders"],
        summary: "Cancel an order: its owner before it ships, staff before delivery; a paid order is refunded in full",
        security: bearer,
        params: IdParams,
        body: CancelOrderBody,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) =>
      valueOr(
        await orders.move(currentUser(request), request.params.id, "cancel", { note: request.body.reason?.trim() ?? "" }),
        moveRefusal,
      ),
  );
};
