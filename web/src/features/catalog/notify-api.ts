import type { StockAlerts } from "@krishi/contract";
import { api } from "../../base/api.ts";

/** A pack of a product: "Notify me" names one. */
export interface PackRef {
  productId: number;
  variant: number;
}

/**
 * "Notify me" (signed in): the packs of a product the customer will be told about by SMS when
 * they are back in stock; asking and cancelling read the list again.
 */
const notifyApi = api.enhanceEndpoints({ addTagTypes: ["StockAlerts"] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/products/{id}/notify/ */
    getStockAlerts: build.query<StockAlerts, number>({
      query: (productId) => `/products/${productId}/notify/`,
      providesTags: (_result, _error, productId) => [{ type: "StockAlerts", id: productId }],
    }),
    /** POST /api/products/{id}/notify/ {variant} */
    notifyMe: build.mutation<StockAlerts, PackRef>({
      query: ({ productId, variant }) => ({ url: `/products/${productId}/notify/`, method: "POST", body: { variant } }),
      invalidatesTags: (_result, error, { productId }) => (error ? [] : [{ type: "StockAlerts", id: productId }]),
    }),
    /** DELETE /api/products/{id}/notify/ {variant} */
    cancelNotify: build.mutation<StockAlerts, PackRef>({
      query: ({ productId, variant }) => ({ url: `/products/${productId}/notify/`, method: "DELETE", body: { variant } }),
      invalidatesTags: (_result, error, { productId }) => (error ? [] : [{ type: "StockAlerts", id: productId }]),
    }),
  }),
});

export const { useGetStockAlertsQuery, useNotifyMeMutation, useCancelNotifyMutation } = notifyApi;
