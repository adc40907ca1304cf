import type { Detail, DiscountReport, PromotionInput, StaffPromotion } from "@krishi/contract";
import { api } from "../../base/api.ts";

export type { DiscountReport, PromotionInput, StaffPromotion };

/** The promotions' list and the discounts report change with every edit (and with orders, read again on opening). */
const PROMOTIONS = "Promotion" as const;

/**
 * Staff: offers and coupons (GET/POST /api/staff/promotions/, PUT/DELETE /api/staff/promotions/{id}/)
 * and the discounts they gave (GET /api/staff/promotions/report/). Every edit invalidates the list
 * and the report.
 */
export const promotionsApi = api.enhanceEndpoints({ addTagTypes: [PROMOTIONS] }).injectEndpoints({
  endpoints: (build) => ({
    /** Newest first, with their uses and the discount their orders carry. */
    getPromotions: build.query<StaffPromotion[], void>({
      query: () => "/staff/promotions/",
      providesTags: [PROMOTIONS],
      keepUnusedDataFor: 0,
    }),
    /** 400 promotion_invalid with the fields' problems (a code taken, a value missing, tiers out of order, …). */
    createPromotion: build.mutation<StaffPromotion, PromotionInput>({
      query: (body) => ({ url: "/staff/promotions/", method: "POST", body }),
      invalidatesTags: (_result, error) => (error ? [] : [PROMOTIONS]),
    }),
    /** The terms replaced (orders placed keep theirs). */
    updatePromotion: build.mutation<StaffPromotion, PromotionInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/staff/promotions/${id}/`, method: "PUT", body }),
      invalidatesTags: (_result, error) => (error ? [] : [PROMOTIONS]),
    }),
    /** Ends it; the orders that carry it keep their discount. */
    deletePromotion: build.mutation<Detail, number>({
      query: (id) => ({ url: `/staff/promotions/${id}/`, method: "DELETE" }),
      invalidatesTags: (_result, error) => (error ? [] : [PROMOTIONS]),
    }),
    /** Discounts given by code (offers by their description), largest first. */
    getDiscountReport: build.query<DiscountReport, void>({
      query: () => "/staff/promotions/report/",
      providesTags: [PROMOTIONS],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetPromotionsQuery,
  useCreatePromotionMutation,
  useUpdatePromotionMutation,
  useDeletePromotionMutation,
  useGetDiscountReportQuery,
} = promotionsApi;
