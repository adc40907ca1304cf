import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { storeImage } from "./images.ts";
import { LocalMediaStorage } from "./storage.ts";

describe("storeImage", () => {
  it("writes a WebP and one responsive variant per width, under a unique name", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "kb-img-"));
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#5b8c2a" } })
      .png()
      .toBuffer();
    const first = await storeImage(png, new LocalMediaStorage(dir), "Neem Oil 1 L");
    const second = await storeImage(png, new LocalMediaStorage(dir), "Neem Oil 1 L");
    expect(first).toMatch(/^images\/neem-oil-1-l-[0-9a-f]{8}\.webp$/);
    expect(second).not.toBe(first);
    const stem = path.basename(first, ".webp");
    expect(
      readdirSync(dir)
        .filter((f) => f.startsWith(stem))
        .sort(),
    ).toEqual([`${stem}-w160.webp`, `${stem}-w320.webp`, `${stem}-w640.webp`, `${stem}-w960.webp`, `${stem}.webp`].sort());
    const full = await sharp(path.join(dir, `${stem}.webp`)).metadata();
    expect([full.format, full.width, full.height]).toEqual(["webp", 1280, 960]);
    expect((await sharp(path.join(dir, `${stem}-w320.webp`)).metadata()).width).toBe(320);
  });

  it("refuses bytes that are not an image", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "kb-img-"));
    await expect(storeImage(Buffer.from("not an image"), new LocalMediaStorage(dir), "x")).rejects.toThrow();
  });
});
