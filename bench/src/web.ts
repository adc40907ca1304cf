// The web budgets: Lighthouse, a throttled phone and its first tap on Add to Cart on the demo
// shop, and the initial JavaScript of "/".
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import type { Row } from "./budget.ts";
import { type Figure, verdict } from "./budget.ts";
import { type FirstVisit, firstVisitBytes, kb } from "./bytes.ts";
import { firstTapRuns, type TapCase, type TapRun } from "./first-tap.ts";
import { median, root, startShop } from "./harness.ts";
import { startHttpsFront } from "./https-front.ts";
import { CHROME_FLAGS, type LighthouseRun, lighthouseScores, type PageScores } from "./lighthouse.ts";
import { CPU_SLOWDOWN, GIVE_UP_MS, type Link, type PhoneCase, phoneTimings, SLOW_4G } from "./phone.ts";
import { type RepeatRun, repeatVisit } from "./repeat-visit.ts";

/**
 * The built web app measured: WEB_DIST_DIR (relative to the repository, as the server reads it),
 * else web/dist; its server build is in dist-ssr beside it. The shops the bench starts inherit
 * WEB_DIST_DIR, so a build made elsewhere (WEB_DIST_DIR=/tmp/kb/dist npm run bench -- --only=web)
 * is both served and sized.
 */
const webDist = path.resolve(root, process.env.WEB_DIST_DIR ?? "web/dist");

/** Runs of each page, Lighthouse's and the phone's; a row reports their median. */
const RUNS = 3;

/**
 * Lighthouse and the phone timings of the demo shop's home and a product page, and the first tap
 * (`parts` says which), on one demo shop; not measured without Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium) or the built web app. The first tap goes through an HTTP/2 front on
 * `ports.front` (https-front.ts, as deploy/nginx.conf serves the shop; its address is the shop's
 * SITE_URL, whose origin the cart's form must come from), or with BENCH_HTTP1=1 straight to the
 * shop's own HTTP/1.1, as the other rows are.
 */
export async function browserRows(
  dataDir: string,
  ports: { shop: number; front: number },
  parts: { pages: boolean; firstTap: boolean },
): Promise<Row[]> {
  const chrome = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chrome) || !existsSync(path.join(webDist, "index.html"))) {
    return [{ what: "Lighthouse and phone timings", budget: "not measured: needs Chromium and npm run build" }];
  }
  const viaFront = parts.firstTap && process.env.BENCH_HTTP1 !== "1";
  const demo = await startShop(path.join(dataDir, "demo"), ports.shop, {
    SEED_DEMO: "true",
    WEB_DIST_DIR: webDist,
    ...(viaFront ? { SITE_URL: `https://127.0.0.1:${ports.front}` } : {}),
  });
  const front = viaFront ? await startHttpsFront(dataDir, ports.front, demo.base) : null;
  try {
    const { base } = demo;
    const rows: Row[] = [];
    if (parts.pages) {
      const productPath = `/product/${await productId(base, "Knapsack")}`;
      rows.push(
        ...(await lighthouseRows(base, productPath, chrome)),
        ...(await phoneRows(base, productPath, chrome)),
        ...(await bytesRows(base, productPath, chrome)),
      );
    }
    if (parts.firstTap) {
      const productPath = `/product/${await productId(base, "Urea")}`;
      rows.push(...(await firstTapRows(front?.base ?? base, productPath, chrome)));
    }
    return rows;
  } finally {
    await front?.stop();
    await demo.stop();
  }
}

/** The id of the demo product the keyword finds first. */
async function productId(base: string, keyword: string): Promise<number> {
  const [product] = (await (await fetch(`${base}/api/products?keyword=${keyword}`)).json()) as { _id: number }[];
  if (!product) throw new Error(`the demo shop has no product found by ${keyword}`);
  return product._id;
}

/**
 * Lighthouse mobile, RUNS times a page, `/` and the product page in English and in Hindi; the
 * median of each figure over the runs measured, budget perf ≥ 95, a11y 100, LCP ≤ 1800 ms. A run
 * Lighthouse could not measure is run once more (lighthouse.ts); every failed attempt is shown
 * ("errors (runs)"), and a run that failed twice fails the row, with the reason.
 */
