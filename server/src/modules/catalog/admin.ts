import { setImmediate as turn } from "node:timers/promises";
import { GST_RATES, type GstRate, type Product, type ProductImages, type ProductLabel, tryToPaise } from "@krishi/contract";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import { ImageRejected, removeImage, storeImage, verifyUpload } from "../../lib/images.ts";
import { done, fail, ok, Refusal, type Result, refusals, valueOr } from "../../lib/result.ts";
import type { MediaStorage } from "../../lib/storage.ts";
import type { LabelRow } from "./columns.ts";
import type { CropLinkFailure, CropLinksInput } from "./crop-links.ts";
import * as repo from "./repository.ts";
import { imageJson, labelJson } from "./serialize.ts";
import type { CatalogService, ProductNotFound } from "./service.ts";

/**
 * What staff set on a product; `category` is an existing category's id or a (new) name. Its
 * crops, problems and label claim (CropLinksInput): absent, kept.
 */
export interface ProductInput extends CropLinksInput {
  name: string;
  brand: string;
  category: number | string;
  description: string;
  /** The Hindi name and description; undefined: kept as they are. */
  nameHi?: string | undefined;
  descriptionHi?: string | undefined;
  /** The spec's form: the default pack's price, stock and the stock the form showed (see ProductUpdateBody.stockSeen). */
  pricePaise: number;
  countInStock: number;
  stockSeen?: number | undefined;
  /** The HSN code (4, 6 or 8 digits, or "") and GST rate in percent; undefined: kept as they are. */
  hsnCode?: string | undefined;
  gstRate?: number | undefined;
  /** The packs, default first (see ProductUpdateBody.variants); undefined: the form above edits the default pack. */
  variants?: PackInput[] | undefined;
  /** The label's fields to change; those absent are kept. */
  label?: Partial<ProductLabel> | undefined;
}

/** A pack as staff send it: with the id of a pack of the product, or without for a new one. */
export interface PackInput extends repo.PackFields {
  /** The pack's stock the form showed: a count changed meanwhile is not overwritten. */
  stockSeen?: number | undefined;
}

export const STOCK_MOVED = "The stock changed while you were editing (some was sold or restocked). Check the count and save again.";
export const CIBRC_REQUIRED = "A pesticide needs its CIB&RC registration number.";
export const MRP_BELOW_PRICE = "The price cannot be above the MRP.";
export const LABEL_TAKEN = "Another pack of this product has this label.";
export const SKU_TAKEN = "Another pack has this SKU.";
export const PACK_NOT_FOUND = "This pack is not one of this product's packs.";

export const AMOUNT_INVALID = "Enter a valid amount with at most two decimals.";
export const PRICE_OUT_OF_RANGE = "Enter a price above ₹0 and at most ₹1,00,00,000.";
export const BAD_HSN = "Enter an HSN code of 4, 6 or 8 digits (or leave it empty).";
export const BAD_GST_RATE = `Choose a GST rate of ${GST_RATES.join(", ")} percent.`;

/** The highest price a pack may have: ₹1 crore. */
const MAX_PRICE_PAISE = 1_000_000_000;

/** A price or MRP staff may set, in paise: more than ₹0, at most ₹1 crore, at most two decimals; else why not. */
export function priceInPaise(price: number | string): number | "amount_invalid" | "price_out_of_range" {
  const paise = tryToPaise(price);
  if (paise === null) return "amount_invalid";
  return paise <= 0 || paise > MAX_PRICE_PAISE ? "price_out_of_range" : paise;
}

/** An HSN code as written ("1209 91", "3105.20"), without its spaces and dots; null when it is not 4, 6 or 8 digits (or empty). */
export function hsnCodeOf(text: string): string | null {
  const code = text.replace(/[\s.]/g, "");
  return /^(\d{4}|\d{6}|\d{8})?$/.test(code) ? code : null;
}

export const isGstRate = (rate: unknown): rate is GstRate => typeof rate === "number" && (GST_RATES as readonly number[]).includes(rate);

/** The pack a new product starts with, and the one a product without packs gains on its first edit. */
const FIRST_PACK = { label: "1 pack", sku: "", netQuantity: 1, unit: "piece", weightGrams: 0 } as const;

/** The sample a new product starts as (the spec's flow: create, then edit). */
export const SAMPLE_PRODUCT = { name: "Sample name", brand: "Sample brand", category: "Sample category", description: "" };

export const IMAGE_NOT_FOUND = "No Image matches the given query.";

