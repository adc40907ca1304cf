/**
 * The API's request and answer shapes, one TypeBox schema each: the server validates and
 * serializes with them, and contract/src/api.ts derives the TypeScript types the web imports.
 * The web imports it only from screens loaded on demand that validate a form with a schema (the
 * shipping address): never from the first page, which must not ship the schema library.
 */
export * from "./accounts.ts";
export * from "./addresses.ts";
export * from "./alerts.ts";
export * from "./cart.ts";
export * from "./catalog.ts";
export * from "./catalogue-io.ts";
export * from "./common.ts";
export * from "./config.ts";
export * from "./crop-refs.ts";
export * from "./crops.ts";
export * from "./orders.ts";
export * from "./pincodes.ts";
export * from "./promotions.ts";
export * from "./shipping.ts";
export * from "./staff.ts";
export * from "./vocabulary.ts";
