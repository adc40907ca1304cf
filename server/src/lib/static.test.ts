import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
const script = `console.log(${JSON.stringify("x".repeat(2000))});`;

beforeAll(async () => {
  const web = mkdtempSync(path.join(tmpdir(), "kb-web-"));
  mkdirSync(path.join(web, "assets"));
  writeFileSync(path.join(web, "index.html"), "<!doctype html><title>Krishi Bazaar</title>");
  writeFileSync(path.join(web, "assets", "index-abc123.js"), script);
  writeFileSync(path.join(web, "assets", "index-abc123.js.br"), brotliCompressSync(script));
  // The service worker and the manifest the web build writes (vite-plugin-pwa).
  writeFileSync(path.join(web, "sw.js"), "self.skipWaiting();");
  writeFileSync(path.join(web, "manifest.webmanifest"), JSON.stringify({ name: "Krishi Bazaar", start_url: "/" }));
  const media = mkdtempSync(path.join(tmpdir(), "kb-media-"));
  writeFileSync(path.join(media, "urea-1a2b.webp"), "RIFF....WEBP");
  t = await createTestApp({}, { webDistDir: web, mediaDir: media });
});
afterAll(() => t.close());

describe("serving the SPA and media", () => {
  it.each(["/", "/product/12", "/cart", "/cart/7", "/login", "/admin/user/3/edit", "/reset/password/confirm/MQ/tok-en"])(
    "answers the screen route %s with index.html",
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain("<title>Krishi Bazaar</title>");
    },
  );

  it("answers an unknown path with the SPA (its not-found page) and status 404", async () => {
    const res = await t.app.inject("/no/such/page");
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("<title>Krishi Bazaar</title>");
  });

  it("serves hashed assets precompressed with an immutable cache", async () => {
    const res = await t.app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "br, gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.rawPayload.length).toBeLessThan(script.length);
  });

  it("serves the service worker and the web app manifest revalidated on every load, and lets the page use them", async () => {
    const worker = await t.app.inject("/sw.js");
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toContain("javascript");
    // The browser checks for a new release each time: never a stale worker.
    expect(worker.headers["cache-control"]).toBe("no-cache");
    const manifest = await t.app.inject("/manifest.webmanifest");
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toContain("application/manifest+json");
    expect(manifest.headers["cache-control"]).toBe("no-cache");
    expect(manifest.json()).toMatchObject({ name: "Krishi Bazaar" });
    const csp = (await t.app.inject("/")).headers["content-security-policy"] as string;
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it("serves media with caching headers, and 404s JSON for missing media", async () => {
    const res = await t.app.inject("/media/urea-1a2b.webp");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toContain("immutable");
    const missing = await t.app.inject("/media/missing.webp");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe("Not found.");
  });

  it("lets pages of another origin show media (a CDN in front), while other answers stay same-origin", async () => {
    // IMAGE_BASE_URL=https://cdn…: the page's <img> loads from the CDN, which fetched the file here.
    for (const method of ["GET", "HEAD"] as const) {
      const media = await t.app.inject({ method, url: "/media/urea-1a2b.webp", headers: { origin: "https://shop.example.in" } });
      expect(media.statusCode).toBe(200);
      expect(media.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    }
    const api = await t.app.inject("/api/config");
    expect(api.statusCode).toBe(200);
    expect(api.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect((await t.app.inject("/")).headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect((await t.app.inject("/assets/index-abc123.js")).headers["cross-origin-resource-policy"]).toBe("same-origin");
  });

  it("does not serve files outside the web root or the media directory, however the path is spelled", async () => {
    // A real socket and raw request lines: an HTTP client (and inject) would normalise `..` away.
    const secretName = `kb-secret-${process.pid}.txt`;
    for (const dir of [t.config.webDistDir, t.config.mediaDir]) writeFileSync(path.join(dir, "..", secretName), "TOP-SECRET");
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = new URL(address);
    const raw = (target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), "127.0.0.1", () =>
          socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
        );
        let answer = "";
        socket.on("data", (chunk) => {
          answer += chunk.toString("latin1");
        });
        socket.on("end", () => resolve(answer));
        socket.on("error", reject);
      });
    for (const prefix of ["/assets", "/media", ""]) {
      for (const up of ["..", "%2e%2e", "%2E%2E", "..%2f..", "%2e%2e%2f%2e%2e", "..\\.."]) {
        const target = `${prefix}/${up}/${secretName}`;
        const answer = await raw(target);
        expect(answer, target).toMatch(/^HTTP\/1\.1 \d{3}/);
        expect(answer, target).not.toContain("TOP-SECRET");
      }
    }
  });
});
