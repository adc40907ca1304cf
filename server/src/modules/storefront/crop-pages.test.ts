import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeCategory, makeProduct, makeUser } from "../../testing/factories.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * The crops' server-rendered pages (/crops, /crop/{slug}, /crop/{slug}/{problem}) as a crawler
 * reads them: their heads and JSON-LD, Hindi at ?lang=hi, 404s, their cache and its drops, the
 * home page's "Shop by crop" and a search's crop pages, and the sitemap. On SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL names one.
 */

const SITE = "https://shop.krishi.test";
const webDist = path.resolve(import.meta.dirname, "../../../../web/dist");
if (!existsSync(path.join(webDist, "../dist-ssr/entry-server.js"))) {
  throw new Error("The storefront's tests render with the built web app: run `npm run build -w web` first.");
}

type Json = Record<string, unknown>;

let t: TestApp;
let staff: Record<string, string>;
let category: { id: number; name: string };
let pesticide: number;
let seed: number;

const send = (method: "POST" | "PUT", url: string, payload: Json) => t.app.inject({ method, url, headers: staff, payload });

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  return { status: res.statusCode, html: res.body, headers: res.headers };
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] as string));
}

function ofType(html: string, type: string): Record<string, unknown> {
  const found = jsonLd(html).filter((data) => data["@type"] === type);
  expect(found, type).toHaveLength(1);
  return found[0] as Record<string, unknown>;
}

function stateOf(html: string): { api: { queries: Record<string, { status: string; data: unknown }> } } {
  const json = /<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error("no page state");
  return JSON.parse(json);
}

const COTTON = {
  slug: "cotton",
  name: "Cotton",
  nameHi: "कपास",
  seasons: ["kharif"],
  aliases: ["kapas"],
  position: 1,
  stages: [
    { slug: "vegetative", name: "Vegetative", nameHi: "वानस्पतिक" },
    { slug: "flowering", name: "Flowering", nameHi: "फूल" },
  ],
  problems: [{ problem: "whitefly", stage: "vegetative" }],
};

beforeAll(async () => {
  t = await createTestApp({ SITE_URL: SITE });
  staff = await authHeaders(t, (await makeUser(t.database.db, { is_staff: true })).id);
  category = await makeCategory(t.database.db, "Crop care", "फ़सल सुरक्षा");
  const problem = (slug: string, name: string, nameHi: string, symptoms: string, symptomsHi: string) =>
    send("POST", "/api/staff/problems/", { slug, kind: "pest", name, nameHi, symptoms, symptomsHi, aliases: [] });
  for (const made of [
    await problem(
      "whitefly",
      "Whitefly",
      "सफ़ेद मक्खी",
      "Tiny white flies under the leaves.\nLeaves curl and turn yellow.",
      "पत्तियों के नीचे छोटी सफ़ेद मक्खियाँ।\nपत्तियाँ मुड़कर पीली पड़ती हैं।",
    ),
    await problem("stem-borer", "Stem Borer", "तना छेदक", "Dead hearts in young plants.", "छोटे पौधों में मृत गोभ।"),
    await send("POST", "/api/staff/crops/", COTTON),
    await send("POST", "/api/staff/crops/", {
      slug: "paddy",
      name: "Paddy",
      nameHi: "धान",
      seasons: ["kharif"],
      position: 2,
      stages: [],
      problems: [{ problem: "stem-borer" }],
    }),
  ]) {
    expect(made.statusCode, made.body).toBe(201);
  }
  const link = async (name: string, nameHi: string, pricePaise: number, links: Json) => {
    const { id } = await makeProduct(t.database.db, { name, nameHi, categoryId: category.id, pricePaise, stock: 5 });
    const res = await send("PUT", `/api/products/update/${id}/`, {
      name,
      nameHi,
      price: (pricePaise / 100).toFixed(2),
      brand: "Kisan",
      countInStock: 5,
      category: category.id,
      description: "",
      ...links,
    });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };
  pesticide = await link("Imidacloprid 17.8 SL", "इमिडाक्लोप्रिड 17.8 SL", 180_00, {
    label: { kind: "pesticide", cibrcNumber: "CIR-12345/2019-Imidacloprid" },
    labelClaims: [{ crop: "cotton", problem: "whitefly" }],
    crops: ["cotton"],
    problems: [{ crop: "cotton", problem: "whitefly" }],
  });
  // A product in two crops.
  seed = await link("Hybrid Seed Mix", "संकर बीज", 864_00, { crops: ["cotton", "paddy"] });
});
afterAll(() => t.close());

