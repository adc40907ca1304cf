import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  DEFAULT_PRICING,
  GST_STATE_CODES,
  gstinProblem,
  type IndianState,
  indianState,
  isPhoneCountry,
  LANGUAGES,
  type Language,
  PHONE_COUNTRIES,
  type PhoneCountry,
  type PricingRules,
  type TaxMode,
  tryToPaise,
} from "@krishi/contract";
import { isMessageKind, MESSAGE_KINDS, type MessageKind, type Msg91Settings, type WhatsAppSettings } from "./text-message.ts";

/**
 * The only module that reads process.env. Everything is parsed once into a frozen,
 * typed object; a wrong value stops start-up with a message naming the variable.
 */
export type EmailVerification = "mandatory" | "optional" | "none";
export type LogFormat = "json" | "pretty";

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  siteUrl: string;
  dataDir: string;
  /** postgres://… or null for the embedded SQLite database at dataDir/shop.db. */
  databaseUrl: string | null;
  sqliteFile: string;
  /** Uploaded media (MEDIA_DIR, default DATA_DIR/media): a directory several machines may share. */
  mediaDir: string;
  /**
   * Customers' return photos (PRIVATE_MEDIA_DIR, default DATA_DIR/private-media): never served
   * publicly, so never inside MEDIA_DIR; shared like it by several machines.
   */
  privateMediaDir: string;
  /** The built web app (WEB_DIST_DIR, default web/dist); its server entry is in dist-ssr beside it. */
  webDistDir: string;
  jwtSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  emailVerification: EmailVerification;
  /** authUrl: the consent page the browser is sent to (Google's, or GOOGLE_AUTH_URL). */
  google: { clientId: string | null; clientSecret: string | null; issuer: string; authUrl: string };
  razorpay: { keyId: string | null; keySecret: string | null; webhookSecret: string | null; apiBase: string };
  /**
   * Text messages (sign-in codes, order news). msg91: SMS under India's DLT rules (a registered
   * sender, and a registered template per kind and language); whatsapp: Meta's Cloud API (an
   * approved template per kind). toOutbox: a channel without a provider is written to
   * DATA_DIR/outbox/<channel>/ (no provider is set at all, or MESSAGES_TO_OUTBOX=true); otherwise
   * that channel is not offered.
   */
  messaging: { msg91: Msg91Settings | null; whatsapp: WhatsAppSettings | null; toOutbox: boolean };
  /**
   * The countries whose mobile numbers may sign in by code (OTP_COUNTRIES, default India only), and
   * the shop's budget of codes sent an hour and a day (OTP_BUDGET_PER_HOUR, OTP_BUDGET_PER_DAY):
   * codes cost money, and SMS pumping sends them by the thousand.
   */
  otp: { countries: readonly PhoneCountry[]; budget: { perHour: number; perDay: number } };
  /** Where the shop's own alerts go (OWNER_EMAIL, comma-separated); none: the active staff accounts' verified addresses. */
  ownerEmails: readonly string[];
  redisUrl: string | null;
  seedDemo: boolean;
  logLevel: string;
  /** json: one JSON object a line (production, journald, log shippers); pretty: readable lines for a person. */
  logFormat: LogFormat;
  /** Where image paths are joined: "/media/" (this server), or a CDN's absolute https address. */
  imageBaseUrl: string;
  /** The pricing rule's parameters, published to the web through /api/config. */
  pricing: PricingRules;
  /** Checkout limits and the payment window. */
  orders: { paymentWindowSeconds: number; maxUnpaidOrders: number; maxUnitsPerLine: number; returnWindowHours: number };
  /**
   * Which proxies in front may name the client in X-Forwarded-For: none (false), the nearest N
   * hops, or these addresses / CIDR ranges. Never "all": a client could then pick its own IP.
   */
  trustProxy: false | number | string[];
  /**
   * GST (TAX_MODE=gst) and the seller the tax invoices name. In flat mode (the spec's default)
   * the seller fields are still read but no invoice needs them.
   */
  tax: {
    mode: TaxMode;
    seller: { name: string; gstin: string | null; state: IndianState | null; stateCode: string | null; address: string };
    /** The invoice series' prefix: KB/2026-27/000001, credit notes KB/CN/2026-27/000001. */
    invoicePrefix: string;
  };
  /** Cash on Delivery: off by default; the fee is charged with shipping, the limit is on the order's total. */
  cod: { enabled: boolean; feePaise: number; maxOrderPaise: number };
  /** Days to deliver to a PIN when no serviceability table has been uploaded. */
  defaultDeliveryDays: number;
  /** Whether this process runs the scheduled jobs (expiry sweep, reconciliation, mail); off in tests. */
  runJobs: boolean;
  /**
   * How long a process's lease of a job lasts (renewed while it runs): when a process dies
   * mid-run (a catalogue import cut short), another takes the job over after this at most.
   */
  jobLeaseSeconds: number;
  /** Catalogue imports: hosts whose pictures may be fetched although private, or over plain http (tests, an intranet). */
  importFetchAllowedHosts: readonly string[];
  /** Server processes on this machine (WEB_CONCURRENCY, opt-in): 1 runs the shop in this process. */
  webConcurrency: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const repoRoot = path.resolve(import.meta.dirname, "../..");

