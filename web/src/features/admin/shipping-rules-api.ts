import type { Detail, ShippingRuleInput, ShippingRuleJson, ShippingRulesAnswer } from "@krishi/contract";
import { api } from "../../base/api.ts";
import { SHIPPING_RULES } from "../cart/index.ts";

export type { ShippingRuleInput, ShippingRuleJson };

/**
 * Staff: the shop's shipping rules (docs/storefront.md, "Calls"). Every change invalidates the
 * rules, so the staff list and the cart's preview read them again.
 */
export const shippingRulesAdminApi = api.enhanceEndpoints({ addTagTypes: [SHIPPING_RULES] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/staff/shipping-rules/: every rule, by zone and slab. */
    getStaffShippingRules: build.query<ShippingRuleJson[], void>({
      query: () => "/staff/shipping-rules/",
      providesTags: [SHIPPING_RULES],
    }),
    /** POST /api/staff/shipping-rules/ (400 when the slab overlaps another of its zone). */
    createShippingRule: build.mutation<ShippingRuleJson, ShippingRuleInput>({
      query: (body) => ({ url: "/staff/shipping-rules/", method: "POST", body }),
      invalidatesTags: (_result, error) => (error ? [] : [SHIPPING_RULES]),
    }),
    /** PUT /api/staff/shipping-rules/{id}/: the rule replaced. */
    updateShippingRule: build.mutation<ShippingRuleJson, ShippingRuleInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/staff/shipping-rules/${id}/`, method: "PUT", body }),
      invalidatesTags: (_result, error) => (error ? [] : [SHIPPING_RULES]),
    }),
    deleteShippingRule: build.mutation<Detail, number>({
      query: (id) => ({ url: `/staff/shipping-rules/${id}/`, method: "DELETE" }),
      invalidatesTags: (_result, error) => (error ? [] : [SHIPPING_RULES]),
    }),
    /** PUT /api/staff/shipping-rules/csv/: every rule replaced by the CSV's (all or none). */
    uploadShippingRules: build.mutation<ShippingRulesAnswer, string>({
      query: (csv) => ({ url: "/staff/shipping-rules/csv/", method: "PUT", body: csv, headers: { "Content-Type": "text/csv" } }),
      invalidatesTags: (_result, error) => (error ? [] : [SHIPPING_RULES]),
    }),
    /** GET /api/staff/shipping-rules/csv/: the CSV's text (a download asked for, not data kept in the cache). */
    downloadShippingRules: build.mutation<string, void>({
      query: () => ({ url: "/staff/shipping-rules/csv/", responseHandler: "content-type" }),
    }),
  }),
});

export const {
  useGetStaffShippingRulesQuery,
  useCreateShippingRuleMutation,
  useUpdateShippingRuleMutation,
  useDeleteShippingRuleMutation,
  useUploadShippingRulesMutation,
  useDownloadShippingRulesMutation,
} = shippingRulesAdminApi;
