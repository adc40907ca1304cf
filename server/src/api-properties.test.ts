import { paiseToDecimal } from "@krishi/contract";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, makeAccount, RELAXED_LIMITS } from "./testing/accounts.ts";
import { makeCategory, makeProduct } from "./testing/factories.ts";
import { anImage, type MultipartBody, multipartOf } from "./testing/multipart.ts";
import { ADDRESSES, FARM_ADDRESS, type GstProduct, INDIA_ENV, paySandbox, placeAt, totalFor } from "./testing/orders.ts";
import { type Hints, type JsonSchema, multipartFor, validFor, valueFor } from "./testing/schema-arbitraries.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

/**
 * The API against its own OpenAPI document, by property: requests generated from each public and
 * customer operation's parameters and body schemas (valid ones mixed with every kind of invalid
 * one), sent as a signed-in customer who owns an address and orders; every answer must be a status
 * the operation documents — never 500 — with a body that fits the documented schema.
 * Seeded: FUZZ_SEED=<the printed seed> replays a run; FUZZ_RUNS sets the requests per operation;
 * FUZZ_VERBOSE=1 prints the statuses each operation answered.
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 40);
/** Not generated: staff operations (their scope answers 401/403 before anything), the webhook and the payment sandbox. */
const SKIPPED = new Set(["receiveRazorpayWebhook", "payInSandbox", "failInSandbox"]);

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  operationId: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

interface GeneratedRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body:
    | { kind: "json"; value: unknown }
    | { kind: "none" }
    | { kind: "raw"; text: string; type: string }
    | { kind: "multipart"; body: MultipartBody };
  /** Who calls: the customer (bearer operations only), nobody, or someone with a broken Authorization header. */
  caller: "customer" | "nobody" | string;
  /** An If-None-Match header to send, if any (the catalogue's cached answers take one). */
  ifNoneMatch: string | null;
}

let t: TestApp;
let doc: Document;
let ajv: Ajv;
let customer: { id: number; email: string; password: string };
const owned = { orders: [] as number[], addresses: [] as number[], products: [] as number[], categories: [] as string[] };
const orderTotals: { id: number; paise: number }[] = [];
let india = false;
let proof: Record<"razorpay_order_id" | "razorpay_payment_id" | "razorpay_signature", string>;
/** A small real photo, for the files of multipart bodies (beside bytes that are no image). */
let photo: Uint8Array;

/** A shop built with these settings, its customer, their address and orders, a catalogue, a sandbox payment proof. */
async function setUp(env: Record<string, string>): Promise<void> {
  india = env.TAX_MODE === "gst";
  photo = new Uint8Array(await anImage("png", 8, 8));
  t = await createTestApp(env, {}, { rateLimit: { limits: RELAXED_LIMITS } });
  doc = t.app.swagger() as unknown as Document;
  ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: "doc", components: doc.components });
  validators.clear();
  for (const list of Object.values(owned)) list.length = 0;
  orderTotals.length = 0;
  const { db } = t.database;
  const account = await makeAccount(db);
  customer = { id: account.id, email: account.email, password: account.password };
  const category = await makeCategory(db, "Seeds", "बीज");
  owned.categories.push("Seeds", "बीज", String(category.id));
  for (const [i, name] of ["Neem Oil", "Paddy Seeds", "Drip Kit"].entries()) {
    const product = await makeProduct(db, { name, categoryId: category.id, pricePaise: (i + 1) * 99_50, stock: 10_000 });
    owned.products.push(product.id);
  }
  const sold = await makeProduct(db, { name: "Sold Out Sickle", stock: 0 });
  owned.products.push(sold.id);
  // With GST every product carries an HSN code and a rate (the factory writes neither).
  if (india) await db.updateTable("products").set({ gst_rate: 5, hsn_code: "1209" }).execute();
  const headers = await authHeaders(t, customer.id);
  for (let i = 0; i < 3; i++) {
    const res = await placeAt(t, headers, [{ product: firstProduct(), qty: i + 1 }], shipTo());
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    owned.orders.push(order._id);
    orderTotals.push({ id: order._id, paise: Math.round(Number(order.totalPrice) * 100) });
    // The last one paid: its invoice (with GST) is there to fetch.
    if (i === 2) expect((await paySandbox(t, headers, order)).statusCode).toBe(200);
  }
  // A signed sandbox proof for an unpaid order, so the payment confirmation reaches its checks (and success).
  const unpaid = orderTotals[1] as { id: number; paise: number };
  const opened = await t.app.inject({
    method: "POST",
    url: "/api/orders/create-razorpay-order/",
    headers,
    payload: { order_id: unpaid.id, amount: unpaid.paise },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  const proofAnswer = await t.app.inject({ method: "POST", url: "/sandbox/razorpay/pay", payload: { order_id: opened.json().data.id } });
  expect(proofAnswer.statusCode, proofAnswer.body).toBe(200);
  proof = proofAnswer.json();
  const address = await t.app.inject({ method: "POST", url: "/api/users/addresses/add/", headers, payload: ADDRESSES.nashik });
  expect(address.statusCode, address.body).toBe(201);
  owned.addresses.push(address.json().id);
}

/** The first product as the pricing helpers take it (GST 5 % in India). */
const firstProduct = (): GstProduct => ({
  id: owned.products[0] as number,
  name: "Neem Oil",
  pricePaise: 99_50,
  gstRate: 5,
  hsnCode: "1209",
});
/** Where the orders go: Nashik, in the seller's state (with GST the state and a phone are required). */
const shipTo = () => (india ? ADDRESSES.nashik : { ...FARM_ADDRESS, state: "" });

/** A validator of a documented schema, its $refs resolved from the document's components. */
const validators = new Map<unknown, ValidateFunction>();
function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    const resolved = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
    validate = ajv.compile(resolved);
    validators.set(schema, validate);
  }
  return validate;
}

