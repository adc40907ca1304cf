import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCategory, makeProduct } from "../../testing/factories.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/** Keyword search in English and Hindi, category keywords, sorting and the in-stock filter. */

let t: TestApp;
const ids = { urea: 0, dap: 0, tomato: 0, okra: 0, sprayer: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const seeds = await makeCategory(db, "Seeds", "बीज");
  const fertilisers = await makeCategory(db, "Fertilisers", "उर्वरक");
  const tools = await makeCategory(db, "Farm Tools", "कृषि उपकरण");
  const product = async (key: keyof typeof ids, input: Parameters<typeof makeProduct>[1], rating: number) => {
    const { id } = await makeProduct(db, input);
    await db.updateTable("products").set({ rating, num_reviews: 1 }).where("id", "=", id).execute();
    ids[key] = id;
  };
  // Oldest first: urea, dap, tomato, okra, sprayer.
  await product(
    "urea",
    {
      name: "Neem Coated Urea 45 kg",
      nameHi: "नीम लेपित यूरिया 45 किग्रा",
      descriptionHi: "46% नाइट्रोजन वाली खाद",
      categoryId: fertilisers.id,
      pricePaise: 266_50,
      stock: 100,
      createdAt: "2025-01-01T00:00:00.000Z",
    },
    4,
  );
  await product(
    "dap",
    {
      name: "DAP Fertiliser 50 kg",
      nameHi: "डीएपी खाद",
      categoryId: fertilisers.id,
      pricePaise: 1_350_00,
      stock: 0,
      createdAt: "2025-01-02T00:00:00.000Z",
    },
    2,
  );
  await product(
    "tomato",
    {
      name: "Hybrid Tomato Seeds Abhilash",
      nameHi: "टमाटर के हाइब्रिड बीज",
      categoryId: seeds.id,
      pricePaise: 1_249_50,
      stock: 35,
      createdAt: "2025-01-03T00:00:00.000Z",
    },
    4.5,
  );
  await product(
    "okra",
    {
      name: "Okra Seeds Arka Anamika",
      nameHi: "भिंडी बीज",
      categoryId: seeds.id,
      pricePaise: 120_00,
      stock: 0,
      createdAt: "2025-01-04T00:00:00.000Z",
    },
    3,
  );
  await product(
    "sprayer",
    {
      name: "Knapsack Sprayer 16 L",
      description: "Sprays neem oil on vegetables; also for treating seeds before sowing.",
      categoryId: tools.id,
      pricePaise: 2_500_00,
      stock: 12,
      createdAt: "2025-01-05T00:00:00.000Z",
    },
    1,
  );
});
afterAll(() => t.close());

const list = (query: string) => t.app.inject({ url: `/api/products/?${query}` });
const found = async (query: string) => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().map((p: { _id: number }) => p._id) as number[];
};
const byKeyword = (keyword: string) => found(`keyword=${encodeURIComponent(keyword)}`);

describe("keyword search in English and Hindi", () => {
  it.each(["यूरिया", "yuria", "yooriya", "urea", "UREA", "Yuriya"])("finds the urea by %s", async (keyword) => {
    expect(await byKeyword(keyword)).toEqual([ids.urea]);
  });

  it("finds the fertiliser category's products spelled fertilizer or fertiliser", async () => {
    const british = await byKeyword("fertiliser");
    expect(british.sort()).toEqual([ids.urea, ids.dap].sort());
    expect((await byKeyword("fertilizer")).sort()).toEqual(british.sort());
    expect((await byKeyword("Fertilizers")).sort()).toEqual(british.sort());
  });

  it.each(["tamatar", "टमाटर", "Tamaatar"])("finds the tomato seeds by their Hindi name written %s", async (keyword) => {
    expect(await byKeyword(keyword)).toEqual([ids.tomato]);
  });

  it("needs every word of the keyword: 'bhindee beej' finds the okra seeds, 'bhindi khad' nothing", async () => {
    expect(await byKeyword("bhindee beej")).toEqual([ids.okra]);
    expect(await byKeyword("bhindi khad")).toEqual([]);
  });

  it("finds a Hindi description's words, and still the text as typed, even inside a word", async () => {
    expect(await byKeyword("नाइट्रोजन")).toEqual([ids.urea]);
    expect(await byKeyword("oated ure")).toEqual([ids.urea]);
    expect(await byKeyword("16 l")).toEqual([ids.sprayer]);
  });

  it("answers nothing for a word none of the products has, in any spelling", async () => {
    expect(await byKeyword("tractor")).toEqual([]);
    expect(await byKeyword("ट्रैक्टर")).toEqual([]);
  });
});

