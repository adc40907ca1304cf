import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalMediaStorage } from "../lib/storage.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { seedDemo } from "./demo.ts";

/**
 * What a farmer types, on the demo shop: a crop and its problem in English, Hindi or Hindi in Latin
 * letters leads to the products for that problem first; and the searches a new user tried that
 * found nothing or the wrong thing (one typo, a Hindi name, a common name).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, { media: new LocalMediaStorage("/tmp/unused"), images: false, accounts: false });
});
afterAll(() => t.close());

async function search(keyword: string): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/products?keyword=${encodeURIComponent(keyword)}&page_size=50` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { name: string }[]).map((product) => product.name);
}

describe("a crop and its problem lead to the products for it first", () => {
  it.each([
    ["kapas safed makhi", ["Imidacloprid 17.8 % SL 100 ml", "Yellow Sticky Traps (pack of 20)"]],
    ["cotton whitefly", ["Imidacloprid 17.8 % SL 100 ml", "Yellow Sticky Traps (pack of 20)"]],
    ["कपास सफेद मक्खी", ["Imidacloprid 17.8 % SL 100 ml", "Yellow Sticky Traps (pack of 20)"]],
    ["gehu ratua", ["Propiconazole 25 % EC 250 ml", "Mancozeb 75 % WP 500 g"]],
    ["tamatar jhulsa", ["Mancozeb 75 % WP 500 g"]],
    ["धान तना छेदक", ["Cartap Hydrochloride 4 % GR 5 kg", "Chlorantraniliprole 18.5 % SC 60 ml"]],
    ["paddy stem borer", ["Cartap Hydrochloride 4 % GR 5 kg", "Chlorantraniliprole 18.5 % SC 60 ml"]],
  ])("%s", async (keyword, first) => {
    const found = await search(keyword);
    expect(found.slice(0, first.length).sort()).toEqual([...first].sort());
  });

  it("finds no pesticide for a pair its label claim does not name: whitefly on tomato is not mancozeb's", async () => {
    expect(await search("tamatar safed makhi")).not.toContain("Mancozeb 75 % WP 500 g");
    expect(await search("tamatar safed makhi")).toContain("Imidacloprid 17.8 % SL 100 ml");
  });
});

describe("what a new user typed", () => {
  it("'mirchi' finds the chilli seeds first (a seed's crop is what it is), then the inputs for chilli", async () => {
    const found = await search("mirchi");
    expect(found[0]).toBe("Chilli Seeds Teja 4884");
    expect(found).toContain("Imidacloprid 17.8 % SL 100 ml");
  });

  it("'urya' finds the urea first", async () => {
    expect((await search("urya"))[0]).toBe("Neem Coated Urea");
  });

  it("'fertlizer' finds what 'fertiliser' finds", async () => {
    const fertiliser = await search("fertiliser");
    expect(fertiliser.length).toBeGreaterThanOrEqual(8);
    expect((await search("fertlizer")).sort()).toEqual([...fertiliser].sort());
  });

  it("'pump' finds the battery spray pump", async () => {
    expect(await search("pump")).toContain("Battery Knapsack Sprayer 16 L");
  });

  it("'khad' lists the urea among the first two", async () => {
    expect((await search("khad")).slice(0, 2)).toContain("Neem Coated Urea");
  });
});
