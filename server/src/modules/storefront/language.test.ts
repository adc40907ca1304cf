import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCategory, makeProduct } from "../../testing/factories.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * The shopper's language on the server-rendered pages: the address names it (?lang=hi; English
 * none), the `lang` cookie remembers it, and an address without a language follows the cookie by
 * a redirect, so the pages themselves stay one per address and language, for everyone.
 */

const webDist = path.resolve(import.meta.dirname, "../../../../web/dist");
if (!existsSync(path.join(webDist, "../dist-ssr/entry-server.js"))) {
  throw new Error("The storefront's tests render with the built web app: run `npm run build -w web` first.");
}

/** The cookie as the server sets it: the whole site, a year, readable by the web app (not HttpOnly). */
const cookieOf = (language: string) => `lang=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;

let t: TestApp;
let wheat: number;

beforeAll(async () => {
  t = await createTestApp({ SITE_URL: "https://shop.krishi.test" });
  const seeds = (await makeCategory(t.database.db, "Seeds", "बीज")).id;
  wheat = (await makeProduct(t.database.db, { name: "Wheat Seed HD-2967", nameHi: "गेहूँ बीज HD-2967", categoryId: seeds })).id;
});
afterAll(() => t.close());

async function get(url: string, cookie?: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  return { status: res.statusCode, headers: res.headers, html: res.body };
}

const htmlLang = (html: string) => /<html lang="(\w+)">/.exec(html)?.[1];

describe("an address without a language", () => {
  it.each([
    ["/", "/?lang=hi"],
    ["/?keyword=wheat&sort=price_asc", "/?keyword=wheat&sort=price_asc&lang=hi"],
    ["/product/{id}", "/product/{id}?lang=hi"],
    ["/product/{id}?pack=2&utm_source=whatsapp", "/product/{id}?pack=2&utm_source=whatsapp&lang=hi"],
    ["/no/such/page", "/no/such/page?lang=hi"],
  ])("is redirected, for a shopper whose cookie says Hindi, from %s to %s, for this visitor only", async (from, to) => {
    const res = await get(from.replace("{id}", String(wheat)), "kb_other=1; lang=hi");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(to.replace("{id}", String(wheat)));
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers.vary).toBe("Cookie");
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("is the English page without the cookie, or with it saying English; it varies by the cookie", async () => {
    for (const cookie of [undefined, "lang=en", "lang=fr"]) {
      const res = await get(`/product/${wheat}`, cookie);
      expect(res.status).toBe(200);
      expect(htmlLang(res.html)).toBe("en");
      expect(res.html).toContain(">Wheat Seed HD-2967</h1>");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.vary).toBe("Accept-Encoding, Cookie");
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    const missing = await get("/no/such/page", "lang=en");
    expect(missing.status).toBe(404);
    expect(htmlLang(missing.html)).toBe("en");
    expect(missing.headers.vary).toBe("Accept-Encoding, Cookie");
  });

  it("keeps a redirect on this site whatever the path says", async () => {
    // A browser reads "/\\host" in Location as "//host", another site.
    const res = await get("/\\evil.example", "lang=hi");
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/^\/(?![/\\])/);
  });
});

describe("an address in Hindi (?lang=hi)", () => {
  it("is the Hindi page, remembered in the language cookie, and the same for every visitor (no Vary: Cookie)", async () => {
    const first = await get(`/product/${wheat}?lang=hi`);
    expect(first.status).toBe(200);
    expect(htmlLang(first.html)).toBe("hi");
    expect(first.html).toContain(">गेहूँ बीज HD-2967</h1>");
    expect(first.headers["set-cookie"]).toBe(cookieOf("hi"));
    expect(first.headers["set-cookie"]).not.toContain("HttpOnly");
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    expect(first.headers.vary).toBe("Accept-Encoding");

    // Remembered already: nothing to set, and the page is the shared one.
    const again = await get(`/product/${wheat}?lang=hi`, "lang=hi");
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect(again.headers["cache-control"]).toBe("no-cache");
    expect(again.headers.vary).toBe("Accept-Encoding");
    expect(again.html).toBe(first.html);
  });

  it("sets the cookie of a shopper who had chosen English", async () => {
    const res = await get("/?lang=hi", "lang=en");
    expect(htmlLang(res.html)).toBe("hi");
    expect(res.headers["set-cookie"]).toBe(cookieOf("hi"));
  });

  it("answers the not-found page in Hindi", async () => {
    const res = await get("/no/such/page?lang=hi");
    expect(res.status).toBe(404);
    expect(htmlLang(res.html)).toBe("hi");
    expect(res.headers["set-cookie"]).toBe(cookieOf("hi"));
  });
});

describe("an address in English (?lang=en), as the language switch links it", () => {
  it("remembers English and goes on to the English address, which names no language", async () => {
    const res = await get(`/product/${wheat}?pack=2&lang=en`, "lang=hi");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/product/${wheat}?pack=2`);
    expect(res.headers["set-cookie"]).toBe(cookieOf("en"));
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers.vary).toBeUndefined();

    // The browser follows with its new cookie: the English page, no redirect back.
    const english = await get(res.headers.location as string, "lang=en");
    expect(english.status).toBe(200);
    expect(htmlLang(english.html)).toBe("en");
    expect((await get("/?lang=en")).headers.location).toBe("/");
  });
});

describe("the rendered pages' cache", () => {
  it("keeps one page per address and language for everyone, whatever their cookie: a browser with it gets 304", async () => {
    const hindi = await get(`/?keyword=wheat&lang=hi`);
    const other = await get(`/?keyword=wheat&lang=hi`, "lang=hi; kb_device=abc");
    expect(other.headers.etag).toBe(hindi.headers.etag);
    expect(other.html).toBe(hindi.html);
    const cached = await get(`/?keyword=wheat&lang=hi`, "lang=hi", { "if-none-match": hindi.headers.etag as string });
    expect(cached.status).toBe(304);

    const english = await get("/?keyword=wheat");
    const chosen = await get("/?keyword=wheat", "lang=en");
    expect(chosen.headers.etag).toBe(english.headers.etag);
    expect(chosen.html).toBe(english.html);
    expect(english.headers.etag).not.toBe(hindi.headers.etag);
  });
});
