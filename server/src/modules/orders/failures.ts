import { conflict, type HttpError, notFound } from "../../lib/errors.ts";
import { type MoveFailure, ORDER_NOT_FOUND, type OrderNotFound, type PageNotFound } from "./service.ts";

/** What the orders' refusals answer (their routes). */

/** An order that is not there or not the asker's: 404, never 403. */
export const orderNotFound = (_failure?: OrderNotFound): HttpError => notFound("order_not_found", ORDER_NOT_FOUND);

/** A page of the staff's list past its last. */
export const pageNotFound = (_failure?: PageNotFound): HttpError => notFound("page_not_found", "Invalid page.");

/** What an owner or staff are told when their move (cancel, pack, ship …) is refused. */
export function moveRefusal(failure: MoveFailure): HttpError {
  switch (failure.kind) {
    case "order-not-found":
      return orderNotFound();
    case "move-refused": {
      const { code, message, params } = failure.refusal;
      return conflict(code, message, params);
    }
    case "order-changed":
      return conflict("order_changed", "This order changed while you were looking at it. Please reload it.");
  }
}
