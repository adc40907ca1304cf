import { formatRupees, paiseToDecimal } from "@krishi/contract";
import { badRequest, conflict, fieldError, HttpError, notFound, problem } from "../../lib/errors.ts";
import { ORDER_NOT_FOUND } from "../orders/service.ts";
import type { ConfirmPaymentFailure, RefundAccountFailure, RefundFailure, StartPaymentFailure, WebhookFailure } from "./service.ts";

/** What the owner is told when an order cannot be paid online now. */
export function startRefusal(failure: StartPaymentFailure): HttpError {
  switch (failure.kind) {
    case "order-not-found":
      return notFound("order_not_found", ORDER_NOT_FOUND);
    case "cod-not-online":
      return badRequest("cod_not_online", "This order is paid in cash on delivery: there is nothing to pay online.");
    case "order-cancelled":
      return conflict("order_cancelled", "This order has been cancelled.");
    case "order-expired":
      return conflict(
        "order_expired",
        "This order was not paid in time and has been cancelled; its items went back on sale. Please place your order again.",
      );
    case "already-paid":
      return badRequest("order_already_paid", "Order is already paid.");
    case "amount-mismatch": {
      const expected = problem("amount_mismatch", `Expected ${failure.expectedPaise} paise.`, { expected: failure.expectedPaise });
      return badRequest("amount_mismatch", "Amount does not match the order total.", { amount: [expected] });
    }
    case "gateway-unavailable":
      return new HttpError(502, "gateway_unavailable", "The payment provider is unavailable. Please try again in a moment.");
  }
}

/** What the browser is told when its proof of payment does not pay the order. */
export function confirmRefusal(failure: ConfirmPaymentFailure): HttpError {
  switch (failure.kind) {
    case "order-not-found":
      return notFound("order_not_found", ORDER_NOT_FOUND);
    case "not-this-order":
      return badRequest("payment_mismatch", "This payment does not belong to this order.", {
        razorpay_order_id: [problem("payment_mismatch", "Does not match the order.")],
      });
    case "signature-invalid":
      return badRequest("payment_signature_invalid", "Payment signature is invalid.", {
        razorpay_signature: [problem("payment_signature_invalid", "Invalid signature.")],
      });
    case "payment-unconfirmed":
      return new HttpError(
        502,
        "payment_unconfirmed",
        "We could not confirm your payment with Razorpay just now. If money was taken, your order will show as paid within a few minutes.",
      );
    case "payment-mismatch":
      return badRequest("payment_mismatch", "This payment does not match the order.");
    case "not-captured":
      return conflict("payment_not_captured", "Razorpay has not completed this payment. Please try again.");
    case "refunded-late":
      return conflict(
        "payment_refunded_late",
        "This order was cancelled before your payment arrived, and its items are no longer in stock. Your payment will be refunded in full.",
      );
  }
}

/** What Razorpay is told when its webhook is refused. */
export function webhookRefusal(failure: WebhookFailure): HttpError {
  switch (failure.kind) {
    case "webhooks-off":
      return new HttpError(503, "service_unavailable", "Webhooks are not configured.");
    case "signature-invalid":
      return badRequest("webhook_signature_invalid", "Invalid webhook signature.");
    case "body-invalid":
      return badRequest("body_invalid", "JSON parse error - the request body is not valid JSON.");
  }
}

/** What staff (or a return's receive) are told when a refund is not made. */
export function refundRefusal(failure: RefundFailure): HttpError {
  switch (failure.kind) {
    case "key-reused":
      return conflict("idempotency_key_reused", "This Idempotency-Key was used for a different refund.");
    case "refund-refused":
      return new HttpError(502, "refund_refused", "Razorpay refused this refund. It is recorded as failed; nothing was refunded.");
    case "not-paid":
      return badRequest("refund_not_paid", "This order has not been paid: there is nothing to refund.");
    case "refund-account-required":
      return badRequest(
        "refund_account_required",
        "This order was paid in cash on delivery: the customer must first give a bank account or UPI id for the refund.",
      );
    case "amount-too-large": {
      const left = failure.leftPaise;
      const refused =
        left <= 0
          ? problem("refunded_in_full", "This order has been refunded in full.")
          : problem("refund_too_large", `At most ${formatRupees(left)} can still be refunded.`, { max: paiseToDecimal(left) });
      return badRequest("refund_amount_invalid", refused.message, { amount: [refused] });
    }
    case "too-many-units": {
      const { max, name, inReturns, productId: product } = failure;
      const why = inReturns > 0 ? `: ${inReturns} in a return not yet received or rejected` : "";
      return fieldError(
        "field_invalid",
        "lines",
        problem("line_qty_too_many", `At most ${max} of ${name} can be refunded${why}.`, { product, max }),
      );
    }
    case "refund-not-found":
      return notFound("refund_not_found", "No refund matches the given query.");
    case "not-transfer":
      return conflict("refund_not_transfer", "This refund goes back through Razorpay: it is not paid by hand.");
  }
}

/** What the owner is told when a refund account is not kept. */
export function refundAccountRefusal(failure: RefundAccountFailure): HttpError {
  switch (failure.kind) {
    case "order-not-found":
      return notFound("order_not_found", ORDER_NOT_FOUND);
    case "order-not-cod":
      return badRequest("order_not_cod", "This order was paid online: its refunds go back to the same card, bank or UPI through Razorpay.");
  }
}
