import { conflict, type HttpError } from "../../lib/errors.ts";
import { productNotFound } from "../catalog/failures.ts";
import { packNotSold } from "../orders/routes.ts";
import type { AlertFailure, SubscribeFailure } from "./service.ts";

/** What the alerts' refusals answer: an unknown product or pack as the shop says it elsewhere. */
export function alertRefusal(failure: AlertFailure | SubscribeFailure): HttpError {
  switch (failure.kind) {
    case "product-not-found":
      return productNotFound();
    case "pack-not-found":
      return packNotSold(failure, "variant");
    case "pack-in-stock":
      return conflict("pack_in_stock", "This pack is in stock: add it to your cart instead.", {
        product: failure.productId,
        variant: failure.variantId,
        available: failure.available,
      });
    case "phone-required":
      return conflict("phone_required", "Back-in-stock messages go by SMS: add a verified mobile number to your account first.");
  }
}
