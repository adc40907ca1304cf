import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeCategory, makeProduct, makeUser } from "../../testing/factories.ts";
import { placeOrder } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
let seeds: { id: number; name: string }[];
let fertiliser: { id: number; name: string };
let neem: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const seedsCategory = await makeCategory(db, "Seeds");
  fertiliser = await makeCategory(db, "Fertilisers");
  seeds = [];
  for (let i = 0; i < 30; i++) {
    seeds.push(await makeProduct(db, { name: `Tomato Seeds ${i}`, brand: "Syngenta", categoryId: seedsCategory.id }));
  }
  neem = await makeProduct(db, {
    name: "Neem Coated Urea",
    brand: "IFFCO",
    categoryId: fertiliser.id,
    description: "46 % nitrogen, 100% neem coated",
    pricePaise: 266_50,
    stock: 0,
    images: ["images/urea-1.webp", "images/urea-2.webp"],
  });
  const reviewer = await makeUser(db, { first_name: "Ramesh", last_name: "Patil" });
  await db
    .insertInto("reviews")
    .values({
      product_id: neem.id,
      user_id: reviewer.id,
      name: "Ramesh Patil",
      rating: 4,
      comment: "Good",
      created_at: "2025-03-01T10:00:00.000Z",
    })
    .execute();
  await db.updateTable("products").set({ rating: 4, num_reviews: 1 }).where("id", "=", neem.id).execute();
});

afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

/** Writes the stock of these products' (one) packs and their totals behind the catalogue's back. */
async function setStock(ids: number[], count: number) {
  await t.database.db.updateTable("product_variants").set({ count_in_stock: count }).where("product_id", "in", ids).execute();
  await t.database.db.updateTable("products").set({ count_in_stock: count }).where("id", "in", ids).execute();
}

