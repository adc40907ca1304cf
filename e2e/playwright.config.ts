import { defineConfig, devices } from "@playwright/test";
import type { ShopKind } from "./tests/fixtures.ts";

/** The journeys of the India shop: its GST and Cash on Delivery, and phone-first customers (SMS codes, COD). */
const INDIA_SPECS = /(india|phone)\.spec\.ts$/;
const workers = Number(process.env.E2E_WORKERS ?? 2);

// Each worker starts the shop its project's journeys use (tests/fixtures.ts), so journeys in
// different workers share nothing; E2E_PORT (default 8123) is the first of the shops' ports.
export default defineConfig<object, { shopKind: ShopKind }>({
  testDir: "./tests",
  // Two journeys at a time on a 2-core machine others share: a journey where four people sign in
  // (each a scrypt check at production's cost) took 64 s under load. A step still fails after
  // the expect timeout; this bounds a whole journey.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    // Recording a trace costs every journey ~15% (its screencast and snapshots) on this machine:
    // CI records one on the retry; rerun a failing journey with --trace=on to get its trace here.
    trace: "on-first-retry",
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
    { name: "desktop", testIgnore: INDIA_SPECS, use: { ...devices["Desktop Chrome"], channel: undefined, shopKind: "default" } },
    { name: "india", testMatch: INDIA_SPECS, use: { ...devices["Desktop Chrome"], channel: undefined, shopKind: "india" } },
  ],
});
