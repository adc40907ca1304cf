import { existsSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalMediaStorage } from "../../lib/storage.ts";
import { authHeaders, testClock } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { anImage, type FilePart, multipart } from "../../testing/multipart.ts";
import { placeOrder } from "../../testing/orders.ts";
import { deliveredOrder } from "../../testing/returns.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { movePhotosOutOfMedia } from "./private-photos.ts";
import { RETURN_PHOTOS_PER_CUSTOMER } from "./service.ts";

/**
 * A return's photos cost the shop CPU (each is decoded) and belong to the customer: they are
 * decoded only for an order its owner may return now, a customer sends only so many an hour, and
 * they are shown only to the customer and staff.
 */

type Headers = Record<string, string>;

let t: TestApp;
const time = testClock();
let owner: Headers;
let staff: Headers;
let ownerId: number;
let staffId: number;
let product: { id: number; pricePaise: number };

beforeAll(async () => {
  t = await createTestApp({}, {}, { clock: time.clock });
  const db = t.database.db;
  ownerId = (await makeUser(db)).id;
  staffId = (await makeUser(db, { is_staff: true })).id;
  await signIn();
  product = { id: (await makeProduct(db, { name: "Neem oil 1 L", pricePaise: 450_00, stock: 500 })).id, pricePaise: 450_00 };
});
afterAll(() => t?.close());

/** Fresh tokens on the moved clock (access tokens live 15 minutes). */
async function signIn(): Promise<void> {
  owner = await authHeaders(t, ownerId, time.clock);
  staff = await authHeaders(t, staffId, time.clock);
}

/** Bytes that are no picture: refused once decoded (image_not_image), so a refusal before that says the order came first. */
const notAPicture = (n: number): FilePart[] =>
  Array.from({ length: n }, (_, i) => ({
    field: "photos",
    filename: `bag-${i}.png`,
    contentType: "image/png",
    data: Buffer.from("not a picture"),
  }));

