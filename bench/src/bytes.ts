// Bytes a page costs over the network, counted in the browser as DevTools counts them: each
// response's encodedDataLength (its headers and its body as they came, compressed), from Chrome's
// DevTools protocol. A Playwright test can count a page the same way: a CDP session of the page
// (context.newCDPSession), Network.enable, and a NetworkBytes on it.

import type { Browser, CDPSession, Page } from "playwright-core";
import { PHONE } from "./phone.ts";

/** The fields of the DevTools protocol's Network events that the count reads. */
interface ResponseFields {
  encodedDataLength?: number;
  fromServiceWorker?: boolean;
  fromDiskCache?: boolean;
  fromPrefetchCache?: boolean;
}
interface RequestWillBeSent {
  requestId: string;
  type?: string;
  redirectResponse?: ResponseFields;
}
interface ResponseReceived {
  requestId: string;
  type: string;
  response: ResponseFields;
}
interface LoadingFinished {
  requestId: string;
  encodedDataLength: number;
}
interface LoadingFailed {
  requestId: string;
}

/** Where a target's Network events come from: a CDP session's `on`, or a worker's messages (repeat-visit.ts). */
export type Listen = (event: string, handler: (params: never) => void) => void;

export function listenTo(session: CDPSession): Listen {
  return (event, handler) => session.on(event as never, handler);
}

/** Whether a response came from elsewhere than the network: the service worker, or the browser's own caches. */
function notFromNetwork(response: ResponseFields): boolean {
  return Boolean(response.fromServiceWorker || response.fromDiskCache || response.fromPrefetchCache);
}

/**
 * The bytes one target (a page, a service worker) receives over the network while it is counted,
 * by the resource type of each request (Document, Script, Stylesheet, Font, Image, Fetch, …).
 * Its Network domain must be enabled. A response the service worker or the browser's cache
 * answered costs nothing here (the service worker's own fetches are counted on its target); a
 * redirect counts as it came.
 */
export class NetworkBytes {
  readonly #byType = new Map<string, number>();
  readonly #types = new Map<string, string>();
  readonly #served = new Set<string>();
  readonly #inFlight = new Set<string>();
  #lastActivity = performance.now();
  requests = 0;

  constructor(listen: Listen) {
    listen("Network.requestWillBeSent", ({ requestId, type, redirectResponse }: RequestWillBeSent) => {
      this.#lastActivity = performance.now();
      if (redirectResponse && !notFromNetwork(redirectResponse)) this.#add(type ?? "Other", redirectResponse.encodedDataLength ?? 0);
      this.#inFlight.add(requestId);
      this.#types.set(requestId, type ?? "Other");
    });
    listen("Network.responseReceived", ({ requestId, type, response }: ResponseReceived) => {
      this.#types.set(requestId, type);
      if (notFromNetwork(response)) this.#served.add(requestId);
    });
    listen("Network.loadingFinished", ({ requestId, encodedDataLength }: LoadingFinished) => {
      this.#lastActivity = performance.now();
      this.#inFlight.delete(requestId);
      if (this.#served.has(requestId)) return;
      this.requests++;
      this.#add(this.#types.get(requestId) ?? "Other", encodedDataLength);
    });
    listen("Network.loadingFailed", ({ requestId }: LoadingFailed) => {
      this.#lastActivity = performance.now();
      this.#inFlight.delete(requestId);
    });
  }

  #add(type: string, bytes: number): void {
    this.#byType.set(type, (this.#byType.get(type) ?? 0) + bytes);
  }

  get total(): number {
    let sum = 0;
    for (const bytes of this.#byType.values()) sum += bytes;
    return sum;
  }

  /** Kilobytes by resource type, largest first: "Script 120.3, Font 60.1, …". */
  get byType(): string {
    return [...this.#byType]
      .sort((a, b) => b[1] - a[1])
      .map(([type, bytes]) => `${type} ${kb(bytes)}`)
      .join(", ");
  }

  /** Resolves once no request of this target has been in flight for `quietMs`, or after `limitMs` whatever. */
  async idle(quietMs = 500, limitMs = 20_000): Promise<void> {
    const deadline = performance.now() + limitMs;
    while (performance.now() < deadline) {
      if (this.#inFlight.size === 0 && performance.now() - this.#lastActivity >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

/** A page's Network events counted from now on (a CDP session of its own, Network enabled). */
export async function countPage(page: Page): Promise<{ bytes: NetworkBytes; session: CDPSession }> {
  const session = await page.context().newCDPSession(page);
  const bytes = new NetworkBytes(listenTo(session));
  await session.send("Network.enable");
  return { bytes, session };
}

/** What a first visit cost. */
export interface VisitBytes {
  total: number;
  requests: number;
  byType: string;
}

/**
 * `url` opened in a fresh context of `browser` (nothing cached, no cookies, no service worker) on
 * a 390 px phone, the network not throttled (the bytes do not depend on it): everything the page
 * receives until it has loaded, its fonts are loaded and no request of it has been in flight for
 * half a second (HTML, styles, scripts, fonts, images, the data it fetches). A service worker it
 * registers fetches on its own target, not counted here.
 */
export async function firstVisitBytes(browser: Browser, url: string): Promise<VisitBytes> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const { bytes } = await countPage(page);
    await page.goto(url, { waitUntil: "load" });
    await page.evaluate("document.fonts.ready.then(() => undefined)");
    await bytes.idle();
    return { total: bytes.total, requests: bytes.requests, byType: bytes.byType };
  } finally {
    await context.close();
  }
}