/** Values the schemas cannot tell: the ids and names that exist, a price the server would compute. */
function hints(): Hints {
  const id = (list: number[]) => fc.oneof(fc.constantFrom(...list), fc.integer({ min: 1, max: 50 }));
  const price = (paise: number) => fc.constantFrom(paiseToDecimal(paise), paise / 100, paiseToDecimal(paise + 1));
  return {
    product: id(owned.products),
    order_id: id(owned.orders),
    keyword: fc.oneof(
      fc.constantFrom("neem", "seeds", "बीज", "Seeds", "padd", "drip kit", "*", '"', "OR", "-"),
      fc.string({ maxLength: 20 }),
    ),
    category: fc.constantFrom(...owned.categories, "Tools", "0", "999999"),
    pincode: fc.constantFrom("422001", "411037", "110001", "000000", "99999"),
    postalCode: fc.constantFrom("422001", "411037", "110001"),
    state: fc.constantFrom("Maharashtra", "Maharashtra", "Atlantis", ""),
    phone: fc.constantFrom("9876543210", "+91 98765 43210", "12", ""),
    email: fc.oneof(fc.constant(customer.email), fc.emailAddress()),
    password: fc.oneof(fc.constant(customer.password), fc.string({ minLength: 1, maxLength: 20 })),
    old_password: fc.constant(customer.password),
    // Mostly the first product once at the price the server computes, so orders get placed.
    orderItems: fc.oneof(
      { arbitrary: fc.constant([{ product: owned.products[0], qty: 1 }]), weight: 3 },
      {
        arbitrary: fc.array(fc.record({ product: id(owned.products), qty: fc.integer({ min: 1, max: 200 }) }), { maxLength: 3 }),
        weight: 1,
      },
    ),
    totalPrice: fc.oneof(
      {
        arbitrary: price(Math.round(Number(totalFor(t, [{ product: firstProduct(), qty: 1 }], { buyerState: shipTo().state })) * 100)),
        weight: 3,
      },
      { arbitrary: price(1), weight: 1 },
    ),
    shippingAddress: fc.oneof(
      { arbitrary: fc.constant(shipTo()), weight: 3 },
      {
        arbitrary: fc.constantFrom(ADDRESSES.bengaluru, { ...ADDRESSES.kochi, postalCode: "422001" }, { ...FARM_ADDRESS, phone: "12" }),
        weight: 1,
      },
    ),
    password1: fc.constant("Monsoon-Harvest-2024!"),
    password2: fc.oneof({ arbitrary: fc.constant("Monsoon-Harvest-2024!"), weight: 3 }, { arbitrary: fc.string(), weight: 1 }),
    new_password1: fc.constant("Monsoon-Harvest-2025!"),
    new_password2: fc.constant("Monsoon-Harvest-2025!"),
    amount: fc.constantFrom(...orderTotals.map((order) => order.paise), 1),
    razorpay_order_id: fc.oneof(fc.constant(proof.razorpay_order_id), fc.string({ minLength: 1, maxLength: 30 })),
    razorpay_payment_id: fc.oneof(fc.constant(proof.razorpay_payment_id), fc.string({ minLength: 1, maxLength: 30 })),
    razorpay_signature: fc.oneof(
      fc.constant(proof.razorpay_signature),
      fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 64, maxLength: 64 }),
    ),
    paymentMethod: fc.constantFrom("RazorPay", "RazorPay", "COD", "Cash"),
  };
}

