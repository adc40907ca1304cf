/**
 * `npm run bench`: the performance budgets of DESIGN §9, measured on this machine.
 * - API: the real server on a 10 000-product SQLite catalogue against its ceiling (bare Fastify
 *   sending the same JSON from memory), both as separate processes loaded by autocannon with
 *   50 connections; p99 latency; keyword search median.
 * - Web: gzipped initial JavaScript of "/" from web/dist.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { paiseToDecimal, priceOrder } from "@krishi/contract";
import autocannon from "autocannon";
import { BENCH_BUYER, buildCatalogue, LAST_UNITS } from "./catalogue.ts";
import { lighthouseScores } from "./lighthouse.ts";

const root = path.resolve(import.meta.dirname, "../..");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const PRODUCTS = 10_000;
const SERVER_PORT = 8201;
const CEILING_PORT = 8202;

interface Load {
  requests: number;
  p99: number;
  p50: number;
  errors: number;
}

async function load(url: string): Promise<Load> {
  // A short warm-up so JIT and caches are hot for both servers alike.
  await autocannon({ url, connections: 50, duration: 2 });
  const result = await autocannon({ url, connections: 50, duration: seconds });
  return {
    requests: Math.round(result.requests.average),
    p99: result.latency.p99,
    p50: result.latency.p50,
    errors: result.errors + result.non2xx,
  };
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
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

function initialJsGzip(): { kb: number; files: string[] } | null {
  const dist = path.join(root, "web/dist");
  const indexFile = path.join(dist, "index.html");
  if (!existsSync(indexFile)) return null;
  const html = readFileSync(indexFile, "utf8");
  const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
  return { kb: Math.round((bytes / 1024) * 10) / 10, files };
}

/** DESIGN §9: 200 concurrent orders for the last 50 units → exactly 50 succeed, stock ends at 0. */
async function checkoutRace(base: string): Promise<Record<string, unknown>> {
  const login = await fetch(`${base}/api/users/dj-rest-auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(BENCH_BUYER),
  });
  const { access } = (await login.json()) as { access: string };
  const [product] = (await (await fetch(`${base}/api/products?keyword=${encodeURIComponent(LAST_UNITS.name)}`)).json()) as {
    _id: number;
  }[];
  const body = JSON.stringify({
    orderItems: [{ product: product?._id, qty: 1 }],
    shippingAddress: { label: "Farm", address: "Survey 42", city: "Nashik", postalCode: "422206", country: "India" },
    totalPrice: paiseToDecimal(priceOrder([{ pricePaise: LAST_UNITS.pricePaise, qty: 1 }]).totalPaise),
  });
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: 200 }, async () => {
      const res = await fetch(`${base}/api/orders/add/`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${access}` },
        body,
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sold = statuses.filter((s) => s === 201).length;
  const refused = statuses.filter((s) => s === 409).length;
  const detail = (await (await fetch(`${base}/api/products/${product?._id}/`)).json()) as { countInStock: number };
  return {
    what: "checkout race: 200 orders for the last 50 units",
    sold,
    "refused (409)": refused,
    "stock after": detail.countInStock,
    seconds: seconds.toFixed(2),
    budget: sold === 50 && refused === 150 && detail.countInStock === 0 ? "met" : "MISSED (exactly 50 sold, stock 0)",
  };
}

