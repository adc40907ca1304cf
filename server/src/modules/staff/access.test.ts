import type { CropInput, ProblemInput } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_COUPON } from "../../seed/demo.ts";
import { authHeaders } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { anImage, multipart } from "../../testing/multipart.ts";
import { insertOrderRow, paySandbox, placeOrder } from "../../testing/orders.ts";
import { deliveredOrder, requestReturn } from "../../testing/returns.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { insert as insertPromotion } from "../promotions/repository.ts";

/**
 * Deny by default: every route of the staff scope (the app's own route table, not a list kept
 * here) answers 401 without a token and 403 to a customer. The staff's successful call needs an
 * example request below; a new staff route without one fails "has an example for every staff route".
 */

let t: TestApp;
let as: { customer: Record<string, string>; staff: Record<string, string> };
let ids: { user: number; product: number; order: number };

type Example = () => Promise<{ url: string; payload?: unknown; headers?: Record<string, string> }>;

/** A finished dry run of a price list without problems (one that may be applied). */
let checkedImports = 0;
async function checkedImport(): Promise<number> {
  const sku = `ACCESS-${++checkedImports}`;
  await makeProduct(t.database.db, { packs: [{ sku }] });
  const sheet = Buffer.from(`sku,price\n${sku},10\n`);
  const started = await t.app.services.catalogueImports.start({ fileName: "prices.csv", format: "csv", sheet }, true, null);
  return (await t.app.services.catalogueImports.waitFor(started.id, 30_000)).id;
}

