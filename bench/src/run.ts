/**
 * `npm run bench`: the performance budgets, measured on this machine. Parts:
 * - api: the real server on a 10 000-product SQLite catalogue against its ceiling (bare Fastify
 *   sending the same JSON from memory), both as separate processes loaded by autocannon with
 *   50 connections, in 3 interleaved pairs (ceiling, shop, ceiling, shop, …; the median ratio is
 *   judged); p99 latency; the product page's HTML against the product's JSON, both asked
 *   for with a browser's Accept-Encoding; keyword search median; the checkout race for the last 50 units.
 * - mixed: the same catalogue, 46 connections browsing (list pages, products, searches,
 *   categories) while signed-in buyers place orders, arriving at random (25 a second over at
 *   most 4 connections); p99 of all answers and of the checkouts.
 * - cluster: list and detail with WEB_CONCURRENCY=2 (processes sharing the port), against the same
 *   ceiling, beside the one-process figure, and the mixed run: whether a second process pays on
 *   this machine.
 * - scale: a 100 000-product SQLite catalogue; keyword search (median, p95) and deep list pages,
 *   sequential and uncached.
 * - pg: the 100 000 products on PostgreSQL: list and detail against the ceiling, search, deep
 *   pages and the mixed run; each figure is within its SQLite budget or no worse than twice the
 *   same figure on SQLite in this run (list and detail of the api part, search and deep pages of
 *   scale, the mixed run of mixed; the budget alone when that part did not run). The server is
 *   BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; the
 *   bench creates a database of its own there (krishi_bench_<pid>) and drops it after. Without a
 *   reachable server the part says so and is skipped.
 * - import: staff's catalogue import and export (catalogue-import.ts). A 10 000-row CSV of new
 *   products (1–3 packs each) imported on a fresh SQLite shop, then the same file again (nothing
 *   to change), each from the upload until it is seen done; the same on PostgreSQL (a database
 *   of its own as the pg part makes; skipped with a note when unreachable); then the whole
 *   100 000-product catalogue (100 001 packs, built as scale builds it) exported as CSV and as
 *   XLSX. Meanwhile a process of its own asks the shop for /healthz every ~20 ms on one
 *   connection (loop-probe.ts): its largest answer is the shop's event-loop delay as a shopper
 *   feels it (≤ 100 ms), beside its median and both figures of the idle shop in the 2 s before
 *   (the machine's noise); an import's largest is also given by the status it was in (upload,
 *   checking, writing, …, each phase's seconds beside). An import of 10 000 rows on SQLite
 *   < 60 s; PostgreSQL within that or at most twice SQLite's seconds in this run.
 * - web: on the demo shop (needs Chromium and `npm run build`), Lighthouse mobile ("/" and a
 *   product page, English and Hindi) and a phone on slow 4G in Playwright (when the home page shows
 *   its first product's name, a product page its name and price), 3 runs a page, the median; a
 *   product page's first visit in bytes (bytes.ts) and its repeat visit with the service worker
 *   installed (repeat-visit.ts), English and Hindi; the first tap (below); and the gzipped
 *   initial JavaScript of "/".
 * - tap: the web part's first-tap rows alone (also run by web unless skipped): a product with
 *   packs opened cold on the phone in English and Hindi, on Slow 4G and a rural link (400 ms,
 *   400 kbit/s), Add to Cart tapped as soon as it shows and every ~100 ms after, until the cart
 *   page opens or the header's count goes up (first-tap.ts); and when the name showed on Slow 4G.
 *   Served over HTTP/2 with TLS by a front in the bench (https-front.ts), as production's nginx
 *   serves it (needs the openssl command); the other web rows use the shop's own HTTP/1.1.
 *
 * Options (flags after `npm run bench --`, or environment):
 *   --only=scale,pg    or BENCH_ONLY=scale,pg    run only these parts (default: all, ~7 minutes on an idle machine)
 *   --skip=web         or BENCH_SKIP=web         run all parts but these
 *   BENCH_SECONDS=3    seconds of each load (default 10; each load has a 2 s warm-up besides)
 *   BENCH_CHECKOUTS=25 orders a second in the mixed run (default 25)
 *   CHROMIUM_PATH      the browser for Lighthouse and the phone (default /usr/bin/chromium)
 *   WEB_DIST_DIR       the built web app the web part serves and sizes (default web/dist; its
 *                      server build in dist-ssr beside it), to measure a build made elsewhere
 *   BENCH_HTTP1=1      the first tap over the shop's own HTTP/1.1 (six connections, no front)
 *   BENCH_PROF=/tmp/p  CPU profiles of the mixed run's shop written there (node --cpu-prof)
 * A table a part is printed at the end, then every budget that missed (or that all were met), and
 * all are written to bench/results/latest.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Row, type Section, summary } from "./budget.ts";
import { buildCatalogue } from "./catalogue.ts";
import { addStaff, exportRows, importRows } from "./catalogue-import.ts";
import { BENCH_CROP } from "./crops.ts";
import {
  ceilingBodies,
  hotRoutes,
  load,
  type Running,
  root,
  seconds,
  startCeiling,
  startShop,
  stopAll,
  throughputRows,
} from "./harness.ts";
import { checkoutRaceRow, mixedRow } from "./mixed.ts";
import { type BenchDatabase, createBenchDatabase, postgresServerUrl, redacted } from "./postgres.ts";
import { cropPageRows, productPageRow } from "./product-page.ts";
import { forgetProducts } from "./products.ts";
import { deepPageRows, searchFinds, searchRow } from "./scale.ts";
import { browserRows, initialJsRow } from "./web.ts";

const PARTS = ["api", "mixed", "cluster", "scale", "pg", "import", "web", "tap"] as const;
type Part = (typeof PARTS)[number];

const PRODUCTS = 10_000;
const SCALE_PRODUCTS = 100_000;
const DETAIL_ID = 5_000;
const PORTS = {
  shop: 8201,
  ceiling: 8202,
  demo: 8203,
  scale: 8204,
  pg: 8205,
  pgCeiling: 8206,
  cluster: 8207,
  demoFront: 8208,
  importShop: 8209,
  exportShop: 8210,
};

function option(name: string, envName: string): Part[] | null {
  const flag = process.argv.slice(2).find((arg) => arg.startsWith(`--${name}=`));
  const text = flag ? flag.slice(name.length + 3) : process.env[envName];
  if (!text) return null;
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = parts.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length > 0) {
    console.error(`unknown bench part ${unknown.join(", ")}: the parts are ${PARTS.join(", ")}`);
    process.exit(2);
  }
  return parts as Part[];
}

const only = option("only", "BENCH_ONLY");
const skip = option("skip", "BENCH_SKIP") ?? [];
const selected = new Set(PARTS.filter((p) => (only ?? PARTS).includes(p) && !skip.includes(p)));

const sections: Section[] = [];

/**
 * This run's SQLite rows of the measures the PostgreSQL part repeats (list and detail by ceiling
 * route, the budgeted search, the deep pages, the mixed run): its rows are judged against them too.
 */
