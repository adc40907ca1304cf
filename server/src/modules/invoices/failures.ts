import { fieldError, type HttpError, notFound, problem } from "../../lib/errors.ts";
import { ORDER_NOT_FOUND } from "../orders/service.ts";
import type { ReportPeriodFailure, TaxDocumentFailure } from "./service.ts";

/** What a tax document not given answers: 404, whether the order is none, another's, or has no such document. */
export function documentRefusal(failure: TaxDocumentFailure): HttpError {
  switch (failure.kind) {
    case "order-not-found":
      return notFound("order_not_found", ORDER_NOT_FOUND);
    case "invoice-not-found":
      return notFound("invoice_not_found", "This order has no tax invoice.");
    case "credit-note-not-found":
      return notFound("credit_note_not_found", `This order has no credit note ${failure.n}.`, { n: failure.n });
  }
}

/** What a refused GST report period answers: a 400 on its field. */
export function periodRefusal(failure: ReportPeriodFailure): HttpError {
  switch (failure.kind) {
    case "date-invalid":
      return fieldError("date_invalid", failure.field, problem("date_invalid", "Enter a valid date (YYYY-MM-DD)."));
    case "date-range-reversed":
      return fieldError("date_invalid", "to", problem("date_range_reversed", "The last day comes before the first."));
    case "date-range-too-long": {
      const message = `Choose a period of at most ${failure.maxDays} days.`;
      return fieldError("date_invalid", "to", problem("date_range_too_long", message, { max: failure.maxDays }));
    }
  }
}
