import { setImmediate as turn } from "node:timers/promises";
import {
  type CropProblemInput,
  IMAGE_SEPARATOR,
  type ImportProblem,
  LINK_SEPARATOR,
  MAX_PACKS,
  PAIR_SEPARATOR,
  type PackUnit,
  type ProductKind,
  type ProductLabel,
  type ProductSummary,
  type SheetColumnName,
  type StaffCrops,
  toPaise,
} from "@krishi/contract";
import {
  LabelInput,
  MAX_LABEL_CLAIMS,
  MAX_PRODUCT_CROPS,
  MAX_PRODUCT_PROBLEMS,
  ProductUpdateBody,
  SLUG_PATTERN,
  Text,
  VariantInput,
} from "@krishi/contract/schemas";
import { Ajv } from "ajv";
import { Type } from "typebox";
import { validationFields } from "../../lib/errors.ts";
import { DEFAULT_LABEL, hsnCodeOf, isGstRate, type PackInput, type ProductInput, priceInPaise } from "../catalog/admin.ts";
import { type CropLinksInput, noLinks, type ProductLinks } from "../catalog/crop-links.ts";
import { LABEL_COLUMNS } from "./columns.ts";
import type { SheetRow } from "./sheet-read.ts";
import type { Shelf as Catalogue } from "./shelf.ts";

/**
 * What an import would do: each row of the sheet checked by the product form's rules, matched to
 * the pack it changes (by SKU, else by its product's id and the pack's label), gathered into the
 * products it makes or changes, and counted. Pure but for the reads of the shop's current
 * products (`Shelf`): nothing is written here.
 */

/** What the plan reads of the shop: products by id, the owners of SKUs, the products' crops' links. */
export type Shelf = Pick<Catalogue, "productsById" | "productsOfSkus" | "linksOf" | "cropsOfShop">;

/** A picture an import names: one the product has (by id), a file of the ZIP, or an address to fetch. */
export type ImageSource = { kind: "own"; id: number } | { kind: "zip"; name: string } | { kind: "url"; url: string };

/** A product the import makes (no id) or changes, with the lines of its rows. */
export interface PlannedProduct {
  id?: number | undefined;
  input: ProductInput;
  /** Its pictures in order when the sheet names them; undefined: kept. */
  images?: ImageSource[] | undefined;
  /** The line of its first row: a problem found while writing it is told there. */
  line: number;
  /** Its pictures once loaded (imports.ts): one of its own by id, or the path a new one was stored at. */
  stored?: (number | string)[] | undefined;
}

export interface Plan {
  /** The products that change or are made; unchanged ones are left out. */
  items: PlannedProduct[];
  created: number;
  updated: number;
  unchanged: number;
  problems: ImportProblem[];
}

/** How the shop's own pictures are addressed: the absolute URL of a stored path (the export's). */
export type ImageUrl = (path: string) => string;

type Cell = string | number | null;
/** A row's values once read: text, numbers, null for a cleared number; a column absent or left blank (where blank keeps) is not there. */
type Values = Partial<Record<SheetColumnName, Cell>>;

// ---- The columns: what a blank cell means, and the checks of each.

/** Columns whose blank cell keeps the current value (a new product's default); in the others, blank clears. */
const BLANK_KEEPS: ReadonlySet<SheetColumnName> = new Set([
  "product_id",
  "name",
  "category",
  "gst_rate",
  "label_kind",
  "images",
  "sku",
  "pack_label",
  "net_quantity",
  "unit",
  "price",
  "mrp",
  "stock",
  "weight_grams",
  "position",
]);

const NUMBER_COLUMNS: ReadonlySet<SheetColumnName> = new Set([
  "product_id",
  "gst_rate",
  "germination_percent",
  "net_quantity",
  "stock",
  "weight_grams",
  "position",
]);

const P = ProductUpdateBody.properties;
const L = LabelInput.properties;
const V = VariantInput.properties;
const optional = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(schema);

