import { IMAGE_WIDTHS, PAGE_SIZE, type PublicConfig } from "@krishi/contract";
import type { Config } from "../../config.ts";

/** The settings the web app runs with (GET /api/config; the server-rendered pages embed them too). */
export function publicConfigOf(config: Readonly<Config>): PublicConfig {
  return {
    siteUrl: config.siteUrl,
    googleClientId: config.google.clientId,
    googleAuthUrl: config.google.clientId ? config.google.authUrl : null,
    razorpayKeyId: config.razorpay.keyId,
    paymentSandbox: config.razorpay.keyId === null,
    imageBaseUrl: config.imageBaseUrl,
    imageWidths: [...IMAGE_WIDTHS],
    pageSize: PAGE_SIZE,
    pricing: {
      freeShippingAbovePaise: config.pricing.freeShippingAbovePaise,
      shippingPaise: config.pricing.shippingPaise,
      taxBasisPoints: config.pricing.taxBasisPoints,
      taxMode: config.tax.mode,
      pricesIncludeTax: config.pricing.pricesIncludeTax === true,
    },
    sellerStateCode: config.tax.seller.stateCode,
    cod: { enabled: config.cod.enabled, feePaise: config.cod.feePaise, maxOrderPaise: config.cod.maxOrderPaise },
  };
}