const examples: Record<string, Example> = {
  "GET /api/users/": async () => ({ url: "/api/users/" }),
  "GET /api/users/:id/": async () => ({ url: `/api/users/${ids.user}/` }),
  "PUT /api/users/update/:id/": async () => ({
    url: `/api/users/update/${ids.user}/`,
    payload: { first_name: "Ravi", last_name: "Patil", email: "ravi.patil@example.in", isAdmin: false },
  }),
  "DELETE /api/users/delete/:id/": async () => ({ url: `/api/users/delete/${(await makeUser(t.database.db)).id}/` }),
  "POST /api/products/create/": async () => ({ url: "/api/products/create/" }),
  "PUT /api/products/update/:id/": async () => ({
    url: `/api/products/update/${ids.product}/`,
    payload: {
      name: "Neem oil 1 L",
      price: "349.00",
      brand: "Kisan",
      countInStock: 12,
      category: "Bio-pesticides",
      description: "Cold pressed.",
    },
  }),
  "DELETE /api/products/delete/:id/": async () => ({ url: `/api/products/delete/${(await makeProduct(t.database.db)).id}/` }),
  "POST /api/products/upload/": async () => {
    const body = multipart({ product_id: String(ids.product) }, [
      { field: "image", filename: "leaf.png", contentType: "image/png", data: await anImage() },
    ]);
    return { url: "/api/products/upload/", payload: body.payload, headers: body.headers };
  },
  "DELETE /api/products/images/:id/": async () => {
    const product = await makeProduct(t.database.db, { images: ["images/gone.webp"] });
    const image = await t.database.db
      .selectFrom("product_images")
      .select("id")
      .where("product_id", "=", product.id)
      .executeTakeFirstOrThrow();
    return { url: `/api/products/images/${image.id}/` };
  },
  "PUT /api/products/:id/images/order/": async () => {
    const product = await makeProduct(t.database.db, { images: ["images/a.webp", "images/b.webp"] });
    const images = await t.database.db.selectFrom("product_images").select("id").where("product_id", "=", product.id).execute();
    return { url: `/api/products/${product.id}/images/order/`, payload: { images: images.map((image) => image.id).reverse() } };
  },
  "GET /api/orders/": async () => ({ url: "/api/orders/?paid=false" }),
  "PUT /api/orders/:id/deliver/": async () => ({ url: `/api/orders/${ids.order}/deliver/` }),
  "PUT /api/orders/:id/pack/": async () => ({ url: `/api/orders/${await paidOrder()}/pack/` }),
  "PUT /api/orders/:id/events/:event/": async () => ({ url: `/api/orders/${await paidOrder()}/events/pack/` }),
  "PUT /api/orders/:id/ship/": async () => ({
    url: `/api/orders/${await paidOrder()}/ship/`,
    payload: { courier: "India Post", awb: "EE123456789IN", trackingUrl: "" },
  }),
  "POST /api/orders/:id/refund/": async () => {
    // Paid through the sandbox, so the sandbox has the payment to refund.
    const product = await makeProduct(t.database.db, { pricePaise: 249_00 });
    const order = await placeOrder(t, as.customer, { id: product.id, pricePaise: 249_00 });
    expect((await paySandbox(t, as.customer, order)).statusCode).toBe(200);
    return { url: `/api/orders/${order._id}/refund/`, payload: { amount: "1.00", reason: "Damaged bag" } };
  },
  "PUT /api/orders/:id/returns/:returnId/": async () => {
    const product = await makeProduct(t.database.db, { pricePaise: 120_00 });
    const order = await deliveredOrder(t, as.customer, as.staff, { id: product.id, pricePaise: 120_00 });
    const asked = await requestReturn(t, as.customer, order._id, { lines: [{ product: product.id, qty: 1 }], reason: "damaged" });
    expect(asked.statusCode, asked.body).toBe(201);
    return { url: `/api/orders/${order._id}/returns/${asked.json().id}/`, payload: { action: "approve" } };
  },
  "PUT /api/orders/:id/refunds/:refundId/": async () => {
    // A delivered Cash on Delivery order whose cash was received, with a transfer refund to pay.
    const db = t.database.db;
    const id = await insertOrderRow(db, {
      userId: ids.user,
      email: "asha@example.in",
      paidAt: new Date().toISOString(),
      deliveredAt: new Date().toISOString(),
    });
    await db.updateTable("orders").set({ payment_method: "COD" }).where("id", "=", id).execute();
    const at = new Date().toISOString();
    await db.insertInto("refund_accounts").values({ order_id: id, kind: "upi", upi: "asha@okaxis", updated_at: at }).execute();
    const refund = await db
      .insertInto("refunds")
      .values({
        order_id: id,
        amount_paise: 100_00,
        reason: "Torn bag",
        status: "pending",
        idempotency_key: `access-${id}`,
        razorpay_payment_id: "",
        method: "transfer",
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { url: `/api/orders/${id}/refunds/${refund.id}/`, payload: { reference: "UTR0001" } };
  },
  "PUT /api/orders/:id/cod-received/": async () => {
    // A Cash on Delivery order on its way, its cash not yet recorded.
    const id = await insertOrderRow(t.database.db, { userId: ids.user, email: "asha@example.in" });
    await t.database.db
      .updateTable("orders")
      .set({ status: "shipped", payment_method: "COD", payment_due_at: null })
      .where("id", "=", id)
      .execute();
    return { url: `/api/orders/${id}/cod-received/` };
  },
  "GET /api/staff/summary/": async () => ({ url: "/api/staff/summary/" }),
  "GET /api/staff/gst-report/": async () => ({ url: "/api/staff/gst-report/?from=2026-04-01&to=2026-04-30" }),
  "PUT /api/staff/serviceability/": async () => ({
    url: "/api/staff/serviceability/",
    payload: "pin,deliveryDays,cod\n4110,2,yes\n",
    headers: { "content-type": "text/csv" },
  }),
  "GET /api/staff/serviceability/": async () => ({ url: "/api/staff/serviceability/" }),
  "GET /api/staff/catalogue/export/": async () => ({ url: "/api/staff/catalogue/export/?format=csv" }),
  "POST /api/staff/catalogue/import/": async () => {
    const { payload, headers } = multipart({}, [
      { field: "file", filename: "prices.csv", contentType: "text/csv", data: Buffer.from("sku,price\nACCESS-0,10\n") },
    ]);
    return { url: "/api/staff/catalogue/import/?dry_run=true", payload, headers };
  },
  "GET /api/staff/catalogue/imports/": async () => ({ url: "/api/staff/catalogue/imports/" }),
  "GET /api/staff/catalogue/imports/:id/": async () => ({ url: `/api/staff/catalogue/imports/${await checkedImport()}/` }),
  "POST /api/staff/catalogue/imports/:id/apply/": async () => ({ url: `/api/staff/catalogue/imports/${await checkedImport()}/apply/` }),
  "DELETE /api/staff/serviceability/": async () => ({ url: "/api/staff/serviceability/" }),
  "GET /api/staff/shipping-rules/": async () => ({ url: "/api/staff/shipping-rules/" }),
  "POST /api/staff/shipping-rules/": async () => ({
    url: "/api/staff/shipping-rules/",
    payload: { zone: nextZone(), minGrams: 0, maxGrams: 5_000, charge: "60.00" },
  }),
  "PUT /api/staff/shipping-rules/:id/": async () => ({
    url: `/api/staff/shipping-rules/${await aShippingRule()}/`,
    payload: { zone: nextZone(), minGrams: 0, maxGrams: null, charge: "120.00", freeAbove: "5000.00" },
  }),
  "DELETE /api/staff/shipping-rules/:id/": async () => ({ url: `/api/staff/shipping-rules/${await aShippingRule()}/` }),
  "PUT /api/staff/shipping-rules/csv/": async () => ({
    url: "/api/staff/shipping-rules/csv/",
    payload: "zone,minGrams,maxGrams,charge,freeAbove\n,0,,80,\n",
    headers: { "content-type": "text/csv" },
  }),
  "GET /api/staff/shipping-rules/csv/": async () => ({ url: "/api/staff/shipping-rules/csv/" }),
  "GET /api/staff/promotions/": async () => ({ url: "/api/staff/promotions/" }),
  "GET /api/staff/promotions/report/": async () => ({ url: "/api/staff/promotions/report/" }),
  "POST /api/staff/promotions/": async () => ({
    url: "/api/staff/promotions/",
    payload: { description: "Free delivery over ₹999", kind: "free_shipping", minAmount: "999" },
  }),
  "PUT /api/staff/promotions/:id/": async () => ({
    url: `/api/staff/promotions/${await aPromotion()}/`,
    payload: { description: "₹5 off each bag from 10 bags", kind: "unit_off", tiers: [{ minQty: 10, amount: "5.00" }] },
  }),
  "DELETE /api/staff/promotions/:id/": async () => ({ url: `/api/staff/promotions/${await aPromotion()}/` }),
  "GET /api/staff/vocabulary/": async () => ({ url: "/api/staff/vocabulary/" }),
  "POST /api/staff/vocabulary/": async () => ({ url: "/api/staff/vocabulary/", payload: { words: ["bhusa", "straw"] } }),
  "PUT /api/staff/vocabulary/:id/": async () => ({
    url: `/api/staff/vocabulary/${await aVocabularyGroup()}/`,
    payload: { words: ["bhusa", "wheat straw"] },
  }),
  "DELETE /api/staff/vocabulary/:id/": async () => ({ url: `/api/staff/vocabulary/${await aVocabularyGroup()}/` }),
  "GET /api/staff/crops/": async () => ({ url: "/api/staff/crops/" }),
  "POST /api/staff/crops/": async () => ({ url: "/api/staff/crops/", payload: cropBody(`crop-${++slugs}`) }),
  "PUT /api/staff/crops/:slug/": async () => ({ url: `/api/staff/crops/${await aCrop()}/`, payload: cropBody(`crop-${++slugs}`) }),
  "DELETE /api/staff/crops/:slug/": async () => ({ url: `/api/staff/crops/${await aCrop()}/` }),
  "POST /api/staff/problems/": async () => ({ url: "/api/staff/problems/", payload: problemBody(`problem-${++slugs}`) }),
  "PUT /api/staff/problems/:slug/": async () => ({
    url: `/api/staff/problems/${await aProblem()}/`,
    payload: problemBody(`problem-${++slugs}`),
  }),
  "DELETE /api/staff/problems/:slug/": async () => ({ url: `/api/staff/problems/${await aProblem()}/` }),
};

/** Crops and problems of their own, for an example to change or remove. */
let slugs = 0;
const cropBody = (slug: string): CropInput => ({ slug, name: "Cotton", nameHi: "कपास", seasons: ["kharif"], stages: [], problems: [] });
const problemBody = (slug: string): ProblemInput => ({ slug, kind: "pest", name: "Whitefly", nameHi: "", symptoms: "", symptomsHi: "" });
async function aCrop(): Promise<string> {
  const crop = await t.app.services.crops.createCrop(cropBody(`crop-${++slugs}`));
  if (!crop.ok) throw new Error(crop.failure.kind);
  return crop.value.slug;
}
async function aProblem(): Promise<string> {
  const problem = await t.app.services.crops.createProblem(problemBody(`problem-${++slugs}`));
  if (!problem.ok) throw new Error(problem.failure.kind);
  return problem.value.slug;
}

/** A group of the search vocabulary of its own. */
async function aVocabularyGroup(): Promise<number> {
  const row = await t.database.db
    .insertInto("vocabulary_groups")
    .values({ words: JSON.stringify(["bhusa", "straw"]), updated_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A PIN prefix no other example's rule has, so no two rules' slabs overlap. */
let zones = 0;
const nextZone = () => String(110_000 + ++zones);

/** A shipping rule of its own zone, for an example to change or remove. */
async function aPromotion(): Promise<number> {
  return insertPromotion(t.database.db, { ...DEMO_COUPON, code: null }, new Date().toISOString());
}

async function aShippingRule(): Promise<number> {
  const row = await t.database.db
    .insertInto("shipping_rules")
    .values({
      zone: nextZone(),
      min_grams: 0,
      max_grams: null,
      charge_paise: 50_00,
      free_above_paise: null,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const customer = await makeUser(db);
  const staff = await makeUser(db, { is_staff: true });
  as = { customer: await authHeaders(t, customer.id), staff: await authHeaders(t, staff.id) };
  const product = await makeProduct(db);
  const order = { id: await insertOrderRow(db, { userId: customer.id, email: customer.email, paidAt: new Date().toISOString() }) };
  ids = { user: customer.id, product: product.id, order: order.id };
});
afterAll(() => t.close());

async function paidOrder(): Promise<number> {
  return insertOrderRow(t.database.db, {
    userId: ids.user,
    email: "asha@example.in",
    paidAt: new Date().toISOString(),
    razorpayPaymentId: "pay_access",
  });
}

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe("the staff scope", () => {
  it("holds the storefront's staff routes and the back office", () => {
    const keys = t.app.staffRoutes.map(routeKey);
    for (const key of [
      "GET /api/users/",
      "DELETE /api/users/delete/:id/",
      "PUT /api/products/update/:id/",
      "GET /api/orders/",
      "PUT /api/orders/:id/deliver/",
    ]) {
      expect(keys).toContain(key);
    }
  });

  it("has an example for every staff route", () => {
    expect(t.app.staffRoutes.map(routeKey).sort()).toEqual(Object.keys(examples).sort());
  });

  it("is the only place with routes documented as staff", () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>> };
    const documented = Object.entries(spec.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.tags?.includes("staff"))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
    );
    expect(documented.sort()).toEqual(t.app.staffRoutes.map(routeKey).sort());
  });
});

describe.each(Object.keys(examples))("%s", (key) => {
  const method = key.split(" ")[0] as "GET" | "POST" | "PUT" | "DELETE";
  const example = examples[key] as Example;

  it("answers 401 without a token, before reading the body", async () => {
    const { url, payload, headers } = await example();
    const res = await t.app.inject({ method, url, payload: payload as string, headers });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().detail).toBe("Authentication credentials were not provided.");
  });

  it("answers 403 to a customer", async () => {
    const { url, payload, headers } = await example();
    const res = await t.app.inject({ method, url, payload: payload as string, headers: { ...headers, ...as.customer } });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().detail).toBe("You do not have permission to perform this action.");
  });

  it("serves staff", async () => {
    const { url, payload, headers } = await example();
    const res = await t.app.inject({ method, url, payload: payload as string, headers: { ...headers, ...as.staff } });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, res.body).toBeLessThan(300);
  });
});
