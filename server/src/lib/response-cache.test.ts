import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { type CachedAnswer, encodedBody, ResponseCache, weight } from "./response-cache.ts";

const answer = (body: string) => Promise.resolve({ body, headers: {} });

describe("ResponseCache", () => {
  it("answers from memory until the entry expires", async () => {
    let now = 1_000;
    let computed = 0;
    const cache = new ResponseCache(2_000, 10, () => now);
    const compute = () => answer(`v${++computed}`);
    expect((await cache.get("a", compute)).body).toBe("v1");
    now += 1_999;
    expect((await cache.get("a", compute)).body).toBe("v1");
    now += 1;
    expect((await cache.get("a", compute)).body).toBe("v2");
  });

  it("forgets everything on clear()", async () => {
    let computed = 0;
    const cache = new ResponseCache(60_000, 10);
    await cache.get("a", () => answer(`v${++computed}`));
    cache.clear();
    expect((await cache.get("a", () => answer(`v${++computed}`))).body).toBe("v2");
  });

  it("drops only the answers tagged with a change, and any still being computed", async () => {
    const cache = new ResponseCache(60_000, 10);
    const tagged =
      (body: string, ...tags: string[]) =>
      () =>
        Promise.resolve({ body, headers: {}, tags: new Set(tags) });
    await cache.get("list 1", tagged("l1", "product:1", "product:2"));
    await cache.get("list 2", tagged("l2", "product:3"));
    await cache.get("in stock", tagged("s", "product:4", "in-stock"));
    let finish: (value: { body: string; headers: Record<string, string> }) => void = () => {};
    void cache.get("pending", () => new Promise((resolve) => (finish = resolve)));

    cache.dropTagged(["product:2", "in-stock"]);
    finish({ body: "old", headers: {} });

    const again = async (key: string) => (await cache.get(key, () => answer("new"))).body;
    expect(await again("list 1")).toBe("new");
    expect(await again("in stock")).toBe("new");
    expect(await again("pending")).toBe("new");
    expect(await again("list 2")).toBe("l2");
  });

  it("shares one computation between concurrent misses", async () => {
    let computed = 0;
    const cache = new ResponseCache(60_000, 10);
    const slow = () =>
      new Promise<{ body: string; headers: Record<string, string> }>((r) =>
        setTimeout(() => r({ body: String(++computed), headers: {} }), 10),
      );
    const results = await Promise.all([cache.get("k", slow), cache.get("k", slow), cache.get("k", slow)]);
    expect(results.map((r) => r.body)).toEqual(["1", "1", "1"]);
  });

  it("does not keep a failure", async () => {
    const cache = new ResponseCache(60_000, 10);
    await expect(cache.get("k", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect((await cache.get("k", () => answer("ok"))).body).toBe("ok");
  });

  it("keeps at most maxEntries, dropping the oldest", async () => {
    const cache = new ResponseCache(60_000, 2);
    await cache.get("a", () => answer("a"));
    await cache.get("b", () => answer("b"));
    await cache.get("c", () => answer("c"));
    expect(cache.size).toBe(2);
    let recomputed = false;
    await cache.get("a", () => {
      recomputed = true;
      return answer("a2");
    });
    expect(recomputed).toBe(true);
  });
});

describe("encodedBody", () => {
  const big = (): CachedAnswer => ({
    body: JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Urea ${i}` }))),
    headers: {},
  });

  it("chooses Brotli over gzip when a client takes both, whatever their order or weights", () => {
    const answer = big();
    for (const accept of ["gzip, deflate, br, zstd", "br, gzip", "gzip;q=1, br;q=0.1", "*", "gzip, *;q=0.5"]) {
      const encoded = encodedBody(answer, accept);
      expect(encoded?.encoding, accept).toBe("br");
      expect(brotliDecompressSync(encoded?.body ?? Buffer.alloc(0)).toString()).toBe(answer.body);
    }
  });

  it("sends gzip to a client that takes gzip and not Brotli, the same body inside", () => {
    const answer = big();
    for (const accept of ["gzip", "gzip, deflate", "x-gzip", "GZIP;Q=0.8", "br;q=0, gzip", "br;q=0, *", "deflate, gzip;q=0.001"]) {
      const encoded = encodedBody(answer, accept);
      expect(encoded?.encoding, accept).toBe("gzip");
      expect(gunzipSync(encoded?.body ?? Buffer.alloc(0)).toString()).toBe(answer.body);
      expect(encoded?.body.length).toBeLessThan(answer.body.length / 2);
    }
  });

  it("sends the body as it is when the client refuses both (q=0) or names neither", () => {
    const answer = big();
    for (const accept of [
      undefined,
      "",
      "identity",
      "deflate",
      "gzip;q=0",
      "gzip;q=0.000, br;q=0",
      "*;q=0",
      "br;q=0, gzip;q=0, *",
      "gzip;q=x",
    ]) {
      expect(encodedBody(answer, accept), String(accept)).toBeNull();
    }
    expect(encodedBody(answer, ["gzip", "br"])).toBeNull();
  });

  it("leaves small answers as they are", () => {
    expect(encodedBody({ body: JSON.stringify({ detail: "Review added" }), headers: {} }, "br, gzip")).toBeNull();
  });

  it("compresses each answer once per coding, kept with the answer", () => {
    const answer = big();
    const gzip = encodedBody(answer, "gzip")?.body;
    const br = encodedBody(answer, "br")?.body;
    expect(encodedBody(answer, "gzip, deflate")?.body).toBe(gzip);
    expect(encodedBody(answer, "br, gzip")?.body).toBe(br);
    expect(encodedBody(big(), "gzip")?.body).not.toBe(gzip);
  });

  it("reads each coding's weight from its own entry, else from *", () => {
    expect(weight("gzip;q=0.5, *;q=0.2", "gzip")).toBe(0.5);
    expect(weight("*;q=0.2, gzip;q=0", "gzip")).toBe(0);
    expect(weight("deflate, *;q=0.2", "br")).toBe(0.2);
    expect(weight("br ; q=1.0", "br")).toBe(1);
    expect(weight("br;q=2", "br")).toBe(0);
    expect(weight("brotli, gzip", "br")).toBe(0);
  });
});