describe("a keyword that names a category", () => {
  it("lists exactly that category's products, not every product whose text mentions it", async () => {
    // The sprayer's description mentions seeds: a text search finds it, the category does not.
    expect(await byKeyword("seed")).toContain(ids.sprayer);
    for (const keyword of ["Seeds", "  seeds ", "SEEDS", "बीज"]) {
      const res = await list(`keyword=${encodeURIComponent(keyword)}`);
      expect(
        res.json().map((p: { _id: number }) => p._id),
        keyword,
      ).toEqual([ids.okra, ids.tomato]);
      expect(res.headers["x-total-count"]).toBe("2");
    }
  });

  it("takes the Hindi name of a category of more than one word", async () => {
    expect(await byKeyword("कृषि उपकरण")).toEqual([ids.sprayer]);
  });

  it("combines with the category filter", async () => {
    expect(await found("keyword=Seeds&category=Fertilisers")).toEqual([]);
    expect(await found("keyword=Fertilisers&category=%E0%A4%89%E0%A4%B0%E0%A5%8D%E0%A4%B5%E0%A4%B0%E0%A4%95")).toEqual([ids.dap, ids.urea]);
  });
});

describe("sorting the product list", () => {
  it.each([
    ["", ["sprayer", "okra", "tomato", "dap", "urea"]],
    ["sort=newest", ["sprayer", "okra", "tomato", "dap", "urea"]],
    ["sort=price_asc", ["okra", "urea", "tomato", "dap", "sprayer"]],
    ["sort=price_desc", ["sprayer", "dap", "tomato", "urea", "okra"]],
    ["sort=rating", ["tomato", "urea", "okra", "dap", "sprayer"]],
  ] as const)("orders by %s", async (query, order) => {
    expect(await found(query)).toEqual(order.map((key) => ids[key]));
  });

  it("sorts the matches of a keyword", async () => {
    expect(await found("keyword=Seeds&sort=price_asc")).toEqual([ids.okra, ids.tomato]);
  });

  it("keeps the sort on every page and in the Link header", async () => {
    const first = await list("sort=price_desc&page_size=2");
    expect(first.json().map((p: { _id: number }) => p._id)).toEqual([ids.sprayer, ids.dap]);
    expect(first.headers.link).toContain('</api/products/?sort=price_desc&page_size=2&page=2>; rel="next"');
    expect(await found("sort=price_desc&page_size=2&page=2")).toEqual([ids.tomato, ids.urea]);
  });

  it.each(["cheapest", "PRICE_ASC", ""])("refuses sort=%s with a 400 naming the field", async (sort) => {
    const res = await list(`sort=${sort}`);
    expect(res.statusCode).toBe(400);
    const message = "Must be one of: newest, price_asc, price_desc, rating.";
    expect(res.json()).toEqual({ sort: [message], detail: `sort: ${message}`, message: `sort: ${message}` });
  });
});

describe("the in-stock filter", () => {
  it.each(["true", "1"])("with in_stock=%s lists only products with stock, counted so in the paging headers", async (flag) => {
    const res = await list(`in_stock=${flag}&page_size=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { _id: number }) => p._id)).toEqual([ids.sprayer, ids.tomato]);
    expect(res.headers["x-total-count"]).toBe("3");
    expect(res.headers.link).toContain(`</api/products/?in_stock=${flag}&page_size=2&page=2>; rel="last"`);
    expect(await found(`in_stock=${flag}&page_size=2&page=2`)).toEqual([ids.urea]);
  });

  it("lists every product with in_stock=false or 0", async () => {
    for (const flag of ["false", "0"]) {
      const res = await list(`in_stock=${flag}`);
      expect(res.json()).toHaveLength(5);
      expect(res.headers["x-total-count"]).toBe("5");
    }
  });

  it("combines with a keyword and a sort", async () => {
    expect(await found("keyword=fertilizer&in_stock=1&sort=price_desc")).toEqual([ids.urea]);
    expect(await found("keyword=Seeds&in_stock=true")).toEqual([ids.tomato]);
  });

  it("refuses in_stock=yes with a 400 naming the field", async () => {
    const res = await list("in_stock=yes");
    expect(res.statusCode).toBe(400);
    expect(res.json().in_stock).toEqual(["Must be one of: true, 1, false, 0."]);
  });
});

describe("Hindi names in the product JSON", () => {
  it("answers nameHi, descriptionHi and the category's nameHi in the list and the detail", async () => {
    const [listed] = (await list("keyword=urea")).json();
    expect(listed).toMatchObject({
      name: "Neem Coated Urea 45 kg",
      nameHi: "नीम लेपित यूरिया 45 किग्रा",
      descriptionHi: "46% नाइट्रोजन वाली खाद",
      category: { name: "Fertilisers", nameHi: "उर्वरक" },
    });
    const detail = (await t.app.inject({ url: `/api/products/${ids.urea}/` })).json();
    expect(detail).toMatchObject({ nameHi: listed.nameHi, descriptionHi: listed.descriptionHi, category: listed.category });
    const categories = (await t.app.inject({ url: "/api/products/category/" })).json();
    expect(categories).toContainEqual({ id: listed.category.id, name: "Fertilisers", nameHi: "उर्वरक" });
  });
});
