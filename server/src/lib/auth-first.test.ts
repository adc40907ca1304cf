import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

/**
 * A guarded operation checks who asks before anything else: a caller without a token gets its 401
 * whatever the path and body hold — not a 400 about them, a 415 about their type, or a 500 from a
 * body that cannot be read (docs/design.md, "API errors").
 */

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
}

let t: TestApp;
let guarded: { method: string; path: string; operationId: string }[];

beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  guarded = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      // Only bearer: `[{}, {bearer: []}]` is an operation a guest may call too.
      .filter(([, operation]) => operation.security?.length === 1 && operation.security.some((scheme) => "bearer" in scheme))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operationId: operation.operationId })),
  );
});
afterAll(() => t?.close());

/** Bodies no operation takes: of the wrong shape, not JSON at all, of a type none reads, multipart cut short or whole. */
const BODIES: [string, { payload?: string; headers?: Record<string, string> }][] = [
  ["no body", {}],
  ["JSON of the wrong shape", { payload: '{"junk":[1]}', headers: { "content-type": "application/json" } }],
  ["JSON that does not parse", { payload: "{", headers: { "content-type": "application/json" } }],
  ["plain text", { payload: "hello", headers: { "content-type": "text/plain" } }],
  ["a form", { payload: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } }],
  [
    "multipart cut short",
    {
      payload: '--X\r\nContent-Disposition: form-data; name="a"\r\n\r\nxx',
      headers: { "content-type": "multipart/form-data; boundary=X" },
    },
  ],
  [
    "multipart whole",
    {
      payload: '--X\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--X--\r\n',
      headers: { "content-type": "multipart/form-data; boundary=X" },
    },
  ],
];

describe("a guarded operation asked without a token", () => {
  it("is every operation of the document that needs a bearer token (the list is not empty)", () => {
    expect(guarded.map((op) => op.operationId)).toEqual(
      expect.arrayContaining(["placeOrder", "addAddress", "confirmRazorpayPayment", "cancelOrder", "requestReturn", "uploadProductImage"]),
    );
  });

  it.each(BODIES)("answers 401 before reading its path or body: %s", async (_name, body) => {
    const answers: string[] = [];
    for (const { method, path, operationId } of guarded) {
      // Path parameters that no route takes ("abc" for an id): a 400 if they were read first.
      const url = path.replace(/\{[^}]+\}/g, "abc");
      const withBody = method !== "GET" && method !== "HEAD" && body.payload !== undefined;
      const res = await t.app.inject({
        method: method as "POST",
        url,
        ...(withBody ? { payload: body.payload, headers: body.headers } : {}),
      });
      if (res.statusCode !== 401 || res.json().code !== "not_authenticated") answers.push(`${operationId}: ${res.statusCode} ${res.body}`);
    }
    expect(answers).toEqual([]);
  });
});