describe("the crops page", () => {
  it("lists every crop by season, with its head and an ItemList of the crops", async () => {
    const { status, html } = await page("/crops");
    expect(status).toBe(200);
    expect(html).toContain("<title>Shop by crop | Krishi Bazaar</title>");
    expect(html).toContain(`<link rel="canonical" href="${SITE}/crops">`);
    expect(html).toContain(`<link rel="alternate" hreflang="hi" href="${SITE}/crops?lang=hi">`);
    expect(html).toContain(`<meta property="og:url" content="${SITE}/crops">`);
    expect(html).toContain('<meta property="og:title" content="Shop by crop">');
    expect(html).toContain('href="/crop/cotton"');
    expect(html).toContain("Kharif (monsoon)");
    expect(ofType(html, "ItemList")).toEqual({
      "@context": "https://schema.org",
      "@type": "ItemList",
      numberOfItems: 2,
      itemListElement: [
        { "@type": "ListItem", position: 1, url: `${SITE}/crop/cotton`, name: "Cotton" },
        { "@type": "ListItem", position: 2, url: `${SITE}/crop/paddy`, name: "Paddy" },
      ],
    });
    expect(ofType(html, "BreadcrumbList").itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Krishi Bazaar", item: `${SITE}/` },
      { "@type": "ListItem", position: 2, name: "All crops", item: `${SITE}/crops` },
    ]);
    expect(stateOf(html).api.queries["getCrops(undefined)"]?.data).toMatchObject({ crops: [{ slug: "cotton" }, { slug: "paddy" }] });
  });
});

