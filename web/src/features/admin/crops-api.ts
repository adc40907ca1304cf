import type { CropInput, Detail, Problem, ProblemInput, StaffCrop, StaffCrops } from "@krishi/contract";
import { api } from "../../base/api.ts";

export type { CropInput, Problem, ProblemInput, StaffCrop, StaffCrops };

/** The crops and problems, as staff see them; the product form ticks from the same answer. */
const CROPS = "Crop" as const;

/**
 * A crop's or a problem's edit changes what the products name of it (their pages show the crops'
 * and problems' names): the products are read again too.
 */
const edited = (_result: unknown, error: unknown) => (error ? [] : [CROPS, "Product" as const]);

/**
 * Staff: crops and problems (GET/POST /api/staff/crops/, PUT/DELETE /api/staff/crops/{slug}/,
 * POST /api/staff/problems/, PUT/DELETE /api/staff/problems/{slug}/). Refusals: 400 crop_invalid
 * with the fields' problems (a slug taken or malformed, a problem or stage unknown).
 */
export const cropsApi = api.enhanceEndpoints({ addTagTypes: [CROPS] }).injectEndpoints({
  endpoints: (build) => ({
    /** Every crop (in the shop's order) with its stages and problems, and every problem. */
    getStaffCrops: build.query<StaffCrops, void>({
      query: () => "/staff/crops/",
      providesTags: [CROPS],
      keepUnusedDataFor: 0,
    }),
    createCrop: build.mutation<StaffCrop, CropInput>({
      query: (body) => ({ url: "/staff/crops/", method: "POST", body }),
      invalidatesTags: edited,
    }),
    /** `slug`: the crop's address before the edit (the body may give it a new one). */
    updateCrop: build.mutation<StaffCrop, { slug: string; body: CropInput }>({
      query: ({ slug, body }) => ({ url: `/staff/crops/${encodeURIComponent(slug)}/`, method: "PUT", body }),
      invalidatesTags: edited,
    }),
    deleteCrop: build.mutation<Detail, string>({
      query: (slug) => ({ url: `/staff/crops/${encodeURIComponent(slug)}/`, method: "DELETE" }),
      invalidatesTags: edited,
    }),
    createProblem: build.mutation<Problem, ProblemInput>({
      query: (body) => ({ url: "/staff/problems/", method: "POST", body }),
      invalidatesTags: edited,
    }),
    updateProblem: build.mutation<Problem, { slug: string; body: ProblemInput }>({
      query: ({ slug, body }) => ({ url: `/staff/problems/${encodeURIComponent(slug)}/`, method: "PUT", body }),
      invalidatesTags: edited,
    }),
    deleteProblem: build.mutation<Detail, string>({
      query: (slug) => ({ url: `/staff/problems/${encodeURIComponent(slug)}/`, method: "DELETE" }),
      invalidatesTags: edited,
    }),
  }),
});

export const {
  useGetStaffCropsQuery,
  useCreateCropMutation,
  useUpdateCropMutation,
  useDeleteCropMutation,
  useCreateProblemMutation,
  useUpdateProblemMutation,
  useDeleteProblemMutation,
} = cropsApi;
