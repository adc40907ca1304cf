import { existsSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProduct } from "../../testing/factories.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * The cart before the app runs, or without it: the product page's Add to Cart is a real form
 * (POST /cart/add, answered with the cart page, which names /cart as its address), the cart page is
 * rendered on the server for its visitor, a form
 * of another site is refused, and a product page's address names its pack (?pack=) as the page
 * shows it. Plain HTTP, as a browser with JavaScript off sends it.
 */

const SITE = "https://shop.krishi.test";
const webDist = path.resolve(import.meta.dirname, "../../../../web/dist");
if (!existsSync(path.join(webDist, "../dist-ssr/entry-server.js"))) {
  throw new Error("The storefront's tests render with the built web app: run `npm run build -w web` first.");
}

let t: TestApp;
let urea: { id: number; big: number; small: number };
let soldOut: { id: number };

beforeAll(async () => {
  t = await createTestApp({ SITE_URL: SITE });
  const product = await makeProduct(t.database.db, {
    name: "Neem Coated Urea",
    nameHi: "नीम लेपित यूरिया",
    packs: [
      { label: "1 kg", netQuantity: 1, unit: "kg", pricePaise: 55_00, stock: 40, weightGrams: 1_050 },
      { label: "5 kg", netQuantity: 5, unit: "kg", pricePaise: 265_00, mrpPaise: 300_00, stock: 12, sku: "UREA-5", weightGrams: 5_100 },
    ],
  });
  const [big, small] = product.variants as [{ id: number; label: string }, { id: number; label: string }];
  urea = { id: product.id, big: big.id, small: small.id };
  soldOut = await makeProduct(t.database.db, { name: "Chilli Seeds Teja", stock: 0 });
});
afterAll(() => t.close());

const FORM = { "content-type": "application/x-www-form-urlencoded", origin: SITE };

function post(fields: Record<string, string | number>, headers: Record<string, string> = FORM) {
  const payload = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return t.app.inject({ method: "POST", url: "/cart/add", headers, payload });
}

/** Whether the page has a tag of this name with all these attributes, in whatever order React wrote them. */
function hasTag(html: string, name: string, attributes: string[]): boolean {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].some(([tag]) => attributes.every((attribute) => tag.includes(attribute)));
}

function cartCookie(res: { headers: Record<string, unknown> }): string {
  const set = [res.headers["set-cookie"] ?? []].flat() as string[];
  const value = /^kb_cart=([^;]+)/.exec(set.find((c) => c.startsWith("kb_cart=")) ?? "")?.[1];
  if (!value) throw new Error("no cart cookie");
  return `kb_cart=${value}`;
}

