import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeCategory, makeProduct, makeUser } from "../../testing/factories.ts";
import { placeOrder } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { BAD_GST_RATE, BAD_HSN, SAMPLE_PRODUCT, STOCK_MOVED } from "./admin.ts";

let t: TestApp;
let asStaff: Record<string, string>;
let seeds: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  asStaff = await authHeaders(t, (await makeUser(t.database.db, { is_staff: true })).id);
  seeds = await makeCategory(t.database.db, "Seeds");
});
afterAll(() => t.close());

const edit = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: `/api/products/update/${id}/`, headers: asStaff, payload });
const fields = {
  name: "Bt cotton seeds 450 g",
  price: "865.50",
  brand: "Rasi",
  countInStock: 40,
  category: 0,
  description: "Bollworm tolerant.",
};
const search = async (keyword: string) =>
  (await t.app.inject({ url: `/api/products?keyword=${encodeURIComponent(keyword)}` })).json().map((p: { _id: number }) => p._id);

describe("POST /api/products/create/", () => {
  it("creates a sample product to edit and answers it with its _id", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/products/create/", headers: asStaff });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json();
    expect(product).toMatchObject({
      name: SAMPLE_PRODUCT.name,
      brand: SAMPLE_PRODUCT.brand,
      price: "0.00",
      countInStock: 0,
      images: [],
      reviews: [],
    });
    expect(product.category.name).toBe(SAMPLE_PRODUCT.category);
    expect((await t.app.inject({ url: `/api/products/${product._id}/` })).statusCode).toBe(200);
  });
});

