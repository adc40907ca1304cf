// The web budgets: Lighthouse on the demo shop, and the initial JavaScript of "/".
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type Row, root, startShop } from "./harness.ts";
import { lighthouseScores } from "./lighthouse.ts";

/** Lighthouse (mobile) on the demo shop's home and a product page; skipped without Chromium. */
export async function lighthouseRows(dataDir: string, port: number): Promise<Row[]> {
  const chrome = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chrome) || !existsSync(path.join(root, "web/dist/index.html"))) {
    return [{ what: "Lighthouse", budget: "not measured: needs Chromium and npm run build" }];
  }
  const demo = await startShop(path.join(dataDir, "demo"), port, { SEED_DEMO: "true" });
  try {
    const { base } = demo;
    const [product] = (await (await fetch(`${base}/api/products?keyword=Knapsack`)).json()) as { _id: number }[];
    const scores = await lighthouseScores([`${base}/`, `${base}/product/${product?._id ?? 1}`], chrome);
    return scores.map((s) => ({
      what: `Lighthouse mobile ${new URL(s.url).pathname}`,
      performance: s.performance,
      accessibility: s.accessibility,
      "LCP ms": s.lcpMs,
      "TBT ms": s.tbtMs,
      CLS: s.cls,
      budget: s.performance >= 95 && s.accessibility === 100 ? "met" : `MISSED (perf ≥ 95, a11y 100; weak: ${s.failedAudits.join(", ")})`,
    }));
  } finally {
    await demo.stop();
  }
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
