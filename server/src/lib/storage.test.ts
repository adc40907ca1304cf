import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { IMAGE_WIDTHS, imageUrl } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../testing/accounts.ts";
import { makeProduct, makeUser } from "../testing/factories.ts";
import { anImage, multipart } from "../testing/multipart.ts";
import { placeOrder } from "../testing/orders.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { LocalMediaStorage } from "./storage.ts";

const dirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("media on a directory shared by several servers (MEDIA_DIR)", () => {
  let shared: string;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    shared = path.join(tempDir("kb-shared-"), "media");
    // Two servers with data directories of their own, as on two machines mounting one media share.
    a = await createTestApp({ MEDIA_DIR: shared });
    b = await createTestApp({ MEDIA_DIR: shared });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("writes an upload on one server through the storage into the shared directory, and the other serves it", async () => {
    expect(a.config.mediaDir).toBe(shared);
    const product = await makeProduct(a.database.db, { name: "Drip Kit" });
    const staff = await authHeaders(a, (await makeUser(a.database.db, { is_staff: true })).id);
    const body = multipart({ product_id: String(product.id) }, [
      { field: "image", filename: "kit.png", contentType: "image/png", data: await anImage("png", 640, 480) },
    ]);
    const res = await a.app.inject({
      method: "POST",
      url: "/api/products/upload/",
      headers: { ...staff, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json().images[0].image as string;
    const name = stored.replace(/^images\//, "");

    expect(readdirSync(shared)).toContain(name);
    expect(readdirSync(shared).filter((file) => file.endsWith(".part"))).toEqual([]);
    // Nothing in the server's own DATA_DIR/media.
    expect(existsSync(path.join(a.dataDir, "media"))).toBe(false);

    const fromB = await b.app.inject(`/media/${name}`);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers["content-type"]).toBe("image/webp");
    expect(fromB.rawPayload.equals(readFileSync(path.join(shared, name)))).toBe(true);
    const variant = await b.app.inject(`/media/${name.replace(/\.webp$/, `-w${IMAGE_WIDTHS[0]}.webp`)}`);
    expect(variant.statusCode).toBe(200);
  });

  it("never shows a reader half a file, and leaves no partial file behind, when two writers race", async () => {
    const one = new LocalMediaStorage(shared);
    const two = new LocalMediaStorage(shared);
    const big = Buffer.alloc(2 * 1024 * 1024, 1);
    const other = Buffer.alloc(2 * 1024 * 1024, 2);
    await Promise.all([one.put("race-1a2b3c4d.webp", big), two.put("race-1a2b3c4d.webp", other)]);
    const result = readFileSync(path.join(shared, "race-1a2b3c4d.webp"));
    expect(result.equals(big) || result.equals(other)).toBe(true);
    expect(readdirSync(shared).filter((file) => file.endsWith(".part"))).toEqual([]);
    await one.remove("race-1a2b3c4d.webp");
    await two.remove("race-1a2b3c4d.webp");
    expect(existsSync(path.join(shared, "race-1a2b3c4d.webp"))).toBe(false);
  });

  it("refuses names that could leave the directory", async () => {
    const storage = new LocalMediaStorage(shared);
    for (const name of ["../escape.webp", "/etc/passwd", "a/b.webp", "UPPER.webp", "..webp"]) {
      await expect(storage.put(name, Buffer.from("x"))).rejects.toThrow(/unsafe media name/);
    }
  });
});

describe("images from a CDN (IMAGE_BASE_URL)", () => {
  const CDN = "https://cdn.krishi.test/media/";
  let t: TestApp;
  beforeAll(async () => {
    const web = tempDir("kb-web-");
    writeFileSync(path.join(web, "index.html"), "<!doctype html><title>Krishi Bazaar</title>");
    const media = tempDir("kb-media-");
    mkdirSync(media, { recursive: true });
    t = await createTestApp({ IMAGE_BASE_URL: CDN }, { webDistDir: web, mediaDir: media });
  });
  afterAll(() => t.close());

  it("publishes the CDN's base to the web app", async () => {
    const config = (await t.app.inject("/api/config")).json();
    expect(config.imageBaseUrl).toBe("https://cdn.krishi.test/media");
  });

  it("gives image paths in product and order JSON that the published base turns into CDN addresses", async () => {
    const product = await makeProduct(t.database.db, { name: "Sprayer", images: ["images/sprayer-5e6f7a8b.webp"] });
    const { imageBaseUrl } = (await t.app.inject("/api/config")).json();
    // The spec's relative paths ("images/…"), joined by the web app to the base it was given.
    const detail = (await t.app.inject(`/api/products/${product.id}/`)).json();
    expect(imageUrl(detail.images[0].image, imageBaseUrl)).toBe("https://cdn.krishi.test/media/sprayer-5e6f7a8b.webp");
    const list = (await t.app.inject("/api/products")).json();
    const card = list.find((p: { _id: number }) => p._id === product.id);
    expect(imageUrl(card.images[0].image, imageBaseUrl)).toBe("https://cdn.krishi.test/media/sprayer-5e6f7a8b.webp");

    const customer = await authHeaders(t, (await makeUser(t.database.db)).id);
    const order = await placeOrder(t, customer, { id: product.id, pricePaise: 249_00 });
    expect(imageUrl(order.orderItems[0].image, imageBaseUrl)).toBe("https://cdn.krishi.test/media/sprayer-5e6f7a8b.webp");
  });

  it("lets the page load images from the CDN (Content-Security-Policy img-src) and nothing else from it", async () => {
    const csp = (await t.app.inject("/")).headers["content-security-policy"] as string;
    const directives = Object.fromEntries(
      csp
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives["img-src"]).toContain("https://cdn.krishi.test");
    expect(directives["script-src"]).not.toContain("https://cdn.krishi.test");
    expect(directives["connect-src"]).not.toContain("https://cdn.krishi.test");
  });

  it("still serves /media/ from the media directory, as the CDN's origin", async () => {
    writeFileSync(path.join(t.config.mediaDir, "origin-9a8b7c6d.webp"), "RIFF....WEBP");
    const res = await t.app.inject("/media/origin-9a8b7c6d.webp");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
  });
});

describe("images from this server (default)", () => {
  it("allows no other image origin than its own", async () => {
    const t = await createTestApp();
    try {
      const csp = (await t.app.inject("/api/config")).headers["content-security-policy"] as string;
      expect(csp).toContain("img-src 'self' data: blob:;");
      expect((await t.app.inject("/api/config")).json().imageBaseUrl).toBe("/media/");
    } finally {
      await t.close();
    }
  });
});
