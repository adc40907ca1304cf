import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CartBrowser } from "../../testing/cart.ts";
import { makeCategory, makeProduct } from "../../testing/factories.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * No public page (home, a product, the crops' pages, the not-found page, the cart, in English and Hindi) names a script or
 * stylesheet holding code of the staff, account or order screens: a shopper on a slow phone
 * downloads only what the page can show. What each built file holds is read from the web build's
 * `.vite/modules.json` (web/scripts/chunk-modules.ts); the build is web/dist, or WEB_DIST_DIR's
 * (as the server reads it) to test one made elsewhere.
 */

const repo = path.resolve(import.meta.dirname, "../../../..");
const webDist = path.resolve(repo, process.env.WEB_DIST_DIR ?? "web/dist");
if (!existsSync(path.join(webDist, "../dist-ssr/entry-server.js"))) {
  throw new Error("The storefront's tests render with the built web app: run `npm run build -w web` first.");
}
const modulesFile = path.join(webDist, ".vite/modules.json");
if (!existsSync(modulesFile)) throw new Error(`${modulesFile} is missing: build the web app again (npm run build -w web).`);
/** Built file (assets/…) → the app's modules in it (paths from web/). */
const modulesOf = JSON.parse(readFileSync(modulesFile, "utf8")) as Record<string, string[]>;
const manifest = JSON.parse(readFileSync(path.join(webDist, ".vite/manifest.json"), "utf8")) as Record<string, { file: string }>;

/**
 * The code no public page may load: the staff screens, the order screens, the Hindi texts of
 * those and of the account's, and the account's screens (sign-in, registration, profile,
 * passwords) with their parts. What every page needs of the auth feature stays allowed: the
 * session (who is signed in, for the header) and the API's token refresh.
 */
const PRIVATE = [
  /^src\/features\/admin\//,
  /^src\/features\/orders\//,
  /^src\/features\/auth\/(?!(auth-slice|auth-http|google-state|index|session|token-refresh)\.ts$)/,
  /^src\/i18n\/hi\/(account|admin|orders)\.json/,
];
const isPrivate = (module: string) => PRIVATE.some((pattern) => pattern.test(module));

/**
 * The built files a page's HTML names: scripts, stylesheets, and what start-app.js fetches when the
 * app starts (its entry, whole stylesheet and the page's lazy screens: data-entry, data-css, data-preload).
 */
function namedFiles(html: string): string[] {
  const lists = [...html.matchAll(/\b(?:src|href|data-entry|data-css|data-preload)="([^"]*)"/g)].flatMap((m) =>
    (m[1] as string).split(" "),
  );
  return [...new Set(lists.flatMap((url) => /^\/(assets\/[^"]+\.(?:js|css))$/.exec(url)?.[1] ?? []))];
}

let t: TestApp;
let productId: number;
/** A product with its crops and problems on its page. */
let sprayerId: number;
/** A guest whose cart holds the product's two packs: the cart page with its lines. */
let shopper: CartBrowser;

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: webDist });
  const seeds = (await makeCategory(t.database.db, "Seeds", "बीज")).id;
  // A category whose drawing's name is not its own (data-icon="farm-tools"): the pages style it too.
  const tools = (await makeCategory(t.database.db, "Farm Tools", "कृषि उपकरण")).id;
  const sprayer = await makeProduct(t.database.db, { name: "Knapsack Sprayer", categoryId: tools });
  // A crop with a problem at a stage, and a product for it: the crops' pages with their tiles, problems and cards.
  const { crops, catalogAdmin } = t.app.services;
  const symptoms = { symptoms: "Tiny white flies under the leaves.", symptomsHi: "पत्तियों के नीचे छोटी सफ़ेद मक्खियाँ।" };
  expect((await crops.createProblem({ slug: "whitefly", kind: "pest", name: "Whitefly", nameHi: "सफ़ेद मक्खी", ...symptoms })).ok).toBe(true);
  const stages = [{ slug: "vegetative", name: "Vegetative", nameHi: "वानस्पतिक" }];
  const cotton = { slug: "cotton", name: "Cotton", nameHi: "कपास", seasons: ["kharif" as const], stages };
  expect((await crops.createCrop({ ...cotton, problems: [{ problem: "whitefly", stage: "vegetative" }] })).ok).toBe(true);
  sprayerId = sprayer.id;
  await catalogAdmin.update(sprayer.id, {
    name: "Knapsack Sprayer",
    brand: "",
    category: tools,
    description: "",
    pricePaise: 1_200_00,
    countInStock: 4,
    crops: ["cotton"],
    problems: [{ crop: "cotton", problem: "whitefly" }],
  });
  const product = await makeProduct(t.database.db, {
    name: "Neem Coated Urea",
    nameHi: "नीम लेपित यूरिया",
    categoryId: seeds,
    packs: [{ label: "1 kg" }, { label: "5 kg", pricePaise: 265_00 }],
  });
  productId = product.id;
  shopper = new CartBrowser(t.app);
  for (const pack of product.variants) expect((await shopper.add(productId, 2, pack.id)).statusCode).toBe(200);
});
afterAll(() => t.close());

