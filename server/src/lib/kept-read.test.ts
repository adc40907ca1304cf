import { describe, expect, it } from "vitest";
import { KeptRead } from "./kept-read.ts";

describe("KeptRead", () => {
  it("reads once for callers at the same time and after, until forgotten", async () => {
    let reads = 0;
    const kept = new KeptRead(async () => ++reads);
    expect(await Promise.all([kept.get(), kept.get()])).toEqual([1, 1]);
    expect(await kept.get()).toBe(1);
    kept.forget();
    expect(await kept.get()).toBe(2);
    expect(reads).toBe(2);
  });

  it("does not keep a failed read: the next caller asks again", async () => {
    let reads = 0;
    const kept = new KeptRead(async () => {
      reads += 1;
      if (reads === 1) throw new Error("database down");
      return "rules";
    });
    await expect(kept.get()).rejects.toThrow("database down");
    expect(await kept.get()).toBe("rules");
  });
});
