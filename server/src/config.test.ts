import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { MESSAGE_KINDS } from "./lib/messenger.ts";

const base = { NODE_ENV: "test", DATA_DIR: "/tmp/kb-config-test", JWT_SECRET: "s".repeat(32) };

/** Every DLT template MSG91 needs: 1107…<kind><language>. */
const templateIds = (skip = "") =>
  MESSAGE_KINDS.flatMap((kind, k) => [`${kind}.en=1107160000000000${k}01`, `${kind}.hi=1107160000000000${k}02`])
    .filter((entry) => !entry.startsWith(`${skip}=`))
    .join(",");
const msg91 = { MSG91_AUTH_KEY: "msg91-key", MSG91_SENDER_ID: "KRSHIB", MSG91_TEMPLATES: templateIds() };
const whatsapp = { WHATSAPP_TOKEN: "EAAGtoken", WHATSAPP_PHONE_NUMBER_ID: "109876543210123" };

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
    expect(config.messaging).toEqual({ msg91: null, whatsapp: null, toOutbox: true });
    expect(config.otp.countries).toEqual(["IN"]);
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
    [
      {
        NODE_ENV: "production",
        RAZORPAY_KEY_ID: "rzp_live_x",
        RAZORPAY_KEY_SECRET: "s",
        RAZORPAY_WEBHOOK_SECRET: "w",
        SMTP_URL: "smtp://mail:25",
      },
      "MSG91_AUTH_KEY",
    ],
    [
      {
        NODE_ENV: "production",
        RAZORPAY_KEY_ID: "rzp_live_x",
        RAZORPAY_KEY_SECRET: "s",
        RAZORPAY_WEBHOOK_SECRET: "w",
        SMTP_URL: "smtp://mail:25",
        WHATSAPP_TOKEN: "EAAG",
        WHATSAPP_PHONE_NUMBER_ID: "1098",
      },
      "MSG91_AUTH_KEY",
    ],
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

  it("takes GST as included in the prices by default in GST mode, added on top with PRICES_INCLUDE_TAX=false", () => {
    const gst = { ...base, TAX_MODE: "gst", SELLER_GSTIN: "27AAKCK4321B1ZW", SELLER_STATE: "Maharashtra" };
    expect(loadConfig(gst).pricing.pricesIncludeTax).toBe(true);
    expect(loadConfig({ ...gst, PRICES_INCLUDE_TAX: "false" }).pricing.pricesIncludeTax).toBe(false);
    // The spec's flat tax is always added: the setting is not even read.
    expect(loadConfig({ ...base, PRICES_INCLUDE_TAX: "maybe" }).pricing.pricesIncludeTax).toBeUndefined();
    expect(() => loadConfig({ ...gst, PRICES_INCLUDE_TAX: "maybe" })).toThrow(/PRICES_INCLUDE_TAX/);
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
      ...msg91,
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

  it("lets production run without webhooks, SMTP or an SMS provider only when told so", () => {
    const config = loadConfig({
      ...base,
      NODE_ENV: "production",
      RAZORPAY_KEY_ID: "rzp_live_x",
      RAZORPAY_KEY_SECRET: "secret",
      RAZORPAY_WEBHOOKS_DISABLED: "true",
      MAIL_TO_OUTBOX: "true",
      MESSAGES_TO_OUTBOX: "true",
    });
    expect([config.razorpay.webhookSecret, config.smtpUrl]).toEqual([null, null]);
    expect(config.messaging).toEqual({ msg91: null, whatsapp: null, toOutbox: true });
  });

  it("keeps media in DATA_DIR/media unless MEDIA_DIR names a (shared) directory", () => {
    expect(loadConfig(base).mediaDir).toBe("/tmp/kb-config-test/media");
    expect(loadConfig({ ...base, MEDIA_DIR: "/mnt/shop-media" }).mediaDir).toBe("/mnt/shop-media");
  });

  it("keeps return photos in DATA_DIR/private-media unless PRIVATE_MEDIA_DIR names one, never in the public MEDIA_DIR", () => {
    expect(loadConfig(base).privateMediaDir).toBe("/tmp/kb-config-test/private-media");
    expect(loadConfig({ ...base, PRIVATE_MEDIA_DIR: "/mnt/shop-private" }).privateMediaDir).toBe("/mnt/shop-private");
    for (const inside of ["/mnt/shop-media", "/mnt/shop-media/returns"]) {
      expect(() => loadConfig({ ...base, MEDIA_DIR: "/mnt/shop-media", PRIVATE_MEDIA_DIR: inside })).toThrow(
        /PRIVATE_MEDIA_DIR must not be/,
      );
    }
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

  it("reads MSG91: the sender, a DLT template per kind and language, the API base", () => {
    const config = loadConfig({ ...base, ...msg91, MSG91_SENDER_ID: "krshib", MSG91_API_BASE: "http://127.0.0.1:9999/" });
    const settings = config.messaging.msg91;
    expect(settings).toMatchObject({ authKey: "msg91-key", senderId: "KRSHIB", apiBase: "http://127.0.0.1:9999" });
    expect(settings?.templates.otp).toEqual({ en: "1107160000000000001", hi: "1107160000000000002" });
    expect(settings?.templates.order_refunded.hi).toBe(`1107160000000000${MESSAGE_KINDS.indexOf("order_refunded")}02`);
    expect(loadConfig({ ...base, ...msg91 }).messaging.msg91?.apiBase).toBe("https://control.msg91.com");
    expect(config.messaging.toOutbox).toBe(false);
    expect(loadConfig({ ...base, ...msg91, MESSAGES_TO_OUTBOX: "true" }).messaging.toOutbox).toBe(true);
  });

  it("reads WhatsApp: the number's id, Graph's address and version, template names kb_<kind> unless overridden", () => {
    const settings = loadConfig({ ...base, ...whatsapp }).messaging.whatsapp;
    expect(settings).toMatchObject({
      token: "EAAGtoken",
      phoneNumberId: "109876543210123",
      apiBase: "https://graph.facebook.com",
      version: "v21.0",
    });
    expect(settings?.templates).toEqual(Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, `kb_${kind}`])));
    const custom = loadConfig({
      ...base,
      ...whatsapp,
      WHATSAPP_API_BASE: "http://127.0.0.1:9998",
      WHATSAPP_API_VERSION: "v22.0",
      WHATSAPP_TEMPLATES: "otp=krishi_login, order_shipped=krishi_shipped_v2",
    }).messaging;
    expect(custom.whatsapp).toMatchObject({ apiBase: "http://127.0.0.1:9998", version: "v22.0" });
    expect(custom.whatsapp?.templates).toMatchObject({
      otp: "krishi_login",
      order_shipped: "krishi_shipped_v2",
      order_placed: "kb_order_placed",
    });
    expect(custom).toMatchObject({ msg91: null, toOutbox: false });
  });

  it("reads OTP_COUNTRIES as country codes, India alone by default", () => {
    expect(loadConfig({ ...base, OTP_COUNTRIES: "in, np,IN" }).otp.countries).toEqual(["IN", "NP"]);
    expect(loadConfig({ ...base, OTP_COUNTRIES: "AE" }).otp.countries).toEqual(["AE"]);
  });

  it("reads the sign-in code budget (200 an hour, 1000 a day by default) and OWNER_EMAIL (none by default)", () => {
    expect(loadConfig(base).otp.budget).toEqual({ perHour: 200, perDay: 1000 });
    expect(loadConfig(base).ownerEmails).toEqual([]);
    const custom = loadConfig({
      ...base,
      OTP_BUDGET_PER_HOUR: "50",
      OTP_BUDGET_PER_DAY: "400",
      OWNER_EMAIL: "Owner@Shop.in, staff@shop.in",
    });
    expect(custom.otp.budget).toEqual({ perHour: 50, perDay: 400 });
    expect(custom.ownerEmails).toEqual(["owner@shop.in", "staff@shop.in"]);
  });

  it.each([
    [{ MSG91_AUTH_KEY: "k" }, "MSG91_SENDER_ID", ""],
    [{ ...msg91, MSG91_SENDER_ID: "KRISHIB" }, "MSG91_SENDER_ID", "6 letters"],
    [{ ...msg91, MSG91_SENDER_ID: "KRSH1B" }, "MSG91_SENDER_ID", "6 letters"],
    [{ ...msg91, MSG91_TEMPLATES: "" }, "MSG91_TEMPLATES", "otp.en"],
    [{ ...msg91, MSG91_TEMPLATES: templateIds("order_cancelled.hi") }, "MSG91_TEMPLATES", "is missing order_cancelled.hi ("],
    [{ ...msg91, MSG91_TEMPLATES: `${templateIds()},otp.ta=1107` }, "MSG91_TEMPLATES", "unknown template otp.ta"],
    [{ ...msg91, MSG91_TEMPLATES: `${templateIds()},coupon.en=1107` }, "MSG91_TEMPLATES", "unknown template coupon.en"],
    [{ ...msg91, MSG91_TEMPLATES: `${templateIds()},otp.en=1108` }, "MSG91_TEMPLATES", "otp.en twice"],
    [{ ...msg91, MSG91_TEMPLATES: `${templateIds()},otp` }, "MSG91_TEMPLATES", '(got "otp")'],
    [{ ...msg91, MSG91_API_BASE: "control.msg91.com" }, "MSG91_API_BASE", ""],
    [{ WHATSAPP_TOKEN: "t" }, "WHATSAPP_PHONE_NUMBER_ID", ""],
    [{ ...whatsapp, WHATSAPP_PHONE_NUMBER_ID: "+919876543210" }, "WHATSAPP_PHONE_NUMBER_ID", "all digits"],
    [{ WHATSAPP_API_VERSION: "21" }, "WHATSAPP_API_VERSION", ""],
    [{ WHATSAPP_API_BASE: "ftp://graph.facebook.com" }, "WHATSAPP_API_BASE", ""],
    [{ WHATSAPP_TEMPLATES: "otp=Login-Code" }, "WHATSAPP_TEMPLATES", '(got "otp=Login-Code")'],
    [{ WHATSAPP_TEMPLATES: "coupon=kb_coupon" }, "WHATSAPP_TEMPLATES", "unknown kind coupon"],
    [{ MESSAGES_TO_OUTBOX: "maybe" }, "MESSAGES_TO_OUTBOX", ""],
    [{ OTP_COUNTRIES: "IN,FR" }, "OTP_COUNTRIES", '(got "IN,FR")'],
    [{ OTP_COUNTRIES: "," }, "OTP_COUNTRIES", ""],
    [{ OTP_COUNTRIES: "India" }, "OTP_COUNTRIES", ""],
    [{ OTP_BUDGET_PER_HOUR: "0" }, "OTP_BUDGET_PER_HOUR", "from 1"],
    [{ OTP_BUDGET_PER_DAY: "lots" }, "OTP_BUDGET_PER_DAY", ""],
    [{ OWNER_EMAIL: "owner@shop.in,owner" }, "OWNER_EMAIL", '(got "owner")'],
  ])("stops on %o naming %s", (env, variable, detail) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`^Configuration error: ${variable} `));
    if (detail) expect(() => loadConfig({ ...base, ...env })).toThrow(detail);
  });
});