describe("the categories shoppers see", () => {
  let shop: TestApp;
  let staff: Record<string, string>;
  beforeAll(async () => {
    shop = await createTestApp();
    staff = await authHeaders(shop, (await makeUser(shop.database.db, { is_staff: true })).id);
  });
  afterAll(() => shop.close());

  const categoryNames = async () =>
    (await shop.app.inject({ url: "/api/products/category/" })).json().map((category: { name: string }) => category.name);

  it("leave out Create Product's sample category once its product is moved to another, and any category without products", async () => {
    const tools = await makeCategory(shop.database.db, "Farm tools");
    await makeCategory(shop.database.db, "Empty shelf");
    await makeProduct(shop.database.db, { categoryId: tools.id });
    expect(await categoryNames()).toEqual(["Farm tools"]);

    const created = await shop.app.inject({ method: "POST", url: "/api/products/create/", headers: staff });
    expect(created.statusCode, created.body).toBe(201);
    // The sample is a product shoppers can open: its category lists it.
    expect(await categoryNames()).toEqual(["Farm tools", SAMPLE_PRODUCT.category]);

    const moved = await shop.app.inject({
      method: "PUT",
      url: `/api/products/update/${created.json()._id}/`,
      headers: staff,
      payload: { ...fields, category: tools.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await categoryNames()).toEqual(["Farm tools"]);
    // The category itself is kept (staff may fill it again), and holds nothing.
    const rows = await shop.database.db.selectFrom("categories").select("name").orderBy("name").execute();
    expect(rows.map((row) => row.name)).toEqual(["Empty shelf", "Farm tools", SAMPLE_PRODUCT.category]);
    const listed = await shop.app.inject({ url: `/api/products?category=${encodeURIComponent(SAMPLE_PRODUCT.category)}` });
    expect(listed.json()).toEqual([]);
  });
});

describe("PUT /api/products/update/{id}/", () => {
  it("sets every field; list, detail and search show the change at once (caches included)", async () => {
    const product = await makeProduct(t.database.db, { name: "Old name", categoryId: seeds.id });
    // Warm the caches first.
    await t.app.inject({ url: `/api/products/${product.id}/` });
    expect(await search("bollworm")).not.toContain(product.id);

    const res = await edit(product.id, { ...fields, _id: product.id, category: seeds.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      _id: product.id,
      name: fields.name,
      price: "865.50",
      brand: "Rasi",
      countInStock: 40,
      category: seeds,
    });

    expect((await t.app.inject({ url: `/api/products/${product.id}/` })).json().name).toBe(fields.name);
    expect(await search("bollworm")).toContain(product.id);
    expect(await search("rasi")).toContain(product.id);
    expect(await search("old name")).not.toContain(product.id);
  });

  it("creates a category given by a new name, and reuses one given by an existing name in any case", async () => {
    const product = await makeProduct(t.database.db);
    const created = await edit(product.id, { ...fields, category: "Drip irrigation" });
    expect(created.statusCode, created.body).toBe(200);
    const category = created.json().category;
    expect(category.name).toBe("Drip irrigation");
    const categories = (await t.app.inject({ url: "/api/products/category/" })).json();
    expect(categories).toContainEqual(category);

    const again = await edit(product.id, { ...fields, category: "drip IRRIGATION" });
    expect(again.json().category).toEqual(category);
    expect(await search("drip irrigation")).toContain(product.id);
  });

  it("refuses an unknown category id, a zero or malformed price and negative stock, changing nothing", async () => {
    const product = await makeProduct(t.database.db, { name: "Untouched", pricePaise: 100_00 });
    const cases: [Record<string, unknown>, string][] = [
      [{ category: 999_999 }, "category"],
      [{ category: "   " }, "category"],
      [{ price: "0" }, "price"],
      [{ price: "12.345" }, "price"],
      [{ price: -5 }, "price"],
      [{ countInStock: -1 }, "countInStock"],
      [{ countInStock: 1.5 }, "countInStock"],
      [{ name: "" }, "name"],
      [{ name: "   " }, "name"],
    ];
    for (const [change, field] of cases) {
      const res = await edit(product.id, { ...fields, category: seeds.id, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()[field], JSON.stringify(change)).toBeDefined();
    }
    const row = await t.database.db.selectFrom("products").selectAll().where("id", "=", product.id).executeTakeFirstOrThrow();
    expect([row.name, Number(row.price_paise)]).toEqual(["Untouched", 100_00]);
  });

  it("never writes back a stock count that sales have changed since the form was loaded", async () => {
    const { db } = t.database;
    const product = await makeProduct(db, { pricePaise: 100_00, stock: 10 });
    const customer = await authHeaders(t, (await makeUser(db)).id);
    // The form shows 10; meanwhile 3 are sold.
    await placeOrder(t, customer, { id: product.id, pricePaise: 100_00 }, 3);

    const renamed = await edit(product.id, { ...fields, category: seeds.id, countInStock: 10, stockSeen: 10 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: fields.name, countInStock: 7 });

    const restock = await edit(product.id, { ...fields, category: seeds.id, countInStock: 50, stockSeen: 10 });
    expect(restock.statusCode).toBe(409);
    expect(restock.json().detail).toBe(STOCK_MOVED);
    expect((await edit(product.id, { ...fields, category: seeds.id, countInStock: 50, stockSeen: 7 })).json().countInStock).toBe(50);
  });

  it("stores the Hindi name and description, finds the product by them, and keeps them when an edit leaves them out", async () => {
    const product = await makeProduct(t.database.db, { categoryId: seeds.id });
    const hindi = { nameHi: "  बीटी कपास के बीज ", descriptionHi: "सुंडी से बचाव वाली किस्म।" };
    const res = await edit(product.id, { ...fields, category: seeds.id, ...hindi });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: fields.name, nameHi: "बीटी कपास के बीज", descriptionHi: hindi.descriptionHi });
    // Its own Hindi name first; the search words (kapas = cotton) bring the other cotton seeds after it.
    expect((await search("कपास"))[0]).toBe(product.id);
    expect((await search("kapas"))[0]).toBe(product.id);
    expect(await search("सुंडी")).toEqual([product.id]);

    const kept = await edit(product.id, { ...fields, category: seeds.id, name: "Bt cotton seeds 900 g" });
    expect(kept.json()).toMatchObject({ name: "Bt cotton seeds 900 g", nameHi: "बीटी कपास के बीज", descriptionHi: hindi.descriptionHi });
    expect((await search("kapas"))[0]).toBe(product.id);

    const cleared = await edit(product.id, { ...fields, category: seeds.id, nameHi: "", descriptionHi: "" });
    expect(cleared.json()).toMatchObject({ nameHi: "", descriptionHi: "" });
    // "kapas" still finds it through the search words (kapas = cotton); the Hindi texts' own words do not.
    expect(await search("सुंडी")).toEqual([]);
    expect(await search("बीटी")).toEqual([]);
  });

  it("refuses a Hindi name over 200 characters or a Hindi description over 10,000, changing nothing", async () => {
    const product = await makeProduct(t.database.db, { nameHi: "पुराना नाम" });
    for (const [change, field] of [
      [{ nameHi: "क".repeat(201) }, "nameHi"],
      [{ descriptionHi: "क".repeat(10_001) }, "descriptionHi"],
      [{ nameHi: ["बीज"] }, "nameHi"],
    ] as const) {
      const res = await edit(product.id, { ...fields, category: seeds.id, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()[field], field).toHaveLength(1);
    }
    const row = await t.database.db.selectFrom("products").select("name_hi").where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(row.name_hi).toBe("पुराना नाम");
  });

  it("sets the HSN code and GST rate, shows them in the list and the detail, and keeps them when an edit leaves them out", async () => {
    const product = await makeProduct(t.database.db, { categoryId: seeds.id });
    expect((await t.app.inject({ url: `/api/products/${product.id}/` })).json()).toMatchObject({ hsnCode: "", gstRate: 0 });

    const res = await edit(product.id, { ...fields, category: seeds.id, hsnCode: "3105 20", gstRate: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hsnCode: "310520", gstRate: 5 });
    const listed = (await t.app.inject({ url: `/api/products?keyword=${encodeURIComponent(fields.name)}` })).json();
    expect(listed.find((p: { _id: number }) => p._id === product.id)).toMatchObject({ hsnCode: "310520", gstRate: 5 });

    const kept = await edit(product.id, { ...fields, category: seeds.id, name: "Renamed" });
    expect(kept.json()).toMatchObject({ name: "Renamed", hsnCode: "310520", gstRate: 5 });
    const cleared = await edit(product.id, { ...fields, category: seeds.id, hsnCode: "", gstRate: 0 });
    expect(cleared.json()).toMatchObject({ hsnCode: "", gstRate: 0 });
    const row = await t.database.db
      .selectFrom("products")
      .select(["hsn_code", "gst_rate"])
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect([row.hsn_code, Number(row.gst_rate)]).toEqual(["", 0]);
  });

  it.each([
    [{ gstRate: 7 }, "gstRate", BAD_GST_RATE],
    [{ gstRate: 5.5 }, "gstRate", BAD_GST_RATE],
    [{ gstRate: -5 }, "gstRate", BAD_GST_RATE],
    [{ gstRate: "five" }, "gstRate", BAD_GST_RATE],
    [{ gstRate: null }, "gstRate", BAD_GST_RATE],
    [{ hsnCode: "12" }, "hsnCode", BAD_HSN],
    [{ hsnCode: "12345" }, "hsnCode", BAD_HSN],
    [{ hsnCode: "123456789" }, "hsnCode", BAD_HSN],
    [{ hsnCode: "12AB" }, "hsnCode", BAD_HSN],
    [{ hsnCode: 1209 }, "hsnCode", BAD_HSN],
  ])("refuses %j with a message for the field, changing nothing", async (change, field, message) => {
    const product = await makeProduct(t.database.db, { name: "Taxed", categoryId: seeds.id });
    expect((await edit(product.id, { ...fields, name: "Taxed", category: seeds.id, hsnCode: "1209", gstRate: 0 })).statusCode).toBe(200);
    const res = await edit(product.id, { ...fields, category: seeds.id, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      [field]: [message],
      detail: `${field}: ${message}`,
      message: `${field}: ${message}`,
      code: "tax_fields_invalid",
      field_errors: { [field]: [{ code: field === "hsnCode" ? "hsn_invalid" : "gst_rate_invalid" }] },
    });
    const row = await t.database.db
      .selectFrom("products")
      .select(["name", "hsn_code", "gst_rate"])
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect([row.name, row.hsn_code, Number(row.gst_rate)]).toEqual(["Taxed", "1209", 0]);
  });

  it("answers 404 for an unknown product", async () => {
    expect((await edit(2_000_000_000, { ...fields, category: seeds.id })).statusCode).toBe(404);
  });
});

describe("DELETE /api/products/delete/{id}/", () => {
  it("removes the product from the catalogue; an order keeps its line", async () => {
    const { db } = t.database;
    const product = await makeProduct(db, { name: "Discontinued urea", pricePaise: 300_00, stock: 3 });
    const customer = await makeUser(db);
    const placed = await placeOrder(t, await authHeaders(t, customer.id), { id: product.id, pricePaise: 300_00 });
    await t.app.inject({ url: `/api/products/${product.id}/` });

    const res = await t.app.inject({ method: "DELETE", url: `/api/products/delete/${product.id}/`, headers: asStaff });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ url: `/api/products/${product.id}/` })).statusCode).toBe(404);
    expect(await search("discontinued")).toEqual([]);

    const order = (await t.app.inject({ url: `/api/orders/${placed._id}/`, headers: asStaff })).json();
    expect(order.orderItems).toEqual([expect.objectContaining({ product: null, name: "Discontinued urea", price: "300.00", qty: 1 })]);
    expect((await t.app.inject({ method: "DELETE", url: `/api/products/delete/${product.id}/`, headers: asStaff })).statusCode).toBe(404);
  });
});
