// Checkouts under load: the race for the last units, and the mixed run — shoppers
// browsing (list pages, products, searches, categories) while signed-in buyers place orders, all
// at once on one shop; p99 of every answer and of the checkouts.

import { Agent, request } from "node:http";
import { type PricingRules, paiseToDecimal, priceOrder, toPaise } from "@krishi/contract";
import autocannon from "autocannon";
import type { Row } from "./budget.ts";
import { figureOf, verdict } from "./budget.ts";
import { BENCH_BUYER, LAST_UNITS, MIXED_BUYERS } from "./catalogue.ts";
import { CONNECTIONS, ms, percentile, seconds } from "./harness.ts";
import { KEYWORDS } from "./scale.ts";

/** Connections that place orders; the rest of the 50 browse. */
const CHECKOUT_CONNECTIONS = 4;
/** Seconds of browsing and buying before the measured load. */
const WARM_UP_SECONDS = 2;
/** Orders a second (BENCH_CHECKOUTS), unless the buyers' allowance of unpaid orders is smaller (see rate below). */
const CHECKOUTS_PER_SECOND = Number(process.env.BENCH_CHECKOUTS ?? 25);
/** ORDER_MAX_UNPAID of the bench's shop (harness.startShop). */
const UNPAID_PER_BUYER = 100;

const ADDRESS = {
  label: "Farm",
  address: "Survey 42, Pimpalgaon Road",
  city: "Nashik",
  state: "Maharashtra",
  postalCode: "422206",
  country: "India",
  phone: "9876543210",
};

interface Summary {
  _id: number;
  price: string;
  countInStock: number;
}

/** Takes `items` in turn, round and round. */
function turns<T>(items: readonly T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length] as T;
}

/** What browsing asks for, in proportion: list pages and products most, searches and categories. */
async function browsePaths(base: string, products: number): Promise<string[]> {
  const categories = (await (await fetch(`${base}/api/products/category/`)).json()) as { _id: number }[];
  const paths: string[] = [];
  const sorts = ["", "&sort=price_asc", "&sort=price_desc", "&sort=rating"];
  for (let i = 0; i < 400; i++) {
    const kind = i % 20;
    if (kind < 7) paths.push(`/api/products?page=${1 + (i % 10)}${sorts[i % sorts.length]}`);
    else if (kind < 14) paths.push(`/api/products/${1 + ((i * 7_919) % products)}/`);
    else if (kind < 17) paths.push(`/api/products?keyword=${encodeURIComponent(KEYWORDS[i % KEYWORDS.length] as string)}`);
    else if (kind < 19) paths.push(`/api/products?category=${categories[i % categories.length]?._id ?? 1}&page=${1 + (i % 3)}`);
    else paths.push("/api/products/category/");
  }
  return paths;
}