/**
 * Why staff's edit of a product is refused (failures.ts answers it); `index` is the pack's place
 * in the list sent (`variants`), absent for the form's one pack.
 */
export type ProductEditFailure =
  | ProductNotFound
  | { kind: "name-blank" }
  | { kind: "category-blank" }
  | { kind: "category-not-found"; id: number }
  | { kind: "cibrc-required" }
  | { kind: "pack-label-taken"; index: number }
  | { kind: "pack-not-found"; index: number }
  | { kind: "mrp-below-price"; index: number }
  | { kind: "sku-taken"; index?: number }
  | { kind: "stock-moved" };

/** Why a product's write (the form's, or an import's) is refused: the edit's failures, and its crops' and label claim's (crop-links.ts). */
export type ProductWriteFailure = ProductEditFailure | CropLinkFailure;

/** Why an image is not added, removed or reordered. */
export type ImageFailure =
  | ProductNotFound
  | { kind: "image-rejected"; code: ImageRejected["code"]; message: string }
  | { kind: "image-not-found" }
  | { kind: "image-order-invalid" };

/** A product of an import: an existing one's edit (with `id`) or a new one, and its images when the import names them. */
export interface ImportedProduct {
  id?: number | undefined;
  input: ProductInput;
  /** Its images in order: one of its own by id, or a file stored for it (a path); undefined: kept. */
  images?: readonly (number | string)[] | undefined;
}

/** Why an import's write is refused: the product at `index` of its items, and why. */
export type ImportRefusal = { kind: "import-refused"; index: number; failure: ProductWriteFailure };

/** Products written between two turns of the event loop. */
const IMPORT_TURN = 10;
/** New products an import makes with one statement. */
const NEW_PER_STATEMENT = 10;

const importRefused = (index: number, failure: ProductWriteFailure) =>
  new Refusal<ImportRefusal>({ kind: "import-refused", index, failure });

/** The new products (no id) from `index` on, at most NEW_PER_STATEMENT of them; none when the one at `index` has an id. */
function newProductsFrom(items: readonly ImportedProduct[], index: number): ImportedProduct[] {
  let end = index;
  while (end < items.length && end - index < NEW_PER_STATEMENT && items[end]?.id === undefined) end += 1;
  return items.slice(index, end);
}

/** A refusal found in one of edit's helpers, thrown so that its transaction rolls back; edit returns it. */
const refuse = (failure: ProductEditFailure) => new Refusal(failure);

/**
 * The staff's writes to the catalogue: products, their images and categories. Every write clears
 * the catalogue's answer cache at once; image files no longer shown by a product or an order line
 * are removed from storage after the database has committed.
 */
