import { SPA_ROUTES } from "@krishi/contract";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeCategory, makeProduct, makeUser } from "../../testing/factories.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { urlsetXml } from "./documents.ts";
import { seoRoutes } from "./routes.ts";
import { SeoService } from "./service.ts";

const SITE = "https://krishi.example.in";
const XML = "application/xml; charset=utf-8";

let t: TestApp;
let asStaff: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ SITE_URL: SITE });
  const db = t.database.db;
  const category = await makeCategory(db, "Seeds");
  for (let i = 0; i < 5; i++) {
    await makeProduct(db, { categoryId: category.id, createdAt: new Date(Date.UTC(2025, i, 10, 6, 30, 15, 250)).toISOString() });
  }
  asStaff = await authHeaders(t, (await makeUser(db, { is_staff: true })).id);
});

afterAll(() => t.close());

interface SitemapUrl {
  loc: string;
  lastmod?: string;
  links: Record<string, string>;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (name) => ["url", "sitemap", "xhtml:link"].includes(name),
});

/** The document, after checking it is well-formed XML. */
function parseXml(body: string) {
  expect(XMLValidator.validate(body)).toBe(true);
  return parser.parse(body);
}

function urlsOf(body: string): SitemapUrl[] {
  const { urlset } = parseXml(body);
  expect(urlset["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  expect(urlset["@xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
  return (urlset.url ?? []).map(
    (url: { loc: string; lastmod?: string; "xhtml:link": { "@rel": string; "@hreflang": string; "@href": string }[] }) => {
      for (const link of url["xhtml:link"]) expect(link["@rel"]).toBe("alternate");
      const links = Object.fromEntries(url["xhtml:link"].map((link) => [link["@hreflang"], link["@href"]]));
      return { loc: url.loc, ...(url.lastmod === undefined ? {} : { lastmod: url.lastmod }), links };
    },
  );
}

function partsOf(body: string): string[] {
  const { sitemapindex } = parseXml(body);
  expect(sitemapindex["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  return sitemapindex.sitemap.map((entry: { loc: string }) => entry.loc);
}

/** What the sitemap must list, read from the products table: the home page, then every product by id. */
async function expectedUrls(): Promise<SitemapUrl[]> {
  const rows = await t.database.db.selectFrom("products").select(["id", "updated_at"]).orderBy("id").execute();
  const page = (path: string, lastmod?: string): SitemapUrl[] => {
    const links = { en: `${SITE}${path}`, hi: `${SITE}${path}?lang=hi`, "x-default": `${SITE}${path}` };
    return [links.en, links.hi].map((loc) => ({ loc, ...(lastmod ? { lastmod } : {}), links }));
  };
  return [...page("/"), ...rows.flatMap((row) => page(`/product/${row.id}`, new Date(row.updated_at).toISOString()))];
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });

describe("GET /robots.txt", () => {
  const disallowed = (rules: string[], path: string) => rules.some((rule) => path.startsWith(rule));
  const rulesOf = (body: string) => body.split("\n").flatMap((line) => (line.startsWith("Disallow: ") ? [line.slice(10)] : []));

  it("names the sitemap by SITE_URL and keeps crawlers out of the API and the private screens", async () => {
    const res = await get(t.app, "/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const rules = rulesOf(res.body);
    for (const path of ["/api/", "/admin", "/cart", "/shipping", "/payment", "/placeorder", "/order/", "/profile", "/login", "/register"]) {
      expect(rules).toContain(path);
    }
    // Nothing that would open every path to a crawler taking the first matching rule.
    expect(res.body).not.toMatch(/^Allow:/m);
  });

  it("disallows every screen of the web app but the home page, product pages and crop pages, with or without a trailing slash", async () => {
    const rules = rulesOf((await get(t.app, "/robots.txt")).body);
    const PUBLIC: readonly string[] = ["/", "/product/:id", "/crops", "/crop/:crop", "/crop/:crop/:problem"];
    const screens = SPA_ROUTES.filter((route) => !PUBLIC.includes(route));
    expect(screens.length).toBeGreaterThan(15);
    for (const route of screens) {
      const path = route.replace(/\/:\w+\?/g, "").replace(/:\w+/g, "7");
      for (const variant of [path, path.endsWith("/") ? path.slice(0, -1) : `${path}/`]) {
        expect(disallowed(rules, variant), variant).toBe(true);
      }
    }
    expect(disallowed(rules, "/cart/7")).toBe(true);
    expect(disallowed(rules, "/api/products")).toBe(true);
    for (const path of [
      "/",
      "/?lang=hi",
      "/?keyword=urea&page=2",
      "/product/7",
      "/product/7?lang=hi",
      "/crops",
      "/crop/cotton",
      "/crop/cotton/whitefly?lang=hi",
      "/media/images/a.webp",
      "/sitemap.xml",
    ]) {
      expect(disallowed(rules, path), path).toBe(false);
    }
  });

  it("answers HEAD, and 304 to the client that has it", async () => {
    const full = await get(t.app, "/robots.txt");
    expect(full.headers["cache-control"]).toBe("no-cache");
    const etag = String(full.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const head = await t.app.inject({ method: "HEAD", url: "/robots.txt" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(head.headers.etag).toBe(etag);
    expect(head.body).toBe("");
    const again = await get(t.app, "/robots.txt", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect((await get(t.app, "/robots.txt", { "if-none-match": '"other"' })).statusCode).toBe(200);
  });

  it("is not an operation of the API document", async () => {
    const paths = Object.keys((await get(t.app, "/api/docs/openapi.json")).json().paths);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => /robots|sitemap/.test(path))).toEqual([]);
  });
});

describe("GET /sitemap.xml", () => {
  it("lists the home page and every product, in English and Hindi, with lastmod from updated_at", async () => {
    const res = await get(t.app, "/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(XML);
    expect(res.headers["cache-control"]).toBe("no-cache");
    const urls = urlsOf(res.body);
    const expected = await expectedUrls();
    expect(expected).toHaveLength(12);
    expect(urls).toEqual(expected);
    expect(urls[0]).toEqual({ loc: `${SITE}/`, links: { en: `${SITE}/`, hi: `${SITE}/?lang=hi`, "x-default": `${SITE}/` } });
    expect(urls[3]?.lastmod).toBe("2025-01-10T06:30:15.250Z");
  });

  it("answers HEAD and 304, and has no parts while one file holds it", async () => {
    const full = await get(t.app, "/sitemap.xml");
    const head = await t.app.inject({ method: "HEAD", url: "/sitemap.xml" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe(XML);
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.body).toBe("");
    expect((await get(t.app, "/sitemap.xml", { "if-none-match": String(full.headers.etag) })).statusCode).toBe(304);
    for (const url of ["/sitemap-1.xml", "/sitemap-0.xml", "/sitemap-abc.xml"]) {
      expect((await get(t.app, url)).statusCode, url).toBe(404);
    }
  });

  it("follows staff's changes on the next request: a new product, an edit, a deletion", async () => {
    const before = await get(t.app, "/sitemap.xml");
    const created = await t.app.inject({ method: "POST", url: "/api/products/create/", headers: asStaff });
    expect(created.statusCode).toBe(201);
    const id: number = created.json()._id;
    const withNew = await get(t.app, "/sitemap.xml");
    expect(withNew.headers.etag).not.toBe(before.headers.etag);
    expect(urlsOf(withNew.body)).toEqual(await expectedUrls());
    expect(urlsOf(withNew.body).map((url) => url.loc)).toContain(`${SITE}/product/${id}?lang=hi`);

    const edited = await t.app.services.catalogAdmin.update(id, {
      name: "Hybrid Tomato Seeds",
      brand: "Syngenta",
      category: "Seeds",
      description: "",
      pricePaise: 120_00,
      countInStock: 4,
    });
    expect(edited.name).toBe("Hybrid Tomato Seeds");
    expect(urlsOf((await get(t.app, "/sitemap.xml")).body)).toEqual(await expectedUrls());

    const deleted = await t.app.inject({ method: "DELETE", url: `/api/products/delete/${id}/`, headers: asStaff });
    expect(deleted.statusCode).toBe(200);
    const after = await get(t.app, "/sitemap.xml");
    expect(after.body).not.toContain(`/product/${id}<`);
    expect(urlsOf(after.body)).toEqual(await expectedUrls());
    expect(urlsOf(after.body)).toHaveLength(12);
  });

  it("keeps its copy when only stock changed, and drops it on any other change", async () => {
    const first = await t.database.db.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow();
    const before = (await get(t.app, "/sitemap.xml")).body;
    // A write nothing announced, then an order's kind of announcement: the copy stays.
    await t.database.db.updateTable("products").set({ updated_at: "2026-02-03T04:05:06.789Z" }).where("id", "=", first.id).execute();
    await t.app.services.events.emit("productsChanged", { productIds: [first.id], stockOnly: true });
    expect((await get(t.app, "/sitemap.xml")).body).toBe(before);
    await t.app.services.events.emit("productsChanged", { productIds: [first.id] });
    const urls = urlsOf((await get(t.app, "/sitemap.xml")).body);
    expect(urls.find((url) => url.loc === `${SITE}/product/${first.id}`)?.lastmod).toBe("2026-02-03T04:05:06.789Z");
    expect(urls).toEqual(await expectedUrls());
  });
});

describe("a sitemap too big for one file", () => {
  const shops: FastifyInstance[] = [];
  afterAll(() => Promise.all(shops.map((shop) => shop.close())));

  /** The seo routes alone on the test app's catalogue and event bus, with a small per-file limit. */
  async function shopWith(urlsPerFile: number): Promise<FastifyInstance> {
    const shop = Fastify();
    shops.push(shop);
    const { catalog, crops, events } = t.app.services;
    await shop.register(seoRoutes, { siteUrl: SITE, catalog, crops, events, urlsPerFile });
    await shop.ready();
    return shop;
  }

  /** Every URL of the index's parts in order, checking each part's size; the part count. */
  async function readAllParts(shop: FastifyInstance, urlsPerFile: number): Promise<{ urls: SitemapUrl[]; parts: number }> {
    const index = await get(shop, "/sitemap.xml");
    expect(index.statusCode).toBe(200);
    expect(index.headers["content-type"]).toBe(XML);
    const locs = partsOf(index.body);
    const urls: SitemapUrl[] = [];
    for (const [i, loc] of locs.entries()) {
      expect(loc).toBe(`${SITE}/sitemap-${i + 1}.xml`);
      const part = await get(shop, new URL(loc).pathname);
      expect(part.statusCode).toBe(200);
      expect(part.headers["content-type"]).toBe(XML);
      const listed = urlsOf(part.body);
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.length).toBeLessThanOrEqual(urlsPerFile);
      urls.push(...listed);
    }
    return { urls, parts: locs.length };
  }

  it.each([4, 5, 2, 3])("with %i URLs a file, the parts list every page exactly once, its two languages together", async (urlsPerFile) => {
    const shop = await shopWith(urlsPerFile);
    const expected = await expectedUrls();
    const { urls, parts } = await readAllParts(shop, urlsPerFile);
    expect(urls).toEqual(expected);
    const pagesPerFile = Math.floor(urlsPerFile / 2);
    expect(parts).toBe(Math.ceil(expected.length / 2 / pagesPerFile));
    for (const url of [
      `/sitemap-${parts + 1}.xml`,
      "/sitemap-0.xml",
      "/sitemap-01.xml",
      "/sitemap--1.xml",
      "/sitemap-1e0.xml",
      "/sitemap-99999999999.xml",
    ]) {
      expect((await get(shop, url)).statusCode, url).toBe(404);
    }
    const head = await shop.inject({ method: "HEAD", url: `/sitemap-${parts}.xml` });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
  });

  it("is one file up to the limit exactly, and an index past it", async () => {
    const count = (await expectedUrls()).length;
    const fits = await shopWith(count);
    expect(urlsOf((await get(fits, "/sitemap.xml")).body)).toEqual(await expectedUrls());
    expect((await get(fits, "/sitemap-1.xml")).statusCode).toBe(404);
    const over = await shopWith(count - 1);
    expect(partsOf((await get(over, "/sitemap.xml")).body)).toEqual([`${SITE}/sitemap-1.xml`, `${SITE}/sitemap-2.xml`]);
  });

  it("drops the index and its parts when products change", async () => {
    const shop = await shopWith(4);
    const before = await readAllParts(shop, 4);
    const created = await t.app.inject({ method: "POST", url: "/api/products/create/", headers: asStaff });
    const grown = await readAllParts(shop, 4);
    expect(grown.urls).toEqual(await expectedUrls());
    expect(grown.urls).toHaveLength(before.urls.length + 2);
    const first = before.urls[2]?.loc.split("/").at(-1);
    for (const id of [first, created.json()._id]) {
      expect((await t.app.inject({ method: "DELETE", url: `/api/products/delete/${id}/`, headers: asStaff })).statusCode).toBe(200);
    }
    const shrunk = await readAllParts(shop, 4);
    expect(shrunk.urls).toEqual(await expectedUrls());
    expect(shrunk.urls).toHaveLength(before.urls.length - 2);
    expect((await get(shop, `/sitemap-${shrunk.parts + 1}.xml`)).statusCode).toBe(404);
  });

  it.each([1, 0, -4, 2.5, Number.NaN])("refuses %s URLs a file", async (urlsPerFile) => {
    await expect(shopWith(urlsPerFile)).rejects.toThrow(/urlsPerFile/);
  });
});

describe("the walk over the catalogue", () => {
  it.each([
    [100, 1],
    [100, 2],
    [6, 2],
    [8, 3],
    [4, 1],
  ])(
    "with %i URLs a file and %i products a query, lists every product once, each query after the last id read",
    async (urlsPerFile, readBatch) => {
      const reads: { afterId: number; limit: number; ids: number[] }[] = [];
      const { catalog } = t.app.services;
      const counted = {
        async sitemapEntries(afterId: number, limit: number) {
          const entries = await catalog.sitemapEntries(afterId, limit);
          reads.push({ afterId, limit, ids: entries.map((entry) => entry.id) });
          return entries;
        },
      };
      const seo = new SeoService(counted, SITE, urlsPerFile, readBatch);
      const root = (await seo.sitemap()).body;
      const urls: SitemapUrl[] = [];
      if (root.includes("<sitemapindex")) {
        const parts = partsOf(root).length;
        for (let n = 1; n <= parts; n++) urls.push(...urlsOf((await seo.sitemapPart(n))?.body ?? ""));
        expect(await seo.sitemapPart(parts + 1)).toBeNull();
      } else {
        urls.push(...urlsOf(root));
        expect(await seo.sitemapPart(1)).toBeNull();
      }
      expect(urls).toEqual(await expectedUrls());
      for (const read of reads) {
        expect(read.limit).toBeLessThanOrEqual(readBatch);
        expect(read.ids.every((id) => id > read.afterId)).toBe(true);
      }
      expect(reads.filter((read) => read.ids.length === readBatch).length).toBeGreaterThan(0);
    },
  );
});

describe("sitemap XML", () => {
  it("escapes what the address holds", () => {
    const site = "https://shop.example.in/a&b<'c'>";
    const body = urlsetXml(site, [{ path: "/product/1", lastmod: "2025-01-01T00:00:00.000Z" }]);
    expect(body).toContain("https://shop.example.in/a&amp;b&lt;&apos;c&apos;&gt;/product/1?lang=hi");
    expect(urlsOf(body)).toEqual([
      {
        loc: `${site}/product/1`,
        lastmod: "2025-01-01T00:00:00.000Z",
        links: { en: `${site}/product/1`, hi: `${site}/product/1?lang=hi`, "x-default": `${site}/product/1` },
      },
      {
        loc: `${site}/product/1?lang=hi`,
        lastmod: "2025-01-01T00:00:00.000Z",
        links: { en: `${site}/product/1`, hi: `${site}/product/1?lang=hi`, "x-default": `${site}/product/1` },
      },
    ]);
  });
});

describe("the crops' pages in the sitemap", () => {
  const CROP_PAGES = ["/crops", "/crop/cotton", "/crop/cotton/whitefly", "/crop/wheat", "/crop/wheat/rust"];

  it.each([2, 4, 6, 10, 100])("with %i URLs a file, come after the home page and before the products, each once", async (urlsPerFile) => {
    const seo = new SeoService(t.app.services.catalog, SITE, urlsPerFile, 2, async () => CROP_PAGES);
    const root = (await seo.sitemap()).body;
    const urls: SitemapUrl[] = [];
    if (root.includes("<sitemapindex")) {
      const parts = partsOf(root).length;
      for (let n = 1; n <= parts; n++) {
        const part = urlsOf((await seo.sitemapPart(n))?.body ?? "");
        expect(part.length).toBeGreaterThan(0);
        expect(part.length).toBeLessThanOrEqual(urlsPerFile);
        urls.push(...part);
      }
    } else {
      urls.push(...urlsOf(root));
    }
    const expected = await expectedUrls();
    const cropUrls = CROP_PAGES.flatMap((path) => {
      const links = { en: `${SITE}${path}`, hi: `${SITE}${path}?lang=hi`, "x-default": `${SITE}${path}` };
      return [
        { loc: links.en, links },
        { loc: links.hi, links },
      ];
    });
    expect(urls).toEqual([...expected.slice(0, 2), ...cropUrls, ...expected.slice(2)]);
  });
});
