import {
  DEFAULT_PRICING,
  formatRupees,
  PIN_PATTERN,
  type Pincode,
  type PricingRules,
  type PublicConfig,
  type TaxMode,
} from "@krishi/contract";
import { useMemo } from "react";
import { api } from "./api.ts";
import { useGetConfigQuery } from "./config-api.ts";

/**
 * Selling in India, as the product page and checkout read it: the shop's settings from
 * /api/config (the pricing rule with its tax mode, the seller's GST state code, Cash on Delivery)
 * and where a PIN code is and whether the shop delivers there. Beside app/config-api.ts, but kept
 * out of the first page (one chunk for the screens that need it).
 */

/** What checkout needs of /api/config. */
export interface ShopConfig {
  pricing: PricingRules & { taxMode: TaxMode };
  sellerStateCode: string | null;
  cod: PublicConfig["cod"];
}

/** The spec's shop: flat 8.2 % tax, no Cash on Delivery (also when /api/config cannot be read). */
export const SPEC_SHOP: ShopConfig = {
  pricing: { ...DEFAULT_PRICING, taxMode: "flat" },
  sellerStateCode: null,
  cod: { enabled: false, feePaise: 0, maxOrderPaise: 0 },
};

/** The settings of an answer, the spec's where it has none (a server that predates them). */
export function shopConfigOf(config: Partial<PublicConfig>): ShopConfig {
  return {
    pricing: { ...SPEC_SHOP.pricing, ...config.pricing },
    sellerStateCode: config.sellerStateCode ?? null,
    cod: config.cod ?? SPEC_SHOP.cod,
  };
}

/**
 * The server's settings, so that totals shown are the totals charged; undefined until /api/config
 * has answered (or failed: then the spec's shop).
 */
export function useShopConfig(): ShopConfig | undefined {
  const { data, error } = useGetConfigQuery();
  return useMemo(() => (data ? shopConfigOf(data) : error ? SPEC_SHOP : undefined), [data, error]);
}

/**
 * Whether the shop sells with the India settings (GST invoices or Cash on Delivery): PIN codes are
 * then looked up (delivery check, the address form). Off by default: the spec's shop unchanged.
 */
export function sellsInIndia(config: ShopConfig): boolean {
  return config.pricing.taxMode === "gst" || config.cod.enabled;
}

/**
 * How the shelf prices stand to tax: "included" (GST mode with PRICES_INCLUDE_TAX: the price is
 * what is paid, as on an MRP) or "added" at checkout (the spec's flat tax, or GST on top); undefined
 * while the settings load.
 */
export function taxOnPrices(config: ShopConfig | undefined): "included" | "added" | undefined {
  if (!config) return undefined;
  return config.pricing.taxMode === "gst" && config.pricing.pricesIncludeTax === true ? "included" : "added";
}

/** A rate in basis points as a shopper reads it: 820 → "8.2", 1800 → "18". */
export function ratePercent(basisPoints: number): string {
  return String(basisPoints / 100);
}

/**
 * The tax checkout adds to a product's price, in percent as a shopper reads it ("8.2", "5"): the
 * spec's flat rate, or the product's GST rate when GST comes on top; null when none is added (the
 * prices include it, a rate of 0) or the settings are loading.
 */
export function taxAddedPercent(config: ShopConfig | undefined, gstRate: number): string | null {
  if (taxOnPrices(config) !== "added" || !config) return null;
  const basisPoints = config.pricing.taxMode === "gst" ? gstRate * 100 : config.pricing.taxBasisPoints;
  return basisPoints > 0 ? ratePercent(basisPoints) : null;
}

const wholeRupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });

/** A fee or a limit as people say it: "₹40", "₹5,000"; with paise when it has some ("₹40.50"). */
export function formatRupeesShort(paise: number): string {
  return paise % 100 === 0 ? wholeRupees.format(paise / 100) : formatRupees(paise);
}

/**
 * GET /api/pincodes/{pin}/: where a PIN code is (district, state) and whether the shop delivers
 * there, with Cash on Delivery and in how many days. An unknown PIN answers 404. The answers change
 * only when staff upload a new table: kept for the visit.
 */
export const pincodesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPincode: build.query<Pincode, string>({
      query: (pin) => `/pincodes/${encodeURIComponent(pin)}/`,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetPincodeQuery } = pincodesApi;

/** A PIN code as typed, without spaces, when it is one (six digits, the first not 0); null otherwise. */
export function pinOf(text: string): string | null {
  const pin = text.replace(/\s+/g, "");
  return PIN_PATTERN.test(pin) ? pin : null;
}

/** Whether an error is the server's 404: no such PIN code. */
export function isUnknownPin(error: unknown): boolean {
  return !!error && typeof error === "object" && "status" in error && error.status === 404;
}
