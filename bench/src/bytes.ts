// Bytes a page costs over the network, counted in the browser as DevTools counts them: each
// response's encodedDataLength (its headers and its body as they came, compressed), from Chrome's
// DevTools protocol. A Playwright test can count a page the same way: a CDP session of the page
// (context.newCDPSession), Network.enable, and a NetworkBytes on it. A service worker's fetches are
// counted on its own target (ServiceWorkerNetwork), its script as the server sends it (scriptsAsSent).

import { connect } from "node:net";
import type { Browser, CDPSession, Page } from "playwright-core";
import { emulated, type Link, PHONE } from "./phone.ts";

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

/** Where a target's Network events come from: a CDP session's `on`, or a worker's messages (ServiceWorkerNetwork). */
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

/** What a first visit cost: the page's bytes and its service worker's. */
export interface VisitBytes {
  total: number;
  requests: number;
  /** The service worker's share of `total`: its script and what it fetched (its precache). */
  workerBytes: number;
  byType: string;
}

/** A first visit as the shopper only looks, and once they have touched the page and the app has started. */
export interface FirstVisit {
  untouched: VisitBytes;
  /** Everything until the app started and the page was idle again; null: it did not start within APP_START_MS. */
  appStarted: VisitBytes | null;
}

/** How long a first visit waits for its service worker (registered after load) to be ready; a page without one is measured without. */
const WORKER_READY_MS = 5_000;
/** Touched to start the app: the page's heading, text that is neither a link nor a button, so the touch does nothing else. */
const TOUCHED = "h1";
/** How long the app may take to start after the touch. */
const APP_START_MS = 20_000;

/**
 * `url` opened in a fresh context of `browser` (nothing cached, no cookies, no service worker) on
 * a 390 px phone, the network not throttled (the bytes do not depend on it): everything the visit
 * receives until the page has loaded, its fonts are loaded, its service worker is ready (within
 * WORKER_READY_MS) and neither the page nor the worker has had a request in flight for half a
 * second: HTML, styles, scripts, fonts, images, the data it fetches, and the worker's script
 * (scriptsAsSent) and fetches (its precache; ServiceWorkerNetwork, not throttled). Then the page is
 * touched as a shopper touches it, which starts the app (web/public/start-app.js), and counted on
 * until React owns the touched element and both are idle again.
 */
export async function firstVisitBytes(browser: Browser, url: string): Promise<FirstVisit> {
  const context = await browser.newContext(PHONE);
  let workers: ServiceWorkerNetwork | null = null;
  try {
    const page = await context.newPage();
    const { bytes, session } = await countPage(page);
    workers = await ServiceWorkerNetwork.start(browser, await browserContextId(session));
    await page.goto(url, { waitUntil: "load" });
    await page.evaluate("document.fonts.ready.then(() => undefined)");
    await page.evaluate(workerReady(WORKER_READY_MS));
    await Promise.all([bytes.idle(), workers.idle()]);
    const scripts = await scriptsAsSent(workers.scripts);
    const untouched = visitBytes(bytes, workers, scripts);
    if (!(await touchAndStart(page))) return { untouched, appStarted: null };
    await Promise.all([bytes.idle(), workers.idle()]);
    return { untouched, appStarted: visitBytes(bytes, workers, scripts) };
  } finally {
    await workers?.stop();
    await context.close();
  }
}

/** For page.evaluate: true once the page's service worker is ready; false after `limitMs` (none registered, or not yet), or without service workers. */
export function workerReady(limitMs: number): string {
  return `"serviceWorker" in navigator && Promise.race([
    navigator.serviceWorker.ready.then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), ${limitMs})),
  ])`;
}

