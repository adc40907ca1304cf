import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const base = { NODE_ENV: "test", DATA_DIR: "/tmp/kb-config-test", JWT_SECRET: "s".repeat(32) };

describe("loadConfig", () => {
  it("defaults to SQLite in DATA_DIR, port 8000, sandbox payments and mandatory e-mail verification", () => {
    const config = loadConfig(base);
    expect(config.port).toBe(8000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.databaseUrl).toBeNull();
    expect(config.sqliteFile).toBe("/tmp/kb-config-test/shop.db");
    expect(config.razorpay.keyId).toBeNull();
    expect(config.emailVerification).toBe("mandatory");
    expect(config.seedDemo).toBe(true);
    expect(config.siteUrl).toBe("http://localhost:8000");
    expect(Object.isFrozen(config)).toBe(true);
    expect(config.pricing).toEqual({ freeShippingAbovePaise: 100_00, shippingPaise: 10_00, taxBasisPoints: 820, taxMode: "flat" });
    expect(config.tax.mode).toBe("flat");
    expect(config.cod).toEqual({ enabled: false, feePaise: 40_00, maxOrderPaise: 5_000_00 });
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/shop" }, "DATABASE_URL"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
    [{ EMAIL_VERIFICATION: "sometimes" }, "EMAIL_VERIFICATION"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
    [{ JWT_SECRET: "short" }, "JWT_SECRET"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ RAZORPAY_KEY_ID: "rzp_test_1" }, "RAZORPAY_KEY_SECRET"],
    [{ NODE_ENV: "production", JWT_SECRET: "" }, "JWT_SECRET"],
    [{ NODE_ENV: "production" }, "RAZORPAY_KEY_ID"],
    [
      { NODE_ENV: "production", RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "s", SMTP_URL: "smtp://mail:25" },
      "RAZORPAY_WEBHOOK_SECRET",
    ],
    [{ NODE_ENV: "production", RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "s", RAZORPAY_WEBHOOK_SECRET: "w" }, "SMTP_URL"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ FREE_SHIPPING_ABOVE: "lots" }, "FREE_SHIPPING_ABOVE"],
    [{ SHIPPING_PRICE: "-5" }, "SHIPPING_PRICE"],
    [{ TAX_RATE_PERCENT: "8.2.1" }, "TAX_RATE_PERCENT"],
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "proxy.internal" }, "TRUST_PROXY"],
  ])("stops on %o naming %s", (env, variable) => {
    try {
      loadConfig({ ...base, ...env });
      expect.unreachable("loadConfig should have thrown");
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe(variable);
      expect((error as Error).message).toContain(variable);
    }
  });

  it("reads the pricing rule's parameters in rupees and percent", () => {
    const config = loadConfig({ ...base, FREE_SHIPPING_ABOVE: "499", SHIPPING_PRICE: "49.50", TAX_RATE_PERCENT: "5" });
    expect(config.pricing).toEqual({ freeShippingAbovePaise: 499_00, shippingPaise: 49_50, taxBasisPoints: 500, taxMode: "flat" });
  });

  it("reads the India settings: GST seller, invoice prefix and Cash on Delivery", () => {
    const config = loadConfig({
      ...base,
      TAX_MODE: "gst",
      SELLER_GSTIN: "27aakck4321b1zw",
      SELLER_STATE: "maharashtra",
      INVOICE_PREFIX: "KBA",
      COD_ENABLED: "true",
      COD_FEE: "25.50",
      COD_MAX_ORDER: "2000",
    });
    expect(config.pricing.taxMode).toBe("gst");
    expect(config.tax.seller).toMatchObject({ gstin: "27AAKCK4321B1ZW", state: "Maharashtra", stateCode: "27" });
    expect(config.tax.invoicePrefix).toBe("KBA");
    expect(config.cod).toEqual({ enabled: true, feePaise: 25_50, maxOrderPaise: 2_000_00 });
  });

  it.each([
    [{ TAX_MODE: "vat" }, "TAX_MODE"],
    [{ TAX_MODE: "gst", SELLER_GSTIN: "27AAKCK4321B1ZW" }, "SELLER_STATE"],
    [{ TAX_MODE: "gst", SELLER_STATE: "Maharashtra" }, "SELLER_GSTIN"],
    [{ SELLER_GSTIN: "27AAKCK4321B1ZX" }, "SELLER_GSTIN"],
    [{ SELLER_GSTIN: "27AAKCK4321B1ZW", SELLER_STATE: "Karnataka" }, "SELLER_GSTIN"],
    [{ SELLER_STATE: "Atlantis" }, "SELLER_STATE"],
    [{ INVOICE_PREFIX: "kb/x" }, "INVOICE_PREFIX"],
    [{ COD_ENABLED: "maybe" }, "COD_ENABLED"],
    [{ COD_FEE: "-1" }, "COD_FEE"],
    [{ DELIVERY_DAYS: "99" }, "DELIVERY_DAYS"],
    [{ WEB_CONCURRENCY: "0" }, "WEB_CONCURRENCY"],
    [{ WEB_CONCURRENCY: "two" }, "WEB_CONCURRENCY"],
  ])("stops on %o naming %s", (env, variable) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`^Configuration error: ${variable} `));
  });

  it("accepts PostgreSQL URLs and production with keys", () => {
    const config = loadConfig({
      ...base,
      NODE_ENV: "production",
      DATABASE_URL: "postgres://shop@db.internal:5432/shop",
      RAZORPAY_KEY_ID: "rzp_live_x",
      RAZORPAY_KEY_SECRET: "secret",
      RAZORPAY_WEBHOOK_SECRET: "whsec",
      SMTP_URL: "smtp://mail.internal:587",
    });
    expect(config.databaseUrl).toBe("postgres://shop@db.internal:5432/shop");
    expect(config.seedDemo).toBe(false);
  });

  it("reads TRUST_PROXY as no proxy, a hop count or proxy addresses", () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toEqual(["10.0.0.0/8", "127.0.0.1"]);
  });

  it("lets production run without webhooks or SMTP only when told so", () => {
    const config = loadConfig({
      ...base,
      NODE_ENV: "production",
      RAZORPAY_KEY_ID: "rzp_live_x",
      RAZORPAY_KEY_SECRET: "secret",
      RAZORPAY_WEBHOOKS_DISABLED: "true",
      MAIL_TO_OUTBOX: "true",
    });
    expect([config.razorpay.webhookSecret, config.smtpUrl]).toEqual([null, null]);
  });

  it("keeps media in DATA_DIR/media unless MEDIA_DIR names a (shared) directory", () => {
    expect(loadConfig(base).mediaDir).toBe("/tmp/kb-config-test/media");
    expect(loadConfig({ ...base, MEDIA_DIR: "/mnt/shop-media" }).mediaDir).toBe("/mnt/shop-media");
  });

  it("serves images from /media/ unless IMAGE_BASE_URL names a CDN", () => {
    expect(loadConfig(base).imageBaseUrl).toBe("/media/");
    expect(loadConfig({ ...base, IMAGE_BASE_URL: "https://cdn.krishi.test/media/" }).imageBaseUrl).toBe("https://cdn.krishi.test/media");
    expect(loadConfig({ ...base, IMAGE_BASE_URL: "/static/img/" }).imageBaseUrl).toBe("/static/img/");
  });

  it("logs readable lines to a person in development, JSON lines to anything else", () => {
    const dev = { ...base, NODE_ENV: "development" };
    expect(loadConfig(dev, true).logFormat).toBe("pretty");
    expect(loadConfig(dev, false).logFormat).toBe("json");
    expect(loadConfig(base, true).logFormat).toBe("json");
    expect(loadConfig({ ...dev, LOG_FORMAT: "json" }, true).logFormat).toBe("json");
    expect(loadConfig({ ...base, LOG_FORMAT: "pretty" }, false).logFormat).toBe("pretty");
  });

  it.each([
    [{ LOG_FORMAT: "text" }, "LOG_FORMAT"],
    [{ LOG_FORMAT: "JSON " }, "LOG_FORMAT"],
    [{ IMAGE_BASE_URL: "cdn.krishi.test/media" }, "IMAGE_BASE_URL"],
    [{ IMAGE_BASE_URL: "//cdn.krishi.test/media" }, "IMAGE_BASE_URL"],
    [{ IMAGE_BASE_URL: "ftp://cdn.krishi.test/media" }, "IMAGE_BASE_URL"],
    [{ IMAGE_BASE_URL: "javascript:alert(1)" }, "IMAGE_BASE_URL"],
  ])("stops on %o naming %s", (env, variable) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`^Configuration error: ${variable} `));
  });
});
