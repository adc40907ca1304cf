export * from "./api.ts";
export * from "./constants.ts";
export * from "./images.ts";
export * from "./india.ts";
export * from "./money.ts";
export * from "./pricing.ts";
export * from "./pricing-rules.ts";
export * from "./routes.ts";