interface SqliteRows {
  throughput: Map<string, Row>;
  search?: Row;
  deep: Row[];
  mixed?: Row;
}

const cleanups: (() => Promise<void>)[] = [];

/** Runs one part; a failure becomes a row of its own and the other parts still run. */
async function part(title: string, body: (rows: Row[]) => Promise<void>): Promise<void> {
  const started = performance.now();
  console.log(`\n— ${title} …`);
  const rows: Row[] = [];
  try {
    await body(rows);
  } catch (error) {
    process.exitCode = 1;
    rows.push({ what: title, budget: `FAILED: ${error instanceof Error ? error.message : String(error)}` });
    console.error(error);
  } finally {
    await stopAll();
  }
  console.log(`  done in ${Math.round((performance.now() - started) / 1000)} s`);
  sections.push({ title, rows });
}

async function main(dataDir: string): Promise<void> {
  console.log(`bench parts: ${[...selected].join(", ")}; ${seconds} s per load (+2 s warm-up), 50 connections`);
  // Ceiling figures of the 10 000-product bodies, shared by the api and cluster parts; and the
  // one-process figures the cluster part compares with.
  const ceiling = new Map<string, number>();
  const oneProcess = new Map<string, number>();
  const onSqlite: SqliteRows = { throughput: new Map(), deep: [] };
  const small = path.join(dataDir, "small");

  if (selected.has("api") || selected.has("mixed") || selected.has("cluster")) {
    console.log(`building a ${PRODUCTS}-product catalogue …`);
    await buildCatalogue(path.join(small, "shop.db"), PRODUCTS);
  }

  if (selected.has("api")) {
    await part(`API, ${PRODUCTS} products, SQLite, one process`, async (rows) => {
      const shop = await startShop(small, PORTS.shop);
      const bodies = await ceilingBodies(shop.base, DETAIL_ID);
      const top = await startCeiling(dataDir, PORTS.ceiling, bodies);
      console.log(
        `list body ${(bodies["/list"].length / 1024).toFixed(1)} KB, detail body ${(bodies["/detail"].length / 1024).toFixed(1)} KB`,
      );
      const hello = await load(`${top.base}/hello`);
      rows.push({ what: "ceiling: hello", "req/s": hello.requests, "p99 ms": hello.p99 });
      const measured = await throughputRows("", shop.base, top.base, hotRoutes(DETAIL_ID), ceiling);
      for (const [i, { ceilingRoute }] of hotRoutes(DETAIL_ID).entries()) {
        oneProcess.set(ceilingRoute, measured[i]?.["req/s"] as number);
        onSqlite.throughput.set(ceilingRoute, measured[i] as Row);
      }
      rows.push(...measured);
      await top.stop();
      const productPage = await productPageRow(shop.base, DETAIL_ID);
      rows.push(productPage, ...(await cropPageRows(shop.base, productPage, BENCH_CROP)));
      rows.push(await searchRow(shop.base, `${PRODUCTS} products: `, { median: 10 }));
      rows.push(await checkoutRaceRow(shop.base));
      await shop.stop();
    });
  }

  if (selected.has("mixed")) {
    await part(`Mixed, ${PRODUCTS} products, SQLite, one process`, async (rows) => {
      const shop = await startShop(
        small,
        PORTS.shop,
        {},
        process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [],
      );
      onSqlite.mixed = await mixedRow(shop.base, "", PRODUCTS);
      rows.push(onSqlite.mixed);
      await shop.stop();
    });
  }

  if (selected.has("cluster")) {
    await part(`WEB_CONCURRENCY=2, ${PRODUCTS} products, SQLite`, async (rows) => {
      const shop = await startShop(small, PORTS.cluster, { WEB_CONCURRENCY: "2" });
      let top: Running | null = null;
      if (ceiling.size === 0) top = await startCeiling(dataDir, PORTS.ceiling, await ceilingBodies(shop.base, DETAIL_ID));
      const measured = await throughputRows("WEB_CONCURRENCY=2: ", shop.base, top?.base ?? null, hotRoutes(DETAIL_ID), ceiling);
      for (const [i, { ceilingRoute }] of hotRoutes(DETAIL_ID).entries()) {
        const one = oneProcess.get(ceilingRoute);
        const row = measured[i] as Row;
        if (one !== undefined) row["1 process req/s"] = one;
        rows.push(row);
      }
      await top?.stop();
      rows.push(await mixedRow(shop.base, "WEB_CONCURRENCY=2: ", PRODUCTS));
      await shop.stop();
    });
  }

  if (selected.has("scale")) {
    await part(`${SCALE_PRODUCTS} products, SQLite`, async (rows) => {
      const dir = path.join(dataDir, "scale");
      const started = performance.now();
      console.log(`building a ${SCALE_PRODUCTS}-product catalogue (SQLite) …`);
      await buildCatalogue(path.join(dir, "shop.db"), SCALE_PRODUCTS);
      console.log(`  built in ${Math.round((performance.now() - started) / 1000)} s`);
      const shop = await startShop(dir, PORTS.scale);
      onSqlite.search = await searchRow(shop.base, "100k: ", { median: 5, p95: 15 });
      rows.push(onSqlite.search);
      rows.push(await searchRow(shop.base, "100k: ", { median: 5, p95: 15 }, true));
      onSqlite.deep = await deepPageRows(shop.base, "100k: ", SCALE_PRODUCTS);
      rows.push(...onSqlite.deep);
      rows.push({ what: "100k: products found (not a budget)", found: await searchFinds(shop.base) });
      await shop.stop();
      rmSync(dir, { recursive: true, force: true });
    });
  }

  if (selected.has("pg")) {
    await onBenchDatabase("PostgreSQL", "PostgreSQL run", async (database, serverUrl) => {
      await part(`${SCALE_PRODUCTS} products, PostgreSQL`, async (rows) => {
        const started = performance.now();
        console.log(`building a ${SCALE_PRODUCTS}-product catalogue (PostgreSQL, ${redacted(serverUrl)}) …`);
        await buildCatalogue(database.url, SCALE_PRODUCTS);
        console.log(`  built in ${Math.round((performance.now() - started) / 1000)} s`);
        forgetProducts();
        const shop = await startShop(path.join(dataDir, "pg"), PORTS.pg, { DATABASE_URL: database.url });
        const top = await startCeiling(dataDir, PORTS.pgCeiling, await ceilingBodies(shop.base, DETAIL_ID));
        rows.push(...(await throughputRows("PG: ", shop.base, top.base, hotRoutes(DETAIL_ID), new Map(), onSqlite.throughput)));
        await top.stop();
        rows.push(await searchRow(shop.base, "PG 100k: ", { median: 5, p95: 15 }, false, onSqlite.search));
        rows.push(await searchRow(shop.base, "PG 100k: ", { median: 5, p95: 15 }, true));
        rows.push(...(await deepPageRows(shop.base, "PG 100k: ", SCALE_PRODUCTS, onSqlite.deep)));
        rows.push({ what: "PG 100k: products found (not a budget)", found: await searchFinds(shop.base) });
        rows.push(await mixedRow(shop.base, "PG 100k: ", SCALE_PRODUCTS, onSqlite.mixed));
        await shop.stop();
      });
    });
  }
  if (selected.has("import")) await importParts(dataDir);
  forgetProducts();

  // The first tap's rows belong to the web part, and run alone as "tap".
  const firstTap = selected.has("tap") || (selected.has("web") && !skip.includes("tap"));
  if (selected.has("web") || firstTap) {
    await part("Web", async (rows) => {
      const pages = selected.has("web");
      rows.push(...(await browserRows(dataDir, { shop: PORTS.demo, front: PORTS.demoFront }, { pages, firstTap })));
      if (pages) rows.push(initialJsRow());
    });
  }

  for (const { title, rows } of sections) {
    console.log(`\n${title}`);
    console.table(rows);
  }
  const verdicts = summary(sections);
  console.log(`\n${verdicts.join("\n")}`);
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(
    path.join(root, "bench/results/latest.json"),
    JSON.stringify({ at: new Date().toISOString(), seconds, parts: [...selected], sections, summary: verdicts }, null, 2),
  );
}