describe("a crop's page", () => {
  it("shows the crop, its problems by stage and its products, with its head, breadcrumbs and ItemList", async () => {
    const { status, html } = await page("/crop/cotton");
    expect(status).toBe(200);
    expect(html).toContain("<title>Cotton | Krishi Bazaar</title>");
    expect(html).toMatch(/<meta name="description" content="Seeds and inputs for Cotton: 2 products\. Problems of Cotton: Whitefly\.">/);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/crop/cotton">`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${SITE}/crop/cotton">`);
    expect(html).toContain(`<link rel="alternate" hreflang="hi" href="${SITE}/crop/cotton?lang=hi">`);
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toContain('<meta property="og:title" content="Cotton">');
    expect(html).toContain(">Cotton</h1>");
    expect(html).toContain('href="/crop/cotton/whitefly"');
    expect(html).toContain(`href="/product/${pesticide}"`);
    expect(html).toContain("₹864.00");
    expect(ofType(html, "BreadcrumbList").itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Krishi Bazaar", item: `${SITE}/` },
      { "@type": "ListItem", position: 2, name: "All crops", item: `${SITE}/crops` },
      { "@type": "ListItem", position: 3, name: "Cotton", item: `${SITE}/crop/cotton` },
    ]);
    const list = ofType(html, "ItemList");
    const listed = (list.itemListElement as { position: number; url: string; name: string }[]).map((item) => item.url);
    expect(listed.sort()).toEqual([`${SITE}/product/${pesticide}`, `${SITE}/product/${seed}`].sort());
    expect(list.numberOfItems).toBe(2);
    expect((list.itemListElement as { position: number }[]).map((item) => item.position)).toEqual([1, 2]);
    expect(stateOf(html).api.queries['getCrop("cotton")']?.data).toMatchObject({ crop: { slug: "cotton" } });
  });

  it("lists a product of two crops on both", async () => {
    expect((await page("/crop/paddy")).html).toContain(`href="/product/${seed}"`);
    expect((await page("/crop/paddy")).html).not.toContain(`href="/product/${pesticide}"`);
  });
});

describe("a crop's problem's page", () => {
  it("shows the symptoms, then the products for it with their pack and price, and the pesticide's note", async () => {
    const { status, html } = await page("/crop/cotton/whitefly");
    expect(status).toBe(200);
    expect(html).toContain("<title>Whitefly on Cotton | Krishi Bazaar</title>");
    expect(html).toContain(
      '<meta name="description" content="Products for Whitefly: 1 product. Tiny white flies under the leaves. Leaves curl and turn yellow.">',
    );
    expect(html).toContain(`<link rel="canonical" href="${SITE}/crop/cotton/whitefly">`);
    expect(html).toContain(`<link rel="alternate" hreflang="hi" href="${SITE}/crop/cotton/whitefly?lang=hi">`);
    expect(html).toContain("Leaves curl and turn yellow.");
    expect(html).toContain(`href="/product/${pesticide}"`);
    expect(html).toContain("₹180.00");
    expect(html).toContain("A pesticide is recommended only for the crops and pests its label claim names.");
    expect(ofType(html, "BreadcrumbList").itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Krishi Bazaar", item: `${SITE}/` },
      { "@type": "ListItem", position: 2, name: "All crops", item: `${SITE}/crops` },
      { "@type": "ListItem", position: 3, name: "Cotton", item: `${SITE}/crop/cotton` },
      { "@type": "ListItem", position: 4, name: "Whitefly", item: `${SITE}/crop/cotton/whitefly` },
    ]);
    expect(ofType(html, "ItemList").itemListElement).toEqual([
      { "@type": "ListItem", position: 1, url: `${SITE}/product/${pesticide}`, name: "Imidacloprid 17.8 SL" },
    ]);
  });

  it("is in Hindi at ?lang=hi, its addresses in Hindi too", async () => {
    const { status, html, headers } = await page("/crop/cotton/whitefly?lang=hi");
    expect(status).toBe(200);
    expect(headers["content-language"]).toBe("hi");
    expect(html).toMatch(/^<!doctype html>\n<html lang="hi">/);
    expect(html).toContain("<title>कपास पर सफ़ेद मक्खी | Krishi Bazaar</title>");
    expect(html).toContain(`<link rel="canonical" href="${SITE}/crop/cotton/whitefly?lang=hi">`);
    expect(html).toContain('<meta property="og:locale" content="hi_IN">');
    expect(html).toContain("पत्तियाँ मुड़कर पीली पड़ती हैं।");
    expect(html).toContain("इमिडाक्लोप्रिड 17.8 SL");
    expect(ofType(html, "BreadcrumbList").itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Krishi Bazaar", item: `${SITE}/?lang=hi` },
      { "@type": "ListItem", position: 2, name: "सभी फ़सलें", item: `${SITE}/crops?lang=hi` },
      { "@type": "ListItem", position: 3, name: "कपास", item: `${SITE}/crop/cotton?lang=hi` },
      { "@type": "ListItem", position: 4, name: "सफ़ेद मक्खी", item: `${SITE}/crop/cotton/whitefly?lang=hi` },
    ]);
    expect(ofType(html, "ItemList").itemListElement).toEqual([
      { "@type": "ListItem", position: 1, url: `${SITE}/product/${pesticide}?lang=hi`, name: "इमिडाक्लोप्रिड 17.8 SL" },
    ]);
  });

  it.each([
    ["an unknown crop", "/crop/mango"],
    ["an unknown problem", "/crop/cotton/locust"],
    ["a problem that is not the crop's", "/crop/paddy/whitefly"],
    ["an address that is no slug", "/crop/Cotton"],
    ["an unknown crop in Hindi", "/crop/mango/whitefly?lang=hi"],
  ])("answers %s with 404 and the not-found page, kept out of indexes", async (_name, url) => {
    const { status, html } = await page(url);
    expect(status).toBe(404);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
  });
});

describe("the crops' pages' cache", () => {
  it("keeps a page (the same ETag, 304), and drops it when a product it shows changes", async () => {
    const first = await page("/crop/cotton/whitefly");
    const again = await page("/crop/cotton/whitefly");
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await page("/crop/cotton/whitefly", { "if-none-match": String(first.headers.etag) })).status).toBe(304);
    const edited = await send("PUT", `/api/products/update/${pesticide}/`, {
      name: "Imidacloprid 17.8 SL",
      nameHi: "इमिडाक्लोप्रिड 17.8 SL",
      price: "175.00",
      brand: "Kisan",
      countInStock: 5,
      category: category.id,
      description: "",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await page("/crop/cotton/whitefly");
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.html).toContain("₹175.00");
    expect(after.html).not.toContain("₹180.00");
  });

  it("drops the crops' pages and the home page when a crop changes", async () => {
    const crop = await page("/crop/cotton");
    const crops = await page("/crops");
    const home = await page("/");
    expect(home.html).toContain(">Cotton<");
    const renamed = await send("PUT", "/api/staff/crops/cotton/", { ...COTTON, name: "Cotton (kapas)" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await page("/crop/cotton");
    expect(after.headers.etag).not.toBe(crop.headers.etag);
    expect(after.html).toContain("<title>Cotton (kapas) | Krishi Bazaar</title>");
    expect((await page("/crops")).html).toContain(">Cotton (kapas)<");
    expect((await page("/crops")).headers.etag).not.toBe(crops.headers.etag);
    expect((await page("/")).html).toContain(">Cotton (kapas)<");
    // A product's page names its crops: it follows too.
    expect((await page(`/product/${pesticide}`)).html).toContain(">Cotton (kapas)<");
    const back = await send("PUT", "/api/staff/crops/cotton/", COTTON);
    expect(back.statusCode, back.body).toBe(200);
  });
});

describe("the way in", () => {
  it("offers the crops on the home page, embedded for its row", async () => {
    const { html } = await page("/");
    expect(html).toContain("Shop by crop");
    expect(html).toContain('href="/crop/cotton"');
    expect(html).toContain('href="/crops"');
    expect(stateOf(html).api.queries["getCrops(undefined)"]?.data).toMatchObject({ crops: [{ slug: "cotton" }, { slug: "paddy" }] });
  });

  it("offers a search's problem page above its results", async () => {
    const { html } = await page("/?keyword=kapas+safed+makhi");
    expect(html).not.toContain("Shop by crop");
    expect(html).toContain('href="/crop/cotton/whitefly"');
    expect(html).toContain("Whitefly on Cotton: products for it");
    const found = stateOf(html).api.queries['findCrops("kapas safed makhi")']?.data as { pages: unknown[] };
    // The problem's page first.
    expect(found.pages[0]).toMatchObject({ crop: { slug: "cotton" }, problem: { slug: "whitefly" } });
  });

  it("links a product's page to its crops and problems, with a pesticide's label claim", async () => {
    const { html } = await page(`/product/${pesticide}`);
    expect(html).toContain('href="/crop/cotton"');
    expect(html).toContain('href="/crop/cotton/whitefly"');
    expect(html).toContain("Label claim (CIB&amp;RC)");
  });
});

describe("the sitemap", () => {
  it("lists the crops page, each crop's and each crop's problem's, in English and Hindi", async () => {
    const { html: body } = await page("/sitemap.xml");
    for (const path of ["/crops", "/crop/cotton", "/crop/cotton/whitefly", "/crop/paddy", "/crop/paddy/stem-borer"]) {
      expect(body).toContain(`<loc>${SITE}${path}</loc>`);
      expect(body).toContain(`<loc>${SITE}${path}?lang=hi</loc>`);
      expect(body).toContain(`<xhtml:link rel="alternate" hreflang="hi" href="${SITE}${path}?lang=hi"/>`);
    }
  });

  it("follows a new crop on the next request", async () => {
    const before = await page("/sitemap.xml");
    const made = await send("POST", "/api/staff/crops/", {
      slug: "wheat",
      name: "Wheat",
      nameHi: "गेहूँ",
      seasons: ["rabi"],
      stages: [],
      problems: [],
    });
    expect(made.statusCode, made.body).toBe(201);
    const after = await page("/sitemap.xml");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.html).toContain(`<loc>${SITE}/crop/wheat</loc>`);
  });
});