export class CatalogAdmin {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly media: MediaStorage,
    private readonly clock: Clock,
  ) {}

  async createSample(): Promise<Result<Product, ProductNotFound>> {
    const at = this.clock().toISOString();
    const id = await this.db.transaction().execute(async (trx) => {
      const category = await repo.categoryNamed(trx, SAMPLE_PRODUCT.category);
      return repo.insertProduct(
        trx,
        {
          ...SAMPLE_PRODUCT,
          category,
          nameHi: "",
          descriptionHi: "",
          hsnCode: "",
          gstRate: 0,
          packs: [{ ...FIRST_PACK, pricePaise: 0, mrpPaise: 0, countInStock: 0 }],
          label: labelRow(DEFAULT_LABEL),
        },
        at,
        this.catalog.search,
      );
    });
    this.catalog.invalidate();
    return this.catalog.getProduct(id);
  }

  /**
   * Edits a product, its packs and its label in one transaction: the product row locked first,
   * then its packs (the inventory's lock order), the summaries and search text written with them.
   */
  async edit(id: number, input: ProductInput): Promise<Result<Product, ProductWriteFailure>> {
    if (!input.name.trim()) return fail({ kind: "name-blank" });
    const packsRefused = input.variants && packsProblem(input.variants);
    if (packsRefused) return fail(packsRefused);
    const updated = await refusals(() => this.#update(id, input));
    if (!updated.ok) return updated;
    this.catalog.invalidate();
    return this.catalog.getProduct(id);
  }

  /** `edit` for a caller whose input cannot be refused (a test's, a tool's): a refusal is thrown as its Refusal. */
  async update(id: number, input: ProductInput): Promise<Product> {
    return valueOr(await this.edit(id, input), (failure) => new Refusal(failure));
  }

  /** edit's transaction; a refusal in it is thrown (a Refusal), so that what it wrote rolls back. */
  #update(id: number, input: ProductInput): Promise<Result<void, ProductWriteFailure>> {
    return this.db.transaction().execute((trx) => this.#write(trx, id, input));
  }

  /** Writes an edit of product `id` in `trx`: returns the refusals found before writing, throws those found after. */
  async #write(
    trx: Transaction<Database>,
    id: number,
    input: ProductInput,
    categories?: Map<string, repo.CategoryRow>,
  ): Promise<Result<void, ProductWriteFailure>> {
    const current = await repo.lockProduct(trx, id);
    if (!current) return fail({ kind: "product-not-found" });
    const label = { ...labelJson(current), ...input.label };
    if (label.kind === "pesticide" && !label.cibrcNumber.trim()) {
      return fail({ kind: "cibrc-required" });
    }
    const category = await this.#category(trx, input.category, categories);
    const existing = await repo.findPacks(trx, [id]);
    const packs = input.variants
      ? editedPacks(input.variants, existing)
      : [defaultPackEdited(input, existing), ...existing.slice(1).map(packFields)];
    await checkSkusFree(trx, id, packs);
    const at = this.clock().toISOString();
    await skusWritten(() => repo.writePacks(trx, id, existing, packs, at));
    // Its crops, problems and label claim (the crops module's rules), then their words for its search text.
    const { links } = this.catalog;
    await links.write(trx, { id, name: input.name, kind: label.kind }, linksInput(input));
    const linkWords = (await links.wordsOf(trx, [id])).get(id);
    await repo.updateProduct(
      trx,
      id,
      {
        name: input.name,
        brand: input.brand,
        category,
        description: input.description,
        nameHi: input.nameHi ?? current.name_hi,
        descriptionHi: input.descriptionHi ?? current.description_hi,
        hsnCode: input.hsnCode ?? current.hsn_code,
        gstRate: input.gstRate ?? Number(current.gst_rate),
        packs,
        label: labelRow(label),
        linkWords,
      },
      at,
      this.catalog.search,
    );
    return done;
  }

  /** A new product's fields (an import's): its label checked, its category found (or made), its packs. */
  async #newProduct(
    trx: Transaction<Database>,
    input: ProductInput,
    categories: Map<string, repo.CategoryRow>,
  ): Promise<repo.ProductFields> {
    const label = { ...DEFAULT_LABEL, ...input.label };
    if (label.kind === "pesticide" && !label.cibrcNumber.trim()) throw refuse({ kind: "cibrc-required" });
    return {
      name: input.name,
      brand: input.brand,
      category: await this.#category(trx, input.category, categories),
      description: input.description,
      nameHi: input.nameHi ?? "",
      descriptionHi: input.descriptionHi ?? "",
      hsnCode: input.hsnCode ?? "",
      gstRate: input.gstRate ?? 0,
      packs: input.variants
        ? editedPacks(input.variants, [])
        : [{ ...FIRST_PACK, pricePaise: input.pricePaise, mrpPaise: input.pricePaise, countInStock: input.countInStock }],
      label: labelRow(label),
    };
  }

  /**
   * Makes an import's new products (`items`, from `offset` in the import) in `trx`, with one
   * statement for the products and one for their packs; answers their ids in order. A refusal is
   * thrown naming the product's place in the import.
   */
  async #insertMany(
    trx: Transaction<Database>,
    items: readonly ImportedProduct[],
    offset: number,
    categories: Map<string, repo.CategoryRow>,
  ): Promise<number[]> {
    const products: repo.ProductFields[] = [];
    for (const [k, item] of items.entries()) {
      try {
        products.push(await this.#newProduct(trx, item.input, categories));
      } catch (error) {
        if (error instanceof Refusal) throw importRefused(offset + k, error.failure as ProductWriteFailure);
        throw error;
      }
    }
    const skus = products.flatMap((product) => product.packs.map((pack) => pack.sku).filter(Boolean));
    const taken = new Set((await repo.packsWithSkus(trx, 0, skus)).map((row) => row.sku));
    const clash = products.findIndex((product) => product.packs.some((pack) => taken.has(pack.sku)));
    if (clash >= 0) throw importRefused(offset + clash, { kind: "sku-taken" });
    let ids: number[];
    try {
      ids = await skusWritten(() => repo.insertProducts(trx, products, this.clock().toISOString(), this.catalog.search));
    } catch (error) {
      if (error instanceof Refusal) throw importRefused(offset, error.failure as ProductWriteFailure);
      throw error;
    }
    // The new products' crops and problems, when the import names them; then their search text with those words.
    const linked: number[] = [];
    for (const [k, item] of items.entries()) {
      const input = linksInput(item.input);
      if (!input.crops && !input.problems && !input.labelClaims) continue;
      const id = ids[k] as number;
      try {
        await this.catalog.links.write(trx, { id, name: item.input.name, kind: products[k]?.label.label_kind ?? "general" }, input);
      } catch (error) {
        if (error instanceof Refusal) throw importRefused(offset + k, error.failure as ProductWriteFailure);
        throw error;
      }
      linked.push(id);
    }
    await this.catalog.reindexProducts(trx, linked);
    return ids;
  }

  /** An import's edit of a product in `trx`; a refusal is thrown naming its place in the import. */
  async #editImported(
    trx: Transaction<Database>,
    item: ImportedProduct & { id: number },
    index: number,
    categories: Map<string, repo.CategoryRow>,
  ): Promise<number> {
    const edited = await refusals(() => this.#write(trx, item.id, item.input, categories));
    if (!edited.ok) throw importRefused(index, edited.failure);
    return item.id;
  }

  /**
   * Writes many products at once (a catalogue import): all of them in one transaction, or none
   * when one is refused (the failure names its place in `items`). `within` writes its own rows in
   * the same transaction (the import's result). The event loop runs every few products, and
   * `progress` hears how many are written.
   */
  async importProducts(
    items: readonly ImportedProduct[],
    { progress, within }: { progress?: (written: number) => void; within?: (trx: Transaction<Database>) => Promise<void> } = {},
  ): Promise<Result<void, ImportRefusal>> {
    const removed: string[] = [];
    const categories = new Map<string, repo.CategoryRow>();
    const written = await refusals(() =>
      this.db.transaction().execute(async (trx): Promise<Result<void, ImportRefusal>> => {
        for (let index = 0; index < items.length; ) {
          const run = newProductsFrom(items, index);
          const item = items[index] as ImportedProduct;
          const ids =
            run.length > 0
              ? await this.#insertMany(trx, run, index, categories)
              : [await this.#editImported(trx, item as ImportedProduct & { id: number }, index, categories)];
          for (const [k, id] of ids.entries()) {
            const images = items[index + k]?.images;
            if (images) removed.push(...(await placeImages(trx, id, images)));
          }
          const before = index;
          index += ids.length;
          if (Math.floor(index / IMPORT_TURN) > Math.floor(before / IMPORT_TURN)) {
            progress?.(index);
            await turn();
          }
        }
        await within?.(trx);
        return done;
      }),
    );
    if (!written.ok) return written;
    this.catalog.invalidate();
    await this.#removeUnreferenced(removed);
    return done;
  }

  async remove(id: number): Promise<Result<void, ProductNotFound>> {
    const paths = await this.db.transaction().execute(async (trx) => {
      const images = await repo.findImages(trx, [id]);
      // Nothing deleted: nothing to roll back.
      if (!(await repo.deleteProduct(trx, id, this.catalog.search))) return null;
      return images.map((image) => image.path);
    });
    if (!paths) return fail({ kind: "product-not-found" });
    this.catalog.invalidate();
    await this.#removeUnreferenced(paths);
    return done;
  }

  /** Verifies the upload by decoding it, stores it as WebP variants, appends it to the product. */
  async addImage(productId: number, upload: Buffer): Promise<Result<ProductImages, ImageFailure>> {
    const product = await repo.findProduct(this.db, productId);
    if (!product) return fail({ kind: "product-not-found" });
    try {
      await verifyUpload(upload);
    } catch (error) {
      if (error instanceof ImageRejected) return fail({ kind: "image-rejected", code: error.code, message: error.message });
      throw error;
    }
    const path = await storeImage(upload, this.media, product.name);
    let added: boolean;
    try {
      added = await this.db.transaction().execute(async (trx) => {
        if (!(await repo.lockProduct(trx, productId))) return false;
        await repo.insertImage(trx, productId, path);
        return true;
      });
    } catch (error) {
      await removeImage(path, this.media);
      throw error;
    }
    if (!added) {
      await removeImage(path, this.media);
      return fail({ kind: "product-not-found" });
    }
    this.catalog.invalidate();
    return ok(await this.images(productId));
  }

  async removeImage(imageId: number): Promise<Result<ProductImages, ImageFailure>> {
    const image = await this.db.transaction().execute(async (trx) => {
      const row = await repo.findImage(trx, imageId);
      if (!row) return undefined;
      await repo.deleteImage(trx, imageId);
      return row;
    });
    if (!image) return fail({ kind: "image-not-found" });
    this.catalog.invalidate();
    await this.#removeUnreferenced([image.path]);
    return ok(await this.images(image.product_id));
  }

  /** Puts the product's images in the given order; the list must name each of them once. */
  async reorderImages(productId: number, order: readonly number[]): Promise<Result<ProductImages, ImageFailure>> {
    // Refused before anything is written: returned from the transaction, it writes nothing.
    const reordered = await this.db.transaction().execute(async (trx): Promise<Result<void, ImageFailure>> => {
      if (!(await repo.lockProduct(trx, productId))) return fail({ kind: "product-not-found" });
      const current = (await repo.findImages(trx, [productId])).map((image) => image.id);
      const same = order.length === current.length && new Set(order).size === order.length && order.every((id) => current.includes(id));
      if (!same) return fail({ kind: "image-order-invalid" });
      for (const [position, id] of order.entries()) await repo.setImagePosition(trx, id, position);
      return done;
    });
    if (!reordered.ok) return reordered;
    this.catalog.invalidate();
    return ok(await this.images(productId));
  }

  async images(productId: number): Promise<ProductImages> {
    return { product: productId, images: (await repo.findImages(this.db, [productId])).map(imageJson) };
  }

  /** The category a product names (`known`: those an import's transaction has found already, by the text it gave). */
  async #category(trx: Transaction<Database>, category: number | string, known?: Map<string, repo.CategoryRow>) {
    const key = String(category).trim().toLowerCase();
    const found = known?.get(key);
    if (found) return found;
    const row = await this.#findCategory(trx, category);
    known?.set(key, row);
    return row;
  }

  async #findCategory(trx: Transaction<Database>, category: number | string) {
    // A form sends the id as text: digits alone name an id, never a new category.
    if (typeof category === "number" || /^\d{1,9}$/.test(category.trim())) {
      const id = Number(category);
      const row = await repo.findCategory(trx, id);
      if (!row) throw refuse({ kind: "category-not-found", id });
      return row;
    }
    const name = category.trim();
    if (!name) throw refuse({ kind: "category-blank" });
    return repo.categoryNamed(trx, name);
  }

  /** Removes the files of images that no product and no order line shows any more. */
  async #removeUnreferenced(paths: readonly string[]): Promise<void> {
    const kept = await repo.pathsInOrders(this.db, paths);
    await Promise.all(paths.filter((path) => !kept.has(path)).map((path) => removeImage(path, this.media)));
  }
}