/** Lighthouse (mobile) on the demo shop's home and a product page; skipped without Chromium. */
async function lighthouseRows(scratch: string): Promise<Record<string, unknown>[]> {
  const chrome = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chrome) || !existsSync(path.join(root, "web/dist/index.html"))) {
    return [{ what: "Lighthouse", budget: "not measured: needs Chromium and npm run build" }];
  }
  const demoDir = path.join(scratch, "demo");
  const port = SERVER_PORT + 2;
  const demo = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/src/main.ts")], {
    env: { ...process.env, NODE_ENV: "development", DATA_DIR: demoDir, PORT: String(port), SEED_DEMO: "true", LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/readyz`, demo);
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
    demo.kill("SIGTERM");
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kb-bench-"));
  const children: ChildProcess[] = [];
  try {
    console.log(`building a ${PRODUCTS}-product catalogue …`);
    await buildCatalogue(path.join(dataDir, "shop.db"), PRODUCTS);

    const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/src/main.ts")], {
      env: {
        ...process.env,
        NODE_ENV: "development",
        DATA_DIR: dataDir,
        PORT: String(SERVER_PORT),
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        // The checkout race's 200 orders come from one buyer standing in for many: it measures that
        // stock is taken atomically, not the per-customer limit of unpaid orders (tested on its own).
        ORDER_MAX_UNPAID: "100",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    children.push(server);
    const base = `http://127.0.0.1:${SERVER_PORT}`;
    await waitFor(`${base}/readyz`, server);

    const list = await (await fetch(`${base}/api/products`)).text();
    const detail = await (await fetch(`${base}/api/products/5000/`)).text();
    const bodiesFile = path.join(dataDir, "bodies.json");
    writeFileSync(bodiesFile, JSON.stringify({ "/list": list, "/detail": detail }));
    const ceiling = fork(path.join(import.meta.dirname, "ceiling.ts"), [bodiesFile, String(CEILING_PORT)], {
      execArgv: ["--import", "tsx"],
      stdio: "inherit",
    });
    children.push(ceiling);
    const ceilingBase = `http://127.0.0.1:${CEILING_PORT}`;
    await waitFor(`${ceilingBase}/hello`, ceiling);

    console.log(
      `list body ${(list.length / 1024).toFixed(1)} KB, detail body ${(detail.length / 1024).toFixed(1)} KB; ${seconds} s per run, 50 connections`,
    );
    const rows: Record<string, unknown>[] = [];
    const hello = await load(`${ceilingBase}/hello`);
    rows.push({ what: "ceiling: hello", "req/s": hello.requests, "p99 ms": hello.p99 });
    for (const [name, route, ceilingRoute] of [
      ["GET /api/products (24 items)", "/api/products", "/list"],
      ["GET /api/products/{id}/", "/api/products/5000/", "/detail"],
    ] as const) {
      const top = await load(`${ceilingBase}${ceilingRoute}`);
      const shop = await load(`${base}${route}`);
      const share = shop.requests / top.requests;
      rows.push({
        what: name,
        "req/s": shop.requests,
        "ceiling req/s": top.requests,
        "% of ceiling": `${Math.round(share * 100)} %`,
        "p99 ms": shop.p99,
        errors: shop.errors,
        budget: share >= 0.6 && shop.p99 <= 25 ? "met" : "MISSED (≥ 60 %, p99 ≤ 25 ms)",
      });
    }

    const keywords = ["neem", "drip sprayer", "tomato", "iffco", "product 9999", "organic", "cool, dry", "pump", "zzz-none", "Fertilisers"];
    const timings: number[] = [];
    for (let i = 0; i < 300; i++) {
      const started = performance.now();
      // A unique extra parameter makes every request miss the answer cache: this times the search itself.
      const keyword = encodeURIComponent(keywords[i % keywords.length] as string);
      const res = await fetch(`${base}/api/products?keyword=${keyword}&nocache=${i}`);
      await res.arrayBuffer();
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    const median = timings[Math.floor(timings.length / 2)] as number;
    rows.push({
      what: "keyword search, uncached, sequential",
      "median ms": median.toFixed(2),
      "p95 ms": (timings[Math.floor(timings.length * 0.95)] as number).toFixed(2),
      budget: median <= 10 ? "met" : "MISSED (≤ 10 ms)",
    });

    rows.push(await checkoutRace(base));
    server.kill("SIGTERM");
    rows.push(...(await lighthouseRows(dataDir)));

    const js = initialJsGzip();
    rows.push(
      js
        ? { what: "initial JS for / (gzip)", KB: js.kb, files: js.files.length, budget: js.kb <= 120 ? "met" : "MISSED (≤ 120 KB)" }
        : { what: "initial JS for / (gzip)", budget: "not measured: run npm run build first" },
    );

    console.table(rows);
    mkdirSync(path.join(root, "bench/results"), { recursive: true });
    writeFileSync(path.join(root, "bench/results/latest.json"), JSON.stringify({ at: new Date().toISOString(), rows }, null, 2));
  } finally {
    for (const child of children) child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
