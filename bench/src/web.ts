// The web budgets: Lighthouse and a throttled phone on the demo shop, and the initial JavaScript of "/".
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { verdict } from "./budget.ts";
import { percentile, type Row, root, startShop } from "./harness.ts";
import { lighthouseScores, type PageScores } from "./lighthouse.ts";
import { CPU_SLOWDOWN, GIVE_UP_MS, type PhoneCase, phoneTimings } from "./phone.ts";

/** Runs of each page, Lighthouse's and the phone's; a row reports their median. */
const RUNS = 3;

function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/**
 * Lighthouse and the phone timings of the demo shop's home and a product page, on one demo shop;
 * not measured without Chromium (CHROMIUM_PATH, default /usr/bin/chromium) or the built web app.
 */
export async function browserRows(dataDir: string, port: number): Promise<Row[]> {
  const chrome = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chrome) || !existsSync(path.join(root, "web/dist/index.html"))) {
    return [{ what: "Lighthouse and phone timings", budget: "not measured: needs Chromium and npm run build" }];
  }
  const demo = await startShop(path.join(dataDir, "demo"), port, { SEED_DEMO: "true" });
  try {
    const { base } = demo;
    const [product] = (await (await fetch(`${base}/api/products?keyword=Knapsack`)).json()) as { _id: number }[];
    const productPath = `/product/${product?._id ?? 1}`;
    return [...(await lighthouseRows(base, productPath, chrome)), ...(await phoneRows(base, productPath, chrome))];
  } finally {
    await demo.stop();
  }
}

/** Lighthouse mobile, RUNS times a page; the median of each figure, budget perf ≥ 95, a11y 100, LCP ≤ 1800 ms. */
async function lighthouseRows(base: string, productPath: string, chrome: string): Promise<Row[]> {
  const scores = await lighthouseScores([`${base}/`, `${base}${productPath}`], chrome, RUNS);
  const byUrl = new Map<string, PageScores[]>();
  for (const s of scores) byUrl.set(s.url, [...(byUrl.get(s.url) ?? []), s]);
  return [...byUrl].map(([url, runs]) => {
    const of = (pick: (s: PageScores) => number) => median(runs.map(pick));
    const [performance, accessibility, lcp] = [of((s) => s.performance), of((s) => s.accessibility), of((s) => s.lcpMs)];
    return {
      what: `Lighthouse mobile ${new URL(url).pathname} (median of ${runs.length})`,
      performance,
      accessibility,
      "LCP ms": lcp,
      "TBT ms": of((s) => s.tbtMs),
      CLS: of((s) => s.cls),
      "performance runs": runs.map((s) => s.performance).join(", "),
      // Audits under 0.9 in any run: where the score goes.
      weak: [...new Set(runs.flatMap((s) => s.failedAudits))].join(", "),
      budget: verdict([
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

/** Gzipped JavaScript that "/" loads before it shows anything (web/dist, from npm run build). */
export function initialJsRow(): Row {
  const dist = path.join(root, "web/dist");
  const indexFile = path.join(dist, "index.html");
  if (!existsSync(indexFile)) return { what: "initial JS for / (gzip)", budget: "not measured: run npm run build first" };
  const html = readFileSync(indexFile, "utf8");
  const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
  const kb = Math.round((bytes / 1024) * 10) / 10;
  return { what: "initial JS for / (gzip)", KB: kb, files: files.length, budget: kb <= 120 ? "met" : "MISSED (≤ 120 KB)" };
}