/** The product form's checks, by column (the price, MRP, HSN code, GST rate and pictures are checked below). */
const ROW_SCHEMA = Type.Object({
  product_id: optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  name: optional(P.name),
  name_hi: optional(Text({ maxLength: 200 })),
  category: optional(Text({ minLength: 1, maxLength: 100 })),
  brand: optional(P.brand),
  description: optional(P.description),
  description_hi: optional(P.description),
  label_kind: optional(L.kind),
  manufacturer: optional(L.manufacturer),
  manufacturer_address: optional(L.manufacturerAddress),
  country_of_origin: optional(L.countryOfOrigin),
  generic_name: optional(L.genericName),
  best_before: optional(L.bestBefore),
  customer_care: optional(L.customerCare),
  cibrc_number: optional(L.cibrcNumber),
  seed_variety: optional(L.seedVariety),
  seed_lot: optional(L.seedLot),
  germination_percent: optional(Type.Integer({ minimum: 0, maximum: 100 })),
  seed_test_date: optional(L.seedTestDate),
  fco_grade: optional(L.fcoGrade),
  generic_name_hi: optional(L.genericNameHi),
  country_of_origin_hi: optional(L.countryOfOriginHi),
  best_before_hi: optional(L.bestBeforeHi),
  customer_care_hi: optional(L.customerCareHi),
  sku: optional(V.sku),
  pack_label: optional(V.label),
  net_quantity: optional(V.netQuantity),
  unit: optional(V.unit),
  stock: optional(V.countInStock),
  weight_grams: optional(V.weightGrams),
  position: optional(Type.Integer({ minimum: 1, maximum: MAX_PACKS })),
});

const checkRow = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true }).compile(ROW_SCHEMA);

const PRODUCT_COLUMNS: readonly SheetColumnName[] = [
  "name",
  "name_hi",
  "category",
  "brand",
  "description",
  "description_hi",
  "hsn_code",
  "gst_rate",
  ...(Object.keys(LABEL_COLUMNS) as SheetColumnName[]),
  "crops",
  "problems",
  "label_claims",
  "images",
];

/**
 * The columns of a product's crops' links: a list separated by ";", of crops' addresses (crops)
 * or of crop:problem pairs (the others), each the most a product may have.
 */
const LINK_COLUMNS = { crops: MAX_PRODUCT_CROPS, problems: MAX_PRODUCT_PROBLEMS, label_claims: MAX_LABEL_CLAIMS } as const;
type LinkColumn = keyof typeof LINK_COLUMNS;
const isLinkColumn = (column: SheetColumnName): column is LinkColumn => column in LINK_COLUMNS;
const SLUG = new RegExp(SLUG_PATTERN);

/** Rows checked between two turns of the event loop. */
const ROWS_PER_TURN = 200;
/** Products (or SKUs) read from the shop in one query; the event loop turns between two. */
const READ_BATCH = 100;

const problemAt = (line: number, column: SheetColumnName | null, code: ImportProblem["code"], params: ImportProblem["params"] = {}) => ({
  line,
  column,
  code,
  params,
});

/**
 * A row's cells as values, and their problems: a formula refused, numbers read as numbers
 * (rupees to paise), each column's check of the product form.
 */
