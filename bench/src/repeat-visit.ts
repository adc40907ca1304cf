// A farmer coming back: a page visited once (its service worker installed, the caches warm), then
// opened again on a phone on a slow network. When its product's name shows, and what the visit
// costs over the network: the page's requests the service worker did not answer, and the
// service worker's own fetches.

import type { Browser, CDPSession } from "playwright-core";
import { countPage, NetworkBytes } from "./bytes.ts";
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
 * service worker's own fetches are throttled as the page's and counted (ServiceWorkerNetwork).
 */
export async function repeatVisit(browser: Browser, url: string, selectors: readonly string[], link: Link): Promise<RepeatRun | NoWorker> {
  const context = await browser.newContext(PHONE);
  let workers: ServiceWorkerNetwork | null = null;
  try {
    const first = await context.newPage();
    const firstCount = await countPage(first);
    // The context's id as Chrome knows it, to tell its service workers from other contexts'.
    const { targetInfo } = (await firstCount.session.send("Target.getTargetInfo")) as { targetInfo: TargetInfo };
    workers = await ServiceWorkerNetwork.start(browser, targetInfo.browserContextId ?? "", link);
    await first.goto(url, { waitUntil: "load" });
    const ready = await first.evaluate(
      `Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), ${SW_READY_MS})),
      ])`,
    );
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

interface TargetInfo {
  targetId: string;
  type: string;
  browserContextId?: string;
}

/**
 * The network of the service workers of one browser context, through a browser-level CDP
 * session: Playwright gives no CDP session of a worker, so each worker of the context is attached
 * to (not flattened: its messages go through Target.sendMessageToTarget), its fetches throttled
 * as the page's are (Chrome throttles each target on its own) and counted. A worker that starts
 * later (Chrome stops idle ones) is attached to when it shows; what it fetches before that is
 * neither throttled nor counted.
 */
class ServiceWorkerNetwork {
  /** By the session of each worker attached to: its Network events' handlers, and its count since the last reset. */
  readonly #workers = new Map<string, { handlers: Map<string, (params: never) => void>; count: NetworkBytes }>();
  readonly #attached = new Set<string>();
  readonly #replies = new Map<number, () => void>();
  #nextId = 1;

  private constructor(
    private readonly session: CDPSession,
    private readonly contextId: string,
    private readonly link: Link,
  ) {}

  /** Attaches to the service workers of the browser context `contextId` as they start. */
  static async start(browser: Browser, contextId: string, link: Link): Promise<ServiceWorkerNetwork> {
    const session = await browser.newBrowserCDPSession();
    const workers = new ServiceWorkerNetwork(session, contextId, link);
    session.on("Target.targetCreated", ({ targetInfo }) => void workers.#attach(targetInfo));
    session.on("Target.targetInfoChanged", ({ targetInfo }) => void workers.#attach(targetInfo));
    session.on("Target.receivedMessageFromTarget", ({ sessionId, message }) => workers.#received(sessionId, message));
    await session.send("Target.setDiscoverTargets", { discover: true });
    return workers;
  }

  async #attach(info: TargetInfo): Promise<void> {
    if (info.type !== "service_worker" || info.browserContextId !== this.contextId || this.#attached.has(info.targetId)) return;
    this.#attached.add(info.targetId);
    try {
      const { sessionId } = await this.session.send("Target.attachToTarget", { targetId: info.targetId, flatten: false });
      const handlers = new Map<string, (params: never) => void>();
      this.#workers.set(sessionId, { handlers, count: counter(handlers) });
      await this.#send(sessionId, "Network.enable", {});
      await this.#send(sessionId, "Network.emulateNetworkConditions", emulated(this.link));
    } catch {
      // The worker stopped before it could be attached to.
    }
  }

  /** A message to a worker, through the browser's session; resolves on its answer (or when it cannot be sent). */
  #send(sessionId: string, method: string, params: object): Promise<void> {
    const id = this.#nextId++;
    const answered = new Promise<void>((resolve) => this.#replies.set(id, resolve));
    this.session
      .send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method, params }) })
      .catch(() => this.#replies.get(id)?.());
    return answered;
  }

  #received(sessionId: string, message: string): void {
    const { id, method, params } = JSON.parse(message) as { id?: number; method?: string; params?: never };
    if (id !== undefined) {
      this.#replies.get(id)?.();
      this.#replies.delete(id);
    } else if (method) {
      this.#workers.get(sessionId)?.handlers.get(method)?.(params as never);
    }
  }

  /** Counts from now on: the first visit's fetches are not the repeat visit's. */
  reset(): void {
    for (const worker of this.#workers.values()) worker.count = counter(worker.handlers);
  }

  get total(): number {
    return [...this.#workers.values()].reduce((sum, { count }) => sum + count.total, 0);
  }

  get byType(): string {
    return [...this.#workers.values()]
      .map(({ count }) => count.byType)
      .filter(Boolean)
      .join("; ");
  }

  async idle(): Promise<void> {
    await Promise.all([...this.#workers.values()].map(({ count }) => count.idle()));
  }

  async stop(): Promise<void> {
    await this.session.detach().catch(() => undefined);
  }
}

/** A new count of a worker's Network events, its handlers replacing the last count's. */
function counter(handlers: Map<string, (params: never) => void>): NetworkBytes {
  handlers.clear();
  return new NetworkBytes((event, handler) => handlers.set(event, handler));
}