async function lighthouseRows(base: string, productPath: string, chrome: string): Promise<Row[]> {
  const pages = [`${base}/`, `${base}/?lang=hi`, `${base}${productPath}`, `${base}${productPath}?lang=hi`];
  const results = await lighthouseScores(pages, chrome, RUNS);
  const byUrl = new Map<string, LighthouseRun[]>();
  for (const r of results) byUrl.set(r.url, [...(byUrl.get(r.url) ?? []), r]);
  return [...byUrl].map(([url, runs]) => {
    const measured = runs.flatMap((r) => (r.scores ? [r.scores] : []));
    const of = (pick: (s: PageScores) => number) => (measured.length > 0 ? median(measured.map(pick)) : Number.NaN);
    const each = (pick: (s: PageScores) => number) => runs.map((r) => (r.scores ? pick(r.scores) : "failed")).join(", ");
    const [performance, accessibility, lcp] = [of((s) => s.performance), of((s) => s.accessibility), of((s) => s.lcpMs)];
    const errors = runs.flatMap((r, i) =>
      r.errors.map(
        (error, attempt) => `run ${i + 1}${attempt > 0 ? " re-run" : ""}: ${error}${attempt === 0 && r.scores ? " (re-run measured)" : ""}`,
      ),
    );
    const failed = runs.flatMap((r, i) => (r.scores ? [] : [`run ${i + 1} failed twice: ${r.errors.at(-1) ?? "no result"}`]));
    const warnings = [...new Set(runs.flatMap((r) => r.warnings))];
    return {
      what: `Lighthouse mobile ${new URL(url).pathname}${new URL(url).search} (median of ${measured.length} of ${runs.length})`,
      performance,
      accessibility,
      "LCP ms": lcp,
      "TBT ms": of((s) => s.tbtMs),
      CLS: of((s) => s.cls),
      "performance runs": each((s) => s.performance),
      "accessibility runs": each((s) => s.accessibility),
      "LCP ms runs": each((s) => s.lcpMs),
      "TBT ms runs": each((s) => s.tbtMs),
      "CLS runs": each((s) => s.cls),
      "errors (runs)": errors.length > 0 ? errors.join(" | ") : "none",
      ...(warnings.length > 0 ? { warnings: warnings.join(" | ") } : {}),
      // Audits under 0.9 in any run: where the score goes.
      weak: [...new Set(measured.flatMap((s) => s.failedAudits))].join(", "),
      budget:
        failed.length > 0
          ? `FAILED (${failed.join("; ")})`
          : verdict([
              { name: "performance", value: performance, min: 95 },
              { name: "accessibility", value: accessibility, min: 100 },
              { name: "LCP ms", value: lcp, max: 1800 },
            ]),
    };
  });
}

/**
 * A phone on slow 4G (phone.ts), RUNS times a page, each with an empty cache: until the home
 * page's first product card shows its name, and a product page its name and price; budget: the
 * median ≤ 2000 ms, and every run shows them.
 */
async function phoneRows(base: string, productPath: string, chrome: string): Promise<Row[]> {
  const cases: (PhoneCase & { what: string })[] = [
    { what: "/ first product's name", url: `${base}/`, selectors: [".product-card__name"] },
    {
      what: `${productPath} name (h1) and price`,
      url: `${base}${productPath}`,
      selectors: ["h1.product-info__name", ".product-info__price"],
    },
  ];
  const timings = await phoneTimings(cases, chrome, RUNS);
  return cases.map(({ what }, i) => {
    const times = timings[i] ?? [];
    const never = times.filter((t) => t === null).length;
    // A run that never showed them is the slowest.
    const middle = median(times.map((t) => t ?? Number.POSITIVE_INFINITY));
    return {
      what: `phone, Slow 4G, CPU ${CPU_SLOWDOWN}× slower: ${what} shown (median of ${times.length})`,
      "median ms": Number.isFinite(middle) ? middle : "not shown",
      "runs ms": times.map((t) => t ?? "not shown").join(", "),
      budget: verdict(
        [{ name: "median ms", value: middle, max: 2000 }],
        never > 0 ? [`${never} of ${times.length} runs never showed them (${GIVE_UP_MS / 1000} s)`] : [],
      ),
    };
  });
}

/** What a page may cost over the network on a first visit, and on a repeat visit with its service worker. */
const FIRST_VISIT_KB = 150;
const REPEAT_VISIT_KB = 20;
/** When a repeat visit on Slow 4G may show the product's name. */
const REPEAT_NAMED_MS = 1000;

/**
 * The product page in English and in Hindi, RUNS times each, in one Chromium: the bytes of a
 * first visit (bytes.ts: a 390 px phone, nothing cached, everything until the page and its
 * service worker are idle with its fonts loaded, the worker's script and precache included),
 * budget the median ≤ FIRST_VISIT_KB for a shopper who only looks; beside it, not budgeted, the
 * same visits' bytes once the page is touched and the app has started; and a repeat visit on
 * Slow 4G with the CPU slowed (repeat-visit.ts: the service worker installed by a first visit),
 * budget the name shown ≤ REPEAT_NAMED_MS and ≤ REPEAT_VISIT_KB over the network, medians. A page
 * that registers no service worker misses the repeat visit's budget, saying so.
 */
