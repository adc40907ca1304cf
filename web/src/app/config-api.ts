import { DEFAULT_IMAGE_BASE_URL, DEFAULT_PRICING, IMAGE_WIDTHS, PAGE_SIZE, type PricingRules, type PublicConfig } from "@krishi/contract";
import { api } from "./api.ts";

/** GET /api/config: public runtime settings, read once per visit. */
export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfig: build.query<PublicConfig, void>({ query: () => "/config" }),
  }),
});

export const { useGetConfigQuery } = configApi;

/** What the shop runs with when /api/config cannot be read. */
export const DEFAULT_CONFIG: PublicConfig = {
  googleClientId: null,
  googleAuthUrl: null,
  razorpayKeyId: null,
  paymentSandbox: false,
  imageBaseUrl: DEFAULT_IMAGE_BASE_URL,
  imageWidths: [...IMAGE_WIDTHS],
  pageSize: PAGE_SIZE,
  pricing: DEFAULT_PRICING,
};

export interface ImageConfig {
  base: string;
  widths: readonly number[];
}

/**
 * Where product images live; undefined until /api/config has answered (or failed). A failure
 * counts while the settings are asked for again (each new reader of a failed query asks again):
 * otherwise every screen that mounts would put the page back to loading, again and again.
 */
export function useImageConfig(): ImageConfig | undefined {
  const { data, error } = useGetConfigQuery();
  const config = data ?? (error ? DEFAULT_CONFIG : undefined);
  if (!config) return undefined;
  return {
    base: config.imageBaseUrl || DEFAULT_IMAGE_BASE_URL,
    widths: config.imageWidths.length > 0 ? config.imageWidths : IMAGE_WIDTHS,
  };
}

/**
 * The server's pricing rule parameters (thresholds and tax rate come from its configuration), so
 * that totals shown are the totals charged; undefined until /api/config has answered (or failed).
 */
export function usePricingRules(): PricingRules | undefined {
  const { data, error } = useGetConfigQuery();
  if (data) return data.pricing ?? DEFAULT_PRICING;
  return error ? DEFAULT_PRICING : undefined;
}