/**
 * Runs `use` on a PostgreSQL database of the bench's own (created on the server of
 * postgresServerUrl, dropped after, and on Ctrl-C); when none can be made, the section `title`
 * says `what` was skipped, and why.
 */
async function onBenchDatabase(
  title: string,
  what: string,
  use: (database: BenchDatabase, serverUrl: string) => Promise<void>,
): Promise<void> {
  const serverUrl = postgresServerUrl();
  let database: BenchDatabase;
  try {
    database = await createBenchDatabase(serverUrl);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    console.log(`${what} skipped: cannot create a database on ${redacted(serverUrl)} (${why})`);
    sections.push({ title, rows: [{ what, budget: `skipped: ${redacted(serverUrl)} unreachable (${why})` }] });
    return;
  }
  const dropIt = database.drop;
  cleanups.push(dropIt);
  try {
    await use(database, serverUrl);
  } finally {
    await dropIt();
    cleanups.splice(cleanups.indexOf(dropIt), 1);
  }
}

/**
 * The import part: the imports on SQLite, then on PostgreSQL (judged against SQLite's seconds),
 * then the export of the 100 000-product catalogue, built as the scale part builds it (with the
 * products scale made, when it ran and pg has not forgotten them).
 */
async function importParts(dataDir: string): Promise<void> {
  let onSqlite: Row[] = [];
  await part("Catalogue import, SQLite", async (rows) => {
    const dir = path.join(dataDir, "import");
    await addStaff(path.join(dir, "shop.db"));
    const shop = await startShop(dir, PORTS.importShop);
    onSqlite = await importRows(shop.base, "");
    rows.push(...onSqlite);
    await shop.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  await onBenchDatabase("Catalogue import, PostgreSQL", "PostgreSQL import", async (database) => {
    await part("Catalogue import, PostgreSQL", async (rows) => {
      await addStaff(database.url);
      const shop = await startShop(path.join(dataDir, "import-pg"), PORTS.importShop, { DATABASE_URL: database.url });
      rows.push(...(await importRows(shop.base, "PG: ", onSqlite)));
      await shop.stop();
    });
  });

  await part(`Catalogue export, ${SCALE_PRODUCTS} products, SQLite`, async (rows) => {
    const dir = path.join(dataDir, "export");
    const started = performance.now();
    console.log(`building a ${SCALE_PRODUCTS}-product catalogue (SQLite) …`);
    await buildCatalogue(path.join(dir, "shop.db"), SCALE_PRODUCTS);
    await addStaff(path.join(dir, "shop.db"));
    console.log(`  built in ${Math.round((performance.now() - started) / 1000)} s`);
    const shop = await startShop(dir, PORTS.exportShop);
    // buildCatalogue adds one product besides (the checkout race's last units): one pack each.
    rows.push(...(await exportRows(shop.base, "", SCALE_PRODUCTS + 1)));
    await shop.stop();
    rmSync(dir, { recursive: true, force: true });
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), "kb-bench-"));
async function cleanUp(): Promise<void> {
  await stopAll();
  for (const cleanup of cleanups.splice(0)) await cleanup().catch((error: unknown) => console.error(error));
  rmSync(dataDir, { recursive: true, force: true });
}
// The shops lead process groups of their own (harness.startShop): Ctrl-C does not reach them.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}
try {
  await main(dataDir);
} finally {
  await cleanUp();
}
