import type { ProductKind } from "@krishi/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { type ProductWithCategory, productColumns, type Writer } from "./columns.ts";
import { textKeys } from "./search-keys.ts";

/**
 * What keeps the search index in step with the products: their search columns, computed here for
 * both databases; the full-text index itself through the database's SearchIndex (search-sqlite.ts,
 * search-postgres.ts); and what rebuilds all of it after a bulk load or a migration.
 */

export interface SearchableProduct {
  name: string;
  brand: string;
  category: string;
  description: string;
  nameHi?: string | undefined;
  descriptionHi?: string | undefined;
  /** The category's Hindi name. */
  categoryHi?: string | undefined;
  /** The packs' labels and SKUs: "urea 45 kg" and a pack's SKU find the product. */
  packs?: readonly { label: string; sku: string }[] | undefined;
  /** The words of its crops and problems (crop-links.ts, wordsOf): "kapas safed makhi" finds it. */
  linkWords?: readonly string[] | undefined;
  /** Its label's kind: a seed's crops are what it is, as its name says ("mirchi" finds the chilli seeds first). */
  kind?: ProductKind | undefined;
}

/**
 * What keyword search scans, kept in one place so writers and the seed agree: `search_text`, the
 * product's texts in English and Hindi, lower-cased, one per line; `search_keys`, the spelling
 * keys of their words, each after a space (and one at the end), so that a key can be matched as
 * the start of a word or as a whole word (search-keys.ts).
 */
export function searchColumns(parts: SearchableProduct): SearchColumns {
  const packs = (parts.packs ?? []).flatMap((pack) => [pack.label, pack.sku]).filter(Boolean);
  const texts = [
    parts.name,
    parts.brand,
    parts.category,
    parts.description,
    parts.nameHi,
    parts.descriptionHi,
    parts.categoryHi,
    packs.join(" "),
    (parts.linkWords ?? []).join(" "),
  ];
  const text = texts.filter(Boolean).join("\n");
  const name = [parts.name, parts.nameHi, ...(parts.kind === "seed" ? (parts.linkWords ?? []) : [])].filter(Boolean).join("\n");
  // The keys in a column of their own: a query's keys are looked for there, in a short text.
  return {
    search_text: text.toLowerCase(),
    search_keys: ` ${textKeys(text).join(" ")} `,
    search_name_keys: ` ${textKeys(name).join(" ")} `,
  };
}

export interface SearchColumns {
  search_text: string;
  search_keys: string;
  search_name_keys: string;
}

/**
 * What keeps a database's full-text index in step with the products (part of its SearchBackend,
 * search-backend.ts): SQLite's FTS5 tables and search_words are written with the products;
 * PostgreSQL's tsvectors follow the columns themselves, and its postings and search_words follow
 * them by triggers (migrations 0008, 0010).
 */
export interface SearchIndex {
  /** Writes a product's entries in the index, in the writer's transaction (its search columns are `columns`). */
  indexProduct(trx: Writer, id: number, columns: SearchColumns): Promise<void>;
  /** Removes a deleted product's entries. */
  unindexProduct(trx: Writer, id: number): Promise<void>;
  /**
   * Indexes the products written without the catalogue's writer (their search columns are set,
   * search_indexed is not), from the columns they have; answers how many.
   */
  indexPendingProducts(db: Kysely<Database>): Promise<number>;
  /** The database's part of rebuildSearchIndex, once every product has its search columns. */
  rebuildIndex(db: Kysely<Database>): Promise<void>;
}

/**
 * Rebuilds the whole search index from the products' search columns, for bulk loaders that
 * insert products directly (the bench): rows without search text get it first. Both databases
 * refill search_words, and refresh the planner's statistics (PostgreSQL vacuums too).
 */
export async function rebuildSearchIndex(db: Kysely<Database>, index: SearchIndex, wordsOf: WordsOf = noWords): Promise<void> {
  await fillSearchColumns(db, index, wordsOf);
  await index.rebuildIndex(db);
}

