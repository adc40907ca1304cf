// What every part of the bench shares: the shop and the ceiling as processes of their own, load
// by autocannon, sequential timings, and the percentiles of the table.
import { type ChildProcess, fork, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { figureOf, type Row, verdict } from "./budget.ts";

export const root = path.resolve(import.meta.dirname, "../..");
/** Seconds of each load (after a 2 s warm-up); BENCH_SECONDS shortens or lengthens them all. */
export const seconds = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 50;

export interface Load {
  requests: number;
  p99: number;
  p50: number;
  errors: number;
}

/**
 * `headers`: what every request sends besides autocannon's own (say, the Accept-Encoding of a
 * browser). `warmUp`: a 2 s load first, not measured; `duration`: seconds measured.
 */
export async function load(
  url: string,
  headers: Record<string, string> = {},
  { warmUp = true, duration = seconds }: { warmUp?: boolean; duration?: number } = {},
): Promise<Load> {
  // A short warm-up so JIT and caches are hot for both servers alike.
  if (warmUp) await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  return {
    requests: Math.round(result.requests.average),
    p99: result.latency.p99,
    p50: result.latency.p50,
    errors: result.errors + result.non2xx,
  };
}

export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${url}`);
}

export interface Running {
  base: string;
  stop(): Promise<void>;
}

/**
 * The real server (`server/src/main.ts`) as a process of its own, on DATA_DIR `dataDir` (SQLite
 * there unless `env` names a DATABASE_URL). It leads a process group of its own, and stop() ends
 * the whole group: with WEB_CONCURRENCY the shop is a primary and its workers, and a worker left
 * behind would keep the port.
 */
export async function startShop(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<Running> {
  const base = `http://127.0.0.1:${port}`;
  // A shop left on the port (say, by a killed run) would answer the new one's /readyz, and be measured instead.
  const taken = await fetch(`${base}/readyz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`something already answers on port ${port}: stop it first`);
  // nodeArgs: e.g. --cpu-prof, which NODE_OPTIONS does not take.
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", path.join(root, "server/src/main.ts")], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
      WEB_CONCURRENCY: "1",
      // The checkout race's 200 orders come from one buyer standing in for many, and the mixed
      // run's buyers order many times a second: they measure stock and latency, not the
      // per-customer limit of unpaid orders (tested on its own). 100 is the most the config allows.
      ORDER_MAX_UNPAID: "100",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return; // already gone
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  };
  running.add(stop);
  try {
    await waitFor(`${base}/readyz`, child);
    // The PIN directory (which checkouts consult) loads after the shop opens: wait for it, so no
    // load measures its loading.
    await (await fetch(`${base}/api/pincodes/422206/`)).arrayBuffer();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    base,
    stop: async () => {
      running.delete(stop);
      await stop();
    },
  };
}

/** The throughput ceiling (bare Fastify sending `bodies` from memory) as a process of its own. */
export async function startCeiling(dataDir: string, port: number, bodies: Record<string, string>): Promise<Running> {
  const bodiesFile = path.join(dataDir, `bodies-${port}.json`);
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const child = fork(path.join(import.meta.dirname, "ceiling.ts"), [bodiesFile, String(port)], {
    execArgv: ["--import", "tsx"],
    stdio: "inherit",
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  running.add(stop);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/hello`, child);
  return {
    base,
    stop: async () => {
      running.delete(stop);
      await stop();
    },
  };
}

const running = new Set<() => Promise<void>>();

/** Stops every shop and ceiling still running (the bench's last step, also after a failure). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((stop) => stop()));
  running.clear();
}

/** The value below which `share` of the sorted `values` lie (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] as number;
}

/**
 * Times each URL requested one after another (the full answer read); milliseconds, sorted. Stops
 * after `limitMs`, so a slow database cannot hold the bench for long: `sorted` then has fewer.
 */
export async function sequentialTimings(urls: readonly string[], limitMs: number): Promise<{ sorted: number[]; failures: number }> {
  const timings: number[] = [];
  let failures = 0;
  const deadline = performance.now() + limitMs;
  for (const url of urls) {
    if (performance.now() > deadline) break;
    const started = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    timings.push(performance.now() - started);
    if (!res.ok) failures++;
  }
  return { sorted: timings.sort((a, b) => a - b), failures };
}

export const ms = (value: number) => value.toFixed(2);

export interface ThroughputCase {
  name: string;
  /** The shop's route, and the ceiling's route that sends the same body. */
  route: string;
  ceilingRoute: string;
}