/** The links a product's input names (each absent one is kept). */
const linksInput = ({ crops, problems, labelClaims }: ProductInput): CropLinksInput => ({ crops, problems, labelClaims });

/** A new product's label: a general product made in India, nothing else said yet. */
export const DEFAULT_LABEL: ProductLabel = {
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
};

/** The label as its columns hold it. */
export function labelRow(label: ProductLabel): LabelRow {
  return {
    label_kind: label.kind,
    manufacturer: label.manufacturer.trim(),
    manufacturer_address: label.manufacturerAddress.trim(),
    country_of_origin: label.countryOfOrigin.trim(),
    generic_name: label.genericName.trim(),
    best_before: label.bestBefore.trim(),
    customer_care: label.customerCare.trim(),
    cibrc_number: label.cibrcNumber.trim(),
    seed_variety: label.seedVariety.trim(),
    seed_lot: label.seedLot.trim(),
    germination_percent: label.germinationPercent,
    seed_test_date: label.seedTestDate,
    fco_grade: label.fcoGrade.trim(),
    generic_name_hi: label.genericNameHi.trim(),
    country_of_origin_hi: label.countryOfOriginHi.trim(),
    best_before_hi: label.bestBeforeHi.trim(),
    customer_care_hi: label.customerCareHi.trim(),
  };
}