export function readRow(row: SheetRow): { values: Values; problems: ImportProblem[] } {
  const values: Values = {};
  const problems: ImportProblem[] = row.formulas.map((column) => problemAt(row.line, column, "formula_cell"));
  for (const [column, text] of row.cells) {
    if (row.formulas.includes(column)) continue;
    if (text === "") {
      if (!BLANK_KEEPS.has(column)) values[column] = column === "germination_percent" ? null : "";
      continue;
    }
    if (column === "price" || column === "mrp") {
      const paise = priceInPaise(text.replace(/^₹\s*/, "").replace(/,/g, ""));
      if (typeof paise === "number") values[column] = paise;
      else problems.push(problemAt(row.line, column, paise));
    } else if (column === "hsn_code") {
      const code = hsnCodeOf(text);
      if (code === null) problems.push(problemAt(row.line, column, "hsn_invalid"));
      else values[column] = code;
    } else if (column === "gst_rate") {
      const rate = Number(text.replace(/\s*%$/, ""));
      if (isGstRate(rate)) values[column] = rate;
      else problems.push(problemAt(row.line, column, "gst_rate_invalid"));
    } else if (isLinkColumn(column)) {
      const cell = linksCell(column, text);
      if (typeof cell === "string") values[column] = cell;
      else problems.push(problemAt(row.line, column, cell.code, cell.params));
    } else if (NUMBER_COLUMNS.has(column) && /^[+-]?\d+(\.\d+)?$/.test(text)) {
      values[column] = Number(text);
    } else {
      values[column] = column === "unit" || column === "label_kind" ? text.toLowerCase() : text;
    }
  }
  // A cleared number (null) is checked by nothing: it is allowed wherever a blank clears.
  if (!checkRow(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null)))) {
    for (const [field, found] of Object.entries(validationFields(checkRow.errors ?? []))) {
      const column = field as SheetColumnName;
      for (const { code, params } of found) problems.push(problemAt(row.line, column, code, params ?? {}));
      delete values[column];
    }
  }
  return { values, problems };
}

/**
 * A links cell written the one way the export writes it ("cotton; paddy", "cotton:whitefly;
 * paddy:stem-borer"), so that rows of one product compare: addresses in lower case, each once,
 * in the order given. A malformed address or pair, or too many, is the cell's problem.
 */
function linksCell(column: LinkColumn, text: string): string | Pick<ImportProblem, "code" | "params"> {
  const entries = text
    .split(LINK_SEPARATOR)
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const parts = (entry: string) => (column === "crops" ? [entry] : entry.split(PAIR_SEPARATOR).map((part) => part.trim()));
  const well = (entry: string) => {
    const found = parts(entry);
    return found.length === (column === "crops" ? 1 : 2) && found.every((part) => SLUG.test(part));
  };
  if (!entries.every(well)) return { code: "slug_invalid", params: {} };
  const unique = [...new Set(entries.map((entry) => parts(entry).join(PAIR_SEPARATOR)))];
  const max = LINK_COLUMNS[column];
  if (unique.length > max) return { code: "too_many_items", params: { max } };
  return unique.join(`${LINK_SEPARATOR} `);
}

/** A links cell's pairs ("cotton:whitefly; paddy:stem-borer"); the cell is as linksCell wrote it. */
function pairsOf(cell: string): CropProblemInput[] {
  return cell
    ? cell.split(LINK_SEPARATOR).map((entry) => {
        const [crop = "", problem = ""] = entry.trim().split(PAIR_SEPARATOR);
        return { crop, problem };
      })
    : [];
}

const cropsOf = (cell: string): string[] => (cell ? cell.split(LINK_SEPARATOR).map((entry) => entry.trim()) : []);

/** A row read, with what it is found to be. */
interface ReadRow {
  line: number;
  values: Values;
  /** The columns whose cell was refused (told once: what depends on them is not checked again). */
  refused: ReadonlySet<SheetColumnName>;
  /** The product it belongs to: an id, or the key of a new product ("new:" and its name). */
  product?: number | string;
}