function askWithPhotos(headers: Headers, orderId: number | string, fields: Record<string, unknown>, photos: FilePart[]) {
  const body = multipart(
    Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)])),
    photos,
  );
  return t.app.inject({
    method: "POST",
    url: `/api/orders/${orderId}/returns/`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

describe("the photos of a return request", () => {
  it("are looked at only once the order is checked: not there, someone else's, not delivered, lines it does not hold are refused as without photos", async () => {
    const order = await deliveredOrder(t, owner, staff, product, 2);
    const fields = { lines: [{ product: product.id, qty: 1 }], reason: "damaged" };
    const stranger = await authHeaders(t, (await makeUser(t.database.db)).id, time.clock);
    const unpaid = await placeOrder(t, owner, product);

    const missing = await askWithPhotos(owner, 999_999, fields, notAPicture(1));
    expect(missing.statusCode, missing.body).toBe(404);
    expect(missing.json().code).toBe("order_not_found");
    const theirs = await askWithPhotos(stranger, order._id, fields, notAPicture(1));
    expect(theirs.statusCode, theirs.body).toBe(404);
    expect(theirs.json().code).toBe("order_not_found");
    const early = await askWithPhotos(owner, unpaid._id, fields, notAPicture(1));
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ code: "order_not_paid", params: { event: "return_request" } });
    const tooMany = await askWithPhotos(owner, order._id, { ...fields, lines: [{ product: product.id, qty: 3 }] }, notAPicture(1));
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json().field_errors.lines[0]).toMatchObject({ code: "line_qty_too_many", params: { max: 2 } });

    // The order may be returned: now the photo is decoded, and refused.
    const decoded = await askWithPhotos(owner, order._id, fields, notAPicture(1));
    expect(decoded.statusCode, decoded.body).toBe(400);
    expect(decoded.json().field_errors.photos[0]).toMatchObject({ code: "image_not_image" });
    const after = await t.app.inject({ url: `/api/orders/${order._id}/`, headers: owner });
    expect(after.json().returns).toEqual([]);
  });

  it(`are counted per customer: past ${RETURN_PHOTOS_PER_CUSTOMER.max} an hour the next photo is a 429 with Retry-After, before it is decoded`, async () => {
    const customer = await authHeaders(t, (await makeUser(t.database.db)).id, time.clock);
    const order = await deliveredOrder(t, customer, staff, product, 1);
    const fields = { lines: [{ product: product.id, qty: 1 }], reason: "damaged" };
    for (let sent = 0; sent < RETURN_PHOTOS_PER_CUSTOMER.max; sent += 3) {
      const res = await askWithPhotos(customer, order._id, fields, notAPicture(3));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field_errors.photos[0]).toMatchObject({ code: "image_not_image" });
    }
    const over = await askWithPhotos(customer, order._id, fields, notAPicture(1));
    expect(over.statusCode, over.body).toBe(429);
    expect(over.json()).toMatchObject({ code: "throttled", params: { seconds: expect.any(Number) } });
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(over.headers["retry-after"])).toBeLessThanOrEqual(RETURN_PHOTOS_PER_CUSTOMER.windowMs / 1000);

    // Another customer's photos are theirs to count; a request without photos is not counted.
    const neighbour = await authHeaders(t, (await makeUser(t.database.db)).id, time.clock);
    const theirs = await deliveredOrder(t, neighbour, staff, product, 1);
    const decoded = await askWithPhotos(neighbour, theirs._id, fields, notAPicture(1));
    expect(decoded.statusCode, decoded.body).toBe(400);
    expect(decoded.json().field_errors.photos[0]).toMatchObject({ code: "image_not_image" });
    const without = await askWithPhotos(customer, order._id, fields, []);
    expect(without.statusCode, without.body).toBe(201);
  });

  it("are the customer's: kept out of the public media, shown at addresses signed for the order that its customer and staff get, that nobody can forge, for an hour or so", async () => {
    const order = await deliveredOrder(t, owner, staff, product, 1);
    const photos = await Promise.all(
      [1, 2].map(async (i) => ({
        field: "photos",
        filename: `bag-${i}.png`,
        contentType: "image/png",
        data: await anImage("png", 800, 600),
      })),
    );
    const made = await askWithPhotos(owner, order._id, { lines: [{ product: product.id, qty: 1 }], reason: "damaged" }, photos);
    expect(made.statusCode, made.body).toBe(201);
    const urls: string[] = made.json().photos;
    expect(urls).toHaveLength(2);

    // Stored in PRIVATE_MEDIA_DIR, nothing of them under MEDIA_DIR: /media/ has no address for them.
    const files = readdirSync(t.config.privateMediaDir);
    expect(files.filter((name) => name.startsWith(`return-${order._id}-`))).toHaveLength(2 * 5);
    for (const name of files) {
      expect(existsSync(`${t.config.mediaDir}/${name}`)).toBe(false);
      expect((await t.app.inject({ url: `/media/${name}` })).statusCode).toBe(404);
    }

    // Its address works without a token (an <img> sends none), for the customer's and for staff's.
    const photo = await t.app.inject({ url: urls[0] as string });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/webp");
    expect(photo.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(photo.headers["cache-control"]))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(3600);
    expect(maxAge).toBeLessThanOrEqual(4500);
    const thumbnail = await t.app.inject({ url: `${urls[0]}&w=320` });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.rawPayload.length).toBeLessThan(photo.rawPayload.length);
    const staffs = (await t.app.inject({ url: `/api/orders/${order._id}/`, headers: staff })).json().returns[0].photos;
    expect((await t.app.inject({ url: staffs[1] })).statusCode).toBe(200);
    // Nobody else reads the order, so nobody else has an address.
    const stranger = await authHeaders(t, (await makeUser(t.database.db)).id, time.clock);
    expect((await t.app.inject({ url: `/api/orders/${order._id}/`, headers: stranger })).statusCode).toBe(404);

    // An address is good for its own photo alone, as signed.
    const [first, second] = urls as [string, string];
    const signature = new URL(first, "http://shop.test").searchParams.get("signature") as string;
    const forged = [
      first.replace(/signature=[\w-]+/, `signature=${signature.slice(0, -2)}AA`),
      first.replace(/signature=[\w-]+/, "signature=x"),
      second.replace(/signature=[\w-]+/, `signature=${signature}`),
      first.replace(/expires=(\d+)/, (_, at) => `expires=${Number(at) + 900}`),
      first.replace(`/orders/${order._id}/`, `/orders/${order._id + 1}/`),
    ];
    for (const url of forged) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe("permission_denied");
    }

    // Past its hour and a quarter, the address no longer works; the order gives new ones.
    time.advance(75 * 60_000 + 1000);
    await signIn();
    expect((await t.app.inject({ url: first })).statusCode).toBe(403);
    const again = (await t.app.inject({ url: `/api/orders/${order._id}/`, headers: owner })).json().returns[0].photos;
    expect(again[0]).not.toBe(first);
    expect((await t.app.inject({ url: again[0] })).statusCode).toBe(200);
  });

  it("stored in the public media before they were private are moved out of it at start, and shown at their addresses", async () => {
    const order = await deliveredOrder(t, owner, staff, product, 1);
    const photo = { field: "photos", filename: "bag.png", contentType: "image/png", data: await anImage("png") };
    const made = await askWithPhotos(owner, order._id, { lines: [{ product: product.id, qty: 1 }], reason: "damaged" }, [photo]);
    expect(made.statusCode, made.body).toBe(201);
    // As an earlier release left it: the photo's files under MEDIA_DIR, served to anyone.
    const media = new LocalMediaStorage(t.config.mediaDir);
    const privately = new LocalMediaStorage(t.config.privateMediaDir);
    const files = readdirSync(t.config.privateMediaDir).filter((name) => name.startsWith(`return-${order._id}-`));
    for (const name of files) {
      await media.put(name, (await privately.get(name)) as Buffer);
      await privately.remove(name);
    }
    expect((await t.app.inject({ url: `/media/${files[0]}` })).statusCode).toBe(200);

    expect(await movePhotosOutOfMedia(t.database.db, media, privately)).toBe(files.length);
    for (const name of files) expect((await t.app.inject({ url: `/media/${name}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: made.json().photos[0] })).statusCode).toBe(200);
    expect(await movePhotosOutOfMedia(t.database.db, media, privately)).toBe(0);
  });
});
