import { existsSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import ogs from "open-graph-scraper";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCategory, makeProduct, makeUser } from "../../testing/factories.ts";
import { INDIA_MRP_ENV } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { publicConfigOf } from "../system/public-config.ts";
import { StorefrontPages } from "./pages.ts";

/**
 * The server-rendered public pages, as a crawler or a link preview (which run no JavaScript)
 * reads them: plain HTTP, the real app on a real database, the web app's real server build.
 */

const SITE = "https://shop.krishi.test";
const webDist = path.resolve(import.meta.dirname, "../../../../web/dist");
if (!existsSync(path.join(webDist, "../dist-ssr/entry-server.js"))) {
  throw new Error("The storefront's tests render with the built web app: run `npm run build -w web` first.");
}

let t: TestApp;
let seeds: number;
let wheat: { id: number; name: string };
let urea: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp({ SITE_URL: SITE });
  seeds = (await makeCategory(t.database.db, "Seeds", "बीज")).id;
  wheat = await makeProduct(t.database.db, {
    name: "Wheat Seed HD-2967",
    nameHi: "गेहूँ बीज HD-2967",
    brand: "IARI",
    categoryId: seeds,
    description: "High-yield wheat for irrigated fields.\nSow in November.",
    pricePaise: 1_250_50,
    stock: 3,
  });
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3a7d2c" } })
    .png()
    .toBuffer();
  await t.app.services.catalogAdmin.addImage(wheat.id, picture);
  urea = await makeProduct(t.database.db, { name: "Neem Coated Urea", categoryId: seeds, pricePaise: 266_50, stock: 0 });
});
afterAll(() => t.close());

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  return { status: res.statusCode, html: res.body, headers: res.headers };
}

/** The page's embedded state, as the browser's hydration reads it. */
function stateOf(html: string): { api: { queries: Record<string, { status: string; data: unknown }> } } {
  const json = /<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error("no page state");
  return JSON.parse(json);
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] as string));
}