describe("GET /api/products", () => {
  it("answers a page of products newest first with the spec's fields", async () => {
    const res = await get("/api/products");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(24);
    expect(res.headers["x-total-count"]).toBe("31");
    const first = body[0];
    expect(first).toEqual({
      _id: neem.id,
      name: "Neem Coated Urea",
      brand: "IFFCO",
      category: { id: fertiliser.id, name: "Fertilisers", nameHi: "" },
      description: "46 % nitrogen, 100% neem coated",
      nameHi: "",
      descriptionHi: "",
      price: "266.50",
      hsnCode: "",
      gstRate: 0,
      countInStock: 0,
      rating: 4,
      numReviews: 1,
      images: [
        { id: expect.any(Number), image: "images/urea-1.webp" },
        { id: expect.any(Number), image: "images/urea-2.webp" },
      ],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      variants: [
        {
          id: expect.any(Number),
          label: "1 pack",
          sku: "",
          netQuantity: 1,
          unit: "piece",
          price: "266.50",
          mrp: "266.50",
          countInStock: 0,
          weightGrams: 0,
        },
      ],
      label: {
        kind: "general",
        manufacturer: "",
        manufacturerAddress: "",
        countryOfOrigin: "India",
        genericName: "",
        bestBefore: "",
        customerCare: "",
        cibrcNumber: "",
        seedVariety: "",
        seedLot: "",
        germinationPercent: null,
        seedTestDate: "",
        fcoGrade: "",
        genericNameHi: "",
        countryOfOriginHi: "",
        bestBeforeHi: "",
        customerCareHi: "",
      },
    });
    expect(first).not.toHaveProperty("reviews");
  });

  it("pages with Link and X-Total-Count headers", async () => {
    const res = await get("/api/products?page=2");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(7);
    expect(res.headers.link).toBe('</api/products?page=1>; rel="first", </api/products?page=1>; rel="prev"');
    const first = await get("/api/products?keyword=tomato&page_size=10");
    expect(first.headers.link).toContain('</api/products?keyword=tomato&page_size=10&page=2>; rel="next"');
    expect(first.headers.link).toContain('rel="last"');
  });

  it.each([
    ["keyword in the name", "tomato seeds 1", 11],
    ["keyword in the brand, any case", "iffco", 1],
    ["keyword in the category name", "fertilisers", 1],
    ["keyword in the description", "nitrogen", 1],
    ["a LIKE wildcard taken literally", "100%", 1],
    ["an underscore taken literally", "tomato_seeds", 0],
    ["nothing matching", "tractor", 0],
  ])("searches by %s", async (_what, keyword, count) => {
    const res = await get(`/api/products?keyword=${encodeURIComponent(keyword)}&page_size=100`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(count);
    expect(res.headers["x-total-count"]).toBe(String(count));
  });

  it("filters by category id or name", async () => {
    const byId = await get(`/api/products?category=${fertiliser.id}`);
    expect(byId.json().map((p: { _id: number }) => p._id)).toEqual([neem.id]);
    const byName = await get("/api/products?category=seeds&page_size=100");
    expect(byName.json()).toHaveLength(30);
    const unknown = await get("/api/products?category=Tractors");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
  });

  it("answers an empty list, not an error, when nothing matches", async () => {
    const res = await get("/api/products?keyword=zzz");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers.link).toBeUndefined();
  });

  it.each([
    ["page=0", "page", "Ensure this value is greater than or equal to 1."],
    ["page=-3", "page", "Ensure this value is greater than or equal to 1."],
    ["page=abc", "page", "A valid integer is required."],
    ["page=1.5", "page", "A valid integer is required."],
    ["page_size=101", "page_size", "Ensure this value is less than or equal to 100."],
    [`keyword=${"x".repeat(201)}`, "keyword", "Ensure this field has no more than 200 characters."],
  ])("refuses %s with a 400 naming the field", async (query, field, message) => {
    const res = await get(`/api/products?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body[field]).toEqual([message]);
    expect(body.detail).toBe(`${field}: ${message}`);
    expect(body.message).toBe(body.detail);
  });

  it("answers 404 Invalid page past the last page", async () => {
    const res = await get("/api/products?page=3");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Invalid page.", message: "Invalid page.", code: "page_not_found" });
  });

  it("accepts the path with a trailing slash too", async () => {
    const res = await get("/api/products/?keyword=iffco");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
  });
});

describe("GET /api/products/{id}/", () => {
  it("answers the product with its images and reviews", async () => {
    const res = await get(`/api/products/${neem.id}/`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.name).toBe("Neem Coated Urea");
    expect(body.images.map((i: { image: string }) => i.image)).toEqual(["images/urea-1.webp", "images/urea-2.webp"]);
    expect(body.reviews).toEqual([
      {
        _id: expect.any(Number),
        user: expect.any(Number),
        name: "Ramesh Patil",
        rating: 4,
        comment: "Good",
        createdAt: "2025-03-01T10:00:00.000Z",
      },
    ]);
  });

  it("answers without the trailing slash too", async () => {
    expect((await get(`/api/products/${neem.id}`)).statusCode).toBe(200);
  });

  it("answers 404 with detail for an unknown product", async () => {
    const res = await get("/api/products/999999/");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      detail: "No Product matches the given query.",
      message: "No Product matches the given query.",
      code: "product_not_found",
    });
  });

  it.each(["abc", "0", "-1", "1.5", "99999999999"])("answers 400 for the id %s", async (id) => {
    const res = await get(`/api/products/${id}/`);
    expect(res.statusCode).toBe(400);
    expect(res.json().id).toHaveLength(1);
  });
});

describe("GET /api/products/category/", () => {
  it("lists categories by name", async () => {
    const res = await get("/api/products/category/");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: fertiliser.id, name: "Fertilisers", nameHi: "" },
      { id: expect.any(Number), name: "Seeds", nameHi: "" },
    ]);
  });
});

describe("unknown API paths", () => {
  it("answer a JSON 404, never the web page", async () => {
    const res = await get("/api/nothing-here");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json()).toEqual({ detail: "Not found.", message: "Not found.", code: "not_found" });
  });
});

describe("caching of catalogue answers", () => {
  it("answers 304 to a client that already has the current list", async () => {
    const first = await get("/api/products?keyword=iffco");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url: "/api/products?keyword=iffco", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers["x-total-count"]).toBe("1");
  });

  it("shows a change made through this process at once after invalidate()", async () => {
    const before = (await get(`/api/products/${neem.id}/`)).json();
    await setStock([neem.id], 5);
    // Still the cached copy: the write did not go through the service.
    expect((await get(`/api/products/${neem.id}/`)).json().countInStock).toBe(before.countInStock);
    t.app.services.catalog.invalidate();
    expect((await get(`/api/products/${neem.id}/`)).json().countInStock).toBe(5);
    await setStock([neem.id], 0);
    t.app.services.catalog.invalidate();
  });

  it("drops, on an order, only the answers showing its products and the lists filtered by stock", async () => {
    const db = t.database.db;
    const bought = seeds[0] as { id: number };
    const other = seeds[1] as { id: number };
    const stockOf = async (url: string, id: number) =>
      ((await get(url)).json() as { _id: number; countInStock: number }[]).find((p) => p._id === id)?.countInStock;
    const urls = {
      bought: `/api/products/${bought.id}/`,
      other: `/api/products/${other.id}/`,
      all: "/api/products?page_size=100",
      inStock: "/api/products?in_stock=true&page_size=100",
      fertilisers: "/api/products?category=Fertilisers",
    };
    for (const url of Object.values(urls)) expect((await get(url)).statusCode).toBe(200);
    // Written behind the catalogue's back: a kept answer still shows the old values.
    await setStock([other.id], 3);
    await setStock([neem.id], 2);

    const buyer = await makeUser(db);
    const headers = await authHeaders(t, buyer.id);
    const order = await placeOrder(t, headers, { id: bought.id, pricePaise: 249_00 });

    expect((await get(urls.bought)).json().countInStock).toBe(9);
    expect(await stockOf(urls.all, bought.id)).toBe(9);
    expect(await stockOf(urls.all, other.id)).toBe(3);
    expect(await stockOf(urls.inStock, neem.id)).toBe(2);
    // Kept: neither shows the ordered product.
    expect((await get(urls.other)).json().countInStock).toBe(10);
    expect(await stockOf(urls.fertilisers, neem.id)).toBe(0);

    // Cancelled: its units are back, and the other answers still kept.
    const cancelled = await t.app.inject({ method: "POST", url: `/api/orders/${order._id}/cancel/`, headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await get(urls.bought)).json().countInStock).toBe(10);
    expect(await stockOf(urls.all, bought.id)).toBe(10);
    expect((await get(urls.other)).json().countInStock).toBe(10);
    expect(await stockOf(urls.fertilisers, neem.id)).toBe(0);

    await setStock([bought.id, other.id], 10);
    await setStock([neem.id], 0);
    t.app.services.catalog.invalidate();
  });
});
