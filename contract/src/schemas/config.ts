import { Type } from "typebox";

/** GET /api/config: the runtime settings the SPA needs; one build serves every environment. */
export const PublicConfigSchema = Type.Object({
  /** The shop's public address (SITE_URL, no trailing slash): a shared link is absolute, and the same in the server's render and the browser's. */
  siteUrl: Type.String(),
  googleClientId: Type.Union([Type.String(), Type.Null()]),
  /** Where "Sign in with Google" sends the browser (null when Google sign-in is off). */
  googleAuthUrl: Type.Union([Type.String(), Type.Null()]),
  razorpayKeyId: Type.Union([Type.String(), Type.Null()]),
  paymentSandbox: Type.Boolean(),
  imageBaseUrl: Type.String(),
  imageWidths: Type.Array(Type.Integer()),
  pageSize: Type.Integer(),
  /** The pricing rule's parameters; the server is the authority, the web displays with the same. */
  pricing: Type.Object({
    freeShippingAbovePaise: Type.Integer(),
    shippingPaise: Type.Integer(),
    taxBasisPoints: Type.Integer(),
    taxMode: Type.Union([Type.Literal("flat"), Type.Literal("gst")]),
    /** GST mode: shelf prices include GST (PRICES_INCLUDE_TAX); always false in flat mode. */
    pricesIncludeTax: Type.Boolean(),
  }),
  /** The seller's GST state code (GST mode): the web previews CGST + SGST or IGST with it. */
  sellerStateCode: Type.Union([Type.String(), Type.Null()]),
  /** Cash on Delivery: offered when enabled, the PIN allows it and the total is at most maxOrderPaise. */
  cod: Type.Object({ enabled: Type.Boolean(), feePaise: Type.Integer(), maxOrderPaise: Type.Integer() }),
});
