import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { type FilePart, multipart } from "../../testing/multipart.ts";
import { placeOrder } from "../../testing/orders.ts";
import { deliveredOrder } from "../../testing/returns.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { RETURN_PHOTOS_PER_CUSTOMER } from "./service.ts";

/**
 * A return's photos cost the shop CPU (each is decoded) and belong to the customer: they are
 * decoded only for an order its owner may return now, a customer sends only so many an hour.
 */

type Headers = Record<string, string>;

let t: TestApp;
let owner: Headers;
let staff: Headers;
let product: { id: number; pricePaise: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  owner = await authHeaders(t, (await makeUser(db)).id);
  staff = await authHeaders(t, (await makeUser(db, { is_staff: true })).id);
  product = { id: (await makeProduct(db, { name: "Neem oil 1 L", pricePaise: 450_00, stock: 500 })).id, pricePaise: 450_00 };
});
afterAll(() => t?.close());

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
    const stranger = await authHeaders(t, (await makeUser(t.database.db)).id);
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
    const customer = await authHeaders(t, (await makeUser(t.database.db)).id);
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
    const neighbour = await authHeaders(t, (await makeUser(t.database.db)).id);
    const theirs = await deliveredOrder(t, neighbour, staff, product, 1);
    const decoded = await askWithPhotos(neighbour, theirs._id, fields, notAPicture(1));
    expect(decoded.statusCode, decoded.body).toBe(400);
    expect(decoded.json().field_errors.photos[0]).toMatchObject({ code: "image_not_image" });
    const without = await askWithPhotos(customer, order._id, fields, []);
    expect(without.statusCode, without.body).toBe(201);
  });
});
