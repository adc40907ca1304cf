import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

/** The browser as the bench runs it: no background traffic or updates to disturb a measure. */
export const CHROME_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface PageScores {
  url: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedAudits: string[];
}

/**
 * Lighthouse's default (mobile) run — emulated mid-range phone, simulated slow 4G — in Debian's
 * Chromium, for the performance and accessibility categories; each URL `runs` times in a row, the
 * browser's storage cleared before each run (Lighthouse's default).
 */
export async function lighthouseScores(urls: string[], chromePath: string, runs = 1): Promise<PageScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", ...CHROME_FLAGS],
  });
  try {
    const scores: PageScores[] = [];
    for (const url of urls.flatMap((url) => Array<string>(runs).fill(url))) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories, audits } = result.lhr;
      const failed = Object.values(audits)
        .filter((a) => a.score !== null && a.score < 0.9 && (a.scoreDisplayMode === "binary" || a.scoreDisplayMode === "numeric"))
        .map((a) => a.id);
      scores.push({
        url,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
        tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
        cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        failedAudits: failed,
      });
    }
    return scores;
  } finally {
    await chrome.kill();
  }
}