/** The sheet's rows as the products they make or change; `progress` hears the rows checked. */
export async function planImport(
  rows: readonly SheetRow[],
  shelf: Shelf,
  imageUrl: ImageUrl,
  progress?: (rows: number) => void,
): Promise<Plan> {
  const problems: ImportProblem[] = [];
  const read: ReadRow[] = [];
  for (const [i, row] of rows.entries()) {
    const checked = readRow(row);
    problems.push(...checked.problems);
    const refused = new Set(checked.problems.flatMap((problem) => (problem.column ? [problem.column as SheetColumnName] : [])));
    read.push({ line: row.line, values: checked.values, refused });
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) {
      progress?.(i + 1);
      await turn();
    }
  }
  const current = await findProducts(read, shelf, problems);
  const links = await linksOf([...current.keys()], shelf);
  const shop = shopCropsOf(await shelf.cropsOfShop());
  const groups = new Map<number | string, ReadRow[]>();
  for (const row of read) {
    if (row.product === undefined) continue;
    const group = groups.get(row.product);
    if (group) group.push(row);
    else groups.set(row.product, [row]);
  }
  const plan: Plan = { items: [], created: 0, updated: 0, unchanged: 0, problems };
  const skus = new Map<string, number>();
  let planned = 0;
  for (const [key, group] of groups) {
    const product = typeof key === "number" ? current.get(key) : undefined;
    const linked = { now: product ? (links.get(product._id) ?? noLinks()) : noLinks(), shop };
    planProduct(plan, group, product, linked, imageUrl, skus);
    planned += group.length;
    if (planned >= ROWS_PER_TURN) {
      planned = 0;
      await turn();
    }
  }
  return plan;
}

/**
 * Finds each row's product: the one whose pack has its SKU, else the one its product_id names,
 * else a new product by its name. Answers the current products found, by id.
 */
async function findProducts(rows: ReadRow[], shelf: Shelf, problems: ImportProblem[]): Promise<Map<number, ProductSummary>> {
  const skus = unique(rows.flatMap((row) => (typeof row.values.sku === "string" && row.values.sku ? [row.values.sku] : [])));
  const productOfSku = new Map<string, number>();
  for (const batch of chunks(skus, READ_BATCH)) {
    for (const [sku, id] of await shelf.productsOfSkus(batch)) productOfSku.set(sku, id);
    await turn();
  }
  const ids = unique(rows.flatMap((row) => (typeof row.values.product_id === "number" ? [row.values.product_id] : [])));
  for (const id of productOfSku.values()) ids.push(id);
  const current = new Map<number, ProductSummary>();
  for (const batch of chunks(unique(ids), READ_BATCH)) {
    for (const product of await shelf.productsById(batch)) current.set(product._id, product);
    // SQLite answers at once: without a turn, the whole catalogue would be read in one go.
    await turn();
  }
  for (const row of rows) {
    const { sku, product_id: id, name } = row.values;
    const owner = typeof sku === "string" ? productOfSku.get(sku) : undefined;
    if (owner !== undefined) {
      if (typeof id === "number" && id !== owner) {
        problems.push(problemAt(row.line, "sku", "import_sku_other_product", { sku: String(sku), product: owner }));
      } else row.product = owner;
    } else if (typeof id === "number") {
      if (current.has(id)) row.product = id;
      else problems.push(problemAt(row.line, "product_id", "import_product_not_found", { id }));
    } else if (typeof name === "string" && name.trim()) {
      row.product = `new:${name.trim().toLowerCase()}`;
    } else if (row.refused.has("name") || row.refused.has("product_id")) {
      // Its name or product id was refused: that problem is the row's.
    } else if (typeof sku === "string" && sku) {
      problems.push(problemAt(row.line, "sku", "import_sku_unknown", { sku }));
    } else {
      problems.push(problemAt(row.line, "name", "required"));
    }
  }
  return current;
}

/** The crops' links of the products the import changes, read a batch at a time. */
async function linksOf(ids: readonly number[], shelf: Shelf): Promise<Map<number, ProductLinks>> {
  const links = new Map<number, ProductLinks>();
  for (const batch of chunks(ids, READ_BATCH)) {
    for (const [id, found] of await shelf.linksOf(batch)) links.set(id, found);
    await turn();
  }
  return links;
}