/**
 * `terminal`: whether standard output is a terminal, which decides the default LOG_FORMAT (a person
 * reads pretty lines; anything that captures the output — journald, a file, CI — gets JSON).
 */
export function loadConfig(env: Env = process.env, terminal = Boolean(process.stdout.isTTY)): Readonly<Config> {
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === "" ? undefined : value;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = read(name) ?? fallback;
    if (!(allowed as readonly string[]).includes(value)) {
      throw new ConfigError(name, `must be one of ${allowed.join(", ")} (got "${value}")`);
    }
    return value as T;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const value = read(name);
    if (value === undefined) return fallback;
    if (/^(1|true|yes|on)$/i.test(value)) return true;
    if (/^(0|false|no|off)$/i.test(value)) return false;
    throw new ConfigError(name, `must be true or false (got "${value}")`);
  };
  const url = (name: string, fallback: string | undefined, protocols: string[]): string | undefined => {
    const value = read(name) ?? fallback;
    if (value === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new ConfigError(name, `is not a valid URL (got "${value}")`);
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new ConfigError(name, `must use ${protocols.join(" or ")} (got "${parsed.protocol}")`);
    }
    return value.replace(/\/+$/, "");
  };

  const nodeEnv = oneOf("NODE_ENV", ["development", "production", "test"] as const, "development");
  const production = nodeEnv === "production";

  const portText = read("PORT") ?? "8000";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) throw new ConfigError("PORT", `must be a port number (got "${portText}")`);
  const host = read("HOST") ?? "127.0.0.1";

  const dataDir = path.resolve(repoRoot, read("DATA_DIR") ?? "data");
  const databaseUrl = url("DATABASE_URL", undefined, ["postgres:", "postgresql:"]) ?? null;
  const siteUrl = url("SITE_URL", `http://localhost:${port}`, ["http:", "https:"]) as string;

  let jwtSecret = read("JWT_SECRET");
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError("JWT_SECRET", "must be at least 32 characters");
  }
  if (jwtSecret === undefined) {
    if (production) throw new ConfigError("JWT_SECRET", "is required in production");
    jwtSecret = devSecret(dataDir);
  }

  const razorpay = {
    keyId: read("RAZORPAY_KEY_ID") ?? null,
    keySecret: read("RAZORPAY_KEY_SECRET") ?? null,
    webhookSecret: read("RAZORPAY_WEBHOOK_SECRET") ?? null,
    apiBase: url("RAZORPAY_API_BASE", "https://api.razorpay.com", ["http:", "https:"]) as string,
  };
  if (razorpay.keyId && !razorpay.keySecret) {
    throw new ConfigError("RAZORPAY_KEY_SECRET", "is required when RAZORPAY_KEY_ID is set");
  }
  if (production && !razorpay.keyId) {
    throw new ConfigError("RAZORPAY_KEY_ID", "is required in production (the payment sandbox is for development only)");
  }
  // Without the webhook a payment whose browser callback is lost waits for reconciliation; say so explicitly.
  if (production && !razorpay.webhookSecret && !bool("RAZORPAY_WEBHOOKS_DISABLED", false)) {
    throw new ConfigError("RAZORPAY_WEBHOOK_SECRET", "is required in production (or set RAZORPAY_WEBHOOKS_DISABLED=true)");
  }

  const rupees = (name: string, fallbackPaise: number): number => {
    const value = read(name);
    if (value === undefined) return fallbackPaise;
    const paise = tryToPaise(value);
    if (paise !== null && paise >= 0) return paise;
    throw new ConfigError(name, `must be a rupee amount such as 100 or 99.50 (got "${value}")`);
  };
  const taxText = read("TAX_RATE_PERCENT");
  const taxBasisPoints = taxText === undefined ? DEFAULT_PRICING.taxBasisPoints : Math.round(Number(taxText) * 100);
  if (taxText !== undefined && (!/^\d{1,2}(\.\d{1,2})?$/.test(taxText) || Number.isNaN(taxBasisPoints))) {
    throw new ConfigError("TAX_RATE_PERCENT", `must be a percentage such as 8.2 (got "${taxText}")`);
  }
  const taxMode = oneOf("TAX_MODE", ["flat", "gst"] as const, "flat");
  const pricing: PricingRules = Object.freeze({
    taxMode,
    freeShippingAbovePaise: rupees("FREE_SHIPPING_ABOVE", DEFAULT_PRICING.freeShippingAbovePaise),
    shippingPaise: rupees("SHIPPING_PRICE", DEFAULT_PRICING.shippingPaise),
    taxBasisPoints,
    // Read in GST mode only: the spec's flat tax is always added on top.
    ...(taxMode === "gst" ? { pricesIncludeTax: bool("PRICES_INCLUDE_TAX", true) } : {}),
  });

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const value = read(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max)
      throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${value}")`);
    return n;
  };
  const orders = Object.freeze({
    paymentWindowSeconds: integer("ORDER_PAYMENT_WINDOW_SECONDS", 1800, 10, 7 * 24 * 3600),
    maxUnpaidOrders: integer("ORDER_MAX_UNPAID", 3, 1, 100),
    maxUnitsPerLine: integer("ORDER_MAX_UNITS_PER_LINE", 100, 1, 10_000),
    returnWindowHours: integer("RETURN_WINDOW_HOURS", 48, 0, 24 * 365),
  });

  const gstin = read("SELLER_GSTIN")?.toUpperCase() ?? null;
  const gstinError = gstin === null ? null : gstinProblem(gstin);
  if (gstinError) throw new ConfigError("SELLER_GSTIN", `${gstinError} (got "${gstin}")`);
  const sellerStateText = read("SELLER_STATE");
  const sellerState = sellerStateText === undefined ? null : indianState(sellerStateText);
  if (sellerStateText !== undefined && sellerState === null) {
    throw new ConfigError("SELLER_STATE", `must be an Indian state or union territory (got "${sellerStateText}")`);
  }
  const sellerStateCode = sellerState ? GST_STATE_CODES[sellerState] : null;
  if (taxMode === "gst") {
    if (!sellerState) throw new ConfigError("SELLER_STATE", "is required when TAX_MODE=gst (the place of supply is compared with it)");
    if (!gstin) throw new ConfigError("SELLER_GSTIN", "is required when TAX_MODE=gst (tax invoices carry it)");
  }
  if (gstin && sellerStateCode && gstin.slice(0, 2) !== sellerStateCode) {
    throw new ConfigError(
      "SELLER_GSTIN",
      `starts with state code ${gstin.slice(0, 2)}, but SELLER_STATE ${sellerState} is ${sellerStateCode}`,
    );
  }
  const invoicePrefix = read("INVOICE_PREFIX") ?? "KB";
  if (!/^[A-Z0-9-]{1,6}$/.test(invoicePrefix)) {
    throw new ConfigError("INVOICE_PREFIX", `must be 1 to 6 capital letters, digits or dashes (got "${invoicePrefix}")`);
  }
  const tax = Object.freeze({
    mode: taxMode,
    seller: Object.freeze({
      name: read("SELLER_NAME") ?? "Krishi Bazaar",
      gstin,
      state: sellerState,
      stateCode: sellerStateCode,
      address: read("SELLER_ADDRESS") ?? "",
    }),
    invoicePrefix,
  });
  const cod = Object.freeze({
    enabled: bool("COD_ENABLED", false),
    feePaise: rupees("COD_FEE", 40_00),
    maxOrderPaise: rupees("COD_MAX_ORDER", 5_000_00),
  });

  const trustProxyText = read("TRUST_PROXY") ?? "false";
  let trustProxy: false | number | string[];
  if (/^(false|0|no|off)$/i.test(trustProxyText)) trustProxy = false;
  else if (/^\d{1,2}$/.test(trustProxyText)) trustProxy = Number(trustProxyText);
  else if (/^(true|yes|on)$/i.test(trustProxyText)) {
    throw new ConfigError("TRUST_PROXY", "must be a hop count or proxy addresses, not true (clients could then set their own IP)");
  } else {
    trustProxy = trustProxyText.split(",").map((part) => part.trim());
    if (trustProxy.some((part) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part))) {
      throw new ConfigError(
        "TRUST_PROXY",
        `must be a hop count or a comma-separated list of addresses or CIDR ranges (got "${trustProxyText}")`,
      );
    }
  }

  const smtpUrl = url("SMTP_URL", undefined, ["smtp:", "smtps:"]) ?? null;
  // Production mail goes out by SMTP unless the outbox directory is chosen on purpose.
  if (production && !smtpUrl && !bool("MAIL_TO_OUTBOX", false)) {
    throw new ConfigError("SMTP_URL", "is required in production (or set MAIL_TO_OUTBOX=true to write mail to DATA_DIR/outbox/)");
  }

  const commaList = (name: string): string[] | undefined =>
    read(name)
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean);

  const msg91AuthKey = read("MSG91_AUTH_KEY");
  const msg91ApiBase = url("MSG91_API_BASE", "https://control.msg91.com", ["http:", "https:"]) as string;
  let msg91: Msg91Settings | null = null;
  if (msg91AuthKey) {
    const senderId = read("MSG91_SENDER_ID");
    if (!senderId) throw new ConfigError("MSG91_SENDER_ID", "is required when MSG91_AUTH_KEY is set (the DLT header SMS are sent from)");
    if (!/^[A-Za-z]{6}$/.test(senderId)) throw new ConfigError("MSG91_SENDER_ID", `must be 6 letters, the DLT header (got "${senderId}")`);
    msg91 = Object.freeze({
      authKey: msg91AuthKey,
      senderId: senderId.toUpperCase(),
      templates: msg91Templates(commaList("MSG91_TEMPLATES") ?? []),
      apiBase: msg91ApiBase,
    });
  }

  const whatsappToken = read("WHATSAPP_TOKEN");
  const whatsappApiBase = url("WHATSAPP_API_BASE", "https://graph.facebook.com", ["http:", "https:"]) as string;
  const whatsappVersion = read("WHATSAPP_API_VERSION") ?? "v21.0";
  if (!/^v\d+\.\d+$/.test(whatsappVersion)) {
    throw new ConfigError("WHATSAPP_API_VERSION", `must be a Graph API version such as v21.0 (got "${whatsappVersion}")`);
  }
  const whatsappTemplateNames = whatsappTemplates(commaList("WHATSAPP_TEMPLATES") ?? []);
  let whatsapp: WhatsAppSettings | null = null;
  if (whatsappToken) {
    const phoneNumberId = read("WHATSAPP_PHONE_NUMBER_ID");
    if (!phoneNumberId) throw new ConfigError("WHATSAPP_PHONE_NUMBER_ID", "is required when WHATSAPP_TOKEN is set");
    if (!/^\d+$/.test(phoneNumberId)) {
      throw new ConfigError(
        "WHATSAPP_PHONE_NUMBER_ID",
        `must be the number's id in Meta's WhatsApp Manager, all digits (got "${phoneNumberId}")`,
      );
    }
    whatsapp = Object.freeze({
      token: whatsappToken,
      phoneNumberId,
      apiBase: whatsappApiBase,
      version: whatsappVersion,
      templates: whatsappTemplateNames,
    });
  }
  const messagesToOutbox = bool("MESSAGES_TO_OUTBOX", false);
  // Sign-in codes go by SMS: production sends them through MSG91 unless the outbox is chosen on purpose.
  if (production && !msg91 && !messagesToOutbox) {
    throw new ConfigError(
      "MSG91_AUTH_KEY",
      "is required in production (or set MESSAGES_TO_OUTBOX=true to write text messages to DATA_DIR/outbox/)",
    );
  }
  const messaging = Object.freeze({ msg91, whatsapp, toOutbox: messagesToOutbox || (!msg91 && !whatsapp) });

  const otpCountries = [...new Set((commaList("OTP_COUNTRIES") ?? ["IN"]).map((code) => code.toUpperCase()))];
  const notCountry = otpCountries.find((code) => !isPhoneCountry(code));
  if (notCountry !== undefined || otpCountries.length === 0) {
    throw new ConfigError(
      "OTP_COUNTRIES",
      `must be country codes among ${Object.keys(PHONE_COUNTRIES).join(", ")}, separated by commas (got "${read("OTP_COUNTRIES")}")`,
    );
  }
  const otp = Object.freeze({
    countries: Object.freeze(otpCountries as PhoneCountry[]),
    budget: Object.freeze({
      perHour: integer("OTP_BUDGET_PER_HOUR", 200, 1, 1_000_000),
      perDay: integer("OTP_BUDGET_PER_DAY", 1000, 1, 10_000_000),
    }),
  });
  const ownerEmails = (commaList("OWNER_EMAIL") ?? []).map((address) => address.toLowerCase());
  const notAddress = ownerEmails.find((address) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address));
  if (notAddress !== undefined) {
    throw new ConfigError("OWNER_EMAIL", `must be e-mail addresses separated by commas (got "${notAddress}")`);
  }

  const googleIssuer = url("GOOGLE_ISSUER", "https://accounts.google.com", ["http:", "https:"]) as string;

  const logLevel = read("LOG_LEVEL") ?? (nodeEnv === "test" ? "silent" : "info");
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError("LOG_LEVEL", `must be one of ${LOG_LEVELS.join(", ")}`);
  const logFormat = oneOf("LOG_FORMAT", ["json", "pretty"] as const, nodeEnv === "development" && terminal ? "pretty" : "json");

  // Relative to this server (the default /media/) or a CDN's absolute address; nothing else makes an image URL.
  const imageBaseText = read("IMAGE_BASE_URL") ?? "/media/";
  const imageBaseUrl =
    imageBaseText.startsWith("/") && !imageBaseText.startsWith("//")
      ? imageBaseText
      : url("IMAGE_BASE_URL", undefined, ["http:", "https:"]);

  const mediaDir = path.resolve(repoRoot, read("MEDIA_DIR") ?? path.join(dataDir, "media"));
  const privateMediaDir = path.resolve(repoRoot, read("PRIVATE_MEDIA_DIR") ?? path.join(dataDir, "private-media"));
  const inside = path.relative(mediaDir, privateMediaDir);
  if (!inside || (!inside.startsWith("..") && !path.isAbsolute(inside))) {
    throw new ConfigError("PRIVATE_MEDIA_DIR", "must not be MEDIA_DIR or inside it: everything there is served publicly under /media/");
  }

  return Object.freeze({
    env: nodeEnv,
    port,
    host,
    siteUrl,
    dataDir,
    databaseUrl,
    sqliteFile: path.join(dataDir, "shop.db"),
    mediaDir,
    privateMediaDir,
    webDistDir: path.resolve(repoRoot, read("WEB_DIST_DIR") ?? "web/dist"),
    jwtSecret,
    smtpUrl,
    mailFrom: read("MAIL_FROM") ?? "Krishi Bazaar <no-reply@krishibazaar.local>",
    emailVerification: oneOf("EMAIL_VERIFICATION", ["mandatory", "optional", "none"] as const, "mandatory"),
    google: {
      clientId: read("GOOGLE_CLIENT_ID") ?? null,
      clientSecret: read("GOOGLE_CLIENT_SECRET") ?? null,
      issuer: googleIssuer,
      authUrl: url("GOOGLE_AUTH_URL", `${googleIssuer}/o/oauth2/v2/auth`, ["http:", "https:"]) as string,
    },
    razorpay,
    messaging,
    otp,
    ownerEmails: Object.freeze(ownerEmails),
    redisUrl: url("REDIS_URL", undefined, ["redis:", "rediss:"]) ?? null,
    seedDemo: bool("SEED_DEMO", !production),
    logLevel,
    logFormat,
    imageBaseUrl: imageBaseUrl as string,
    pricing,
    orders,
    trustProxy,
    tax,
    cod,
    defaultDeliveryDays: integer("DELIVERY_DAYS", 5, 0, 60),
    runJobs: bool("RUN_JOBS", nodeEnv !== "test"),
    jobLeaseSeconds: integer("JOB_LEASE_SECONDS", 300, 2, 3600),
    importFetchAllowedHosts: (read("IMPORT_FETCH_ALLOWED_HOSTS") ?? "")
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    webConcurrency: integer("WEB_CONCURRENCY", 1, 1, 64),
  });
}

