import { type CouponRefusal, paiseToDecimal } from "@krishi/contract";
import { badRequest, conflict, type HttpError, notFound } from "../../lib/errors.ts";
import type { PromotionFailure } from "./service.ts";

/** What a refused staff edit of a promotion answers. */
export function promotionRefusal(failure: PromotionFailure): HttpError {
  switch (failure.kind) {
    case "not-found":
      return notFound("promotion_not_found", "No promotion matches the given query.", { id: failure.id });
    case "invalid": {
      const first = Object.entries(failure.fields)[0];
      const detail = first ? `${first[0]}: ${first[1][0]?.message ?? ""}` : "Please check the promotion.";
      return badRequest("promotion_invalid", detail, failure.fields);
    }
  }
}

/**
 * What a shopper reads when a coupon does not apply (the cart's coupon, or the order's `coupon`):
 * 400 (409 when used up) with its code, params.code and,
 * for a minimum not reached, what is missing.
 */
export function couponRefusal(refusal: CouponRefusal): HttpError {
  const { code } = refusal;
  switch (refusal.kind) {
    case "unknown":
      return badRequest("coupon_unknown", `There is no coupon “${code}”.`, {}, { code });
    case "expired":
      return badRequest("coupon_expired", `The coupon “${code}” has expired.`, {}, { code });
    case "not_yet":
      return badRequest("coupon_not_yet", `The coupon “${code}” cannot be used yet.`, {}, { code });
    case "used_up":
      return conflict("coupon_used_up", `The coupon “${code}” has been used up.`, { code });
    case "not_for_you":
      return badRequest("coupon_not_for_you", `The coupon “${code}” is not for this account.`, {}, { code });
    case "minimum": {
      const moreItems = refusal.moreItems ?? 0;
      const moreAmount = paiseToDecimal(refusal.moreAmountPaise ?? 0);
      const detail =
        (refusal.moreAmountPaise ?? 0) > 0
          ? `Add ₹${moreAmount} more of the eligible items to use the coupon “${code}”.`
          : `Add ${moreItems} more eligible item(s) to use the coupon “${code}”.`;
      return badRequest("coupon_minimum", detail, {}, { code, moreItems, moreAmount });
    }
  }
}