function pathParameter(parameter: Parameter): fc.Arbitrary<unknown> {
  const known = parameter.name === "pin" ? [] : [...owned.orders, ...owned.addresses, ...owned.products, 1];
  // Not "%2e%2e": a URL parser (inject's, fetch's) resolves it as "..", so the request goes to another route.
  const odd = fc.constantFrom(
    0,
    -1,
    2 ** 31,
    2 ** 53,
    "1e3",
    "0x10",
    "abc",
    "%00",
    "%2F",
    "%zz",
    "%E0%A4",
    "1.5",
    " 1",
    "१२",
    "9".repeat(400),
  );
  return fc.oneof(
    { arbitrary: valueFor(parameter.schema), weight: 2 },
    { arbitrary: known.length ? fc.constantFrom(...known) : fc.constantFrom("411037", "110001", "422001"), weight: 3 },
    { arbitrary: odd, weight: 2 },
  );
}

function requestFor(operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const params = operation.parameters ?? [];
  const h = hints();
  const path = fc.record(Object.fromEntries(params.filter((p) => p.in === "path").map((p) => [p.name, pathParameter(p)])));
  const queryParams = params.filter((p) => p.in === "query");
  const query = fc.oneof(
    {
      arbitrary: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, validFor(p.schema, h, p.name)])), { requiredKeys: [] }),
      weight: 2,
    },
    {
      arbitrary: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valueFor(p.schema, h, p.name)])), { requiredKeys: [] }),
      weight: 1,
    },
  );
  const jsonSchema = operation.requestBody?.content["application/json"]?.schema;
  const multipartSchema = operation.requestBody?.content["multipart/form-data"]?.schema;
  // Multipart bodies, well-formed and broken, to every operation with a body: often where it is
  // declared (read part by part), now and then where it is not (a 415).
  const files = { fields: ["photos", "image"], data: fc.oneof(fc.constant(photo), fc.uint8Array({ maxLength: 64 })) };
  const multipart = multipartFor(multipartSchema ?? jsonSchema ?? {}, h, files).map((body) => ({ kind: "multipart" as const, body }));
  const body: fc.Arbitrary<GeneratedRequest["body"]> = jsonSchema
    ? fc.oneof(
        { arbitrary: valueFor(jsonSchema, h).map((value) => ({ kind: "json" as const, value })), weight: 12 },
        { arbitrary: multipart, weight: multipartSchema ? 8 : 1 },
        { arbitrary: fc.constant({ kind: "none" as const }), weight: 1 },
        {
          arbitrary: fc.record({
            kind: fc.constant("raw" as const),
            text: fc.constantFrom("{", '{"a":', "null", "[]", '"x"', "\u0000", '{"__proto__":{"x":1}}', "x".repeat(2_000_000)),
            type: fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded"),
          }),
          weight: 1,
        },
      )
    : fc.constant({ kind: "none" as const });
  const bearer = operation.security?.some((scheme) => "bearer" in scheme) ?? false;
  const broken = fc.constantFrom(
    "Bearer",
    "Bearer ",
    "Bearer x.y.z",
    "Bearer eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoxfQ.",
    "Basic YTpi",
    "bearer  a b",
    `Bearer ${"A".repeat(5000)}`,
    "Bearer \u00e9t\u00e9",
  );
  const caller = fc.oneof(
    { arbitrary: fc.constant(bearer ? "customer" : "nobody"), weight: 8 },
    { arbitrary: fc.constant("nobody"), weight: 1 },
    { arbitrary: broken, weight: 1 },
  );
  const ifNoneMatch = fc.oneof(
    { arbitrary: fc.constant(null), weight: 6 },
    { arbitrary: fc.constantFrom("*", 'W/"x"', '"', "\u0000"), weight: 1 },
  );
  return fc.record({ path, query, body, caller, ifNoneMatch });
}

/** A path segment as UTF-8, percent-encoded (a lone surrogate as U+FFFD, which encodeURIComponent refuses to encode). */
const percentEncoded = (text: string) =>
  Array.from(Buffer.from(text, "utf8"), (byte) =>
    /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
  ).join("");