/** Taps TOUCHED; whether the app then took it over (React's mark on it) within APP_START_MS. */
async function touchAndStart(page: Page): Promise<boolean> {
  await page.locator(TOUCHED).first().tap();
  const hydrated = `Object.keys(document.querySelector(${JSON.stringify(TOUCHED)}) ?? {}).some((key) => key.startsWith("__reactFiber$"))`;
  // Asked from here: waitForFunction evaluates its text in the page, which the shop's CSP forbids.
  const deadline = performance.now() + APP_START_MS;
  while (performance.now() < deadline) {
    if (await page.evaluate<boolean>(hydrated)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** The bytes counted so far, the page's and its service workers', with `scripts`: the workers' own scripts (scriptsAsSent). */
function visitBytes(page: NetworkBytes, workers: ServiceWorkerNetwork, scripts: number): VisitBytes {
  const workerBytes = scripts + workers.total;
  const worker = [scripts > 0 ? `its script ${kb(scripts)}` : "", workers.byType].filter(Boolean).join(", ");
  return {
    total: page.total + workerBytes,
    requests: page.requests + workers.scripts.length + workers.requests,
    workerBytes,
    byType: [page.byType, worker ? `service worker: ${worker}` : ""].filter(Boolean).join("; "),
  };
}

/** Chrome's Accept-Encoding, as its requests send it: a file asked for again comes as Chrome got it. */
const CHROME_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/**
 * The service workers' own scripts as the server sends them to Chrome (status line, headers and
 * compressed body), asked for again from here over HTTP/1.1. Chrome reports a worker's script on
 * its target with its headers alone (the browser fetches it for the worker; the body comes through
 * decoded, its encoded length 0), so DevTools counts sw.js as ~1 KB of its ~9; and a worker is
 * attached to once it runs, which may be after that report (ServiceWorkerNetwork ignores it).
 */
async function scriptsAsSent(urls: readonly string[]): Promise<number> {
  const sizes = await Promise.all(urls.map(asSent));
  return sizes.reduce((sum, bytes) => sum + bytes, 0);
}

/** Every byte of the answer to a GET of `url` (http: only), counted off the socket. */
function asSent(url: string): Promise<number> {
  const { protocol, hostname, port, pathname, search, host } = new URL(url);
  if (protocol !== "http:") return Promise.reject(new Error(`${url}: only http: is asked for again`));
  const request = [
    `GET ${pathname}${search} HTTP/1.1`,
    `Host: ${host}`,
    "Accept: */*",
    `Accept-Encoding: ${CHROME_ACCEPT_ENCODING}`,
    "Service-Worker: script",
    // The server closes the connection after its answer: its end is the answer's.
    "Connection: close",
  ];
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const socket = connect(Number(port || 80), hostname, () => socket.write(`${request.join("\r\n")}\r\n\r\n`));
    socket.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    socket.on("end", () => resolve(bytes));
    socket.on("error", reject);
  });
}

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
  browserContextId?: string;
}

/** The id Chrome knows the browser context of `session`'s page by, to tell its service workers from other contexts'. */
export async function browserContextId(session: CDPSession): Promise<string> {
  const { targetInfo } = (await session.send("Target.getTargetInfo")) as { targetInfo: TargetInfo };
  return targetInfo.browserContextId ?? "";
}

/** A worker attached to: its target, its Network events' handlers, and its count since the last reset. */
interface AttachedWorker {
  targetId: string;
  handlers: Map<string, (params: never) => void>;
  count: NetworkBytes;
}

/**
 * The network of the service workers of one browser context, through a browser-level CDP
 * session: Playwright gives no CDP session of a worker, so each worker of the context is attached
 * to (not flattened: its messages go through Target.sendMessageToTarget), its fetches counted and,
 * given a link, throttled as the page's are (Chrome throttles each target on its own). A worker
 * that starts later (Chrome stops idle ones) is attached to when it shows; what it fetches before
 * that is neither throttled nor counted. Its own script is not counted here: Chrome reports it
 * under the worker's target id, the headers alone, and only if attached to in time (see
 * scriptsAsSent); `scripts` names each.
 */
export class ServiceWorkerNetwork {
  /** By the session of each worker attached to. */
  readonly #workers = new Map<string, AttachedWorker>();
  readonly #attached = new Set<string>();
  /** The script of each worker attached to. */
  readonly #scripts: string[] = [];
  readonly #replies = new Map<number, () => void>();
  #nextId = 1;

  private constructor(
    private readonly session: CDPSession,
    private readonly contextId: string,
    private readonly link: Link | undefined,
  ) {}

  /** Attaches to the service workers of the browser context `contextId` as they start; throttled on `link` if given. */
  static async start(browser: Browser, contextId: string, link?: Link): Promise<ServiceWorkerNetwork> {
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
      this.#scripts.push(info.url);
      const handlers = new Map<string, (params: never) => void>();
      this.#workers.set(sessionId, { targetId: info.targetId, handlers, count: counter(handlers) });
      await this.#send(sessionId, "Network.enable", {});
      if (this.link) await this.#send(sessionId, "Network.emulateNetworkConditions", emulated(this.link));
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
    const { id, method, params } = JSON.parse(message) as { id?: number; method?: string; params?: { requestId?: string } };
    const worker = this.#workers.get(sessionId);
    if (id !== undefined) {
      this.#replies.get(id)?.();
      this.#replies.delete(id);
    } else if (method && worker && params?.requestId !== worker.targetId) {
      worker.handlers.get(method)?.(params as never);
    }
  }

  /** Counts from now on: a first visit's fetches are not the repeat visit's. */
  reset(): void {
    for (const worker of this.#workers.values()) worker.count = counter(worker.handlers);
  }

  /** The scripts of the workers attached to, by their addresses. */
  get scripts(): readonly string[] {
    return this.#scripts;
  }

  get total(): number {
    return [...this.#workers.values()].reduce((sum, { count }) => sum + count.total, 0);
  }

  get requests(): number {
    return [...this.#workers.values()].reduce((sum, { count }) => sum + count.requests, 0);
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
