import { brotliDecompressSync } from "node:zlib";
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

  it("sends plain JSON to a client that does not accept Brotli", async () => {
    for (const accept of ["gzip", "br;q=0", "identity"]) {
      const res = await t.app.inject({ url: "/api/products/", headers: { "accept-encoding": accept } });
      expect(res.headers["content-encoding"], accept).toBeUndefined();
      expect(res.json()).toHaveLength(6);
    }
  });

  it("leaves small answers as they are", async () => {
    const res = await t.app.inject({ url: "/api/products/category/", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});
