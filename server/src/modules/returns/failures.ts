import { badRequest, conflict, fieldError, HttpError, notFound, problem } from "../../lib/errors.ts";
import { throttledError } from "../../lib/rate-limit.ts";
import { ORDER_NOT_FOUND } from "../orders/service.ts";
import { refundRefusal } from "../payments/failures.ts";
import type { ReturnActionFailure, ReturnPhotoFailure, ReturnRequestFailure } from "./service.ts";

const CHANGED = "This order changed while you were looking at it. Please reload it.";

/** What a refused return request answers. */
export function requestRefusal(failure: ReturnRequestFailure): HttpError {
  switch (failure.kind) {
    case "order-not-found":
      return notFound("order_not_found", ORDER_NOT_FOUND);
    case "window-closed":
      return badRequest(
        "return_window_closed",
        `Returns of this order could be asked for until ${failure.until}.`,
        {},
        { until: failure.until },
      );
    case "too-many-units": {
      const { max, name, productId: product } = failure;
      return fieldError(
        "field_invalid",
        "lines",
        problem("line_qty_too_many", `At most ${max} of ${name} can be returned.`, { product, max }),
      );
    }
    case "refund-account-required":
      return fieldError(
        "refund_account_required",
        "refundTo",
        problem("required", "Tell us the bank account or UPI id to send your refund to."),
      );
    case "photo-rejected":
      return fieldError("field_invalid", "photos", problem(failure.code, `Photo ${failure.index + 1}: ${failure.message}`));
    case "photos-throttled":
      return throttledError(failure.retryAfterSeconds);
    case "order-changed":
      return conflict("order_changed", CHANGED);
  }
}

/** What staff are told when they cannot act on a return. */
export function actionRefusal(failure: ReturnActionFailure): HttpError {
  switch (failure.kind) {
    case "note-required":
      return fieldError(
        "field_invalid",
        "note",
        problem("return_note_required", "Say why the return is not accepted: the customer sees it."),
      );
    case "return-not-found":
      return notFound("return_not_found", "No return matches the given query.");
    case "wrong-state": {
      const { status, action } = failure;
      return conflict("return_wrong_state", `This return is ${status}: it cannot be ${action}d now.`, { status, action });
    }
    case "refund-refused":
      return refundRefusal(failure.refund);
    case "order-changed":
      return conflict("order_changed", CHANGED);
  }
}

/** What a return's photo not given answers: 403 for an address not signed or expired, 404 for a photo gone. */
export function photoRefusal(failure: ReturnPhotoFailure): HttpError {
  switch (failure.kind) {
    case "link-invalid":
      return new HttpError(403, "permission_denied", "This photo's address is not valid or has expired: open the order again.");
    case "photo-gone":
      return notFound("not_found", "This photo is not there any more.");
  }
}