describe("the product page's Add to Cart form", () => {
  it("is a form posting the product, the chosen pack's radio button and the quantity to /cart/add", async () => {
    const res = await t.app.inject({ url: `/product/${urea.id}` });
    expect(hasTag(res.body, "form", ['id="add-to-cart"', 'method="post"', 'action="/cart/add"'])).toBe(true);
    expect(hasTag(res.body, "input", ['type="hidden"', 'name="product"', `value="${urea.id}"`])).toBe(true);
    expect(hasTag(res.body, "input", ['type="radio"', 'name="pack"', 'form="add-to-cart"', `value="${urea.small}"`])).toBe(true);
    expect(hasTag(res.body, "select", ['id="product-qty"', 'name="qty"'])).toBe(true);
    expect(res.body).toMatch(/<button type="submit"[^>]*>Add to Cart<\/button>/);
  });

  it("puts the pack in a new guest cart and answers with the cart page, which lists it at its price and names /cart as its address", async () => {
    const res = await post({ product: urea.id, pack: urea.small, qty: 2 });
    // The page itself, not a redirect: one request fewer on a slow link.
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.body).toContain("Neem Coated Urea · 5 kg");
    expect(res.body).toMatch(/<script defer src="\/start-app\.js"[^>]* data-address="\/cart">/);
    const cookie = cartCookie(res);
    const cart = await t.app.inject({ url: "/cart", headers: { cookie } });
    expect(cart.statusCode).toBe(200);
    expect(cart.headers["cache-control"]).toBe("private, no-store");
    expect(cart.headers["content-type"]).toMatch(/^text\/html/);
    expect(cart.body).toContain("<h1>Shopping Cart</h1>");
    expect(cart.body).toContain("Neem Coated Urea · 5 kg");
    expect(cart.body).toContain("₹530.00");
    expect(hasTag(cart.body, "form", ['method="get"', 'action="/login"'])).toBe(true);
    expect(hasTag(cart.body, "input", ['name="redirect"', 'value="shipping"'])).toBe(true);
    expect(cart.body).toContain('<meta name="robots" content="noindex">');
    // Compressed for a browser, as the public pages are (rendered afresh: its state's request ids differ).
    const compressed = await t.app.inject({ url: "/cart", headers: { cookie, "accept-encoding": "br, gzip" } });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain("Neem Coated Urea · 5 kg");
    // Posting the form again (a second tap on a slow link) does not double it.
    await post({ product: urea.id, pack: urea.small, qty: 2 }, { ...FORM, cookie });
    const again = await t.app.inject({ url: "/api/cart/", headers: { cookie } });
    expect(again.json().lines).toMatchObject([{ variant: urea.small, qty: 2 }]);
  });

  it("takes a form of the shop's own page that a browser sends with Origin: null (no referrer) and Sec-Fetch-Site: same-origin", async () => {
    const res = await post({ product: urea.id, qty: 1 }, { ...FORM, origin: "null", "sec-fetch-site": "same-origin" });
    expect(res.statusCode).toBe(200);
  });

  it("sends the form's address, reloaded without scripts, to the cart", async () => {
    const res = await t.app.inject({ url: "/cart/add", headers: { cookie: "lang=hi" } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/cart?lang=hi");
  });

  it("answers in Hindi with the Hindi page's language, and the cart page follows the language cookie", async () => {
    const res = await post({ product: urea.id, qty: 1, lang: "hi" });
    expect(res.body).toContain('<html lang="hi"');
    expect(res.body).toContain('data-address="/cart?lang=hi"');
    const cookie = cartCookie(res);
    const hindi = await t.app.inject({ url: "/cart?lang=hi", headers: { cookie } });
    expect(hindi.body).toContain('<html lang="hi"');
    expect(hindi.body).toContain("नीम लेपित यूरिया");
    const byCookie = await t.app.inject({ url: "/cart", headers: { cookie: `${cookie}; lang=hi` } });
    expect(byCookie.body).toContain('<html lang="hi"');
  });

  it("says plainly that the spec's tax is added to the prices shown, in English and Hindi", async () => {
    const english = await post({ product: urea.id, pack: urea.big, qty: 1 });
    // ₹55.00 on the shelf, ₹69.51 to pay: shipping ₹10.00 and 8.2 % tax on top.
    expect(english.body).toContain("Prices do not include tax: 8.2% tax is added to the total.");
    expect(english.body).toContain("₹69.51");
    const hindi = await post({ product: urea.id, pack: urea.big, qty: 1, lang: "hi" });
    expect(hindi.body).toContain("दामों में टैक्स शामिल नहीं है: कुल में 8.2 प्रतिशत टैक्स जोड़ा गया है।");
  });

  it("shows someone else's cart to no one: a visitor without the cookie has an empty cart", async () => {
    await post({ product: urea.id, qty: 3 });
    const stranger = await t.app.inject({ url: "/cart" });
    expect(stranger.body).toContain("Your cart is empty");
    expect(stranger.body).not.toContain("Neem Coated Urea");
  });

  it("refuses a form posted from another site (its Origin, or Sec-Fetch-Site), adding nothing", async () => {
    const before = await t.database.db
      .selectFrom("cart_lines")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    const evil = await post({ product: urea.id, qty: 1 }, { ...FORM, origin: "https://evil.example" });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toMatchObject({ code: "permission_denied" });
    const { origin: _, ...noOrigin } = FORM;
    const crossSite = await post({ product: urea.id, qty: 1 }, { ...noOrigin, "sec-fetch-site": "cross-site" });
    expect(crossSite.statusCode).toBe(403);
    const sandboxed = await post({ product: urea.id, qty: 1 }, { ...FORM, origin: "null", "sec-fetch-site": "cross-site" });
    expect(sandboxed.statusCode).toBe(403);
    const opaque = await post({ product: urea.id, qty: 1 }, { ...FORM, origin: "null" });
    expect(opaque.statusCode).toBe(403);
    const after = await t.database.db
      .selectFrom("cart_lines")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it("goes to the cart with the refusal when the pack is out of stock, and the cart page says it could not add it", async () => {
    const res = await post({ product: soldOut.id, qty: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-address="/cart?refused=out_of_stock"');
    expect(res.body).toContain("Could not add to cart");
    expect(res.body).toContain("Your cart is empty");
    // In Hindi too, its address's two parameters written as an attribute's value.
    const hindi = await post({ product: soldOut.id, qty: 1, lang: "hi" });
    expect(hindi.body).toMatch(/ data-address="\/cart\?(refused=out_of_stock&#38;lang=hi|lang=hi&#38;refused=out_of_stock)"/);
    // The address it names says so again.
    const cart = await t.app.inject({ url: "/cart?refused=out_of_stock" });
    expect(cart.body).toContain("Could not add to cart");
  });

  it("refuses a form with a quantity that is not a whole number", async () => {
    const res = await post({ product: urea.id, qty: "2.5" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "field_invalid" });
  });
});

describe("a product page's address names its pack", () => {
  it("renders ?pack= as the chosen pack: its price, its radio button checked, its Open Graph price and offer", async () => {
    const res = await t.app.inject({ url: `/product/${urea.id}?lang=hi&pack=${urea.small}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/class="product-info__price"><span>₹265\.00<\/span>/);
    expect(hasTag(res.body, "input", ['type="radio"', `value="${urea.small}"`, 'checked=""'])).toBe(true);
    expect(hasTag(res.body, "input", ['type="radio"', `value="${urea.big}"`, 'checked=""'])).toBe(false);
    expect(res.body).toContain('<meta property="og:price:amount" content="265.00">');
    const offer = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1] as string))
      .find((data) => data["@type"] === "Product")?.offers;
    expect(offer).toMatchObject({ "@type": "Offer", price: "265.00", sku: "UREA-5", availability: "https://schema.org/InStock" });
  });

  it("renders the default pack for a pack the product has not, or no pack named", async () => {
    for (const url of [`/product/${urea.id}?pack=999999`, `/product/${urea.id}?pack=abc`, `/product/${urea.id}`]) {
      const res = await t.app.inject({ url });
      expect(res.body).toMatch(/class="product-info__price"><span>₹55\.00<\/span>/);
      expect(hasTag(res.body, "input", ['type="radio"', `value="${urea.big}"`, 'checked=""'])).toBe(true);
    }
  });
});
