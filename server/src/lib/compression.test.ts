import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProduct } from "../testing/factories.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 6; i++) {
    await makeProduct(t.database.db, { name: `Drip kit ${i}`, description: "16 mm laterals with inline emitters every 30 cm. ".repeat(8) });
  }
});
afterAll(() => t.close());

describe("compressed answers", () => {
  it("sends the product list with Brotli or gzip to a client that accepts it, the same JSON inside", async () => {
    const plain = await t.app.inject("/api/products/");
    expect(plain.headers["content-encoding"]).toBeUndefined();

    const br = await t.app.inject({ url: "/api/products/", headers: { "accept-encoding": "br, gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.app.inject({ url: "/api/products/", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it("leaves small answers as they are", async () => {
    const res = await t.app.inject({ url: "/api/products/category/", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});