/** The list (24 items) and a product's detail: the two hot routes the budget measures. */
export function hotRoutes(detailId: number): ThroughputCase[] {
  return [
    { name: "GET /api/products (24 items)", route: "/api/products", ceilingRoute: "/list" },
    { name: "GET /api/products/{id}/", route: `/api/products/${detailId}/`, ceilingRoute: "/detail" },
  ];
}

/** The bodies the ceiling sends: the shop's own answers, fetched once. */
export async function ceilingBodies(base: string, detailId: number): Promise<{ "/list": string; "/detail": string }> {
  const list = await (await fetch(`${base}/api/products`)).text();
  const detail = await (await fetch(`${base}/api/products/${detailId}/`)).text();
  return { "/list": list, "/detail": detail };
}

/**
 * Pairs of loads of a route, ceiling then shop, interleaved (ceiling, shop, ceiling, shop, …):
 * the ceiling's figure moves with whatever else the machine is doing, and a shop measured long
 * after its ceiling was judged against another machine. Each load is half of `seconds`, after
 * one warm-up of each server, so the pairs take little longer than one long load of each did.
 */
export const PAIRS = 3;
const PAIR_SECONDS = Math.max(2, Math.round(seconds / 2));

/** The median (the middle value; of an even count, the lower middle, as `percentile`). */
export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/**
 * Loads each route on the ceiling and on the shop in PAIRS interleaved pairs, or, when the
 * ceiling's figure is already known from this run (`knownCeiling`, the median of its runs), the
 * shop alone PAIRS times against it; a row each. Budget: the median of the pairs' ratios (shop
 * req/s ÷ ceiling req/s) ≥ 60 %, and the median of the shop's p99s ≤ 25 ms; each pair's ratio and
 * each run's p99 are printed. `sqlite`: for PostgreSQL, the SQLite rows of this run by ceiling
 * route, whose figures it may be within twice of instead (budget.ts).
 */
export async function throughputRows(
  label: string,
  shopBase: string,
  ceilingBase: string | null,
  cases: readonly ThroughputCase[],
  knownCeiling: Map<string, number>,
  sqlite: ReadonlyMap<string, Row> = new Map(),
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const { name, route, ceilingRoute } of cases) {
    const known = knownCeiling.get(ceilingRoute);
    if (known === undefined && !ceilingBase) throw new Error(`no ceiling for ${ceilingRoute}`);
    const tops: number[] = [];
    const shops: Load[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const warmUp = pair === 0;
      tops.push(known ?? (await load(`${ceilingBase}${ceilingRoute}`, {}, { warmUp, duration: PAIR_SECONDS })).requests);
      shops.push(await load(`${shopBase}${route}`, {}, { warmUp, duration: PAIR_SECONDS }));
    }
    const top = median(tops);
    if (known === undefined) knownCeiling.set(ceilingRoute, top);
    const ratios = shops.map((shop, i) => Math.round((shop.requests / (tops[i] as number)) * 100));
    const share = median(ratios);
    const [requests, p99] = [median(shops.map((s) => s.requests)), median(shops.map((s) => s.p99))];
    const errors = shops.reduce((sum, s) => sum + s.errors, 0);
    const onSqlite = sqlite.get(ceilingRoute);
    rows.push({
      what: `${label}${name}`,
      "req/s": requests,
      "ceiling req/s": top,
      "% of ceiling": share,
      // Each pair's: the shop's req/s, against the ceiling's run just before it.
      "% of ceiling (pairs)": known === undefined ? ratios.join(", ") : `${ratios.join(", ")} (the ceiling's ${known} of this run)`,
      "req/s (runs)": shops.map((s) => s.requests).join(", "),
      "ceiling req/s (runs)": known === undefined ? tops.join(", ") : "(known)",
      "p99 ms": p99,
      "p99 ms (runs)": shops.map((s) => s.p99).join(", "),
      errors,
      budget: verdict(
        [
          {
            name: "% of ceiling",
            value: share,
            min: 60,
            wanted: `≥ 60 (the median of ${PAIRS} pairs' ratios)`,
            sqlite: figureOf(onSqlite, "% of ceiling"),
          },
          { name: "p99 ms", value: p99, max: 25, sqlite: figureOf(onSqlite, "p99 ms") },
        ],
        errors > 0 ? [`${errors} errors`] : [],
      ),
    });
  }
  return rows;
}