describe("the home page without JavaScript", () => {
  it("lists the products with their prices in rupees and links to them, in a page of its own", async () => {
    const { status, html, headers } = await page("/");
    expect(status).toBe(200);
    expect(headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain(">Wheat Seed HD-2967</a>");
    expect(html).toContain("₹1,250.50");
    expect(html).toContain(`href="/product/${wheat.id}"`);
    expect(html).toContain("<title>Latest Products | Krishi Bazaar</title>");
    expect(html).toContain('<meta name="description" content="Latest Products: 2 products.');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/">`);
    expect(html).toContain(`<link rel="alternate" hreflang="hi" href="${SITE}/?lang=hi">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${SITE}/">`);
    expect(html).toContain(`<meta property="og:url" content="${SITE}/">`);
    expect(html).not.toContain("needs JavaScript");
    // One title, in the head: React's own stays out of the body.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.indexOf("<title>")).toBeLessThan(html.indexOf("</head>"));
  });

  it("embeds the API answers it shows, under the keys the browser's screens ask for them by", async () => {
    const { queries } = stateOf((await page("/")).html).api;
    expect(Object.keys(queries).sort()).toEqual([
      "getCategories(undefined)",
      "getConfig(undefined)",
      // The crops of "Shop by crop" (none in this shop: the row is not shown).
      "getCrops(undefined)",
      'getProducts({"category":"","keyword":"","page":1})',
    ]);
    expect(queries["getCrops(undefined)"]?.data).toEqual((await t.app.inject("/api/crops/")).json());
    const list = queries['getProducts({"category":"","keyword":"","page":1})'];
    expect(list?.status).toBe("fulfilled");
    expect(list?.data).toMatchObject({
      total: 2,
      page: 1,
      pages: 1,
      products: [{ name: "Neem Coated Urea" }, { name: "Wheat Seed HD-2967" }],
    });
    // Exactly the JSON the API sends for the same list.
    const api = await t.app.inject("/api/products");
    expect((list?.data as { products: unknown } | undefined)?.products).toEqual(api.json());
  });

  it("renders a search, a category, a sort and the stock filter, with their canonical address", async () => {
    const search = await page("/?keyword=wheat&utm_source=whatsapp");
    expect(search.html).toContain("Results for “wheat”");
    expect(search.html).toContain(`<link rel="canonical" href="${SITE}/?keyword=wheat">`);
    expect(search.html).not.toContain("Neem Coated Urea</a>");

    const inStock = await page("/?in_stock=true&sort=price_desc");
    expect(inStock.html).toContain("Wheat Seed HD-2967</a>");
    expect(inStock.html).not.toContain("Neem Coated Urea</a>");
    expect(inStock.html).toContain(`<link rel="canonical" href="${SITE}/?sort=price_desc&#38;in_stock=true">`);

    const category = await page(`/?keyword=Seeds`);
    expect(category.html).toContain('<h1 class="home-heading">Seeds</h1>');
  });

  it("is in Hindi at ?lang=hi, and says so to the browser and to crawlers", async () => {
    const { html } = await page("/?lang=hi");
    expect(html).toMatch(/<html lang="hi">/);
    expect(html).toContain("गेहूँ बीज HD-2967");
    expect(html).toContain("<title>नए उत्पाद | Krishi Bazaar</title>");
    expect(html).toContain(`<link rel="canonical" href="${SITE}/?lang=hi">`);
    expect(html).toContain('<meta property="og:locale" content="hi_IN">');
    expect((await page("/?lang=hi")).headers["content-language"]).toBe("hi");
  });

  it("previews in WhatsApp and Facebook with the shop's icon, a picture the shop serves, with its size", async () => {
    for (const url of ["/", "/?lang=hi"]) {
      const { html } = await page(url);
      const { result } = await ogs({ html });
      expect(result.ogImage).toEqual([
        { url: `${SITE}/icons/icon-512.png`, type: "image/png", width: "512", height: "512", alt: "Krishi Bazaar" },
      ]);
      expect(result.twitterImage?.[0]?.url).toBe(`${SITE}/icons/icon-512.png`);
      expect(result.twitterCard).toBe("summary");
    }
    const icon = await t.app.inject("/icons/icon-512.png");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/png");
    expect(await sharp(icon.rawPayload).metadata()).toMatchObject({ width: 512, height: 512 });
  });

  it("previews a category's list with the picture of the first product listed that has one", async () => {
    // Newest first: the urea (no picture), then the wheat.
    const { html } = await page("/?keyword=Seeds");
    const { result } = await ogs({ html });
    const image = result.ogImage?.[0]?.url ?? "";
    expect(image).toMatch(new RegExp(`^${SITE}/media/.+-w640\\.webp$`));
    expect(result.ogImage?.[0]?.alt).toBe("Wheat Seed HD-2967");
    expect(result.twitterCard).toBe("summary_large_image");
    const picture = await t.app.inject(image.slice(SITE.length));
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/webp");
    // In Hindi, the product's Hindi name.
    const hindi = await ogs({ html: (await page("/?keyword=Seeds&lang=hi")).html });
    expect(hindi.result.ogImage?.[0]).toMatchObject({ url: image, alt: "गेहूँ बीज HD-2967" });
  });

  it("answers a keyword the API refuses with the not-found page rather than an error", async () => {
    const res = await page(`/?keyword=${"a".repeat(201)}`);
    expect(res.status).toBe(404);
    expect(res.html).toContain('<meta name="robots" content="noindex">');
  });
});

describe("a product page without JavaScript", () => {
  it("shows the product's name, price, stock and picture, with a head a link preview reads", async () => {
    const { status, html } = await page(`/product/${wheat.id}`);
    expect(status).toBe(200);
    expect(html).toContain('<h1 class="product-info__name">Wheat Seed HD-2967</h1>');
    expect(html).toContain("₹1,250.50");
    expect(html).toContain("Only 3 left");
    expect(html).toContain("<title>Wheat Seed HD-2967 | Krishi Bazaar</title>");
    expect(html).toContain('<meta name="description" content="Wheat Seed HD-2967: ₹1,250.50. High-yield wheat for irrigated fields.">');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/product/${wheat.id}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="hi" href="${SITE}/product/${wheat.id}?lang=hi">`);
    expect(html).toContain('<meta property="product:price:amount" content="1250.50">');
    expect(html).toContain('<meta property="product:price:currency" content="INR">');
  });

  it("says in the spec's shop that tax is added at checkout, by its label's MRP too, in English and Hindi", async () => {
    const english = (await page(`/product/${wheat.id}`)).html;
    expect(english).toContain("Plus 8.2% tax, added at checkout");
    expect(english).toContain("<dt>MRP (tax added at checkout)</dt>");
    expect(english).not.toMatch(/inclusive of all taxes/i);
    const hindi = (await page(`/product/${wheat.id}?lang=hi`)).html;
    expect(hindi).toContain("8.2 प्रतिशत टैक्स अलग से, चेकआउट पर जुड़ेगा");
    expect(hindi).toContain("<dt>एमआरपी (टैक्स चेकआउट पर जुड़ेगा)</dt>");
    expect(hindi).not.toContain("सभी करों सहित");
  });

  it("says the price is inclusive of all taxes in a shop whose prices include GST", async () => {
    const india = await createTestApp({ SITE_URL: SITE, ...INDIA_MRP_ENV });
    try {
      const { id } = await makeProduct(india.database.db, { name: "Neem Coated Urea 45 kg", pricePaise: 266_50 });
      const english = (await india.app.inject(`/product/${id}`)).body;
      expect(english).toContain("Inclusive of all taxes");
      expect(english).toContain("<dt>MRP (inclusive of all taxes)</dt>");
      expect(english).not.toContain("added at checkout");
      const hindi = (await india.app.inject(`/product/${id}?lang=hi`)).body;
      expect(hindi).toContain("<dt>एमआरपी (सभी करों सहित)</dt>");
    } finally {
      await india.close();
    }
  });

  it("gives WhatsApp and Facebook its name, price and a picture that loads", async () => {
    const { html } = await page(`/product/${wheat.id}`);
    const { result } = await ogs({ html });
    expect(result.ogTitle).toBe("Wheat Seed HD-2967");
    expect(result.ogDescription).toContain("₹1,250.50");
    expect(result.ogType).toBe("product");
    expect(result.ogUrl).toBe(`${SITE}/product/${wheat.id}`);
    expect(result.twitterCard).toBe("summary_large_image");
    const image = result.ogImage?.[0]?.url as string;
    expect(image).toMatch(new RegExp(`^${SITE}/media/.+-w640\\.webp$`));
    const picture = await t.app.inject(image.slice(SITE.length));
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/webp");
    const { width } = await sharp(picture.rawPayload).metadata();
    expect(width).toBeGreaterThanOrEqual(300);
  });

  it("describes the product in schema.org terms: Product with its offer, and the breadcrumbs", async () => {
    const farmer = await makeUser(t.database.db, { first_name: "Ramesh" });
    await t.app.services.catalog.addReview(wheat.id, farmer, { rating: 4, comment: "Good" });
    const [product, crumbs] = jsonLd((await page(`/product/${wheat.id}`)).html);
    expect(product).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Wheat Seed HD-2967",
      description: "High-yield wheat for irrigated fields.\nSow in November.",
      sku: String(wheat.id),
      brand: { "@type": "Brand", name: "IARI" },
      offers: {
        "@type": "Offer",
        price: "1250.50",
        priceCurrency: "INR",
        availability: "https://schema.org/InStock",
        url: `${SITE}/product/${wheat.id}`,
      },
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4, reviewCount: 1 },
    });
    expect((product?.image as string[] | undefined)?.[0]).toMatch(new RegExp(`^${SITE}/media/`));
    expect(crumbs).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { position: 1, item: `${SITE}/` },
        { position: 2, name: "Seeds", item: `${SITE}/?keyword=Seeds` },
        { position: 3, name: "Wheat Seed HD-2967", item: `${SITE}/product/${wheat.id}` },
      ],
    });
    const [soldOut] = jsonLd((await page(`/product/${urea.id}`)).html);
    expect(soldOut).toMatchObject({ offers: { availability: "https://schema.org/OutOfStock" } });
    expect(soldOut).not.toHaveProperty("aggregateRating");
    // Packs at different prices: one offer from the lowest to the highest, in stock while a pack is.
    const okra = await makeProduct(t.database.db, {
      name: "Okra Seed",
      categoryId: seeds,
      packs: [
        { label: "1 kg", pricePaise: 1_250_00, stock: 0 },
        { label: "250 g", pricePaise: 340_00, stock: 5 },
        { label: "4 kg", pricePaise: 4_600_00, stock: 2 },
      ],
    });
    const [packs] = jsonLd((await page(`/product/${okra.id}`)).html);
    expect(packs).toMatchObject({
      offers: {
        "@type": "AggregateOffer",
        lowPrice: "340.00",
        highPrice: "4600.00",
        offerCount: 3,
        priceCurrency: "INR",
        availability: "https://schema.org/InStock",
      },
    });
  });

  it("keeps a product's text from breaking out of the page", async () => {
    const evil = await makeProduct(t.database.db, {
      name: `</script><script>alert(1)</script>"'&`,
      description: "<!-- \u2028 </title>",
      categoryId: seeds,
    });
    const { html } = await page(`/product/${evil.id}`);
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("<title>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#34;&#39;&#38; | Krishi Bazaar</title>");
    expect(stateOf(html).api.queries[`getProduct("${evil.id}")`]?.data).toMatchObject({ name: `</script><script>alert(1)</script>"'&` });
    expect(jsonLd(html)[0]).toMatchObject({ description: "<!-- \u2028 </title>" });
  });
});