/** A pack as the import sees it: the current one (if any), what it becomes, and the row that names it. */
interface PlannedPack {
  id?: number;
  fields: PackInput;
  before?: PackInput;
  line?: number;
  /** Where it goes among the product's packs. */
  order: number;
}

/** Plans one product from its rows: its fields, its packs, its pictures; counts its rows. */
function planProduct(
  plan: Plan,
  rows: readonly ReadRow[],
  product: ProductSummary | undefined,
  { now: links, shop }: { now: ProductLinks; shop: ShopCrops },
  imageUrl: ImageUrl,
  skus: Map<string, number>,
): void {
  const first = rows[0] as ReadRow;
  const problems = plan.problems;
  const before = problems.length;
  const shared = productValues(rows, problems);
  const packs: PlannedPack[] = (product?.variants ?? []).map((variant, i) => {
    const fields: PackInput = {
      id: variant.id,
      label: variant.label,
      sku: variant.sku,
      netQuantity: variant.netQuantity,
      unit: variant.unit,
      pricePaise: toPaise(variant.price),
      mrpPaise: toPaise(variant.mrp),
      countInStock: variant.countInStock,
      weightGrams: variant.weightGrams,
    };
    return { id: variant.id, fields: { ...fields, stockSeen: variant.countInStock }, before: fields, order: i + 1 };
  });
  const rowPack = new Map<ReadRow, PlannedPack>();
  for (const row of rows) {
    const pack = findPack(row, packs, rowPack, problems);
    if (!pack) continue;
    rowPack.set(row, pack);
    applyPackValues(pack, row, problems);
    const sku = pack.fields.sku;
    if (sku) {
      const earlier = skus.get(sku);
      if (earlier !== undefined && earlier !== row.line) problems.push(problemAt(row.line, "sku", "import_sku_repeated", { sku, earlier }));
      else skus.set(sku, row.line);
    }
  }
  packs.sort((a, b) => a.order - b.order);
  checkPacks(packs, first.line, problems);

  const label: ProductLabel = { ...(product?.label ?? DEFAULT_LABEL) };
  for (const [column, field] of Object.entries(LABEL_COLUMNS)) {
    const value = shared[column as SheetColumnName];
    if (value !== undefined) (label as Record<string, unknown>)[field] = value;
  }
  if (label.kind === "pesticide" && !label.cibrcNumber.trim())
    problems.push(problemAt(first.line, "cibrc_number", "cibrc_number_required"));
  const name = text(shared.name) ?? product?.name;
  const category = text(shared.category) ?? product?.category.name;
  if (!product) {
    if (!name) problems.push(problemAt(first.line, "name", "required"));
    if (!category) problems.push(problemAt(first.line, "category", "required"));
  }
  const images = imageSources(shared.images, product, imageUrl, first.line, problems);
  // Each links column given (a blank cell: none); an absent one keeps the product's.
  const linkInput: CropLinksInput = {
    ...(typeof shared.crops === "string" ? { crops: cropsOf(shared.crops) } : {}),
    ...(typeof shared.problems === "string" ? { problems: pairsOf(shared.problems) } : {}),
    ...(typeof shared.label_claims === "string" ? { labelClaims: pairsOf(shared.label_claims) } : {}),
  };
  checkLinks(linkInput, links, label.kind, shop, first.line, problems);
  if (problems.length > before) return;

  const input: ProductInput = {
    name: name ?? "",
    brand: text(shared.brand) ?? product?.brand ?? "",
    category: category ?? "",
    description: text(shared.description) ?? product?.description ?? "",
    nameHi: text(shared.name_hi) ?? product?.nameHi ?? "",
    descriptionHi: text(shared.description_hi) ?? product?.descriptionHi ?? "",
    hsnCode: text(shared.hsn_code) ?? product?.hsnCode ?? "",
    gstRate: typeof shared.gst_rate === "number" ? shared.gst_rate : (product?.gstRate ?? 0),
    pricePaise: 0,
    countInStock: 0,
    variants: packs.map((pack) => pack.fields),
    label,
    ...linkInput,
  };
  const productChanged = !product || productDiffers(product, input, images) || linksDiffer(links, input);
  const ordered = packs.map((pack) => pack.id);
  const orderChanged = product ? product.variants.some((variant, i) => variant.id !== ordered[i]) : false;
  for (const row of rows) {
    const pack = rowPack.get(row) as PlannedPack;
    if (!pack.before) plan.created += 1;
    else if (productChanged || orderChanged || packDiffers(pack.before, pack.fields)) plan.updated += 1;
    else plan.unchanged += 1;
  }
  if (productChanged || orderChanged || packs.some((pack) => !pack.before || packDiffers(pack.before, pack.fields)))
    plan.items.push({ id: product?._id, input, images, line: first.line });
}