export async function signIn(base: string, buyer: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/users/dj-rest-auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(buyer),
  });
  if (!res.ok) throw new Error(`sign-in of ${buyer.email}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access: string }).access;
}

/** The orders to place: one unit each of products with stock, priced as the shop prices them. */
async function orderBodies(base: string, orders: number): Promise<string[]> {
  const { pricing } = (await (await fetch(`${base}/api/config`)).json()) as { pricing: PricingRules };
  const stocked: Summary[] = [];
  for (let page = 1; stocked.length < 400 && page <= 20; page++) {
    const res = await fetch(`${base}/api/products?in_stock=true&page_size=100&page=${page}&sort=price_asc`);
    if (!res.ok) break;
    stocked.push(...((await res.json()) as Summary[]).filter((p) => p.countInStock >= 5));
  }
  if (stocked.length * 5 < orders) throw new Error(`only ${stocked.length} products with stock for ${orders} orders`);
  // Round-robin over the products: none is ordered more often than it has units.
  return Array.from({ length: orders }, (_, i) => {
    const product = stocked[i % stocked.length] as Summary;
    const total = priceOrder([{ pricePaise: toPaise(product.price), qty: 1 }], pricing).totalPaise;
    return JSON.stringify({ orderItems: [{ product: product._id, qty: 1 }], shippingAddress: ADDRESS, totalPrice: paiseToDecimal(total) });
  });
}

interface Timed {
  latencies: number[];
  statuses: Map<number, number>;
  errors: number;
}

function cannon(options: autocannon.Options): Promise<Timed> {
  const timed: Timed = { latencies: [], statuses: new Map(), errors: 0 };
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => {
      if (error) reject(error);
      else resolve({ ...timed, errors: result.errors + result.timeouts });
    });
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      timed.latencies.push(responseTime);
      timed.statuses.set(statusCode, (timed.statuses.get(statusCode) ?? 0) + 1);
    });
  });
}

/** POSTs `body` as the bearer of `token`; answers the status once the whole answer is read. */
function post(url: string, agent: Agent, body: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "POST",
      agent,
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), authorization: `Bearer ${token}` },
    });
    req.on("response", (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** A seeded generator (mulberry32), so every run sends the same arrivals. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Calls `send` at random times, `perSecond` on average, for `duration` seconds (open loop: a
 * request goes out when due, however many are unanswered); each latency runs from its send to the
 * end of its answer's body.
 */
async function arrivals(perSecond: number, duration: number, send: () => Promise<number>): Promise<Timed> {
  const timed: Timed = { latencies: [], statuses: new Map(), errors: 0 };
  const random = seeded(20_261_123);
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let due = 0; ; ) {
    due += (-Math.log(1 - random()) / perSecond) * 1000;
    if (due >= duration * 1000) break;
    const wait = started + due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    pending.push(
      send().then(
        (status) => {
          timed.latencies.push(performance.now() - sent);
          timed.statuses.set(status, (timed.statuses.get(status) ?? 0) + 1);
        },
        () => {
          timed.errors++;
        },
      ),
    );
  }
  await Promise.all(pending);
  return timed;
}

const statusText = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");

/**
 * One row: browsing and checkouts together for `seconds`, after a warm-up of both. `sqlite`: for
 * PostgreSQL, this run's SQLite mixed row, whose p99s it may be within twice of instead (budget.ts).
 */
export async function mixedRow(base: string, label: string, products: number, sqlite?: Row): Promise<Row> {
  // Orders past a buyer's allowance of unpaid ones would be refused: keep to 90 % of it.
  const rate = Math.max(
    1,
    Math.min(CHECKOUTS_PER_SECOND, Math.floor((MIXED_BUYERS.length * UNPAID_PER_BUYER * 0.9) / (seconds + WARM_UP_SECONDS))),
  );
  const orders = Math.ceil(rate * (seconds + WARM_UP_SECONDS) * 1.2);
  const [paths, bodies, tokens] = await Promise.all([
    browsePaths(base, products),
    orderBodies(base, orders),
    Promise.all(MIXED_BUYERS.map((buyer) => signIn(base, buyer))),
  ]);
  const nextPath = turns(paths);
  const browse = (duration: number) =>
    cannon({
      url: base,
      connections: CONNECTIONS - CHECKOUT_CONNECTIONS,
      duration,
      requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: nextPath() }) }],
    });
  // Buyers arrive at random (a Poisson process at `rate`), each order sent when its buyer arrives
  // whether or not earlier ones are answered: a shop's buyers do not wait for each other.
  // (autocannon's rate limit sends each connection's share at the top of every second instead,
  // so its orders queue behind one another.)
  const agent = new Agent({ keepAlive: true, maxSockets: CHECKOUT_CONNECTIONS });
  let placed = 0;
  const checkouts = (duration: number) =>
    arrivals(rate, duration, () => {
      const n = placed++;
      return post(`${base}/api/orders/add/`, agent, bodies[n % bodies.length] as string, tokens[n % tokens.length] as string);
    });
  // Both warm up (JIT, statements, caches) as a shop that has been open a while is warm.
  await Promise.all([browse(WARM_UP_SECONDS), checkouts(WARM_UP_SECONDS)]);
  const [browsing, buying] = await Promise.all([browse(seconds), checkouts(seconds)]).finally(() => agent.destroy());

  const all = [...browsing.latencies, ...buying.latencies].sort((a, b) => a - b);
  const bought = [...buying.latencies].sort((a, b) => a - b);
  const p99 = percentile(all, 0.99);
  const checkoutP99 = percentile(bought, 0.99);
  const refused = [...buying.statuses].filter(([status]) => status !== 201).reduce((n, [, count]) => n + count, 0);
  const failed = [...browsing.statuses].filter(([status]) => status >= 400).reduce((n, [, count]) => n + count, 0);
  const errors = failed + refused + browsing.errors + buying.errors;
  return {
    what: `${label}mixed: ${CONNECTIONS - CHECKOUT_CONNECTIONS} browsing + ${CHECKOUT_CONNECTIONS} checkout connections (${rate} orders/s)`,
    "req/s": Math.round(all.length / seconds),
    "p99 ms": p99,
    "browsing p99 ms": percentile(
      [...browsing.latencies].sort((a, b) => a - b),
      0.99,
    ),
    "checkout p99 ms": checkoutP99,
    "checkout median ms": ms(percentile(bought, 0.5)),
    orders: `${buying.statuses.get(201) ?? 0} placed (${statusText(buying.statuses)})`,
    errors,
    // An order lost to a connection error is not placed either.
    budget: verdict(
      [
        { name: "p99 ms", value: p99, max: 25, sqlite: figureOf(sqlite, "p99 ms") },
        { name: "checkout p99 ms", value: checkoutP99, max: 25, sqlite: figureOf(sqlite, "checkout p99 ms") },
      ],
      errors > 0 ? [`${errors} answers failed or orders not placed (every order must be placed)`] : [],
    ),
  };
}

/** 200 concurrent orders for the last 50 units → exactly 50 succeed, stock ends at 0. */
export async function checkoutRaceRow(base: string): Promise<Row> {
  const access = await signIn(base, BENCH_BUYER);
  const found = (await (await fetch(`${base}/api/products?keyword=${encodeURIComponent(LAST_UNITS.name)}`)).json()) as {
    _id: number;
    name: string;
  }[];
  const product = found.find((p) => p.name === LAST_UNITS.name);
  const { pricing } = (await (await fetch(`${base}/api/config`)).json()) as { pricing: PricingRules };
  const body = JSON.stringify({
    orderItems: [{ product: product?._id, qty: 1 }],
    shippingAddress: ADDRESS,
    totalPrice: paiseToDecimal(priceOrder([{ pricePaise: LAST_UNITS.pricePaise, qty: 1 }], pricing).totalPaise),
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
  const took = (performance.now() - started) / 1000;
  const sold = statuses.filter((s) => s === 201).length;
  const refused = statuses.filter((s) => s === 409).length;
  const detail = (await (await fetch(`${base}/api/products/${product?._id}/`)).json()) as { countInStock: number };
  return {
    what: "checkout race: 200 orders for the last 50 units",
    sold,
    "refused (409)": refused,
    "stock after": detail.countInStock,
    seconds: took.toFixed(2),
    budget: sold === 50 && refused === 150 && detail.countInStock === 0 ? "met" : "MISSED (exactly 50 sold, stock 0)",
  };
}