describe("pages that are not there", () => {
  it("answers an address no screen has with 404 and the shop's not-found page, kept out of indexes", async () => {
    const { status, html } = await page("/no/such/page");
    expect(status).toBe(404);
    expect(html).toContain("<h1>Page not found</h1>");
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('href="/"');
    expect(html).not.toContain('id="page-state"');
  });

  it.each(["/product/999999", "/product/abc", "/product/0", "/product/12abc"])(
    "answers %s with 404 and a page saying the product was not found, kept out of indexes",
    async (url) => {
      const { status, html } = await page(url);
      expect(status).toBe(404);
      expect(html).toContain("<title>Product not found | Krishi Bazaar</title>");
      expect(html).toContain("<h1>Product not found</h1>");
      expect(html).toContain("We could not find this product. It may have been removed, or the link is wrong.");
      expect(html).not.toContain("Please check what you entered");
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain('href="/"');
      expect(html).not.toContain('id="page-state"');
    },
  );

  it("says it in Hindi at ?lang=hi", async () => {
    for (const url of ["/product/abc?lang=hi", "/product/999999?lang=hi"]) {
      const { status, html } = await page(url);
      expect(status).toBe(404);
      expect(html).toMatch(/<html lang="hi">/);
      expect(html).toContain("<title>उत्पाद नहीं मिला | Krishi Bazaar</title>");
      expect(html).toContain("<h1>उत्पाद नहीं मिला</h1>");
      expect(html).toContain("हमें यह उत्पाद नहीं मिला। हो सकता है इसे हटा दिया गया हो, या लिंक गलत हो।");
    }
  });

  it("answers a deleted product with 404 at once", async () => {
    const gone = await makeProduct(t.database.db, { name: "Sprayer 16 L", categoryId: seeds });
    expect((await page(`/product/${gone.id}`)).status).toBe(200);
    await t.app.services.catalogAdmin.remove(gone.id);
    expect((await page(`/product/${gone.id}`)).status).toBe(404);
    expect((await page("/")).html).not.toContain("Sprayer 16 L");
  });
});

