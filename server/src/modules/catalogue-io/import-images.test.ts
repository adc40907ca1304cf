import { once } from "node:events";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { CatalogueImport } from "@krishi/contract";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { finished } from "../../testing/imports.ts";
import { anImage, type FilePart, multipart } from "../../testing/multipart.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { fetchImage, isPublicAddress } from "./image-sources.ts";

/** A shop that may fetch pictures from this machine (IMPORT_FETCH_ALLOWED_HOSTS, as a test or an intranet needs). */
let t: TestApp;
let staff: Record<string, string>;
/** A picture server on 127.0.0.1: /leaf.png, /big.png (over the limit), /not-an-image.png, /slow.png (never answers). */
let pictures: Server;
let base: string;
let png: Buffer;

beforeAll(async () => {
  png = await anImage("png");
  pictures = createServer((request, response) => {
    if (request.url === "/leaf.png") response.end(png);
    else if (request.url === "/not-an-image.png") response.end("hello");
    else if (request.url === "/big.png") response.end(Buffer.alloc(6 * 1024 * 1024, 1));
    else if (request.url === "/slow.png") response.write(png.subarray(0, 10));
    else if (request.url === "/moved.png") response.writeHead(302, { location: "/leaf.png" }).end();
    else response.writeHead(404).end();
  });
  pictures.listen(0, "127.0.0.1");
  await once(pictures, "listening");
  base = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
  t = await createTestApp({ IMPORT_FETCH_ALLOWED_HOSTS: "127.0.0.1" });
  staff = await authHeaders(t, (await makeUser(t.database.db, { is_staff: true })).id);
});
afterAll(async () => {
  pictures.closeAllConnections();
  pictures.close();
  await t.close();
});

async function imported(csv: string, zip?: Uint8Array): Promise<CatalogueImport> {
  const files: FilePart[] = [{ field: "file", filename: "sheet.csv", contentType: "text/csv", data: Buffer.from(csv) }];
  if (zip) files.push({ field: "images", filename: "pictures.zip", contentType: "application/zip", data: Buffer.from(zip) });
  const { payload, headers } = multipart({}, files);
  const res = await t.app.inject({ method: "POST", url: "/api/staff/catalogue/import/", headers: { ...staff, ...headers }, payload });
  return finished(t, res, staff);
}

const imagesOf = async (sku: string) => {
  const { product_id } = await t.database.db
    .selectFrom("product_variants")
    .select("product_id")
    .where("sku", "=", sku)
    .executeTakeFirstOrThrow();
  return (await t.app.inject({ url: `/api/products/${product_id}/` })).json().images as { id: number; image: string }[];
};

const codes = (result: CatalogueImport) => result.report?.errors.map(({ line, column, code }) => ({ line, column, code }));