/** MSG91_TEMPLATES: `kind.language=id` entries; India's DLT rules need a template for every kind in every language. */
function msg91Templates(entries: string[]): Msg91Settings["templates"] {
  const ids = new Map<string, string>();
  for (const entry of entries) {
    const match = /^([a-z_]+)\.([a-z]+)=([A-Za-z0-9_-]+)$/.exec(entry);
    if (!match) throw new ConfigError("MSG91_TEMPLATES", `must be kind.language=template id entries separated by commas (got "${entry}")`);
    const [, kind = "", language = "", id = ""] = match;
    const key = `${kind}.${language}`;
    if (!isMessageKind(kind) || !(LANGUAGES as readonly string[]).includes(language)) {
      throw new ConfigError(
        "MSG91_TEMPLATES",
        `names an unknown template ${key} (kinds: ${MESSAGE_KINDS.join(", ")}; languages: ${LANGUAGES.join(", ")})`,
      );
    }
    if (ids.has(key)) throw new ConfigError("MSG91_TEMPLATES", `names ${key} twice`);
    ids.set(key, id);
  }
  const missing = MESSAGE_KINDS.flatMap((kind) => LANGUAGES.map((language) => `${kind}.${language}`)).filter((key) => !ids.has(key));
  if (missing.length > 0) {
    throw new ConfigError("MSG91_TEMPLATES", `is missing ${missing.join(", ")} (every message needs a DLT template in each language)`);
  }
  const inLanguages = (kind: MessageKind) =>
    Object.freeze(Object.fromEntries(LANGUAGES.map((language) => [language, ids.get(`${kind}.${language}`)])) as Record<Language, string>);
  return Object.freeze(Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, inLanguages(kind)])) as Msg91Settings["templates"]);
}

/** WHATSAPP_TEMPLATES: `kind=name` overrides of the approved template names (default `kb_` + kind). */
function whatsappTemplates(entries: string[]): WhatsAppSettings["templates"] {
  const names = Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, `kb_${kind}`])) as Record<MessageKind, string>;
  for (const entry of entries) {
    const match = /^([a-z_]+)=([a-z0-9_]{1,512})$/.exec(entry);
    if (!match) throw new ConfigError("WHATSAPP_TEMPLATES", `must be kind=template name entries separated by commas (got "${entry}")`);
    const [, kind = "", name = ""] = match;
    if (!isMessageKind(kind))
      throw new ConfigError("WHATSAPP_TEMPLATES", `names an unknown kind ${kind} (kinds: ${MESSAGE_KINDS.join(", ")})`);
    names[kind] = name;
  }
  return Object.freeze(names);
}

/** Outside production, a random secret generated once and kept in DATA_DIR so sessions survive restarts. */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, "dev-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