const packFields = (row: repo.PackRow): repo.PackFields => ({
  id: row.id,
  label: row.label,
  sku: row.sku,
  netQuantity: Number(row.net_quantity),
  unit: row.unit,
  pricePaise: Number(row.price_paise),
  mrpPaise: Number(row.mrp_paise),
  countInStock: row.count_in_stock,
  weightGrams: row.weight_grams,
});

/** What a list of packs must be by itself: labels unique in the product, SKUs in the list, MRP not below the price. */
function packsProblem(packs: readonly PackInput[]): ProductEditFailure | undefined {
  const labels = new Set<string>();
  const skus = new Set<string>();
  const ids = new Set<number>();
  for (const [i, pack] of packs.entries()) {
    const label = pack.label.trim().toLowerCase();
    if (labels.has(label)) return { kind: "pack-label-taken", index: i };
    labels.add(label);
    const sku = pack.sku.trim();
    if (sku && skus.has(sku)) return { kind: "sku-taken", index: i };
    skus.add(sku);
    if (pack.id !== undefined) {
      if (ids.has(pack.id)) return { kind: "pack-not-found", index: i };
      ids.add(pack.id);
    }
    if (pack.mrpPaise < pack.pricePaise) return { kind: "mrp-below-price", index: i };
  }
  return undefined;
}

