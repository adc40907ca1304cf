import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageFiles, TOO_LONG_A_SIDE, TOO_MANY_PIXELS } from "../../lib/images.ts";
import { authHeaders } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { anImage, type FilePart, multipart } from "../../testing/multipart.ts";
import { placeOrder } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
let asStaff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  asStaff = await authHeaders(t, (await makeUser(t.database.db, { is_staff: true })).id);
});
afterAll(() => t.close());

const mediaFiles = () => (existsSync(t.config.mediaDir) ? readdirSync(t.config.mediaDir).sort() : []);
const imageRows = (productId: number) =>
  t.database.db
    .selectFrom("product_images")
    .select(["id", "path", "position"])
    .where("product_id", "=", productId)
    .orderBy("position")
    .execute();

function upload(productId: number | string | null, files: FilePart[]) {
  const body = multipart(productId === null ? {} : { product_id: String(productId) }, files);
  return t.app.inject({ method: "POST", url: "/api/products/upload/", headers: { ...asStaff, ...body.headers }, payload: body.payload });
}
const file = (data: Buffer, filename = "photo.png", contentType = "image/png"): FilePart => ({
  field: "image",
  filename,
  contentType,
  data,
});

describe("POST /api/products/upload/", () => {
  it("stores a JPEG as WebP variants under a server-chosen name, without its metadata, last in the gallery", async () => {
    const product = await makeProduct(t.database.db, { name: "Sprayer 16 L", images: ["images/existing.webp"] });
    const jpeg = await sharp(await anImage("jpeg", 800, 600))
      .withExif({ IFD0: { Copyright: "Secret farm GPS", Artist: "Someone" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await upload(product.id, [file(jpeg, "IMG_0042.JPG", "image/jpeg")]);
    expect(res.statusCode, res.body).toBe(201);
    const { product: id, images } = res.json();
    expect(id).toBe(product.id);
    expect(images).toHaveLength(2);
    expect(images[0].image).toBe("images/existing.webp");
    expect(images[1].image).toMatch(/^images\/sprayer-16-l-[0-9a-f]{8}\.webp$/);

    for (const name of imageFiles(images[1].image)) expect(mediaFiles()).toContain(name);
    const stored = await sharp(path.join(t.config.mediaDir, images[1].image.replace("images/", ""))).metadata();
    expect(stored.format).toBe("webp");
    expect(stored.exif).toBeUndefined();
    // The catalogue shows it at once.
    const detail = (await t.app.inject({ url: `/api/products/${product.id}/` })).json();
    expect(detail.images.map((image: { image: string }) => image.image)).toEqual(images.map((image: { image: string }) => image.image));
  });

  it("accepts PNG and WebP too", async () => {
    const product = await makeProduct(t.database.db);
    expect((await upload(product.id, [file(await anImage("png"))])).statusCode).toBe(201);
    expect((await upload(product.id, [file(await anImage("webp"), "x.webp", "image/webp")])).statusCode).toBe(201);
    expect(await imageRows(product.id)).toHaveLength(2);
  });

  describe("refuses, writing nothing", () => {
    let product: { id: number };
    beforeAll(async () => {
      product = await makeProduct(t.database.db);
    });

    const refused: [string, () => Promise<{ productId: number | string | null; files: FilePart[] }>, number, string][] = [
      [
        "a text file named .jpg",
        async () => ({ productId: product.id, files: [file(Buffer.from("just some text, not a photo"), "crop.jpg", "image/jpeg")] }),
        400,
        "The file is not an image.",
      ],
      [
        "a GIF (decodes, but not a format the shop takes)",
        async () => ({
          productId: product.id,
          files: [
            file(
              await sharp(await anImage("png"))
                .gif()
                .toBuffer(),
              "a.png",
            ),
          ],
        }),
        400,
        "Upload a JPEG, PNG or WebP image.",
      ],
      [
        "a file over 5 MB",
        async () => ({ productId: product.id, files: [file(Buffer.alloc(6 * 1024 * 1024, 7), "big.png")] }),
        413,
        "The image is larger than 5 MB.",
      ],
      [
        "an image of more than 40 megapixels (a decompression bomb: small file, huge picture)",
        async () => ({ productId: product.id, files: [file(await anImage("png", 8000, 6000), "bomb.png")] }),
        400,
        TOO_MANY_PIXELS,
      ],
      [
        "an image more than 16383 pixels on a side (WebP's limit), though under 40 megapixels",
        async () => ({ productId: product.id, files: [file(await anImage("png", 1000, 40_000), "banner.png")] }),
        400,
        TOO_LONG_A_SIDE,
      ],
      ["a zero-byte file", async () => ({ productId: product.id, files: [file(Buffer.alloc(0), "empty.png")] }), 400, "The file is empty."],
      [
        "a truncated PNG",
        async () => {
          const png = await anImage("png", 400, 300);
          return { productId: product.id, files: [file(png.subarray(0, Math.floor(png.length * 0.6)), "cut.png")] };
        },
        400,
        "The image is damaged or incomplete.",
      ],
      ["no file", async () => ({ productId: product.id, files: [] }), 400, "image: No file was submitted."],
      ["no product_id", async () => ({ productId: null, files: [file(await anImage())] }), 400, "product_id: A valid integer is required."],
      [
        "a product_id that is not a number",
        async () => ({ productId: "1 or 1=1", files: [file(await anImage())] }),
        400,
        "product_id: A valid integer is required.",
      ],
      [
        "an unknown product",
        async () => ({ productId: 1_999_999_999, files: [file(await anImage())] }),
        404,
        "No Product matches the given query.",
      ],
    ];

    it.each(refused)("%s", async (_name, build, status, detail) => {
      const before = mediaFiles();
      const { productId, files } = await build();
      const res = await upload(productId, files);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().detail).toBe(detail);
      expect(mediaFiles()).toEqual(before);
      expect(await imageRows(product.id)).toEqual([]);
    });

    it("a body that is not multipart (415, its type unread), or none at all (400)", async () => {
      const json = await t.app.inject({
        method: "POST",
        url: "/api/products/upload/",
        headers: asStaff,
        payload: { product_id: product.id },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toMatchObject({ code: "media_type_unsupported" });
      const none = await t.app.inject({ method: "POST", url: "/api/products/upload/", headers: asStaff });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ code: "multipart_required" });
      expect(await imageRows(product.id)).toEqual([]);
    });
  });

  it("stores a picture as long as WebP allows however thin: its narrow variants are not stretched past that", async () => {
    const product = await makeProduct(t.database.db, { name: "Drip line" });
    for (const [width, height] of [
      [1, 16_383],
      [16_383, 1],
      [40, 16_383],
    ] as const) {
      const res = await upload(product.id, [file(await anImage("png", width, height), "strip.png")]);
      expect(res.statusCode, `${width}×${height}: ${res.body}`).toBe(201);
      const stored = res.json().images.at(-1).image as string;
      for (const name of imageFiles(stored)) {
        const { format, width: w = 0, height: h = 0 } = await sharp(path.join(t.config.mediaDir, name)).metadata();
        expect(format, name).toBe("webp");
        expect(Math.max(w, h), name).toBeLessThanOrEqual(16_383);
      }
    }
  });

  it("ignores the client's file name: a path-traversal name writes nothing outside the media directory", async () => {
    const product = await makeProduct(t.database.db, { name: "Seed drill" });
    const res = await upload(product.id, [file(await anImage(), "../../../etc/evil.png")]);
    expect(res.statusCode, res.body).toBe(201);
    const [image] = res.json().images;
    expect(image.image).toMatch(/^images\/seed-drill-[0-9a-f]{8}\.webp$/);
    expect(existsSync(path.join(t.config.mediaDir, "..", "..", "..", "etc", "evil.png"))).toBe(false);
    expect(mediaFiles().some((name) => name.includes("evil"))).toBe(false);
  });
});

describe("DELETE /api/products/images/{id}/ and reordering", () => {
  async function productWithImages(count: number) {
    const product = await makeProduct(t.database.db, { name: "Gallery" });
    for (let i = 0; i < count; i++) expect((await upload(product.id, [file(await anImage())])).statusCode).toBe(201);
    return { product, rows: await imageRows(product.id) };
  }

  it("removes an image and its files", async () => {
    const { product, rows } = await productWithImages(2);
    const [first, second] = rows as [(typeof rows)[number], (typeof rows)[number]];
    const res = await t.app.inject({ method: "DELETE", url: `/api/products/images/${first.id}/`, headers: asStaff });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ product: product.id, images: [{ id: second.id, image: second.path }] });
    for (const name of imageFiles(first.path)) expect(mediaFiles()).not.toContain(name);
    for (const name of imageFiles(second.path)) expect(mediaFiles()).toContain(name);
    expect((await t.app.inject({ method: "DELETE", url: `/api/products/images/${first.id}/`, headers: asStaff })).statusCode).toBe(404);
  });

  it("keeps the files of an image an order line still shows", async () => {
    const { product, rows } = await productWithImages(1);
    const [image] = rows as [(typeof rows)[number]];
    const customer = await makeUser(t.database.db);
    const placed = await placeOrder(t, await authHeaders(t, customer.id), { id: product.id, pricePaise: 249_00 });
    expect(placed.orderItems[0].image).toBe(image.path);
    expect((await t.app.inject({ method: "DELETE", url: `/api/products/delete/${product.id}/`, headers: asStaff })).statusCode).toBe(200);
    for (const name of imageFiles(image.path)) expect(mediaFiles()).toContain(name);
  });

  it("deleting a product removes the files of its images", async () => {
    const { product, rows } = await productWithImages(1);
    expect((await t.app.inject({ method: "DELETE", url: `/api/products/delete/${product.id}/`, headers: asStaff })).statusCode).toBe(200);
    for (const name of imageFiles((rows[0] as { path: string }).path)) expect(mediaFiles()).not.toContain(name);
  });

  it("puts the images in the order given, and refuses a list that is not exactly the product's images", async () => {
    const { product, rows } = await productWithImages(3);
    const ids = rows.map((row) => row.id);
    const reorder = (images: unknown[]) =>
      t.app.inject({ method: "PUT", url: `/api/products/${product.id}/images/order/`, headers: asStaff, payload: { images } });

    const res = await reorder([ids[2], ids[0], ids[1]]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().images.map((image: { id: number }) => image.id)).toEqual([ids[2], ids[0], ids[1]]);
    const detail = (await t.app.inject({ url: `/api/products/${product.id}/` })).json();
    expect(detail.images.map((image: { id: number }) => image.id)).toEqual([ids[2], ids[0], ids[1]]);
    // Lists show them in that order too: a plain list (its page and images in one statement) and a search.
    for (const url of ["/api/products/", `/api/products/?keyword=gallery&n=${product.id}`]) {
      const listed = (await t.app.inject({ url })).json().find((p: { _id: number }) => p._id === product.id);
      expect(
        listed.images.map((image: { id: number }) => image.id),
        url,
      ).toEqual([ids[2], ids[0], ids[1]]);
    }

    const other = await productWithImages(1);
    for (const bad of [[ids[0], ids[1]], [ids[0], ids[0], ids[1]], [ids[0], ids[1], other.rows[0]?.id], []]) {
      const refused = await reorder(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await imageRows(product.id)).map((row) => row.id)).toEqual([ids[2], ids[0], ids[1]]);
  });
});