function urlOf(template: string, request: GeneratedRequest): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = request.path[name];
    // The odd values written percent-encoded ("%00", "%zz") go as they are.
    if (typeof value === "string" && value.startsWith("%")) return value;
    return percentEncoded(typeof value === "object" && value !== null ? JSON.stringify(value) : String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query)) search.set(key, typeof value === "string" ? value : JSON.stringify(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** What is wrong with an answer, if anything: an undocumented status (500 above all), an undocumented content type, a body off its schema. */
function problemsOf(operation: Operation, status: number, contentType: string | undefined, body: string): string | undefined {
  // 503 is documented (the database unavailable), but the database is up throughout this test.
  if (status >= 500) return `answered ${status}: ${body.slice(0, 300)}`;
  const answer = operation.responses[String(status)];
  if (!answer) return `answered ${status}, which it does not document: ${body.slice(0, 300)}`;
  if (!answer.content || status === 304) return undefined;
  const type = (contentType ?? "").split(";")[0]?.trim() ?? "";
  const content = answer.content[type];
  if (!content) return `answered ${status} as ${type}, documented as ${Object.keys(answer.content).join(", ")}`;
  if (type !== "application/json") return undefined;
  const validate = validatorOf(content.schema);
  if (!validate(JSON.parse(body))) return `answered ${status} off its schema: ${ajv.errorsText(validate.errors)}: ${body.slice(0, 300)}`;
  return undefined;
}

/** The shop as it starts, and with the India settings (GST invoices, Cash on Delivery), whose routes have logic of their own. */
describe.each([
  ["default settings", {}],
  ["India settings (GST, COD)", INDIA_ENV],
])("every public and customer operation, by generated requests, with the %s", (_name, env: Record<string, string>) => {
  beforeAll(() => setUp(env));
  afterAll(() => t?.close());

  it("answers only statuses it documents — never 500 — each with a body that fits the document", { timeout: 180_000 }, async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    const chosen = operations.filter(({ operation }) => !operation.tags?.includes("staff") && !SKIPPED.has(operation.operationId));
    console.info(
      `API properties: seed ${SEED} (FUZZ_SEED=${SEED} replays), ${RUNS_PER_OPERATION} requests for each of ${chosen.length} operations`,
    );
    let sent = 0;
    const failures: string[] = [];
    /** The statuses each operation answered, printed: a run that never gets past validation tests little. */
    const tally = new Map<string, Map<number, number>>();
    for (const { method, path, operation } of chosen) {
      try {
        await fc.assert(
          fc.asyncProperty(requestFor(operation), async (request) => {
            sent++;
            const headers: Record<string, string> =
              request.caller === "customer"
                ? await authHeaders(t, customer.id)
                : request.caller === "nobody"
                  ? {}
                  : { authorization: request.caller };
            if (request.ifNoneMatch !== null && method === "GET") headers["if-none-match"] = request.ifNoneMatch;
            let payload: string | Buffer | undefined;
            if (request.body.kind === "json") {
              payload = JSON.stringify(request.body.value) ?? "null";
              headers["content-type"] = "application/json";
            } else if (request.body.kind === "raw") {
              payload = request.body.text;
              headers["content-type"] = request.body.type;
            } else if (request.body.kind === "multipart") {
              const made = multipartOf(request.body.body);
              payload = made.payload;
              headers["content-type"] = made.headers["content-type"];
            }
            const res = await t.app.inject({
              method: method as "GET",
              url: urlOf(path, request),
              headers,
              ...(payload === undefined ? {} : { payload }),
            });
            const seen = tally.get(operation.operationId) ?? new Map<number, number>();
            seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
            tally.set(operation.operationId, seen);
            const problem = problemsOf(operation, res.statusCode, res.headers["content-type"] as string | undefined, res.body);
            if (problem) throw new Error(problem);
          }),
          { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        );
      } catch (error) {
        const { message, cause } = error as Error;
        const lines = message.split("\n").filter((line) => line.startsWith("Counterexample") || line.startsWith("{ seed"));
        failures.push(
          `${method} ${path} (${operation.operationId}): ${(cause as Error | undefined)?.message ?? message}\n${lines.join("\n")}`,
        );
      }
    }
    const statuses = [...tally].map(([id, seen]) => `${id} ${[...seen].map(([status, n]) => `${status}×${n}`).join(" ")}`);
    // The statuses of each operation with FUZZ_VERBOSE=1, or when something failed.
    const detail = process.env.FUZZ_VERBOSE || failures.length ? `\n${statuses.join("\n")}` : "";
    console.info(`API properties: ${sent} requests sent${detail}`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(500);
  });
});
