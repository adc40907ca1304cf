/** What other features may use from the catalogue. */
export { catalogApi, useGetCategoriesQuery, useGetProductQuery, useGetProductsQuery } from "./catalog-api.ts";
