import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProduct } from "../../testing/factories.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 6; i++) {
    await makeProduct(t.database.db, {
      name: `Drip kit ${i}`,
      description: "16 mm laterals with inline emitters every 30 cm. ".repeat(30),
    });
  }
});
afterAll(() => t.close());

describe("compressed catalogue answers", () => {
  it("sends the product list and a product with Brotli to a client that accepts it, the same JSON inside", async () => {
    const plain = await t.app.inject("/api/products/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");

    for (const accept of ["gzip, deflate, br", "br", "br;q=0.5, gzip"]) {
      const br = await t.app.inject({ url: "/api/products/", headers: { "accept-encoding": accept } });
      expect(br.headers["content-encoding"], accept).toBe("br");
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    }
    const [first] = plain.json();
    const product = await t.app.inject({ url: `/api/products/${first._id}/`, headers: { "accept-encoding": "br" } });
    expect(product.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(product.rawPayload).toString())._id).toBe(first._id);
  });

  it("sends gzip to a client that accepts gzip and not Brotli, the same JSON inside", async () => {
    const plain = await t.app.inject("/api/products/");
    for (const accept of ["gzip", "gzip, deflate", "br;q=0, gzip"]) {
      const gzip = await t.app.inject({ url: "/api/products/", headers: { "accept-encoding": accept } });
      expect(gzip.headers["content-encoding"], accept).toBe("gzip");
      expect(gzip.headers.vary).toBe("Accept-Encoding");
      expect(gzip.headers.etag).toBe(plain.headers.etag);
      expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    }
    const [first] = plain.json();
    const product = await t.app.inject({ url: `/api/products/${first._id}/`, headers: { "accept-encoding": "gzip" } });
    expect(product.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(product.rawPayload).toString())._id).toBe(first._id);
  });

  it("sends plain JSON to a client that accepts neither (or refuses them with q=0)", async () => {
    for (const accept of ["identity", "deflate", "gzip;q=0", "br;q=0, gzip;q=0"]) {
      const res = await t.app.inject({ url: "/api/products/", headers: { "accept-encoding": accept } });
      expect(res.headers["content-encoding"], accept).toBeUndefined();
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(res.json()).toHaveLength(6);
    }
  });

  it("leaves small answers as they are", async () => {
    for (const accept of ["br", "gzip"]) {
      const res = await t.app.inject({ url: "/api/products/category/", headers: { "accept-encoding": accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"], accept).toBeUndefined();
    }
  });
});