/**
 * The packs staff sent, checked against the product's: an id must be one of its packs; a count
 * sold or restocked since the form was loaded is never overwritten (refused when staff changed it too).
 */
function editedPacks(packs: readonly PackInput[], existing: readonly repo.PackRow[]): repo.PackFields[] {
  const byId = new Map(existing.map((row) => [row.id, row]));
  return packs.map((pack, i) => {
    const { stockSeen, ...fields } = pack;
    const edited = { ...fields, label: pack.label.trim(), sku: pack.sku.trim() };
    if (pack.id === undefined) return edited;
    const current = byId.get(pack.id);
    if (!current) throw refuse({ kind: "pack-not-found", index: i });
    return { ...edited, countInStock: keptStock(current.count_in_stock, pack.countInStock, stockSeen) };
  });
}

/**
 * The spec's form edits the default pack: its price (the MRP raised to it when below: the form
 * has no MRP) and its stock. A product without packs (a bulk loader's) gains one.
 */
function defaultPackEdited(input: ProductInput, existing: readonly repo.PackRow[]): repo.PackFields {
  const first = existing[0];
  if (!first) return { ...FIRST_PACK, pricePaise: input.pricePaise, mrpPaise: input.pricePaise, countInStock: input.countInStock };
  return {
    ...packFields(first),
    pricePaise: input.pricePaise,
    mrpPaise: Math.max(Number(first.mrp_paise), input.pricePaise),
    countInStock: keptStock(first.count_in_stock, input.countInStock, input.stockSeen),
  };
}

/** The count to write: staff's, unless units were sold or restocked since their form was loaded. */
function keptStock(current: number, wanted: number, seen: number | undefined): number {
  if (seen === undefined || current === seen) return wanted;
  // Sold (or restocked) since the form was loaded: never write the stale count back.
  if (wanted !== seen) throw refuse({ kind: "stock-moved" });
  return current;
}

/** Writes packs, answering a SKU another edit took meanwhile (the unique index) as the refusal it is. */
async function skusWritten<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse({ kind: "sku-taken" });
    throw error;
  }
}

/**
 * Gives a product the images `list` names, in its order: an image of its own by id, a file
 * already stored by its path (new). Answers the paths of the images it no longer has.
 */
async function placeImages(trx: Transaction<Database>, productId: number, list: readonly (number | string)[]): Promise<string[]> {
  const current = await repo.findImages(trx, [productId]);
  const kept = new Set(list.filter((entry) => typeof entry === "number"));
  const gone = current.filter((image) => !kept.has(image.id));
  for (const image of gone) await repo.deleteImage(trx, image.id);
  for (const entry of list) if (typeof entry === "string") await repo.insertImage(trx, productId, entry);
  const ids = (await repo.findImages(trx, [productId])).map((image) => image.id);
  const newIds = ids.filter((id) => !current.some((image) => image.id === id));
  let next = 0;
  const order = list.map((entry) => (typeof entry === "number" ? entry : (newIds[next++] as number)));
  for (const [position, id] of order.entries()) await repo.setImagePosition(trx, id, position);
  return gone.map((image) => image.path);
}

/** A SKU is the shop's: one another product's pack has is refused. */
async function checkSkusFree(trx: Transaction<Database>, productId: number, packs: readonly repo.PackFields[]): Promise<void> {
  const taken = new Set((await repo.packsWithSkus(trx, productId, packs.map((pack) => pack.sku).filter(Boolean))).map((row) => row.sku));
  const i = packs.findIndex((pack) => taken.has(pack.sku));
  if (i >= 0) throw refuse({ kind: "sku-taken", index: i });
}
