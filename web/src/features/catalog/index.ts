/** What other features may use from the catalogue. */
export { catalogApi, useGetCategoriesQuery, useGetProductQuery } from "./catalog-api.ts";
