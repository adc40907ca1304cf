import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FakeOidcProvider } from "@krishi/server/src/testing/fake-oidc.ts";
import { test as base, expect } from "@playwright/test";

/**
 * A shop per Playwright worker, so journeys run side by side without sharing a database, an
 * outbox or a cart. Each worker serves one project (playwright.config.ts), so it starts only the
 * shop that project's journeys use, the first time a journey asks for it:
 *
 * - "default": the shop as it ships (Razorpay only), with a fake Google (OpenID provider) of its
 *   own in the worker for "Sign in with Google";
 * - "india": the shop with the India settings on (GST invoices from a seller in Maharashtra, Cash on
 *   Delivery up to ₹5,000 for ₹40).
 *
 * Ports come from E2E_PORT (default 8123) and the worker's index: the default shop of worker `i`
 * listens on E2E_PORT + 2i, the India shop on E2E_PORT + 2i + 1 (a second clone runs its journeys
 * with another E2E_PORT). Each shop has a fresh DATA_DIR under E2E_DATA_DIR (scripts/run.mjs makes
 * a temporary one per run): its database, media and outbox (DATA_DIR/outbox: mail, outbox/sms: SMS).
 */
export type ShopKind = "default" | "india";

export interface Shop {
  /** The shop's address, the journeys' `baseURL`. */
  url: string;
  /** The shop's DATA_DIR, whose outbox the journeys read (support.ts: mailedLink, smsCode). */
  dataDir: string;
}

const FIRST_PORT = Number(process.env.E2E_PORT ?? 8123);
const DATA_ROOT = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), "kb-e2e");
const SERVER_MAIN = path.resolve(import.meta.dirname, "../../server/src/main.ts");
/** The built web app the shops serve (default web/dist); its server entry sits beside it in dist-ssr. */
const WEB_DIST: Record<string, string> = process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {};

const INDIA_SETTINGS = {
  TAX_MODE: "gst",
  SELLER_NAME: "Krishi Bazaar Agro Pvt Ltd",
  SELLER_GSTIN: "27AAKCK4321B1ZW",
  SELLER_STATE: "Maharashtra",
  SELLER_ADDRESS: "Plot 12, APMC Market Yard, Pune 411037",
  COD_ENABLED: "true",
  COD_FEE: "40",
  COD_MAX_ORDER: "5000",
};

/**
 * Starts `node server/src/main.ts` with `env` and waits until it answers /readyz; fails with its
 * output if it exits first. The shop stops with the worker (and with it, should the worker die).
 */
async function startShop(url: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER_MAIN], {
    cwd: path.dirname(SERVER_MAIN),
    env: { ...process.env, NODE_ENV: "development", HOST: "127.0.0.1", SEED_DEMO: "true", LOG_LEVEL: "warn", ...WEB_DIST, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const orphan = () => child.kill("SIGKILL");
  process.once("exit", orphan);
  child.once("exit", () => process.off("exit", orphan));
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    process.stderr.write(chunk);
  });
  let stopped: string | undefined;
  child.once("exit", (code, signal) => {
    stopped = `${signal ?? code}`;
  });
  while ((await fetch(`${url}/readyz`).catch(() => undefined))?.ok !== true) {
    if (stopped) throw new Error(`the shop at ${url} stopped (${stopped}) before it was ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Another process on the port answers too; ours then stops at once, unable to listen.
  if (stopped) throw new Error(`the shop at ${url} stopped (${stopped}):\n${output}`);
  return child;
}

async function stopShop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

export const test = base.extend<object, { shopKind: ShopKind; shop: Shop }>({
  /** Which shop the project's journeys use (playwright.config.ts sets it per project). */
  shopKind: ["default", { scope: "worker", option: true }],

  shop: [
    async ({ shopKind }, use, workerInfo) => {
      const port = FIRST_PORT + 2 * workerInfo.parallelIndex + (shopKind === "india" ? 1 : 0);
      const url = `http://127.0.0.1:${port}`;
      const dataDir = path.join(DATA_ROOT, `${shopKind}-${port}`);
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
      const env: Record<string, string> = { PORT: String(port), SITE_URL: url, DATA_DIR: dataDir };
      let google: FakeOidcProvider | undefined;
      if (shopKind === "india") Object.assign(env, INDIA_SETTINGS);
      else {
        google = await FakeOidcProvider.start({ clientId: "krishi-e2e", clientSecret: "e2e-secret" });
        Object.assign(env, { GOOGLE_CLIENT_ID: "krishi-e2e", GOOGLE_CLIENT_SECRET: "e2e-secret", GOOGLE_ISSUER: google.issuer });
      }
      const child = await startShop(url, env);
      await use({ url, dataDir });
      await stopShop(child);
      await google?.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],

  baseURL: async ({ shop }, use) => {
    await use(shop.url);
  },
});

export { expect };
