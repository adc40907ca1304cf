// What every part of the bench shares: the shop and the ceiling as processes of their own, load
// by autocannon, sequential timings, and the percentiles of the table.
import { type ChildProcess, fork, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { figureOf, verdict } from "./budget.ts";

export const root = path.resolve(import.meta.dirname, "../..");
/** Seconds of each load (after a 2 s warm-up); BENCH_SECONDS shortens or lengthens them all. */
export const seconds = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 50;

export type Row = Record<string, unknown>;

export interface Load {
  requests: number;
  p99: number;
  p50: number;
  errors: number;
}

/** `headers`: what every request sends besides autocannon's own (say, the Accept-Encoding of a browser). */
export async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  // A short warm-up so JIT and caches are hot for both servers alike.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
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
 * Loads each route on the shop and on the ceiling (unless its figure is already known from this
 * run, `knownCeiling`), one after the other; a row each, budget ≥ 60 % of the ceiling and p99 ≤ 25 ms.
 * `sqlite`: for PostgreSQL, the SQLite rows of this run by ceiling route, whose figures it may
 * be within twice of instead (budget.ts).
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
    let top = knownCeiling.get(ceilingRoute);
    if (top === undefined) {
      if (!ceilingBase) throw new Error(`no ceiling for ${ceilingRoute}`);
      top = (await load(`${ceilingBase}${ceilingRoute}`)).requests;
      knownCeiling.set(ceilingRoute, top);
    }
    const shop = await load(`${shopBase}${route}`);
    const onSqlite = sqlite.get(ceilingRoute);
    rows.push({
      what: `${label}${name}`,
      "req/s": shop.requests,
      "ceiling req/s": top,
      "% of ceiling": `${Math.round((shop.requests / top) * 100)} %`,
      "p99 ms": shop.p99,
      errors: shop.errors,
      budget: verdict(
        [
          {
            name: "req/s",
            value: shop.requests,
            min: 0.6 * top,
            wanted: `≥ 60 % of the ceiling's ${top}`,
            sqlite: figureOf(onSqlite, "req/s"),
          },
          { name: "p99 ms", value: shop.p99, max: 25, sqlite: figureOf(onSqlite, "p99 ms") },
        ],
        shop.errors > 0 ? [`${shop.errors} errors`] : [],
      ),
    });
  }
  return rows;
}
