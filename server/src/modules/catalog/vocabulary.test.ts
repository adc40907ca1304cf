import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeCategory, makeProduct, makeUser } from "../../testing/factories.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { queryKeys } from "./search-keys.ts";
import { MAX_ALTERNATIVES, Synonyms } from "./search-vocabulary.ts";

/**
 * The words farmers type, on a demo-like catalogue: Indian spellings of a word, and the shop's
 * search vocabulary (seeded by migration 0019, edited by staff) for its Hindi and English
 * equivalents; results best first. On SQLite, and on PostgreSQL when TEST_DATABASE_URL names one.
 */

type Headers = Record<string, string>;
let t: TestApp;
let staff: Headers;
let customer: Headers;
const ids = { urea: 0, dap: 0, npk: 0, mop: 0, vermicompost: 0, sprayer: 0, okra: 0 };
const FERTILISERS = ["urea", "dap", "npk", "mop", "vermicompost"] as const;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  staff = await authHeaders(t, (await makeUser(db, { is_staff: true })).id);
  customer = await authHeaders(t, (await makeUser(db)).id);
  const fertilisers = await makeCategory(db, "Fertilisers", "उर्वरक");
  const tools = await makeCategory(db, "Farm Tools", "कृषि उपकरण");
  const seeds = await makeCategory(db, "Seeds", "बीज");
  let day = 1;
  const product = async (key: keyof typeof ids, input: Parameters<typeof makeProduct>[1]) => {
    const createdAt = `2025-01-${String(day++).padStart(2, "0")}T00:00:00.000Z`;
    ids[key] = (await makeProduct(db, { ...input, createdAt })).id;
  };
  // Oldest first, as the demo catalogue lists them: Muriate of Potash is newer than urea.
  await product("urea", {
    name: "Neem Coated Urea",
    nameHi: "नीम लेपित यूरिया",
    description: "Neem-coated urea with 46 % nitrogen; slows nitrogen release and reduces losses.",
    categoryId: fertilisers.id,
  });
  await product("dap", {
    name: "DAP 18-46-0 50 kg",
    nameHi: "डीएपी 18-46-0 50 किग्रा",
    description: "Di-ammonium phosphate for basal application.",
    descriptionHi: "बुवाई के समय आधार (बेसल) खाद के लिए डाई-अमोनियम फॉस्फेट।",
    categoryId: fertilisers.id,
  });
  await product("npk", {
    name: "NPK 19-19-19 Water Soluble 1 kg",
    description: "Fully water-soluble balanced fertiliser for drip and foliar spray in the vegetative stage.",
    categoryId: fertilisers.id,
  });
  await product("mop", {
    name: "Muriate of Potash 50 kg",
    nameHi: "म्यूरेट ऑफ़ पोटाश (पोटाश) 50 किग्रा",
    description: "60 % K2O potash for fruit size, sugar content and disease tolerance.",
    categoryId: fertilisers.id,
  });
  await product("vermicompost", {
    name: "Vermicompost 25 kg",
    nameHi: "वर्मीकम्पोस्ट (केंचुआ खाद) 25 किग्रा",
    description: "Earthworm compost rich in humus and micro-organisms.",
    categoryId: fertilisers.id,
  });
  await product("sprayer", {
    name: "Battery Knapsack Sprayer 16 L",
    description: "12 V battery sprayer with adjustable pressure and four nozzles. Sprays up to 12 tanks on a charge.",
    categoryId: tools.id,
  });
  await product("okra", { name: "Okra Seeds Arka Anamika", nameHi: "भिंडी बीज", categoryId: seeds.id });
});
afterAll(() => t.close());

