import type { CropList, CropMatches, CropPage, ProblemPage } from "@krishi/contract";
import { api } from "../../base/api.ts";

/** A crop's problem's page: /crop/{crop}/{problem}. */
export interface ProblemRef {
  crop: string;
  problem: string;
}

/**
 * The crops and their problems, as the public pages show them (the server renders them with the
 * same answers): a product edit or a crop edit refreshes them (their products are the catalogue's).
 */
export const cropsApi = api.enhanceEndpoints({ addTagTypes: ["Crop"] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/crops/ — every crop, in the shop's order. */
    getCrops: build.query<CropList, void>({
      query: () => "/crops/",
      providesTags: [{ type: "Crop", id: "LIST" }],
    }),
    /** GET /api/crops/{slug}/ — the crop, its problems by stage and its products. */
    getCrop: build.query<CropPage, string>({
      query: (slug) => `/crops/${encodeURIComponent(slug)}/`,
      providesTags: (_result, _error, slug) => [
        { type: "Crop", id: slug },
        { type: "Product", id: "LIST" },
      ],
    }),
    /** GET /api/crops/{slug}/problems/{problem}/ — the problem on that crop and the products for it. */
    getProblem: build.query<ProblemPage, ProblemRef>({
      query: ({ crop, problem }) => `/crops/${encodeURIComponent(crop)}/problems/${encodeURIComponent(problem)}/`,
      providesTags: (_result, _error, { crop }) => [
        { type: "Crop", id: crop },
        { type: "Product", id: "LIST" },
      ],
    }),
    /** GET /api/crops/find/?keyword= — the crop and problem pages a search names. */
    findCrops: build.query<CropMatches, string>({
      query: (keyword) => `/crops/find/?${new URLSearchParams({ keyword })}`,
      providesTags: [{ type: "Crop", id: "LIST" }],
    }),
  }),
});

export const { useGetCropsQuery, useGetCropQuery, useGetProblemQuery, useFindCropsQuery } = cropsApi;

/** A crop's page and a crop's problem's page. */
export const cropPath = (crop: string) => `/crop/${crop}`;
export const problemPath = (crop: string, problem: string) => `/crop/${crop}/${problem}`;
