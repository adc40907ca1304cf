import type { Detail, VocabularyGroup, VocabularyGroupInput } from "@krishi/contract";
import { api } from "../../base/api.ts";

export type { VocabularyGroup, VocabularyGroupInput };

const VOCABULARY = "Vocabulary";

/**
 * Staff: the shop's search vocabulary (docs/storefront.md, "Calls"). Every change reads the groups
 * again, and the product lists too: a search may now find other products.
 */
export const vocabularyApi = api.enhanceEndpoints({ addTagTypes: [VOCABULARY] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/staff/vocabulary/: every group, oldest first. */
    getVocabulary: build.query<VocabularyGroup[], void>({
      query: () => "/staff/vocabulary/",
      providesTags: [VOCABULARY],
    }),
    createVocabularyGroup: build.mutation<VocabularyGroup, VocabularyGroupInput>({
      query: (body) => ({ url: "/staff/vocabulary/", method: "POST", body }),
      invalidatesTags: (_result, error) => (error ? [] : [VOCABULARY, "Product"]),
    }),
    updateVocabularyGroup: build.mutation<VocabularyGroup, VocabularyGroupInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/staff/vocabulary/${id}/`, method: "PUT", body }),
      invalidatesTags: (_result, error) => (error ? [] : [VOCABULARY, "Product"]),
    }),
    deleteVocabularyGroup: build.mutation<Detail, number>({
      query: (id) => ({ url: `/staff/vocabulary/${id}/`, method: "DELETE" }),
      invalidatesTags: (_result, error) => (error ? [] : [VOCABULARY, "Product"]),
    }),
  }),
});

export const {
  useGetVocabularyQuery,
  useCreateVocabularyGroupMutation,
  useUpdateVocabularyGroupMutation,
  useDeleteVocabularyGroupMutation,
} = vocabularyApi;
