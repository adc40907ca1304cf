import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, makeAccount } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

/**
 * Bodies by their type: a route reads the types it declares (JSON unless it says otherwise) and
 * refuses any other with a documented 415; a multipart body that cannot be read is a 400 with its
 * code, never a 500 (lib/multipart.ts, lib/validation.ts).
 */

interface Operation {
  operationId: string;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
}

let t: TestApp;
let customer: Record<string, string>;
/** Staff may call every operation: the back office's and a customer's. */
let staff: Record<string, string>;
let operations: { method: string; path: string; operation: Operation }[];

beforeAll(async () => {
  t = await createTestApp();
  customer = await authHeaders(t, (await makeAccount(t.database.db)).id);
  staff = await authHeaders(t, (await makeAccount(t.database.db, { is_staff: true })).id);
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
});
afterAll(() => t?.close());

const part = (name: string, value: string, headers = "") =>
  `--X\r\nContent-Disposition: form-data; name="${name}"\r\n${headers}\r\n${value}\r\n`;
const LONG = "b".repeat(300);

/** Multipart bodies no reader can take, each with the code it answers. */
const UNREADABLE: [string, string, string, string][] = [
  ["cut short", "multipart/form-data; boundary=X", '--X\r\nContent-Disposition: form-data; name="order_id"\r\n\r\n1', "body_invalid"],
  ["without its boundary", "multipart/form-data", `${part("order_id", "1")}--X--\r\n`, "body_invalid"],
  ["with a boundary too long", `multipart/form-data; boundary=${LONG}`, `--${LONG}\r\n--${LONG}--\r\n`, "body_invalid"],
  ["of no parts at all", "multipart/form-data; boundary=X", "hello, world", "body_invalid"],
  [
    "a field of JSON that is not",
    "multipart/form-data; boundary=X",
    `${part("order_id", "{1", "Content-Type: application/json\r\n")}--X--\r\n`,
    "body_invalid",
  ],
  ["a field named __proto__", "multipart/form-data; boundary=X", `${part("__proto__", "1")}--X--\r\n`, "field_invalid"],
  ["a field named constructor", "multipart/form-data; boundary=X", `${part("constructor", "1")}--X--\r\n`, "field_invalid"],
];

/** A body of each type a client might send, well-formed. */
const BODIES: Record<string, string> = {
  "application/json": '{"order_id":1}',
  "application/x-www-form-urlencoded": "order_id=1",
  "multipart/form-data": `${part("order_id", "1")}--X--\r\n`,
  "text/plain": "order_id=1",
  "text/csv": "order_id\n1\n",
  "application/xml": "<order_id>1</order_id>",
};
const contentType = (type: string) => (type === "multipart/form-data" ? `${type}; boundary=X` : type);

describe("a multipart body", () => {
  /** Every operation that takes multipart, and the Add to Cart form of the rendered pages (a form too). */
  const readers = () => [
    ...operations
      .filter(({ operation }) => operation.requestBody?.content["multipart/form-data"])
      .map(({ method, path }) => ({ method, url: path.replace(/\{[^}]+\}/g, "1"), headers: staff })),
    { method: "POST", url: "/cart/add", headers: {} as Record<string, string> },
  ];

  it("is taken by the form, the return and the product image (the operations listed)", () => {
    expect(readers().map(({ url }) => url)).toEqual(
      expect.arrayContaining(["/api/orders/create-razorpay-order/", "/api/orders/1/returns/", "/api/products/upload/", "/cart/add"]),
    );
  });

  it.each(UNREADABLE)(
    "that cannot be read (%s) is a 400 with its code on each of them, never a 500",
    async (_name, type, payload, code) => {
      const wrong: string[] = [];
      for (const { method, url, headers } of readers()) {
        const res = await t.app.inject({ method: method as "POST", url, headers: { ...headers, "content-type": type }, payload });
        if (res.statusCode !== 400 || res.json().code !== code) wrong.push(`${method} ${url}: ${res.statusCode} ${res.body}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it("with a file is refused by a form that takes fields alone", async () => {
    const payload = '--X\r\nContent-Disposition: form-data; name="order_id"; filename="a.txt"\r\n\r\n1\r\n--X--\r\n';
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/create-razorpay-order/",
      headers: { ...customer, "content-type": "multipart/form-data; boundary=X" },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ bool: 0, code: "field_invalid", detail: "Send the fields alone: this form takes no files." });
  });
});

describe("a body of a type its operation does not declare", () => {
  it("is a 415 (media_type_unsupported) before it is read, on every operation with a body, and each documents its 415", async () => {
    const withBodies = operations.filter(({ operation }) => operation.requestBody);
    expect(withBodies.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const { method, path, operation } of withBodies) {
      const declared = Object.keys(operation.requestBody?.content ?? {});
      if (!operation.responses["415"]) wrong.push(`${operation.operationId}: no 415 documented`);
      for (const [type, payload] of Object.entries(BODIES)) {
        if (declared.includes(type)) continue;
        const res = await t.app.inject({
          method: method as "POST",
          url: path.replace(/\{[^}]+\}/g, "1"),
          headers: { ...staff, "content-type": contentType(type) },
          payload,
        });
        if (res.statusCode !== 415 || res.json().code !== "media_type_unsupported") {
          wrong.push(`${operation.operationId} (takes ${declared.join(", ")}) sent ${type}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("is refused by the routes the spec's client sends JSON to, though their neighbours take forms: place, pay, cancel, refund account", async () => {
    for (const [method, url] of [
      ["POST", "/api/orders/add/"],
      ["PUT", "/api/orders/1/pay/"],
      ["POST", "/api/orders/1/cancel/"],
      ["PUT", "/api/orders/1/refund-account/"],
    ]) {
      for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
        const res = await t.app.inject({
          method: method as "POST",
          url,
          headers: { ...customer, "content-type": contentType(type) },
          payload: BODIES[type],
        });
        expect(res.statusCode, `${url} ${type}: ${res.body}`).toBe(415);
        expect(res.json()).toMatchObject({
          code: "media_type_unsupported",
          detail: "Unsupported media type in request: send application/json.",
        });
      }
    }
  });
});