async function bytesRows(base: string, productPath: string, chrome: string): Promise<Row[]> {
  const browser = await chromium.launch({ executablePath: chrome, args: CHROME_FLAGS });
  try {
    const pages = [
      { language: "English", url: `${base}${productPath}` },
      { language: "Hindi", url: `${base}${productPath}?lang=hi` },
    ];
    const rows: Row[] = [];
    for (const { language, url } of pages) {
      const visits: FirstVisit[] = [];
      for (let run = 0; run < RUNS; run++) visits.push(await firstVisitBytes(browser, url));
      const runs = visits.map((v) => v.untouched);
      const middle = median(runs.map((r) => r.total));
      rows.push({
        what: `first visit of ${productPath}${new URL(url).search} (${language}), bytes over the network with its service worker's, 390 px phone, nothing cached, untouched (median of ${runs.length})`,
        KB: kb(middle),
        "KB (runs)": runs.map((r) => kb(r.total)).join(", "),
        "service worker's KB (runs)": runs.map((r) => kb(r.workerBytes)).join(", "),
        requests: runs.find((r) => r.total === middle)?.requests,
        "KB by type (median run)": runs.find((r) => r.total === middle)?.byType,
        // Not budgeted: what a shopper who touches the page pays, the app's code included.
        "KB with the app started (runs)": visits.map((v) => (v.appStarted ? kb(v.appStarted.total) : "not started")).join(", "),
        budget: verdict([{ name: "KB", value: kb(middle), max: FIRST_VISIT_KB }]),
      });
    }
    let noWorker: string | null = null;
    for (const { language, url } of pages) {
      const what = `repeat visit of ${productPath}${new URL(url).search} (${language}), service worker installed, phone, ${SLOW_4G.name}, CPU ${CPU_SLOWDOWN}× slower: the name shown, and bytes over the network (median of ${RUNS})`;
      const runs: RepeatRun[] = [];
      for (let run = 0; run < RUNS && noWorker === null; run++) {
        const result = await repeatVisit(browser, url, ["h1.product-info__name"], SLOW_4G);
        if ("noWorker" in result) noWorker = result.noWorker;
        else runs.push(result);
      }
      if (noWorker !== null) {
        rows.push({ what, budget: `MISSED (no service worker: ${noWorker})` });
        continue;
      }
      const bytes = median(runs.map((r) => r.bytes));
      const uncontrolled = runs.filter((r) => !r.controlled).length;
      rows.push({
        what,
        ...timingColumns(
          runs.map((r) => r.shown),
          "not shown",
        ),
        KB: kb(bytes),
        "KB (runs)": runs.map((r) => kb(r.bytes)).join(", "),
        "service worker's fetches KB (runs)": runs.map((r) => kb(r.workerBytes)).join(", "),
        "KB by type (median run)": runs.find((r) => r.bytes === bytes)?.byType,
        budget: verdict(
          [
            { name: "median ms", value: medianOf(runs.map((r) => r.shown)), max: REPEAT_NAMED_MS },
            { name: "KB", value: kb(bytes), max: REPEAT_VISIT_KB },
          ],
          [
            ...(runs.some((r) => r.shown === null) ? [`a run never showed the name (${GIVE_UP_MS / 1000} s)`] : []),
            ...(uncontrolled > 0 ? [`${uncontrolled} of ${runs.length} repeat visits not controlled by the service worker`] : []),
          ],
        ),
      });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

/** A rural link: 400 ms, 400 kbit/s each way (emulated as phone.ts emulates Slow 4G). */
const RURAL: Link = { name: "rural link", rttMs: 400, downKbps: 400, upKbps: 400 };

/** The first tap's budget on each link, and the product's name's on Slow 4G. */
const TAP_BUDGET_MS = new Map([
  [SLOW_4G, 2500],
  [RURAL, 5000],
]);
const NAMED_BUDGET_MS = 1500;

/** A message of the web app's in Hindi, from its catalog (web/src/i18n/hi/<area>.json). */
function hindi(area: string, message: string): string {
  const catalog = JSON.parse(readFileSync(path.join(root, `web/src/i18n/hi/${area}.json`), "utf8")) as Record<string, string>;
  const text = catalog[message];
  if (!text) throw new Error(`web/src/i18n/hi/${area}.json has no "${message}"`);
  return text;
}

/**
 * A product with packs (the demo's urea) opened cold on the phone (first-tap.ts), in English and
 * in Hindi, on Slow 4G and on the rural link, RUNS times each: the first tap on Add to Cart that
 * does something, budget ≤ 2500 ms on Slow 4G and ≤ 5000 ms on the rural link (the median, and
 * every run did something); and, from the Slow 4G runs, the product's name shown, ≤ 1500 ms.
 */
async function firstTapRows(base: string, productPath: string, chrome: string): Promise<Row[]> {
  const languages = [
    { language: "English", query: "", addToCart: "Add to Cart", cartHeading: "Shopping Cart" },
    {
      language: "Hindi",
      query: "?lang=hi",
      addToCart: hindi("catalog", "Add to Cart"),
      cartHeading: hindi("checkout", "Shopping Cart"),
    },
  ];
  const cases: (TapCase & { language: string })[] = [...TAP_BUDGET_MS.keys()].flatMap((link) =>
    languages.map(({ language, query, addToCart, cartHeading }) => ({
      language,
      url: `${base}${productPath}${query}`,
      link,
      addToCart,
      cartHeading,
    })),
  );
  const results = await firstTapRuns(cases, chrome, RUNS);
  const rows: Row[] = cases.map(({ language, link, url }, i) => {
    const runs = results[i] ?? [];
    const budget = TAP_BUDGET_MS.get(link) as number;
    return {
      what: `phone, ${linkText(link)}, CPU ${CPU_SLOWDOWN}× slower, ${transport(url)}: ${new URL(url).pathname}${new URL(url).search} (${language}), first tap on Add to Cart that does something (median of ${runs.length})`,
      ...timingColumns(
        runs.map((r) => r.did),
        "nothing",
      ),
      "did (runs)": runs.map((r) => r.how ?? "nothing").join(", "),
      "button shown ms (runs)": runs.map((r) => r.shown ?? "never").join(", "),
      "first tap felt ms (runs)": runs.map((r) => r.firstTap ?? "none").join(", "),
      "taps (runs)": runs.map((r) => r.taps).join(", "),
      budget: timingVerdict(
        runs.map((r) => r.did),
        budget,
        "did nothing",
      ),
    };
  });
  const named = cases.flatMap(({ language, link, url }, i) =>
    link === SLOW_4G ? [{ language, url, runs: results[i] ?? ([] as TapRun[]) }] : [],
  );
  for (const { language, url, runs } of named) {
    rows.push({
      what: `phone, ${linkText(SLOW_4G)}, CPU ${CPU_SLOWDOWN}× slower, ${transport(url)}: ${new URL(url).pathname}${new URL(url).search} (${language}), the product's name shown (median of ${runs.length}, the tap runs)`,
      ...timingColumns(
        runs.map((r) => r.named),
        "not shown",
      ),
      budget: timingVerdict(
        runs.map((r) => r.named),
        NAMED_BUDGET_MS,
        "never showed it",
      ),
    });
  }
  return rows;
}

function transport(url: string): string {
  return url.startsWith("https:") ? "HTTP/2" : "HTTP/1.1";
}

function linkText(link: Link): string {
  return `${link.name} (${link.rttMs} ms, ${link.downKbps >= 1000 ? `${link.downKbps / 1000} Mbit/s` : `${link.downKbps} kbit/s`})`;
}

/** A run that never got there is the slowest. */
function medianOf(times: readonly (number | null)[]): number {
  return median(times.map((t) => t ?? Number.POSITIVE_INFINITY));
}

function timingColumns(times: readonly (number | null)[], never: string): Row {
  const middle = medianOf(times);
  return {
    "median ms": Number.isFinite(middle) ? middle : never,
    "runs ms": times.map((t) => t ?? never).join(", "),
  };
}

/** Met when the median is within `maxMs` and every run got there within GIVE_UP_MS. */
function timingVerdict(times: readonly (number | null)[], maxMs: number, never: string): string {
  const missing = times.filter((t) => t === null).length;
  const figures: Figure[] = [{ name: "median ms", value: medianOf(times), max: maxMs }];
  return verdict(figures, missing > 0 ? [`${missing} of ${times.length} runs ${never} (${GIVE_UP_MS / 1000} s)`] : []);
}

/** Gzipped JavaScript that "/" loads before it shows anything (the built web app, from npm run build). */
export function initialJsRow(): Row {
  const dist = webDist;
  const indexFile = path.join(dist, "index.html");
  if (!existsSync(indexFile)) return { what: "initial JS for / (gzip)", budget: "not measured: run npm run build first" };
  const html = readFileSync(indexFile, "utf8");
  const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
  const kb = Math.round((bytes / 1024) * 10) / 10;
  return { what: "initial JS for / (gzip)", KB: kb, files: files.length, budget: kb <= 120 ? "met" : "MISSED (≤ 120 KB)" };
}
