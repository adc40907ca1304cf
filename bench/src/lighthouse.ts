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

/**
 * What is cleared for the page's origin before each run: a first visit's. Lighthouse's default
 * (file_systems, shader_cache, service_workers, cache_storage) keeps cookies and local storage, so
 * the `lang` cookie `/?lang=hi` sets sent the next run of an English page to its `?lang=hi`
 * address (the server's redirect for a shopper who reads Hindi), and `kb:app` would start the app
 * at once.
 */
const CLEARED: ("cookies" | "local_storage" | "indexeddb" | "file_systems" | "shader_cache" | "service_workers" | "cache_storage")[] = [
  "cookies",
  "local_storage",
  "indexeddb",
  "file_systems",
  "shader_cache",
  "service_workers",
  "cache_storage",
];

export interface PageScores {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedAudits: string[];
}

/** One run of a URL: its scores, or none when Lighthouse measured nothing twice. */
export interface LighthouseRun {
  url: string;
  scores: PageScores | null;
  /** Why each attempt of this run failed (the first one's, then the re-run's): "NO_LCP: …". */
  errors: string[];
  /** Lighthouse's warnings of the attempt that counts (a redirect, storage it could not clear). */
  warnings: string[];
}

/**
 * Lighthouse's default (mobile) run — emulated mid-range phone, simulated slow 4G — in Debian's
 * Chromium, for the performance and accessibility categories; each URL `runs` times in a row, the
 * origin's storage, cookies included, cleared before each run (CLEARED). A run Lighthouse could
 * not measure (a runtimeError, or a category without a score because its audits errored) is a
 * failed measure, not a score of 0: it is run once more, and its errors are kept either way.
 */
export async function lighthouseScores(urls: string[], chromePath: string, runs = 1): Promise<LighthouseRun[]> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", ...CHROME_FLAGS],
  });
  try {
    const results: LighthouseRun[] = [];
    for (const url of urls.flatMap((url) => Array<string>(runs).fill(url))) {
      const run: LighthouseRun = { url, scores: null, errors: [], warnings: [] };
      for (let attempt = 0; attempt < 2 && run.scores === null; attempt++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility"],
          clearStorageTypes: CLEARED,
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const { lhr } = result;
        run.warnings = lhr.runWarnings.map(String);
        const error = failure(lhr);
        if (error) run.errors.push(error);
        else run.scores = scoresOf(lhr);
      }
      results.push(run);
    }
    return results;
  } finally {
    await chrome.kill();
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** Why a run measured nothing: its runtimeError, else each category without a score and the audits of it that errored; or null. */
function failure(lhr: Lhr): string | null {
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const unscored = Object.values(lhr.categories).filter((category) => category.score === null);
  if (unscored.length === 0) return null;
  return unscored
    .map((category) => {
      const errored = category.auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.scoreDisplayMode === "error")
        .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.errorMessage ?? "no score"}`);
      return `${category.id} has no score (${errored.join("; ") || "no audit errored"})`;
    })
    .join("; ");
}

function scoresOf(lhr: Lhr): PageScores {
  const { categories, audits } = lhr;
  const failed = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 0.9 && (a.scoreDisplayMode === "binary" || a.scoreDisplayMode === "numeric"))
    .map((a) => a.id);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
    tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
    cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    failedAudits: failed,
  };
}