/** The product's columns from its rows: the first row's, each later row having to agree. */
function productValues(rows: readonly ReadRow[], problems: ImportProblem[]): Values {
  const values: Values = {};
  const from = new Map<SheetColumnName, number>();
  for (const row of rows)
    for (const column of PRODUCT_COLUMNS) {
      const value = row.values[column];
      if (value === undefined) continue;
      if (!from.has(column)) {
        values[column] = value;
        from.set(column, row.line);
      } else if (values[column] !== value) {
        problems.push(problemAt(row.line, column, "import_product_differs", { earlier: from.get(column) as number }));
      }
    }
  return values;
}

/**
 * The pack a row names: by its SKU among the product's packs, else by its label, else (neither
 * given) the product's default pack; a row naming no pack of the product adds one.
 */
function findPack(
  row: ReadRow,
  packs: PlannedPack[],
  taken: Map<ReadRow, PlannedPack>,
  problems: ImportProblem[],
): PlannedPack | undefined {
  const { sku, pack_label: label } = row.values;
  const matches = (pack: PlannedPack) =>
    (typeof sku === "string" && sku !== "" && pack.before?.sku === sku) ||
    (typeof label === "string" && pack.before?.label.toLowerCase() === label.toLowerCase());
  const pack =
    packs.find((candidate) => candidate.before && matches(candidate)) ??
    (sku === undefined && label === undefined ? packs.find((candidate) => candidate.before && candidate.order === 1) : undefined);
  if (pack) {
    const earlier = [...taken].find(([, other]) => other === pack)?.[0];
    if (earlier) {
      if (typeof sku === "string" && sku !== "" && pack.before?.sku === sku)
        problems.push(problemAt(row.line, "sku", "import_sku_repeated", { sku, earlier: earlier.line }));
      else problems.push(problemAt(row.line, "pack_label", "import_pack_repeated", { label: pack.fields.label, earlier: earlier.line }));
      return undefined;
    }
    pack.line = row.line;
    return pack;
  }
  const added: PlannedPack = {
    fields: { label: "1 pack", sku: "", netQuantity: 1, unit: "piece", pricePaise: 0, mrpPaise: 0, countInStock: 0, weightGrams: 0 },
    line: row.line,
    order: MAX_PACKS + packs.length + 1,
  };
  if (row.values.price === undefined && !row.refused.has("price")) problems.push(problemAt(row.line, "price", "required"));
  packs.push(added);
  return added;
}

