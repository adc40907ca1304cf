// A farmer coming back: a page visited once (its service worker installed, the caches warm), then
// opened again on a phone on a slow network. When its product's name shows, and what the visit
// costs over the network: the page's requests the service worker did not answer, and the
// service worker's own fetches.

import type { Browser, CDPSession } from "playwright-core";
import { browserContextId, countPage, ServiceWorkerNetwork, workerReady } from "./bytes.ts";
import { CPU_SLOWDOWN, emulated, type Link, PHONE, watcher } from "./phone.ts";

/** How long the first visit's service worker may take to register and activate before the run says there is none. */
const SW_READY_MS = 15_000;
/** How long the first page may wait to be controlled by it (it is when the worker claims its clients). */
const SW_CONTROL_MS = 3_000;

export interface RepeatRun {
  /** Ms from navigation start of the repeat visit until the name showed; null: not within GIVE_UP_MS. */
  shown: number | null;
  /** Bytes of the repeat visit over the network (the page's and its service worker's). */
  bytes: number;
  /** The service worker's share of them. */
  workerBytes: number;
  byType: string;
  /** Whether the service worker controlled the repeat visit's page. */
  controlled: boolean;
}

/** A run that found no service worker after the first visit: what the row says instead of figures. */
export interface NoWorker {
  noWorker: string;
}

/**
 * `url` visited once in a fresh context of `browser` (a 390 px phone, not throttled), until its
 * service worker is ready (navigator.serviceWorker.ready, within SW_READY_MS; else the run ends
 * with `noWorker`) and the page is idle; then opened again in a new page of the same context on
 * `link` with the CPU slowed CPU_SLOWDOWN times: when the elements of `selectors` show (phone.ts's
 * watcher, from navigation start), and the bytes over the network until the page is idle. The
 * service worker's own fetches are throttled as the page's and counted (bytes.ts's ServiceWorkerNetwork).
 */
export async function repeatVisit(browser: Browser, url: string, selectors: readonly string[], link: Link): Promise<RepeatRun | NoWorker> {
  const context = await browser.newContext(PHONE);
  let workers: ServiceWorkerNetwork | null = null;
  try {
    const first = await context.newPage();
    const firstCount = await countPage(first);
    workers = await ServiceWorkerNetwork.start(browser, await browserContextId(firstCount.session), link);
    await first.goto(url, { waitUntil: "load" });
    const ready = await first.evaluate(workerReady(SW_READY_MS));
    if (!ready) return { noWorker: `no service worker ready ${SW_READY_MS / 1000} s after the first visit's load` };
    await first.waitForFunction("navigator.serviceWorker.controller !== null", null, { timeout: SW_CONTROL_MS }).catch(() => undefined);
    await firstCount.bytes.idle();
    await workers.idle();
    await first.close();

    const page = await context.newPage();
    const { bytes, session } = await countPage(page);
    await throttle(session, link);
    workers.reset();
    await page.addInitScript(watcher(selectors));
    await page.goto(url, { waitUntil: "commit" });
    const shown = await page.evaluate<number | null>("window.__benchShown").catch(() => null);
    await page.waitForLoadState("load").catch(() => undefined);
    await bytes.idle();
    await workers.idle();
    const controlled = await page.evaluate<boolean>("navigator.serviceWorker.controller !== null").catch(() => false);
    const workerBytes = workers.total;
    return {
      shown: typeof shown === "number" ? Math.round(shown) : null,
      bytes: bytes.total + workerBytes,
      workerBytes,
      byType: [bytes.byType, workerBytes > 0 ? `service worker: ${workers.byType}` : ""].filter(Boolean).join("; "),
      controlled,
    };
  } finally {
    await workers?.stop();
    await context.close();
  }
}

async function throttle(session: CDPSession, link: Link): Promise<void> {
  await session.send("Network.emulateNetworkConditions", emulated(link));
  await session.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
}
