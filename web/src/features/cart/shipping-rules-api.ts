import { type ShippingRule, type ShippingRuleJson, shippingRuleOf } from "@krishi/contract";
import { api } from "../../base/api.ts";
import type { AppDispatch } from "../../base/store.ts";

/** The tag of the shop's shipping rules: staff edits invalidate it, and the cart's preview reads them again. */
export const SHIPPING_RULES = "ShippingRules" as const;

/**
 * GET /api/shipping/rules/: the shop's shipping rules by weight and zone, in paise, as the server
 * charges by them (contract/src/shipping.ts). Asked past the browser's cache ("no-cache"): a
 * preview by rules staff just changed would be refused at checkout.
 */
export const shippingRulesApi = api.enhanceEndpoints({ addTagTypes: [SHIPPING_RULES] }).injectEndpoints({
  endpoints: (build) => ({
    getShippingRules: build.query<ShippingRule[], void>({
      query: () => ({ url: "/shipping/rules/", cache: "no-cache" }),
      transformResponse: (rules: ShippingRuleJson[]) => rules.map(shippingRuleOf),
      providesTags: [SHIPPING_RULES],
    }),
  }),
});

export const { useGetShippingRulesQuery } = shippingRulesApi;

/** The rules changed (a staff edit, or checkout refused a total priced by old ones): read them again. */
export function shippingRulesChanged(dispatch: AppDispatch): void {
  dispatch(shippingRulesApi.util.invalidateTags([SHIPPING_RULES]));
}