/** The public pages, each as its address (and the headers of a visitor with a cart, where it needs one). */
const pages = [
  ["the home page", () => "/"],
  ["the home page in Hindi", () => "/?lang=hi"],
  ["a product page", () => `/product/${productId}`],
  ["a product page in Hindi", () => `/product/${productId}?lang=hi`],
  ["a product page with its crops", () => `/product/${sprayerId}`],
  ["the crops page", () => "/crops"],
  ["the crops page in Hindi", () => "/crops?lang=hi"],
  ["a crop's page", () => "/crop/cotton"],
  ["a crop's page in Hindi", () => "/crop/cotton?lang=hi"],
  ["a crop's problem's page", () => "/crop/cotton/whitefly"],
  ["a crop's problem's page in Hindi", () => "/crop/cotton/whitefly?lang=hi"],
  ["a search with a crop's problem", () => "/?keyword=cotton+whitefly"],
  ["the not-found page", () => "/no/such/page"],
  ["the not-found page in Hindi", () => "/no/such/page?lang=hi"],
  ["the cart page", () => "/cart"],
  ["the cart page in Hindi", () => "/cart?lang=hi"],
  ["the cart page with lines", () => "/cart", () => shopper.headers()],
  ["the cart page with lines in Hindi", () => "/cart?lang=hi", () => shopper.headers()],
] as const;

describe("the public pages' scripts and stylesheets", () => {
  it("are told apart by what they hold: a staff screen's file holds private code", () => {
    const dashboard = manifest["src/features/admin/dashboard-screen.tsx"]?.file;
    expect(dashboard).toBeDefined();
    expect((modulesOf[dashboard as string] ?? []).filter(isPrivate)).not.toEqual([]);
  });

  it.each(pages)("%s names none with the code of the staff, account or order screens", async (_name, url, headers?) => {
    const res = await t.app.inject({ url: url(), headers: headers?.() });
    expect([200, 404]).toContain(res.statusCode);
    const files = namedFiles(res.body);
    // The app's entry at least, and only files the build knows (else the test would pass on nothing).
    expect(files.some((file) => /^assets\/index-[\w-]+\.js$/.test(file))).toBe(true);
    expect(files.filter((file) => !(file in modulesOf))).toEqual([]);
    const privateCode = files.flatMap((file) => (modulesOf[file] ?? []).filter(isPrivate).map((module) => `${file}: ${module}`));
    expect(privateCode).toEqual([]);
  });
});

/** The classes a stylesheet's selectors name, and the data attributes with their values (`data-icon=seeds`). */
function classesOf(css: string): Set<string> {
  return new Set([
    ...[...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] as string),
    ...[...css.matchAll(/\[(data-[\w-]+)="?([\w-]+)"?\]/g)].map((m) => `${m[1]}=${m[2]}`),
  ]);
}

describe("the public pages' own stylesheet", () => {
  const stylesheets = Object.values(manifest).flatMap((chunk) => (chunk as { css?: string[] }).css ?? []);
  const styled = classesOf(stylesheets.map((file) => readFileSync(path.join(webDist, file), "utf8")).join("\n"));

  it.each(pages)("%s carries the rules of every class its markup uses, allowed by its policy", async (_name, url, headers?) => {
    const res = await t.app.inject({ url: url(), headers: headers?.() });
    const html = res.body;
    const inlined = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    // The one inline stylesheet, allowed by its hash and nothing looser.
    expect(html.match(/<style/g)).toHaveLength(1);
    const styleSrc = /(?:^|;)style-src ([^;]*)/.exec(String(res.headers["content-security-policy"]))?.[1];
    expect(styleSrc).toBe(`'self' 'sha256-${createHash("sha256").update(inlined).digest("base64")}'`);
    const used = new Set([
      ...[...html.matchAll(/\bclass="([^"]*)"/g)].flatMap((m) => (m[1] as string).split(/\s+/).filter(Boolean)),
      ...[...html.matchAll(/\b(data-[\w-]+)="([\w-]+)"/g)].map((m) => `${m[1]}=${m[2]}`),
    ]);
    // Classes (and data attributes) the build styles: a class no stylesheet has, such as a test hook, needs nothing.
    const wanted = [...used].filter((name) => styled.has(name));
    expect(wanted.length).toBeGreaterThan(20);
    expect(wanted.filter((name) => !classesOf(inlined).has(name))).toEqual([]);
  });
});
