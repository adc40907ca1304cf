// Keyword search and deep list pages, timed one request after another with no answer cache:
// The budget "at scale" (100 000 products: search median ≤ 5 ms, p95 ≤ 15 ms; a deep page ≤ 5 ms).
import { PAGE_SIZE } from "@krishi/contract";
import type { Row } from "./budget.ts";
import { type Figure, figureOf, verdict } from "./budget.ts";
import { ms, percentile, sequentialTimings } from "./harness.ts";

/**
 * What shoppers type: words and pairs in English and Hindi (in Devanagari and in Latin letters),
 * brands, a typo ("tomatoe"), other spellings (fertilizer), a product number, words that find
 * nothing, and two category names (which list that category).
 */
export const KEYWORDS = [
  "neem",
  "neem oil",
  "tomato",
  "tomatoe",
  "tomato seeds",
  "tamatar",
  "drip",
  "drip sprayer",
  "urea",
  "iffco urea",
  "potash",
  "paddy",
  "wheat",
  "cotton seed",
  "mango",
  "ghee",
  "cattle feed",
  "hoe",
  "water pump",
  "kisankraft",
  "jain irrigation",
  "syngenta hybrid",
  "organic",
  "fertilizer",
  "sprayer 16 litre",
  "cool, dry",
  "product 9999",
  "product 54321",
  "farms",
  "zzz-none",
  "टमाटर",
  "नीम",
  "धान",
  "गेहूं",
  "कपास",
  "जैविक खाद",
  "कुदाल",
  "उत्पाद 777",
  "Fertilisers",
  "बीज",
  // A crop and its problem, as farmers type them (the catalogue's crops.ts links products to them), and one typo.
  "kapas safed makhi",
  "cotton whitefly",
  "gehu ratua",
  "tamatar jhulsa",
  "धान तना छेदक",
  "fertlizer",
  "urya",
];

const SEARCHES = 300;
const DEEP_PAGES = 100;

/** How many requests were timed: all, or as many as fitted in the time limit. */
const counted = (done: number, planned: number) => (done === planned ? done : `${done} of ${planned} (time limit)`);

/**
 * Keyword search, `SEARCHES` requests one after another. The catalogue's answer cache is keyed by
 * the request's whole URL (catalog/routes.ts) and the validator drops unknown parameters, so a
 * unique `nocache` parameter makes every request a miss that runs the search itself. The budget
 * is judged on the first pass, right after the shop started (its code, connections and the
 * database's buffers still cold); `again` times the same searches once more, for the figures of
 * a shop that has been running (not a budget). `sqlite`: for PostgreSQL, this run's SQLite row of
 * the same search, whose figures it may be within twice of instead (budget.ts).
 */
export async function searchRow(
  base: string,
  label: string,
  budget: { median: number; p95?: number },
  again = false,
  sqlite?: Row,
): Promise<Row> {
  const urls = Array.from({ length: SEARCHES }, (_, i) => {
    const keyword = encodeURIComponent(KEYWORDS[i % KEYWORDS.length] as string);
    return `${base}/api/products?keyword=${keyword}&nocache=${Date.now()}-${i}`;
  });
  const { sorted, failures } = await sequentialTimings(urls, 60_000);
  const median = percentile(sorted, 0.5);
  const p95 = percentile(sorted, 0.95);
  const figures: Figure[] = [{ name: "median ms", value: median, max: budget.median, sqlite: figureOf(sqlite, "median ms") }];
  if (budget.p95 !== undefined) figures.push({ name: "p95 ms", value: p95, max: budget.p95, sqlite: figureOf(sqlite, "p95 ms") });
  return {
    what: `${label}keyword search, uncached, sequential (${KEYWORDS.length} keywords)${again ? ", again (warm)" : ""}`,
    "median ms": ms(median),
    "p95 ms": ms(p95),
    requests: counted(sorted.length, SEARCHES),
    errors: failures,
    budget: again ? "not a budget" : verdict(figures, failures > 0 ? [`${failures} failed`] : []),
  };
}

/**
 * Pages near the end of the catalogue, newest first and by price: each a different page, so each
 * is a miss of the answer cache. A deep page must not cost a scan of every row before it.
 * `sqlite`: for PostgreSQL, this run's SQLite rows of the same pages (in the same order), whose
 * medians it may be within twice of instead (budget.ts).
 */
export async function deepPageRows(base: string, label: string, products: number, sqlite: readonly Row[] = []): Promise<Row[]> {
  const pages = Math.ceil(products / PAGE_SIZE);
  const rows: Row[] = [];
  for (const [index, sort] of (["newest", "price_asc"] as const).entries()) {
    const urls = Array.from({ length: DEEP_PAGES }, (_, i) => {
      const page = pages - ((i * 7) % Math.min(pages, 200));
      return `${base}/api/products?page=${page}${sort === "newest" ? "" : `&sort=${sort}`}`;
    });
    const { sorted, failures } = await sequentialTimings(urls, 30_000);
    const median = percentile(sorted, 0.5);
    rows.push({
      what: `${label}deep list page (last ${Math.min(pages, 200)} of ${pages}), ${sort}, uncached`,
      "median ms": ms(median),
      "p95 ms": ms(percentile(sorted, 0.95)),
      requests: counted(sorted.length, DEEP_PAGES),
      errors: failures,
      budget: verdict(
        [{ name: "median ms", value: median, max: 5, sqlite: figureOf(sqlite[index], "median ms") }],
        failures > 0 ? [`${failures} failed`] : [],
      ),
    });
  }
  return rows;
}

/** How many products a few telling searches find (a check that search still finds, not a budget). */
export async function searchFinds(base: string): Promise<string> {
  const found: string[] = [];
  for (const keyword of ["tomatoe", "टमाटर", "tamatar", "neem oil", "kapas safed makhi", "fertlizer", "zzz-none"]) {
    const res = await fetch(`${base}/api/products?keyword=${encodeURIComponent(keyword)}&nocache=finds`);
    await res.arrayBuffer();
    found.push(`${keyword} ${res.headers.get("x-total-count") ?? `HTTP ${res.status}`}`);
  }
  return found.join(", ");
}