const search = async (keyword: string): Promise<number[]> => {
  const res = await t.app.inject({ url: `/api/products/?keyword=${encodeURIComponent(keyword)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().map((p: { _id: number }) => p._id);
};
const sorted = (list: readonly number[]) => [...list].sort((a, b) => a - b);

const VOCABULARY = "/api/staff/vocabulary/";
const create = (payload: unknown, headers = staff) =>
  t.app.inject({ method: "POST", url: VOCABULARY, headers, payload: payload as object });
const update = (id: number | string, payload: unknown, headers = staff) =>
  t.app.inject({ method: "PUT", url: `${VOCABULARY}${id}/`, headers, payload: payload as object });
const remove = (id: number | string, headers = staff) => t.app.inject({ method: "DELETE", url: `${VOCABULARY}${id}/`, headers });

describe("Indian spellings of a word", () => {
  it.each(["uria", "uraea", "yuria", "urea", "Yooriya", "यूरिया"])(
    "%s finds the urea first, and Muriate of Potash not before it",
    async (keyword) => {
      const found = await search(keyword);
      expect(found[0]).toBe(ids.urea);
      expect(found).not.toContain(ids.mop);
    },
  );
});

describe("the search vocabulary", () => {
  it.each(["khad", "खाद", "Khaad"])("%s finds every fertiliser, those with the word itself first", async (keyword) => {
    const found = await search(keyword);
    expect(sorted(found)).toEqual(sorted(FERTILISERS.map((key) => ids[key])));
    // खाद is in the vermicompost's name and the DAP's description; the others are fertilisers by their words.
    expect(found.slice(0, 2)).toEqual([ids.vermicompost, ids.dap]);
  });

  it("finds the sprayer for 'spray pump', a phrase of the vocabulary, and for its Hindi", async () => {
    expect(await search("spray pump")).toEqual([ids.sprayer]);
    expect(await search("स्प्रे पंप")).toEqual([ids.sprayer]);
  });

  it("ranks a keyword's own matches before its synonyms' ('fertiliser': the NPK and the category first)", async () => {
    const found = await search("fertiliser");
    expect(sorted(found)).toEqual(sorted(FERTILISERS.map((key) => ids[key])));
  });

  it("still needs every word: 'bhindi khad' finds nothing, 'beej bhindi' the okra seeds", async () => {
    expect(await search("bhindi khad")).toEqual([]);
    expect(await search("beej bhindi")).toEqual([ids.okra]);
  });
});

describe("staff: /api/staff/vocabulary/", () => {
  it("lists the starter groups", async () => {
    const res = await t.app.inject({ url: VOCABULARY, headers: staff });
    expect(res.statusCode).toBe(200);
    const groups = res.json() as { id: number; words: string[] }[];
    expect(groups.length).toBeGreaterThanOrEqual(30);
    expect(groups).toContainEqual({ id: expect.any(Number), words: expect.arrayContaining(["khad", "खाद", "fertiliser"]) });
  });

  it("creates, replaces and removes a group, and searches use each change at once", async () => {
    expect(await search("jadoo")).toEqual([]);
    const created = await create({ words: [" jadoo ", "vermicompost", "Jadoo"] });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect(created.json()).toEqual({ id, words: ["jadoo", "vermicompost"] });
    expect(await search("jadoo")).toEqual([ids.vermicompost]);

    const replaced = await update(id, { words: ["jadoo", "knapsack  sprayer"] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toEqual({ id, words: ["jadoo", "knapsack sprayer"] });
    expect(await search("jadoo")).toEqual([ids.sprayer]);
    const listed = (await t.app.inject({ url: VOCABULARY, headers: staff })).json();
    expect(listed).toContainEqual({ id, words: ["jadoo", "knapsack sprayer"] });

    const removed = await remove(id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ detail: "Vocabulary group removed." });
    expect(await search("jadoo")).toEqual([]);
    expect(await t.database.db.selectFrom("vocabulary_groups").select("id").where("id", "=", id).execute()).toEqual([]);
  });

  it("answers 404 for a group that does not exist, in the error format", async () => {
    for (const res of [await update(999_999, { words: ["a1", "b2"] }), await remove(999_999)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "vocabulary_group_not_found", detail: expect.any(String), message: expect.any(String) });
    }
  });

  it.each([
    ["no words", {}, "words"],
    ["words not a list", { words: "khad, fertiliser" }, "words"],
    ["one word", { words: ["khad"] }, "words"],
    ["two words the same", { words: ["khad", "KHAD "] }, "words"],
    ["an empty word", { words: ["khad", ""] }, "words"],
    ["a word of punctuation alone", { words: ["khad", "%%"] }, "words"],
    ["a word too long", { words: ["khad", "k".repeat(61)] }, "words"],
    ["a word on two lines", { words: ["khad", "fertiliser\nmanure"] }, "words"],
    ["a number for a word", { words: ["khad", 7] }, "words"],
    ["31 words", { words: Array.from({ length: 31 }, (_, i) => `word${i}`) }, "words"],
  ])("refuses %s with a 400 naming the field, and keeps nothing", async (_what, payload, field) => {
    const before = (await t.database.db.selectFrom("vocabulary_groups").select("id").execute()).length;
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String), message: expect.any(String) });
    // The list, or one of its words ("words.1").
    expect(
      Object.keys(res.json()).filter((key) => key === field || key.startsWith(`${field}.`)),
      res.body,
    ).not.toEqual([]);
    expect((await t.database.db.selectFrom("vocabulary_groups").select("id").execute()).length).toBe(before);
  });

  it("refuses a customer (403) and a visitor (401)", async () => {
    expect((await t.app.inject({ url: VOCABULARY, headers: customer })).statusCode).toBe(403);
    expect((await create({ words: ["a1", "b2"] }, {})).statusCode).toBe(401);
  });
});

describe("Synonyms", () => {
  const synonyms = new Synonyms([
    ["khad", "खाद", "fertiliser", "manure"],
    ["spray pump", "sprayer"],
    ["beej", "seed"],
  ]);

  it("replaces a run of a keyword's words that is an entry of a group by the group's other entries", () => {
    expect(synonyms.alternatives(["kad"])).toEqual([["fertiliser"], ["manure"]]);
    expect(synonyms.alternatives(["spray", "pump"])).toEqual([["spraer"]]);
    expect(synonyms.alternatives(["tomato", "bij"])).toEqual([["tomato", "sid"]]);
    expect(synonyms.alternatives(["fertilisers"])).toEqual([["kad"], ["fertiliser"], ["manure"]]);
    expect(synonyms.alternatives(["tomato"])).toEqual([]);
  });

  it(`answers at most ${MAX_ALTERNATIVES} alternatives`, () => {
    const many = new Synonyms([Array.from({ length: 30 }, (_, i) => `word${i}`)]);
    expect(many.alternatives(queryKeys("word0"))).toHaveLength(MAX_ALTERNATIVES);
  });
});
