import { fieldError, type HttpError, notFound, problem } from "../../lib/errors.ts";
import type { ShippingRuleFailure } from "./service.ts";
import { overlapDetail, overlapParams } from "./shipping-csv.ts";

/** What a refused staff edit of a shipping rule answers. */
export function ruleRefusal(failure: ShippingRuleFailure): HttpError {
  switch (failure.kind) {
    case "slab-empty":
      return fieldError("shipping_rules_invalid", "maxGrams", problem("slab_empty", "The weight up to must be more than the weight from."));
    case "rule-not-found":
      return notFound("shipping_rule_not_found", "No shipping rule matches the given query.", { id: failure.id });
    case "slab-overlap": {
      const { other } = failure;
      return fieldError("shipping_rules_invalid", "minGrams", problem("slab_overlap", overlapDetail(other), overlapParams(other)), {
        rule: other.id,
      });
    }
    case "too-many-rules": {
      const detail = `The shop may have at most ${failure.max} shipping rules.`;
      return fieldError("shipping_rules_invalid", "non_field_errors", problem("csv_shipping_too_many_rows", detail, { max: failure.max }));
    }
  }
}