/**
 * Fills the search text of every product that has none (after migrations 0005 and 0007 emptied
 * them all, or a row written without one), and indexes every row the full-text index lacks.
 * Start-up runs it. Answers how many products it indexed.
 */
export async function indexUnsearchableProducts(db: Kysely<Database>, index: SearchIndex, wordsOf: WordsOf = noWords): Promise<number> {
  const filled = await fillSearchColumns(db, index, wordsOf);
  const pending = await index.indexPendingProducts(db);
  return Math.max(filled, pending);
}

/** The words products' links add to their search text (ProductCropLinks.wordsOf); none by default. */
export type WordsOf = (db: Writer, productIds: readonly number[]) => Promise<Map<number, string[]>>;
const noWords: WordsOf = async () => new Map();

/**
 * Computes again the search columns of these products (their links' words changed: a crop or
 * problem renamed, or linked or unlinked) and indexes them, in the writer's transaction. On
 * PostgreSQL the columns' triggers follow; on SQLite the FTS5 tables are written here.
 */
export async function reindexProducts(trx: Writer, ids: readonly number[], index: SearchIndex, wordsOf: WordsOf): Promise<void> {
  for (let start = 0; start < ids.length; start += 500) {
    const batch = ids.slice(start, start + 500);
    const rows = await trx
      .selectFrom("products")
      .innerJoin("categories", "categories.id", "products.category_id")
      .select(productColumns)
      .where("products.id", "in", batch)
      .execute();
    const [packs, words] = await Promise.all([packsOf(trx, batch), wordsOf(trx, batch)]);
    for (const row of rows) {
      const columns = searchColumns({ ...searchable(row, packs.get(row.id)), linkWords: words.get(row.id) });
      await trx.updateTable("products").set(columns).where("id", "=", row.id).execute();
      await index.indexProduct(trx, row.id, columns);
    }
  }
}

/** Computes the search columns of the products without search text (in batches), and indexes them. */
async function fillSearchColumns(db: Kysely<Database>, index: SearchIndex, wordsOf: WordsOf): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .selectFrom("products")
      .innerJoin("categories", "categories.id", "products.category_id")
      .select(productColumns)
      .where((eb) => eb.or([eb("products.search_text", "=", ""), eb("products.search_keys", "=", "")]))
      .orderBy("products.id")
      .limit(1_000)
      .execute();
    if (rows.length === 0) return filled;
    const ids = rows.map((row) => row.id);
    const [packs, words] = await Promise.all([packsOf(db, ids), wordsOf(db, ids)]);
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const columns = searchColumns({ ...searchable(row, packs.get(row.id)), linkWords: words.get(row.id) });
        // A product with no text at all still gets a non-empty search text, so it is not picked again.
        if (columns.search_text === "") columns.search_text = " ";
        await trx
          .updateTable("products")
          .set({ ...columns, search_indexed: true })
          .where("id", "=", row.id)
          .execute();
        await index.indexProduct(trx, row.id, columns);
      }
    });
    filled += rows.length;
  }
}

/** The packs' labels and SKUs of these products, which their search text holds as staff save them. */
async function packsOf(db: Writer, ids: readonly number[]): Promise<Map<number, { label: string; sku: string }[]>> {
  const rows = await db
    .selectFrom("product_variants")
    .select(["product_id", "label", "sku"])
    .where("product_id", "in", ids)
    .orderBy("product_id")
    .orderBy("position")
    .execute();
  const packs = new Map<number, { label: string; sku: string }[]>();
  for (const row of rows) packs.set(row.product_id, [...(packs.get(row.product_id) ?? []), { label: row.label, sku: row.sku }]);
  return packs;
}

const searchable = (row: ProductWithCategory, packs?: SearchableProduct["packs"]): SearchableProduct => ({
  packs,
  name: row.name,
  brand: row.brand,
  category: row.category_name,
  description: row.description,
  nameHi: row.name_hi,
  descriptionHi: row.description_hi,
  categoryHi: row.category_name_hi,
  kind: row.label_kind as ProductKind,
});