/** Sets what the row gives of its pack; a new pack's MRP is its price unless the row says. */
function applyPackValues(pack: PlannedPack, row: ReadRow, problems: ImportProblem[]): void {
  const v = row.values;
  const fields = pack.fields;
  if (typeof v.sku === "string" && v.sku) fields.sku = v.sku;
  if (typeof v.pack_label === "string") fields.label = v.pack_label;
  if (typeof v.net_quantity === "number") fields.netQuantity = v.net_quantity;
  if (typeof v.unit === "string") fields.unit = v.unit as PackUnit;
  if (typeof v.price === "number") {
    fields.pricePaise = v.price;
    if (!pack.before && v.mrp === undefined) fields.mrpPaise = v.price;
  }
  if (typeof v.mrp === "number") fields.mrpPaise = v.mrp;
  if (typeof v.stock === "number") fields.countInStock = v.stock;
  if (typeof v.weight_grams === "number") fields.weightGrams = v.weight_grams;
  if (typeof v.position === "number") pack.order = v.position;
  if (fields.mrpPaise < fields.pricePaise) problems.push(problemAt(row.line, v.mrp === undefined ? "price" : "mrp", "mrp_below_price"));
}

/** What a product's packs must be together: at most MAX_PACKS, labels unique in the product. */
function checkPacks(packs: readonly PlannedPack[], line: number, problems: ImportProblem[]): void {
  if (packs.length > MAX_PACKS) problems.push(problemAt(line, null, "import_too_many_packs", { max: MAX_PACKS }));
  const labels = new Map<string, PlannedPack>();
  for (const pack of packs) {
    const label = pack.fields.label.trim().toLowerCase();
    if (labels.has(label)) problems.push(problemAt(pack.line ?? line, "pack_label", "pack_label_taken"));
    labels.set(label, pack);
  }
}

/**
 * The pictures the `images` cell names, in order: the shop's own addresses of the product's
 * pictures (as exported), files of the ZIP, or http(s) addresses. Undefined: the cell is blank or
 * absent, and the pictures stay as they are.
 */
