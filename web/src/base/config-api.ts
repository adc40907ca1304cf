import { DEFAULT_IMAGE_BASE_URL, DEFAULT_PRICING, IMAGE_WIDTHS, PAGE_SIZE, type PublicConfig } from "@krishi/contract";
import { api } from "./api.ts";

/** GET /api/config: public runtime settings, read once per visit. */
export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfig: build.query<PublicConfig, void>({ query: () => "/config" }),
  }),
});

export const { useGetConfigQuery } = configApi;

/** What the shop runs with when /api/config cannot be read (the tests' settings too). */
export const DEFAULT_CONFIG: PublicConfig = {
  // Unknown: a shared link is made with the page's own address.
  siteUrl: "",
  googleClientId: null,
  googleAuthUrl: null,
  razorpayKeyId: null,
  paymentSandbox: false,
  imageBaseUrl: DEFAULT_IMAGE_BASE_URL,
  imageWidths: [...IMAGE_WIDTHS],
  pageSize: PAGE_SIZE,
  // DEFAULT_PRICING's mode is "flat".
  pricing: DEFAULT_PRICING as PublicConfig["pricing"],
  sellerStateCode: null,
  cod: { enabled: false, feePaise: 0, maxOrderPaise: 0 },
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
  if (!data && !error) return undefined;
  // Without an answer, DEFAULT_CONFIG's images (its constants, so the first page need not carry the rest of it).
  return {
    base: data?.imageBaseUrl || DEFAULT_IMAGE_BASE_URL,
    widths: data?.imageWidths.length ? data.imageWidths : IMAGE_WIDTHS,
  };
}
