// The product page as HTML under load, against the product's JSON from the same shop: a page
// rendered on the server and cached must cost about what its data costs.

import type { Row } from "./budget.ts";
import { verdict } from "./budget.ts";
import { load } from "./harness.ts";

/** What a browser sends: the page and the JSON are both loaded with it, so both may come compressed. */
const BROWSER = { "accept-encoding": "br, gzip" };

/**
 * Loads `/product/{id}` and `/api/products/{id}/` alike (50 connections, Accept-Encoding as a
 * browser's); budget: the page's req/s ≥ 50 % of the JSON's, its p99 ≤ 25 ms. The page is asked
 * for once first, which fills its cache and checks that it is one (200, text/html); the row says
 * whether the HTML holds the product's name (rendered on the server) or is the SPA's empty shell.
 */
export async function productPageRow(base: string, id: number): Promise<Row> {
  const what = `GET /product/{id} (HTML) against GET /api/products/{id}/ (JSON), both br, gzip`;
  const product = (await (await fetch(`${base}/api/products/${id}/`)).json()) as { name: string };
  const page = await fetch(`${base}/product/${id}`, { headers: BROWSER });
  const html = await page.text();
  const type = page.headers.get("content-type") ?? "no content type";
  if (page.status === 503) return { what, budget: "not measured: the shop has no web app (npm run build first)" };
  if (page.status !== 200 || !type.startsWith("text/html")) {
    return { what, budget: `MISSED (not a page: HTTP ${page.status}, ${type})` };
  }
  const json = await load(`${base}/api/products/${id}/`, BROWSER);
  const shown = await load(`${base}/product/${id}`, BROWSER);
  return {
    what,
    "req/s": shown.requests,
    "JSON req/s": json.requests,
    "% of JSON": `${Math.round((shown.requests / json.requests) * 100)} %`,
    "p99 ms": shown.p99,
    "JSON p99 ms": json.p99,
    encoding: page.headers.get("content-encoding") ?? "none",
    // The name as an element's whole text (the heading), not merely somewhere in the page's data.
    html: html.includes(`>${product.name}<`) ? "server-rendered" : "SPA shell (no product in it)",
    errors: shown.errors + json.errors,
    budget: verdict(
      [
        { name: "req/s", value: shown.requests, min: json.requests / 2, wanted: `≥ 50 % of the JSON's ${json.requests}` },
        { name: "p99 ms", value: shown.p99, max: 25 },
      ],
      shown.errors + json.errors > 0 ? [`${shown.errors} page and ${json.errors} JSON errors`] : [],
    ),
  };
}

/**
 * A crop's page and its problem's page (crops.ts's cotton and whitefly), server-rendered and
 * cached, loaded as the product page was; budget: each ≥ 80 % of the product page's req/s
 * (`productRow`, its row), p99 ≤ 25 ms. Each is asked for once first, which fills its cache and
 * checks that it is rendered (its heading holds the crop's name).
 */
export async function cropPageRows(base: string, productRow: Row, { crop, problem }: { crop: string; problem: string }): Promise<Row[]> {
  const productRequests = Number(productRow["req/s"]);
  const rows: Row[] = [];
  for (const [what, address] of [
    ["GET /crop/{slug} (HTML) against the product page, both br, gzip", `/crop/${crop}`],
    ["GET /crop/{slug}/{problem} (HTML) against the product page, both br, gzip", `/crop/${crop}/${problem}`],
  ] as const) {
    const page = await fetch(`${base}${address}`, { headers: BROWSER });
    const html = await page.text();
    if (page.status === 503) {
      rows.push({ what, budget: "not measured: the shop has no web app (npm run build first)" });
      continue;
    }
    if (page.status !== 200 || !(page.headers.get("content-type") ?? "").startsWith("text/html")) {
      rows.push({ what, budget: `MISSED (not a page: HTTP ${page.status})` });
      continue;
    }
    const shown = await load(`${base}${address}`, BROWSER);
    rows.push({
      what,
      "req/s": shown.requests,
      "product page req/s": productRequests,
      "% of product page": Number.isFinite(productRequests) ? `${Math.round((shown.requests / productRequests) * 100)} %` : "—",
      "p99 ms": shown.p99,
      "HTML KB": Math.round((html.length / 1024) * 10) / 10,
      html: /<h1[^>]*>[^<]*Cotton/.test(html) ? "server-rendered" : "no crop heading in it",
      errors: shown.errors,
      budget: verdict(
        [
          { name: "req/s", value: shown.requests, min: productRequests * 0.8, wanted: `≥ 80 % of the product page's ${productRequests}` },
          { name: "p99 ms", value: shown.p99, max: 25 },
        ],
        shown.errors > 0 ? [`${shown.errors} errors`] : [],
      ),
    });
  }
  return rows;
}
