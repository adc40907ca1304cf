import { describe, expect, it } from "vitest";
import { ResponseCache } from "./response-cache.ts";

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