describe("pictures of an import", () => {
  it("come from the ZIP sent with the sheet, in the order the images column gives", async () => {
    const zip = zipSync({ "leaf.png": png, "photos/side.jpg": new Uint8Array(await anImage("jpeg")) });
    const result = await imported("name,category,sku,price,images\nLeaf Spray,Tools,LEAF-1,120,photos/side.jpg | leaf.png\n", zip);
    expect(result.report).toMatchObject({ created: 1, applied: true, errors: [] });
    const images = await imagesOf("LEAF-1");
    expect(images).toHaveLength(2);
    for (const image of images) expect(existsSync(path.join(t.config.mediaDir, image.image.replace(/^images\//, "")))).toBe(true);

    // The export's own addresses keep the pictures; a reorder of them is a change.
    const exported = (await t.app.inject({ url: "/api/staff/catalogue/export/", headers: staff })).body;
    const row = exported.split("\r\n").find((line) => line.includes("LEAF-1")) as string;
    const urls = images.map((image) => `http://localhost:8000/media/${image.image}`);
    expect(row).toContain(urls.join(" | "));
    const reordered = await imported(`sku,images\nLEAF-1,${urls[1]} | ${urls[0]}\n`);
    expect(reordered.report).toMatchObject({ updated: 1, applied: true });
    expect((await imagesOf("LEAF-1")).map((image) => image.id)).toEqual([images[1]?.id, images[0]?.id]);
  });

  it("a name not in the ZIP, or a file that is not a picture, is refused on its line", async () => {
    const zip = zipSync({ "notes.png": new TextEncoder().encode("not a picture") });
    const result = await imported("name,category,sku,price,images\nA,Tools,ZIP-A,10,missing.png\nB,Tools,ZIP-B,10,notes.png\n", zip);
    expect(codes(result)).toEqual([
      { line: 2, column: "images", code: "image_not_in_zip" },
      { line: 3, column: "images", code: "image_not_image" },
    ]);
    expect(await t.database.db.selectFrom("product_variants").select("id").where("sku", "in", ["ZIP-A", "ZIP-B"]).execute()).toEqual([]);
  });

  it("come from addresses the server fetches, within the size and time limits", async () => {
    const product = await makeProduct(t.database.db, { packs: [{ sku: "URL-1" }] });
    const result = await imported(`sku,images\nURL-1,${base}/leaf.png\n`);
    expect(result.report).toMatchObject({ updated: 1, applied: true, errors: [] });
    expect(await imagesOf("URL-1")).toHaveLength(1);
    const failed = await imported(
      [
        "product_id,images",
        `${product.id},${base}/big.png`,
        `${product.id},${base}/nothing.png`,
        `${product.id},${base}/moved.png`,
        `${product.id},ftp://127.0.0.1/leaf.png`,
      ].join("\n"),
    );
    // One product's rows: the images column is the product's, the same on each row.
    expect(codes(failed)).toEqual(expect.arrayContaining([{ line: 3, column: "images", code: "import_product_differs" }]));
    const separately = await Promise.all(
      ["big.png", "nothing.png", "moved.png"].map(async (name) =>
        codes(await imported(`product_id,images\n${product.id},${base}/${name}\n`)),
      ),
    );
    expect(separately).toEqual([
      [{ line: 2, column: "images", code: "image_fetch_failed" }],
      [{ line: 2, column: "images", code: "image_fetch_failed" }],
      [{ line: 2, column: "images", code: "image_fetch_failed" }],
    ]);
    expect(await fetchImage(`${base}/slow.png`, { allowedHosts: ["127.0.0.1"], timeoutMs: 300, maxBytes: 1_000_000 })).toMatchObject({
      ok: false,
      code: "image_fetch_failed",
    });
  });
});

describe("the addresses a server fetches", () => {
  const rules = { allowedHosts: [], timeoutMs: 2_000, maxBytes: 1_000_000 };

  it.each([
    "http://example.com/leaf.png", // not https
    "https://127.0.0.1/leaf.png",
    "https://localhost/leaf.png",
    "https://10.1.2.3/leaf.png",
    "https://192.168.1.20/leaf.png",
    "https://172.16.0.5/leaf.png",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/leaf.png",
    "https://[::1]/leaf.png",
    "https://[fe80::1]/leaf.png",
    "https://[fd00::1]/leaf.png",
    "https://[::ffff:127.0.0.1]/leaf.png",
    "https://0.0.0.0/leaf.png",
    "https://user:secret@example.com/leaf.png",
  ])("refuses %s without connecting", async (address) => {
    expect(await fetchImage(address, rules)).toEqual({ ok: false, code: "image_address_refused", params: { address } });
  });

  it("takes public addresses only", () => {
    expect(isPublicAddress("8.8.8.8")).toBe(true);
    expect(isPublicAddress("2606:4700:4700::1111")).toBe(true);
    expect(isPublicAddress("127.0.0.2")).toBe(false);
    expect(isPublicAddress("::ffff:10.0.0.1")).toBe(false);
  });

  it("refuses a private address in an import's sheet, on its line", async () => {
    const shop = await createTestApp();
    try {
      const headers = await authHeaders(shop, (await makeUser(shop.database.db, { is_staff: true })).id);
      const { payload, headers: partHeaders } = multipart({}, [
        {
          field: "file",
          filename: "s.csv",
          contentType: "text/csv",
          data: Buffer.from(`name,category,price,images\nX,Tools,10,${base}/leaf.png\n`),
        },
      ]);
      const res = await shop.app.inject({
        method: "POST",
        url: "/api/staff/catalogue/import/",
        headers: { ...headers, ...partHeaders },
        payload,
      });
      expect(res.json().report.errors).toEqual([
        { line: 2, column: "images", code: "image_address_refused", params: { address: `${base}/leaf.png` } },
      ]);
    } finally {
      await shop.close();
    }
  });
});