describe("the rendered pages' cache", () => {
  it("keeps a page, answers 304 to a browser that has it, and compresses it", async () => {
    const first = await page(`/product/${wheat.id}`);
    const again = await page(`/product/${wheat.id}`, { "if-none-match": first.headers.etag as string });
    expect(again.status).toBe(304);
    const compressed = await t.app.inject({ url: `/product/${wheat.id}`, headers: { "accept-encoding": "gzip, br" } });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(first.html);
    // And, at an address without a language, the cookie (a shopper who chose Hindi is sent to ?lang=hi).
    expect(compressed.headers.vary).toBe("Accept-Encoding, Cookie");
  });

  it("sends a page gzipped to a browser that takes gzip and not Brotli, and as it is to one that takes neither", async () => {
    for (const url of [`/product/${wheat.id}`, `/product/${wheat.id}?lang=hi`, "/"]) {
      const plain = await t.app.inject({ url });
      const gzip = await t.app.inject({ url, headers: { "accept-encoding": "gzip, deflate" } });
      expect(gzip.headers["content-encoding"], url).toBe("gzip");
      expect(gzip.headers.vary, url).toMatch(/^Accept-Encoding/);
      expect(gunzipSync(gzip.rawPayload).toString(), url).toBe(plain.body);
      expect(gzip.rawPayload.length, url).toBeLessThan(plain.rawPayload.length / 3);
      for (const accept of ["gzip;q=0", "identity", "br;q=0, gzip;q=0"]) {
        const refused = await t.app.inject({ url, headers: { "accept-encoding": accept } });
        expect(refused.headers["content-encoding"], `${url} ${accept}`).toBeUndefined();
        expect(refused.body).toBe(plain.body);
      }
    }
  });

  it("shows a product's new price on the next request after a staff edit", async () => {
    const before = await page(`/product/${urea.id}`);
    expect(before.html).toContain("₹266.50");
    await t.app.services.catalogAdmin.update(urea.id, {
      name: "Neem Coated Urea",
      brand: "IFFCO",
      category: seeds,
      description: "45 kg bag",
      pricePaise: 270_00,
      countInStock: 0,
    });
    const after = await page(`/product/${urea.id}`);
    expect(after.html).toContain("₹270.00");
    expect(after.html).not.toContain("₹266.50");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await page("/")).html).toContain("₹270.00");
  });
});

