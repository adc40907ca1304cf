import { sql, type Transaction } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/schema.ts";
import { makeCategory, makeProduct } from "../../testing/factories.ts";
import { createTestApp, createTestDatabase, type TestApp } from "../../testing/test-app.ts";
import { DEFAULT_LABEL, labelRow } from "./admin.ts";
import { countProducts, findPage } from "./product-pages.ts";
import * as repo from "./repository.ts";
import { searchBackendFor } from "./search-backends.ts";
import { rebuildSearchIndex, searchColumns } from "./search-index.ts";
import { SEARCH_LIMIT } from "./search-match.ts";
import { planSearch } from "./search-plan.ts";
import { CatalogService } from "./service.ts";

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

  it("answers nothing, not everything, for a keyword of only punctuation or LIKE's wildcards", async () => {
    for (const keyword of ["!!!", "%%%", "_%_", "\\%", "--- ..."]) {
      const res = await list(`keyword=${encodeURIComponent(keyword)}`);
      expect(res.statusCode, keyword).toBe(200);
      expect(res.json(), keyword).toEqual([]);
      expect(res.headers["x-total-count"], keyword).toBe("0");
    }
  });
});

describe("one typo forgiven in a longer word", () => {
  it.each(["urya", "fertlizer", "fertlisers", "sprayr", "tamatr", "mirchi"])("finds what %s means", async (keyword) => {
    const expected = {
      urya: [ids.urea],
      fertlizer: [ids.dap, ids.urea],
      fertlisers: [ids.dap, ids.urea],
      sprayr: [ids.sprayer],
      tamatr: [ids.tomato],
      mirchi: [],
    }[keyword] as number[];
    expect((await byKeyword(keyword)).sort()).toEqual(expected.sort());
  });

  it("corrects only the word the index lacks, and the other words still count", async () => {
    expect(await byKeyword("neem urya")).toEqual([ids.urea]);
    expect(await byKeyword("tomato urya")).toEqual([]);
  });

  it("never corrects a word the index has: 'jute' does not also find 'jite'", async () => {
    const { db } = t.database;
    const tools = await db.selectFrom("categories").select("id").where("name", "=", "Farm Tools").executeTakeFirstOrThrow();
    const jute = await makeProduct(db, { name: "Jute Twine", categoryId: tools.id, createdAt: "2024-12-01T00:00:00.000Z" });
    const jite = await makeProduct(db, { name: "Jite Rope", categoryId: tools.id, createdAt: "2024-12-02T00:00:00.000Z" });
    try {
      expect(await byKeyword("jute")).toEqual([jute.id]);
      expect(await byKeyword("jutte")).toEqual([jute.id]);
    } finally {
      await db.deleteFrom("products").where("id", "in", [jute.id, jite.id]).execute();
    }
  });

  it("never corrects a number: '451' finds nothing", async () => {
    expect(await byKeyword("451")).toEqual([]);
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
    expect(res.json()).toEqual({
      sort: [message],
      detail: `sort: ${message}`,
      message: `sort: ${message}`,
      code: "field_invalid",
      field_errors: { sort: [{ code: "invalid_choice", params: { choices: "newest, price_asc, price_desc, rating" } }] },
    });
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

describe("full-text search at scale (migration 0007)", () => {
  it("answers best first: a match in the name before a match in the description only, newest first among equals", async () => {
    // The sprayer (newer) mentions neem in its description only; the urea has it in its name.
    expect(await byKeyword("neem")).toEqual([ids.urea, ids.sprayer]);
    // An explicit sort still wins.
    expect(await found("keyword=neem&sort=newest")).toEqual([ids.sprayer, ids.urea]);
    expect(await found("keyword=neem&sort=price_asc")).toEqual([ids.urea, ids.sprayer]);
  });

  it.each(["tomatoe", "tomatos", "Tomatoe seeds"])("finds the tomato seeds despite the typo %s", async (keyword) => {
    expect(await byKeyword(keyword)).toEqual([ids.tomato]);
  });

  it.each(["toma", "hybr", "abhil", "टमा"])("finds the tomato seeds by the start of a word, %s", async (keyword) => {
    expect(await byKeyword(keyword)).toEqual([ids.tomato]);
  });

  it("pages best-first results without repeating or skipping one", async () => {
    const all = await found("keyword=seed");
    expect(all.length).toBeGreaterThanOrEqual(3);
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.length / 2); page++) pages.push(...(await found(`keyword=seed&page_size=2&page=${page}`)));
    expect(pages).toEqual(all);
  });

  it("answers every page, those past the middle read from the end too, equal to the same part of the whole list", async () => {
    for (const filter of ["", "&in_stock=true"]) {
      for (const sort of ["", "&sort=price_asc", "&sort=price_desc", "&sort=rating"]) {
        const all = await found(`page_size=100${filter}${sort}`);
        expect(all.length, filter).toBeGreaterThanOrEqual(3);
        for (const size of [1, 2, 3]) {
          const pages: number[] = [];
          for (let page = 1; page <= Math.ceil(all.length / size); page++) {
            pages.push(...(await found(`page_size=${size}&page=${page}${filter}${sort}`)));
          }
          expect(pages, `${filter}${sort} by ${size}`).toEqual(all);
        }
      }
    }
  });
});

describe("the search index, kept in step by the catalogue's writer", () => {
  const write = <T>(work: (trx: Transaction<Database>) => Promise<T>) => t.database.db.transaction().execute(work);
  const fields = (name: string) =>
    write(async (trx) => ({
      name,
      brand: "Kisan",
      category: await repo.categoryNamed(trx, "Farm Tools"),
      description: "",
      nameHi: "",
      descriptionHi: "",
      hsnCode: "",
      gstRate: 0,
      packs: [
        {
          label: "1 pack",
          sku: "",
          netQuantity: 1,
          unit: "piece" as const,
          pricePaise: 99_00,
          mrpPaise: 99_00,
          countInStock: 1,
          weightGrams: 0,
        },
      ],
      label: labelRow(DEFAULT_LABEL),
    }));
  const at = "2025-02-01T00:00:00.000Z";
  // A new query string each time: the answer cache (keyed by URL) must not answer for the index.
  let n = 0;
  const search = (keyword: string) => found(`keyword=${encodeURIComponent(keyword)}&fresh=${++n}`);

  it("finds a product once created, by its new words once edited, and never once deleted", async () => {
    const created = await fields("Solar Fence Energiser");
    const index = searchBackendFor(t.database.dialect);
    const id = await write((trx) => repo.insertProduct(trx, created, at, index));
    expect(await search("energiser")).toEqual([id]);
    await write((trx) => repo.updateProduct(trx, id, { ...created, name: "Solar Fence Charger" }, at, index));
    expect(await search("energiser")).toEqual([]);
    expect(await search("charger")).toEqual([id]);
    expect(await search("chargers")).toEqual([id]);
    await write((trx) => repo.deleteProduct(trx, id, index));
    expect(await search("charger")).toEqual([]);
    expect(await search("fence")).toEqual([]);
  });

  it("rebuildSearchIndex indexes products a bulk loader wrote directly, and keeps the others", async () => {
    const { db } = t.database;
    const category = await db.selectFrom("categories").select("id").where("name", "=", "Seeds").executeTakeFirstOrThrow();
    const name = "Bulk Loaded Bajra Seeds";
    const { id } = await db
      .insertInto("products")
      .values({
        name,
        brand: "Bulk",
        category_id: category.id,
        description: "",
        price_paise: 10_00,
        count_in_stock: 1,
        ...searchColumns({ name, brand: "Bulk", category: "Seeds", description: "" }),
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await rebuildSearchIndex(db, searchBackendFor(t.database.dialect));
    expect(await search("bajra")).toEqual([id]);
    expect(await search("yuria")).toEqual([ids.urea]);
    await rebuildSearchIndex(db, searchBackendFor(t.database.dialect));
    expect(await search("bajra")).toEqual([id]);
    await db.deleteFrom("products").where("id", "=", id).execute();
    await rebuildSearchIndex(db, searchBackendFor(t.database.dialect));
    expect(await search("bajra")).toEqual([]);
  });
});

describe("typos and counts among a few thousand products", () => {
  // Loaded directly and indexed with rebuildSearchIndex, as the bench loads its catalogue.
  const crops = ["Tomato", "Potato", "Tobacco", "Tamarind", "Turmeric", "Tomatillo"];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let catalog: CatalogService;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const category = await makeCategory(db, "Seeds", "बीज");
    const at = "2025-03-01T00:00:00.000Z";
    for (let start = 0; start < 3_000; start += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => {
        const i = start + k;
        const name = `${crops[i % crops.length]} Seeds ${i}`;
        const description = `Lot ${i * 7}, sow in rows.`;
        return {
          name,
          brand: "Kisan",
          category_id: category.id,
          description,
          price_paise: 100_00 + i,
          count_in_stock: 1,
          ...searchColumns({ name, brand: "Kisan", category: "Seeds", description }),
          created_at: at,
          updated_at: at,
        };
      });
      await db.insertInto("products").values(rows).execute();
    }
    await rebuildSearchIndex(db, searchBackendFor(database.dialect));
    catalog = new CatalogService(db, searchBackendFor(database.dialect));
  }, 60_000);
  afterAll(() => database.close());

  const search = async (keyword: string, page = 1) => {
    catalog.invalidate();
    return catalog.listProducts({ keyword, page, pageSize: 100 });
  };

  it.each(["tomatoe", "tomatos", "Tomatoe seeds", "potatoe"])("corrects %s to the crop's word alone, best first", async (keyword) => {
    const crop = keyword.toLowerCase().startsWith("t") ? "Tomato" : "Potato";
    const { products, total } = await search(keyword);
    expect(total).toBe(500);
    expect(products).toHaveLength(100);
    expect(products.every((p) => p.name.startsWith(`${crop} Seeds `))).toBe(true);
    // Newest (highest id) first, no product twice.
    const ids = products.map((p) => p._id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("pages name matches newest first, whether the newest rows hold them or only older rows do", async () => {
    const all = await database.db.selectFrom("products").select(["id", "name"]).orderBy("id", "desc").execute();
    // "Seeds 2…": 1 111 names, the newest 1 000 rows among them; "Seeds 12…": 111 names, all older.
    for (const [keyword, digits] of [
      ["Seeds 2", "2"],
      ["Seeds 12", "12"],
    ]) {
      const inName = all.filter((p) => new RegExp(`Seeds ${digits}\\d*$`).test(p.name)).map((p) => p.id);
      const found = [...(await search(keyword as string)).products, ...(await search(keyword as string, 2)).products].map((p) => p._id);
      const shown = Math.min(200, inName.length);
      expect(inName.length, keyword).toBeGreaterThan(100);
      expect(found.slice(0, shown), keyword).toEqual(inName.slice(0, shown));
    }
  });

  it("finds every word a number starts, when those are few and when they are many", async () => {
    const all = await database.db.selectFrom("products").select(["id", "name", "description"]).orderBy("id", "desc").execute();
    // "299": 299 and 2990–2999, and lot 2996 (few words, looked up); "29": hundreds of words.
    for (const digits of ["299", "29"]) {
      const words = (text: string) => text.split(/[^0-9a-z]+/i);
      const starts = (text: string) => words(text).some((word) => word.startsWith(digits));
      const inName = all.filter((p) => starts(p.name)).map((p) => p.id);
      const elsewhere = all.filter((p) => !starts(p.name) && starts(p.description)).map((p) => p.id);
      const { products, total } = await search(`seeds ${digits}`);
      expect(total, digits).toBe(Math.min(SEARCH_LIMIT, inName.length + elsewhere.length));
      expect(
        products.map((p) => p._id),
        digits,
      ).toEqual([...inName, ...elsewhere].slice(0, 100));
    }
  });

  it("finds nothing for a word spelled like none, and never corrects a number", async () => {
    expect((await search("xylophone")).total).toBe(0);
    expect((await search("lot 99999999")).total).toBe(0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("rebuildSearchIndex rebuilds PostgreSQL's search indexes whole", async () => {
    const files = async () =>
      (
        await sql<{ name: string; file: number }>`select relname as name, relfilenode::int as file from pg_class
          where relname like 'products_search%' and relkind = 'i' order by relname`.execute(database.db)
      ).rows;
    const before = await files();
    expect(before).toHaveLength(3);
    await rebuildSearchIndex(database.db, searchBackendFor(database.dialect));
    const after = await files();
    expect(after.map((index) => index.name)).toEqual(before.map((index) => index.name));
    for (const [i, index] of after.entries()) expect(index.file, index.name).not.toBe(before[i]?.file);
    // The postings are read by index-only scans: every page of the table all-visible after it.
    const { rows } = await sql<{ pages: number; visible: number }>`select relpages as pages, relallvisible as visible
      from pg_class where relname = 'search_postings'`.execute(database.db);
    expect(rows[0]?.pages).toBeGreaterThan(0);
    expect(rows[0]?.visible).toBe(rows[0]?.pages);
    expect((await search("tomato")).total).toBe(500);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("the statements that warm a PostgreSQL connection for search run on the schema", async () => {
    await expect(database.warmConnections(searchBackendFor(database.dialect).warmUp(database.db))).resolves.toBeUndefined();
    expect((await search("tomato seeds")).total).toBe(500);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "PostgreSQL's postings and its GIN indexes find the same pages and counts of a words plan",
    async () => {
      const { db } = database;
      const backend = searchBackendFor(database.dialect);
      const keywords = [
        "tomato seeds",
        "seeds 2",
        "seeds 12",
        "kisan sow",
        "lot 29",
        "299",
        "tomatoe",
        "rows",
        "seeds tomato kisan",
        "2999",
      ];
      for (const keyword of keywords) {
        const planned = await planSearch(db, backend, { keyword });
        expect(planned.plan?.kind, keyword).toBe("words");
        const read = async (postings: boolean) => {
          const search = { ...planned, postings, counted: undefined };
          const pages = [];
          for (const offset of [0, 100, 900, 990]) {
            pages.push((await findPage(db, backend, search, { sort: undefined, limit: 100, offset })).map((p) => p.id));
          }
          return { total: await countProducts(db, backend, search), pages };
        };
        const fromPostings = await read(true);
        expect(fromPostings.total, keyword).toBeGreaterThan(0);
        expect(fromPostings, keyword).toEqual(await read(false));
      }
    },
  );

  it(`counts and pages a keyword's best ${SEARCH_LIMIT} matches at most`, async () => {
    const first = await search("sow");
    expect(first.total).toBe(SEARCH_LIMIT);
    expect(first.pages).toBe(SEARCH_LIMIT / 100);
    const last = await search("sow", SEARCH_LIMIT / 100);
    expect(last.products).toHaveLength(100);
    await expect(search("sow", SEARCH_LIMIT / 100 + 1)).rejects.toThrow("Invalid page.");
    // A list without a keyword is counted in full.
    expect((await catalog.listProducts({ category: "Seeds" })).total).toBe(3_000);
  });
});
