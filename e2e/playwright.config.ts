import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8123);
const baseURL = `http://127.0.0.1:${port}`;
const googlePort = port + 1;
/** A second shop with the India settings on (GST invoices, Cash on Delivery) for india.spec.ts and phone.spec.ts. */
const indiaPort = port + 3;
export const indiaURL = `http://127.0.0.1:${indiaPort}`;
/** The journeys of the India shop: its GST and Cash on Delivery, and phone-first customers (SMS codes, COD). */
const INDIA_SPECS = /(india|phone)\.spec\.ts$/;
const googleIssuer = `http://127.0.0.1:${googlePort}`;
/** The shop's DATA_DIR: the journeys read the outbox (DATA_DIR/outbox/*.json) for mailed links. */
export const dataDir = process.env.E2E_DATA_DIR ?? "/tmp/kb-e2e";
/** The built web app the shops serve (default web/dist); its server entry sits beside it in dist-ssr. */
const webDist: Record<string, string> = process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {};

export default defineConfig({
  testDir: "./tests",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // The shop's service worker (offline copies) would answer other journeys' pages from its
    // caches; offline.spec.ts allows it for itself.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", testIgnore: INDIA_SPECS, use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "india", testMatch: INDIA_SPECS, use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: indiaURL } },
  ],
  webServer: [
    {
      command: "node --import tsx scripts/fake-google.ts",
      url: `${googleIssuer}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { FAKE_GOOGLE_PORT: String(googlePort) },
    },
    {
      command: "node --import tsx ../server/src/main.ts",
      url: `${baseURL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "development",
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: baseURL,
        DATA_DIR: dataDir,
        SEED_DEMO: "true",
        ...webDist,
        LOG_LEVEL: "warn",
        GOOGLE_CLIENT_ID: "krishi-e2e",
        GOOGLE_CLIENT_SECRET: "e2e-secret",
        GOOGLE_ISSUER: googleIssuer,
      },
    },
    {
      command: "node --import tsx ../server/src/main.ts",
      url: `${indiaURL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "development",
        PORT: String(indiaPort),
        HOST: "127.0.0.1",
        SITE_URL: indiaURL,
        DATA_DIR: `${dataDir}/india`,
        SEED_DEMO: "true",
        ...webDist,
        LOG_LEVEL: "warn",
        TAX_MODE: "gst",
        SELLER_NAME: "Krishi Bazaar Agro Pvt Ltd",
        SELLER_GSTIN: "27AAKCK4321B1ZW",
        SELLER_STATE: "Maharashtra",
        SELLER_ADDRESS: "Plot 12, APMC Market Yard, Pune 411037",
        COD_ENABLED: "true",
        COD_FEE: "40",
        COD_MAX_ORDER: "5000",
      },
    },
  ],
});
