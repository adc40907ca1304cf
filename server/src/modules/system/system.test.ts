import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ GOOGLE_CLIENT_ID: "client-123.apps.example", SITE_URL: "https://shop.krishi.test" });
});
afterAll(() => t.close());

describe("system routes", () => {
  it("publishes the SPA's runtime settings: the site's address for absolute links, sandbox payments without keys", async () => {
    const res = await t.app.inject("/api/config");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      siteUrl: "https://shop.krishi.test",
      googleClientId: "client-123.apps.example",
      googleAuthUrl: "https://accounts.google.com/o/oauth2/v2/auth",
      razorpayKeyId: null,
      paymentSandbox: true,
      imageBaseUrl: "/media/",
      imageWidths: [160, 320, 640, 960],
      pageSize: 24,
      pricing: { freeShippingAbovePaise: 100_00, shippingPaise: 10_00, taxBasisPoints: 820, taxMode: "flat", pricesIncludeTax: false },
      sellerStateCode: null,
      cod: { enabled: false, feePaise: 40_00, maxOrderPaise: 5_000_00 },
    });
  });

  it("publishes GST mode, the seller's state code and the Cash on Delivery terms when they are set", async () => {
    const india = await createTestApp({
      TAX_MODE: "gst",
      SELLER_STATE: "Maharashtra",
      SELLER_GSTIN: "27AAPFU0939F1ZV",
      COD_ENABLED: "true",
      COD_FEE: "50",
      COD_MAX_ORDER: "3000",
    });
    try {
      const body = (await india.app.inject("/api/config")).json();
      expect(body.pricing).toMatchObject({ taxMode: "gst", pricesIncludeTax: true });
      expect(body.sellerStateCode).toBe("27");
      expect(body.cod).toEqual({ enabled: true, feePaise: 50_00, maxOrderPaise: 3_000_00 });
    } finally {
      await india.close();
    }
  });

  it("answers the health probes", async () => {
    expect((await t.app.inject("/healthz")).json()).toEqual({ status: "ok" });
    expect((await t.app.inject("/readyz")).json()).toEqual({ status: "ready" });
  });

  it("serves OpenAPI docs generated from the route schemas", async () => {
    const page = await t.app.inject("/api/docs/");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const spec = (await t.app.inject("/api/docs/openapi.json")).json();
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(["/api/products", "/api/products/{id}/", "/api/products/category/"]));
  });

  it("sends a strict content security policy and the other security headers, the same on every answer", async () => {
    for (const url of ["/api/config", "/healthz", "/api/no-such-thing"]) {
      const res = await t.app.inject(url);
      expect(res.headers["content-security-policy"]).toBe(
        "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';" +
          "frame-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
      );
      expect(res.headers).toMatchObject({
        "x-content-type-options": "nosniff",
        "x-frame-options": "SAMEORIGIN",
        "strict-transport-security": "max-age=31536000; includeSubDomains",
        "referrer-policy": "no-referrer",
        "cross-origin-opener-policy": "same-origin",
      });
      expect(res.headers["cross-origin-embedder-policy"]).toBeUndefined();
    }
    // The hot cached catalogue answers set only what a JSON answer needs.
    const product = await t.app.inject("/api/products");
    expect(product.headers["x-content-type-options"]).toBe("nosniff");
    expect(product.headers["content-security-policy"]).toBeUndefined();
  });
});