function imageSources(
  cell: Cell | undefined,
  product: ProductSummary | undefined,
  imageUrl: ImageUrl,
  line: number,
  problems: ImportProblem[],
): ImageSource[] | undefined {
  if (typeof cell !== "string" || cell === "") return undefined;
  const own = new Map(
    (product?.images ?? []).flatMap((image) => [[imageUrl(image.image), image.id] as const, [image.image, image.id] as const]),
  );
  return cell
    .split(IMAGE_SEPARATOR)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .flatMap((entry): ImageSource[] => {
      const id = own.get(entry);
      if (id !== undefined) return [{ kind: "own", id }];
      if (/^[a-z][a-z0-9+.-]*:/i.test(entry)) {
        if (/^https?:\/\//i.test(entry)) return [{ kind: "url", url: entry }];
        problems.push(problemAt(line, "images", "image_address_refused", { address: entry }));
        return [];
      }
      return [{ kind: "zip", name: entry }];
    });
}

function productDiffers(product: ProductSummary, input: ProductInput, images: ImageSource[] | undefined): boolean {
  const same =
    product.name === input.name &&
    product.brand === input.brand &&
    product.category.name.toLowerCase() === String(input.category).toLowerCase() &&
    product.description === input.description &&
    product.nameHi === input.nameHi &&
    product.descriptionHi === input.descriptionHi &&
    product.hsnCode === input.hsnCode &&
    product.gstRate === input.gstRate &&
    (Object.keys(product.label) as (keyof ProductLabel)[]).every((field) => product.label[field] === input.label?.[field]);
  const sameImages =
    !images ||
    (images.length === product.images.length && images.every((image, i) => image.kind === "own" && image.id === product.images[i]?.id));
  return !(same && sameImages);
}

/** The shop's crops, problems and which problems are each crop's ("cotton:whitefly"). */
interface ShopCrops {
  crops: ReadonlySet<string>;
  problems: ReadonlySet<string>;
  pairs: ReadonlySet<string>;
}

const pairKey = (pair: CropProblemInput) => `${pair.crop}${PAIR_SEPARATOR}${pair.problem}`;
const inputOf = (refs: ProductLinks["problems"]): CropProblemInput[] =>
  refs.map((ref) => ({ crop: ref.crop.slug, problem: ref.problem.slug }));

function shopCropsOf({ crops, problems }: StaffCrops): ShopCrops {
  return {
    crops: new Set(crops.map((crop) => crop.slug)),
    problems: new Set(problems.map((problem) => problem.slug)),
    pairs: new Set(crops.flatMap((crop) => crop.problems.map((link) => pairKey({ crop: crop.slug, problem: link.problem })))),
  };
}

/**
 * The links' rules of the product's write (the crops module's, catalog/crop-links.ts), checked
 * here too so that a dry run finds their problems, every product's: the crops and problems are
 * the shop's, a product's problem is one of its crop's, and a pesticide is linked only to the
 * pairs of its label claim (the first pair off it told, as the write tells it). The write checks
 * them again (a change made meanwhile), told on the product's line too.
 */
function checkLinks(
  input: CropLinksInput,
  now: ProductLinks,
  kind: ProductKind,
  shop: ShopCrops,
  line: number,
  problems: ImportProblem[],
): void {
  const before = problems.length;
  const at = (column: SheetColumnName, code: ImportProblem["code"], params: ImportProblem["params"]) =>
    problems.push(problemAt(line, column, code, params));
  for (const crop of input.crops ?? []) if (!shop.crops.has(crop)) at("crops", "crop_unknown", { value: crop });
  const lists = [
    ["problems", input.problems],
    ["label_claims", input.labelClaims],
  ] as const;
  for (const [column, pairs] of lists)
    for (const pair of pairs ?? []) {
      if (!shop.crops.has(pair.crop)) at(column, "crop_unknown", { value: pair.crop });
      else if (!shop.problems.has(pair.problem)) at(column, "problem_unknown", { value: pair.problem });
      else if (column === "problems" && !shop.pairs.has(pairKey(pair))) at(column, "crop_problem_unknown", { ...pair });
    }
  // The claim is checked on pairs the shop has.
  if (kind !== "pesticide" || problems.length > before) return;
  const claim = new Set((input.labelClaims ?? inputOf(now.labelClaims)).map(pairKey));
  const off = (input.problems ?? inputOf(now.problems)).find((pair) => !claim.has(pairKey(pair)));
  if (off) at("problems", "label_claim_missing", { crop: off.crop, problem: off.problem });
}

/**
 * Whether the links the import names differ from the product's: as sets, each named field alone,
 * the crops with those of the problems it will have (the write adds a problem's crop to the crops).
 */
function linksDiffer(links: ProductLinks, input: ProductInput): boolean {
  const pairKeys = (pairs: readonly CropProblemInput[]) => pairs.map(pairKey);
  const refKeys = (pairs: ProductLinks["problems"]) => pairKeys(inputOf(pairs));
  const differ = (a: readonly string[], b: readonly string[]) => {
    const left = new Set(a);
    const right = new Set(b);
    return left.size !== right.size || [...left].some((key) => !right.has(key));
  };
  const problems = input.problems ?? inputOf(links.problems);
  return (
    (input.crops !== undefined &&
      differ(
        [...input.crops, ...problems.map((pair) => pair.crop)],
        links.crops.map((crop) => crop.slug),
      )) ||
    (input.problems !== undefined && differ(pairKeys(input.problems), refKeys(links.problems))) ||
    (input.labelClaims !== undefined && differ(pairKeys(input.labelClaims), refKeys(links.labelClaims)))
  );
}

function packDiffers(before: PackInput, after: PackInput): boolean {
  return (
    before.label !== after.label ||
    before.sku !== after.sku ||
    before.netQuantity !== after.netQuantity ||
    before.unit !== after.unit ||
    before.pricePaise !== after.pricePaise ||
    before.mrpPaise !== after.mrpPaise ||
    before.countInStock !== after.countInStock ||
    before.weightGrams !== after.weightGrams
  );
}

const text = (value: Cell | undefined): string | undefined => (typeof value === "string" ? value : undefined);

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

function* chunks<T>(values: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < values.length; i += size) yield values.slice(i, i + size);
}
