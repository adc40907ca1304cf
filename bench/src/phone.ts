// A phone on a slow network, in Playwright: how long after navigation starts a page shows what a
// shopper came for (a product's name, its price), timed by the page itself.

import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { CHROME_FLAGS } from "./lighthouse.ts";

/** A network link as Lighthouse names its profiles: round-trip time and throughput each way. */
export interface Link {
  name: string;
  rttMs: number;
  downKbps: number;
  upKbps: number;
}

/** Lighthouse's mobile profile (its simulated throttling): 150 ms, 1.6 Mbit/s down, 750 kbit/s up. */
export const SLOW_4G: Link = { name: "Slow 4G", rttMs: 150, downKbps: 1600, upKbps: 750 };

/**
 * A link as Chrome's network emulation takes it, which delays each request once rather than each
 * round trip: Lighthouse's own factors for that (its "devtools" throttling, and DevTools' Slow 4G
 * preset), the RTT × 3.75 as latency and the throughput × 0.9, in bytes a second. Slow 4G is
 * 562.5 ms, 180 000 B/s down, 84 375 B/s up.
 */
export function emulated(link: Link) {
  return {
    offline: false,
    latency: link.rttMs * 3.75,
    downloadThroughput: (link.downKbps * 1000 * 0.9) / 8,
    uploadThroughput: (link.upKbps * 1000 * 0.9) / 8,
  };
}

/** A mid-range phone's CPU against this machine's, as Lighthouse's mobile run has it. */
export const CPU_SLOWDOWN = 4;
/** A 390 × 844 phone screen (an iPhone 12 to 15's). */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
/** How long a page may take to show its elements before the run counts as never showing them. */
export const GIVE_UP_MS = 30_000;

/**
 * The script that runs in the page before any of its own: `window.__benchShown`, a promise of the
 * time from navigation start (performance.now()) of the first frame in which every element of
 * `selectors` is there, has a box and text and is neither hidden nor transparent; null if that
 * does not happen within GIVE_UP_MS. DOM changes say when to look; once all are there it looks
 * each frame, as a stylesheet may still hide them. A frame's callback runs only when the page may
 * paint (not while a stylesheet blocks rendering), so the time is that of the frame that paints
 * them, not of the markup's arrival. Plain JavaScript in a string: a function would be sent as the
 * text the TypeScript loader made of it, which may call helpers the page does not have.
 */
export function watcher(selectors: readonly string[]): string {
  return `(() => {
  const selectors = ${JSON.stringify(selectors)};
  const shows = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.textContent.trim() !== "" &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  window.__benchShown = new Promise((resolve) => {
    let looking = false;
    const look = () => {
      looking = false;
      const elements = selectors.map((selector) => document.querySelector(selector));
      if (elements.some((element) => element === null)) return;
      if (elements.every(shows)) {
        observer.disconnect();
        resolve(performance.now());
        return;
      }
      looking = true;
      requestAnimationFrame(look);
    };
    const observer = new MutationObserver(() => {
      if (looking) return;
      looking = true;
      requestAnimationFrame(look);
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
    setTimeout(() => resolve(null), ${GIVE_UP_MS});
  });
})();`;
}

export interface PhoneCase {
  url: string;
  /** What must show, as CSS selectors (the first match of each). */
  selectors: readonly string[];
}

/**
 * A new page in a fresh browser context of `browser` (nothing cached, no cookies): a 390 px phone
 * with the CPU slowed CPU_SLOWDOWN times, on `link`. Close its context when done.
 */
export async function phonePage(browser: Browser, link: Link): Promise<{ context: BrowserContext; page: Page }> {
  // The bench's HTTP/2 front has a certificate of its own (https-front.ts).
  const context = await browser.newContext({ ...PHONE, ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", emulated(link));
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * Each case `runs` times, each in a fresh browser context (nothing cached, no cookies) of one
 * Chromium, throttled as a phone on slow 4G; milliseconds from navigation start until its
 * elements showed, in run order (null: not within GIVE_UP_MS).
 */
export async function phoneTimings(cases: readonly PhoneCase[], chromePath: string, runs: number): Promise<(number | null)[][]> {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: CHROME_FLAGS,
  });
  try {
    const timings: (number | null)[][] = [];
    for (const { url, selectors } of cases) {
      const times: (number | null)[] = [];
      for (let run = 0; run < runs; run++) {
        const { context, page } = await phonePage(browser, SLOW_4G);
        try {
          await page.addInitScript(watcher(selectors));
          await page.goto(url, { waitUntil: "commit" });
          // A page that navigates again (a reload, a redirect) loses the watch: that run never showed them.
          const shown = await page.evaluate<number | null>("window.__benchShown").catch((error: unknown) => {
            console.error(`${url}: ${error instanceof Error ? error.message : String(error)}`);
            return null;
          });
          times.push(typeof shown === "number" ? Math.round(shown) : null);
        } finally {
          await context.close();
        }
      }
      timings.push(times);
    }
    return timings;
  } finally {
    await browser.close();
  }
}