describe("images from a CDN (IMAGE_BASE_URL)", () => {
  let cdn: TestApp;
  beforeAll(async () => {
    cdn = await createTestApp({ SITE_URL: SITE, IMAGE_BASE_URL: "https://cdn.krishi.test/media/" });
  });
  afterAll(() => cdn.close());

  it("names the CDN's copies in the page, its preload hint and its preview", async () => {
    const { id } = await makeProduct(cdn.database.db, { name: "Neem Oil", images: ["images/neem-oil-1a2b3c4d.webp"] });
    const html = (await cdn.app.inject(`/product/${id}`)).body;
    expect(html).toContain('<meta property="og:image" content="https://cdn.krishi.test/media/neem-oil-1a2b3c4d-w640.webp">');
    expect(html).toMatch(
      /<link rel="preload" as="image" imageSrcSet="https:\/\/cdn\.krishi\.test\/media\/neem-oil-1a2b3c4d-w160\.webp 160w, [^"]+"[^>]*fetchPriority="high"\/>[\s\S]*<\/head>/,
    );
    expect(html).toContain('src="https://cdn.krishi.test/media/neem-oil-1a2b3c4d.webp"');
    expect(html).not.toMatch(/"\/media\//);
  });
});

describe("a page the server cannot render", () => {
  it("goes out as the app's shell, which the browser renders itself, and says so in the log", async () => {
    const logged: unknown[] = [];
    const pages = new StorefrontPages({
      catalog: t.app.services.catalog,
      crops: t.app.services.crops,
      renderer: { shell: "<!doctype html><div id=root></div>", render: () => Promise.reject(new Error("a chunk of the build is gone")) },
      siteUrl: SITE,
      config: publicConfigOf(t.config),
      log: { ...t.app.log, error: (...args: unknown[]) => void logged.push(args) } as never,
      policy: () => "default-src 'self'",
    });
    const json = {
      list: JSON.stringify,
      product: JSON.stringify,
      categories: JSON.stringify,
      crops: JSON.stringify,
      crop: JSON.stringify,
      problem: JSON.stringify,
      cropMatches: JSON.stringify,
    };
    const home = await pages.home(new URLSearchParams(), json);
    expect(home.status).toBe(200);
    expect(home.answer.body).toBe("<!doctype html><div id=root></div>");
    const product = await pages.product(String(wheat.id), new URLSearchParams(), json);
    expect(product.answer.body).toBe("<!doctype html><div id=root></div>");
    // An unknown product is still not found, whatever the renderer does.
    const missing = await pages.product("999999", new URLSearchParams(), json);
    expect(missing.status).toBe(404);
    expect(missing.answer.body).toBe("<!doctype html><div id=root></div>");
    expect(logged).toHaveLength(3);
  });
});
