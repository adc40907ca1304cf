// The bench's products: realistic English and Hindi texts, with the search columns the shop's
// own rule (searchColumns) gives them. That rule costs ~0.2 ms a product, most of the time of
// building 100 000, so the products are made in child processes (one a core), once per run, and
// shared by every catalogue built from them.
import { fork } from "node:child_process";
import { availableParallelism } from "node:os";
import type { Database } from "@krishi/server/src/db/schema.ts";
import { searchColumns } from "@krishi/server/src/modules/catalog/search-index.ts";
import type { Insertable } from "kysely";

/** Words of product names, each with its Hindi. */
const WORDS: readonly [string, string][] = [
  ["hybrid", "संकर"],
  ["organic", "जैविक"],
  ["neem", "नीम"],
  ["urea", "यूरिया"],
  ["drip", "ड्रिप"],
  ["sprayer", "स्प्रेयर"],
  ["tomato", "टमाटर"],
  ["paddy", "धान"],
  ["wheat", "गेहूं"],
  ["cotton", "कपास"],
  ["potash", "पोटाश"],
  ["mango", "आम"],
  ["ghee", "घी"],
  ["feed", "चारा"],
  ["hoe", "कुदाल"],
  ["pump", "पंप"],
];
const BRANDS = ["IFFCO", "Syngenta", "Mahyco", "Jain Irrigation", "Kisankraft", "UPL", "Tata Rallis", "Coromandel", "Netafim", "Amul"];
export const CATEGORIES: readonly [string, string][] = [
  ["Seeds", "बीज"],
  ["Fertilisers", "उर्वरक"],
  ["Bio-pesticides", "जैव कीटनाशक"],
  ["Farm Tools", "कृषि उपकरण"],
  ["Irrigation", "सिंचाई"],
  ["Organic Produce", "जैविक उपज"],
  ["Animal Husbandry", "पशुपालन"],
];

/** A products row, with the index in CATEGORIES of its category instead of an id. */
export type ProductRow = Omit<Insertable<Database["products"]>, "category_id"> & { category: number };

/** Product number `i`: the same on every run. */
export function productRow(i: number): ProductRow {
  const [word1, hi1] = WORDS[i % WORDS.length] as [string, string];
  const [word2, hi2] = WORDS[(i * 7) % WORDS.length] as [string, string];
  const [use, useHi] = WORDS[(i * 3) % WORDS.length] as [string, string];
  const name = `${word1} ${word2} product ${i}`;
  const brand = BRANDS[i % BRANDS.length] as string;
  const category = i % CATEGORIES.length;
  const [categoryName, categoryHi] = CATEGORIES[category] as [string, string];
  const description = `A dependable ${use} product for Indian farms. Item ${i}, lot ${i * 31}. Use as directed on the pack; store in a cool, dry place away from children.`;
  // A third of the products have Hindi texts, as a shop fills them in over time.
  const hindi = i % 3 === 0;
  const nameHi = hindi ? `${hi1} ${hi2} उत्पाद ${i}` : "";
  const descriptionHi = hindi ? `भारतीय खेतों के लिए भरोसेमंद ${useHi} उत्पाद। ठंडी, सूखी जगह पर रखें।` : "";
  const created = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
  return {
    name,
    brand,
    category,
    description,
    name_hi: nameHi,
    description_hi: descriptionHi,
    price_paise: 100_00 + ((i * 997) % 500_000),
    count_in_stock: i % 17,
    rating: (i % 11) / 2.2,
    num_reviews: i % 13,
    ...searchColumns({ name, brand, category: categoryName, description, nameHi, descriptionHi, categoryHi }),
    created_at: created,
    updated_at: created,
  };
}

let made: ProductRow[] = [];

/** Products 0 … count − 1, made in parallel the first time they are asked for. */
export async function products(count: number): Promise<ProductRow[]> {
  const from = made.length;
  if (count > from) {
    const started = performance.now();
    const threads = Math.max(1, Math.min(availableParallelism(), Math.ceil((count - from) / 5_000)));
    const size = Math.ceil((count - from) / threads);
    const chunks = await Promise.all(
      Array.from({ length: threads }, (_, t) => {
        const start = from + t * size;
        return makeInWorker(start, Math.min(count, start + size));
      }),
    );
    made = made.concat(...chunks);
    console.log(`  made ${count - from} products in ${Math.round((performance.now() - started) / 1000)} s (${threads} processes)`);
  }
  return made.slice(0, count);
}

/** Forgets the products made (the 100 000 of the scale runs hold ~100 MB). */
export function forgetProducts(): void {
  made = [];
}

function makeInWorker(start: number, end: number): Promise<ProductRow[]> {
  if (start >= end) return Promise.resolve([]);
  const child = fork(new URL("./products-worker.ts", import.meta.url), [String(start), String(end)], {
    execArgv: ["--import", "tsx"],
    serialization: "advanced",
  });
  return new Promise((resolve, reject) => {
    let rows: ProductRow[] | null = null;
    child.once("message", (message) => {
      rows = message as ProductRow[];
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (rows) resolve(rows);
      else reject(new Error(`the product maker stopped with ${code}`));
    });
  });
}
