import { CategorySchema, ProductSchema } from "@krishi/contract/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCategory, makeProduct } from "../testing/factories.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

interface Answer {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: unknown }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, Answer>;
}

let t: TestApp;
let spec: {
  servers?: { url: string }[];
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
};
let operations: { method: string; path: string; operation: Operation }[];

beforeAll(async () => {
  t = await createTestApp({ SITE_URL: "https://shop.example.in" });
  spec = (await t.app.inject("/api/docs/openapi.json")).json();
  operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
});
afterAll(() => t.close());

/** The documented answer of an operation (by its operationId) with that status. */
const answerOf = (id: string, status: number): Answer | undefined =>
  operations.find(({ operation }) => operation.operationId === id)?.operation.responses[status];

/** A concrete URL for a documented path: every parameter 1 (a PIN code for {pin}). */
const urlOf = (path: string) => path.replace("{pin}", "411037").replace(/\{[^}]+\}/g, "1");

describe("the OpenAPI document", () => {
  it("names every operation, each with an operationId of its own", () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter(({ operation }) => !operation.operationId).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
    expect(spec.paths["/api/orders/create-razorpay-order/"]?.post?.operationId).toBe("startRazorpayPayment");
  });

  it("documents the dj-rest-auth routes once, under /api/users/dj-rest-auth/ (the dj_rest_auth spelling is hidden but answers)", async () => {
    const paths = Object.keys(spec.paths);
    expect(paths).toContain("/api/users/dj-rest-auth/login/");
    expect(paths.filter((path) => path.includes("dj_rest_auth"))).toEqual([]);
    expect((await t.app.inject({ method: "POST", url: "/api/users/dj_rest_auth/login/", payload: {} })).statusCode).toBe(400);
  });

  it("names the shop's address (SITE_URL) as its server", () => {
    expect(spec.servers).toEqual([expect.objectContaining({ url: "https://shop.example.in" })]);
  });

  it("describes every tag an operation carries, and gives every operation a summary", () => {
    const described = new Map((spec.tags ?? []).map((tag) => [tag.name, tag.description]));
    for (const { method, path, operation } of operations) {
      expect(operation.summary, `${method} ${path}`).toBeTruthy();
      expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(described.get(tag), `tag ${tag}`).toBeTruthy();
      expect(new Set(operation.tags).size, `${method} ${path}`).toBe(operation.tags?.length);
    }
  });

  it("declares who may call each operation: a bearer operation refuses a call without a token, a public one does not", async () => {
    const undeclared = operations.filter(({ operation }) => !operation.security).map(({ method, path }) => `${method} ${path}`);
    expect(undeclared).toEqual([]);
    const wrong: string[] = [];
    for (const { method, path, operation } of operations) {
      const res = await t.app.inject({
        method: method as "GET",
        url: urlOf(path),
        ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
      });
      // A bearer token is required unless an empty requirement ({}) makes it optional.
      const bearer =
        (operation.security?.some((scheme) => "bearer" in scheme) &&
          !operation.security.some((scheme) => Object.keys(scheme).length === 0)) ??
        false;
      // The token is checked before the body: an empty body is still a 401 (auth-first.test.ts asks with worse ones).
      const expected = bearer ? 401 : null;
      if (expected ? res.statusCode !== expected : res.statusCode === 401)
        wrong.push(`${method} ${path}: documented ${bearer ? "bearer" : "public"}, answered ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(spec.paths["/api/products"]?.get?.security).toEqual([]);
    expect(spec.paths["/api/staff/summary/"]?.get?.security).toEqual([{ bearer: [] }]);
  });

  it("names the shared shapes once (components) and refers to them, the order's shape among them", () => {
    const schemaOf = (id: string, status: number) => answerOf(id, status)?.content?.["application/json"]?.schema;
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    expect(Object.keys(spec.components.schemas)).toEqual(
      expect.arrayContaining(["Product", "ProductSummary", "Order", "User", "LoginInfo", "Error", "Category", "SavedAddress"]),
    );
    expect(schemaOf("getProduct", 200)).toEqual(ref("Product"));
    expect(schemaOf("listProducts", 200)).toEqual({ type: "array", items: ref("ProductSummary") });
    expect(schemaOf("listProducts", 400)).toEqual(ref("Error"));
    expect(schemaOf("getOrder", 200)).toEqual(ref("Order"));
    expect(schemaOf("getProfile", 200)).toEqual(ref("User"));
    expect(schemaOf("logIn", 200)).toEqual(ref("LoginInfo"));
    expect(spec.components.schemas.LoginInfo?.properties?.user).toEqual(ref("User"));
    expect(spec.components.schemas.Product?.properties?.category).toEqual(ref("Category"));
    // The order's shape is written once, in its component.
    expect(JSON.stringify(spec).match(/"paymentDueAt":/g)).toHaveLength(1);
  });

  it("leaves the routes' own schemas alone: answers are serialized as before", async () => {
    expect(ProductSchema.properties.category).toBe(CategorySchema);
    const product = await makeProduct(t.database.db, { name: "Neem Oil", pricePaise: 249_50 });
    const res = await t.app.inject(`/api/products/${product.id}/`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(Object.keys(ProductSchema.properties).sort());
    expect(body).toMatchObject({ _id: product.id, name: "Neem Oil", price: "249.50", category: product.category, reviews: [] });
  });

  it("documents the error answers an operation can give: 401 with a token, 403 for staff, 429 when rate-limited, 503 with the database, 500 for all", () => {
    const missing: string[] = [];
    for (const { method, path, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      const expected = ["500"];
      if (operation.security?.some((scheme) => "bearer" in scheme)) expected.push("401");
      if (operation.tags?.includes("staff")) expected.push("403");
      if (!["checkHealth", "getConfig"].includes(operation.operationId ?? "")) expected.push("503");
      for (const status of expected) if (!statuses.includes(status)) missing.push(`${method} ${path}: ${status}`);
      if (!statuses.some((status) => status.startsWith("2"))) missing.push(`${method} ${path}: 2xx`);
    }
    expect(missing).toEqual([]);
    for (const id of ["logIn", "register", "resendVerificationEmail", "refreshToken", "requestPasswordReset"]) {
      expect(answerOf(id, 429)?.headers, id).toHaveProperty("Retry-After");
    }
    expect(answerOf("startRazorpayPayment", 401)?.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Error" });
    expect(answerOf("listProducts", 503)?.headers).toHaveProperty("Retry-After");
    expect(answerOf("placeOrder", 413)).toBeDefined();
    expect(answerOf("placeOrder", 415)).toBeDefined();
  });

  it("documents the 304 of the catalogue's cached answers, which a client gets by sending their ETag back", async () => {
    for (const id of ["listProducts", "listCategories", "getProduct"]) expect(answerOf(id, 304), id).toBeDefined();
    const product = await makeProduct(t.database.db);
    const first = await t.app.inject(`/api/products/${product.id}/`);
    const again = await t.app.inject({ url: `/api/products/${product.id}/`, headers: { "if-none-match": String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("documents the bodies a client may send as a form: the image upload (multipart) and create-razorpay-order (form or JSON)", () => {
    const bodyOf = (id: string) => operations.find(({ operation }) => operation.operationId === id)?.operation.requestBody?.content;
    expect(bodyOf("uploadProductImage")?.["multipart/form-data"]?.schema.properties).toEqual({
      image: expect.objectContaining({ type: "string", format: "binary" }),
      product_id: expect.objectContaining({ type: "integer" }),
    });
    expect(Object.keys(bodyOf("startRazorpayPayment") ?? {})).toEqual(
      expect.arrayContaining(["application/json", "application/x-www-form-urlencoded", "multipart/form-data"]),
    );
  });

  it("documents logout's token and body as optional, as the server takes it", async () => {
    const logout = operations.find(({ operation }) => operation.operationId === "logOut")?.operation;
    expect(logout?.security).toEqual([{}, { bearer: [] }]);
    expect(logout?.requestBody?.required).toBe(false);
    expect(operations.find(({ operation }) => operation.operationId === "logIn")?.operation.requestBody?.required).toBe(true);
    const res = await t.app.inject({ method: "POST", url: "/api/users/dj-rest-auth/logout/" });
    expect(res.statusCode).toBe(200);
  });

  it("documents the PDF and CSV answers", () => {
    const content = (id: string) => answerOf(id, 200)?.content;
    expect(content("getInvoice")).toEqual({ "application/pdf": { schema: { type: "string", format: "binary" } } });
    expect(content("getCreditNote")).toEqual({ "application/pdf": { schema: { type: "string", format: "binary" } } });
    expect(Object.keys(content("getGstReport") ?? {})).toEqual(["text/csv"]);
    expect(Object.keys(content("getServiceability") ?? {})).toEqual(["text/csv"]);
  });

  it("declares the paging headers the lists send", async () => {
    const headersOf = (id: string) => Object.keys(answerOf(id, 200)?.headers ?? {}).sort();
    expect(headersOf("listProducts")).toEqual(["Link", "X-Page-Count", "X-Total-Count"]);
    expect(headersOf("listUsers")).toEqual(["X-Page-Count", "X-Total-Count"]);
    expect(headersOf("listOrders")).toEqual(["X-Page-Count", "X-Total-Count"]);
    const category = await makeCategory(t.database.db);
    await makeProduct(t.database.db, { categoryId: category.id });
    await makeProduct(t.database.db, { categoryId: category.id });
    const res = await t.app.inject(`/api/products?category=${category.id}&page_size=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(res.headers).toMatchObject({ "x-total-count": "2", "x-page-count": "2", link: expect.stringContaining('rel="next"') });
  });
});
