import { once } from "node:events";
import { PassThrough, type Readable, type Writable } from "node:stream";
import { setImmediate as turn } from "node:timers/promises";
import {
  CATALOGUE_COLUMNS,
  type CropProblemRef,
  IMAGE_SEPARATOR,
  LINK_SEPARATOR,
  PAIR_SEPARATOR,
  type ProductSummary,
  SHEET_COLUMN_NAMES,
  type SheetColumnName,
} from "@krishi/contract";
import { stringify } from "csv-stringify";
import ExcelJS from "exceljs";
import { noLinks, type ProductLinks } from "../catalog/crop-links.ts";
import { LABEL_COLUMNS } from "./columns.ts";
import type { SheetFormat } from "./sheet-read.ts";
import type { Shelf } from "./shelf.ts";

/** A cell of the export: text, or a number (an XLSX cell a spreadsheet can sum). */
type Value = string | number;

/** The columns holding rupees, written with two decimals. */
const MONEY: ReadonlySet<SheetColumnName> = new Set(["price", "mrp"]);
const NUMBERS: ReadonlySet<SheetColumnName> = new Set([
  "product_id",
  "gst_rate",
  "germination_percent",
  "net_quantity",
  "price",
  "mrp",
  "stock",
  "weight_grams",
  "position",
]);

/** Crop–problem pairs as a cell: "cotton:whitefly; paddy:stem-borer". */
const pairsCell = (pairs: readonly CropProblemRef[]) =>
  pairs.map((pair) => `${pair.crop.slug}${PAIR_SEPARATOR}${pair.problem.slug}`).join(`${LINK_SEPARATOR} `);

/** One row per pack of `product`, its product's columns (its crops' links too) on each, in CATALOGUE_COLUMNS' order. */
export function packRows(
  product: ProductSummary,
  links: ProductLinks,
  imageUrl: (path: string) => string,
): Record<SheetColumnName, Value>[] {
  const { label } = product;
  const productCells = {
    product_id: product._id,
    name: product.name,
    name_hi: product.nameHi,
    category: product.category.name,
    brand: product.brand,
    description: product.description,
    description_hi: product.descriptionHi,
    hsn_code: product.hsnCode,
    gst_rate: product.gstRate,
    ...(Object.fromEntries(Object.entries(LABEL_COLUMNS).map(([column, field]) => [column, label[field] ?? ""])) as Record<
      keyof typeof LABEL_COLUMNS,
      Value
    >),
    crops: links.crops.map((crop) => crop.slug).join(`${LINK_SEPARATOR} `),
    problems: pairsCell(links.problems),
    label_claims: pairsCell(links.labelClaims),
    images: product.images.map((image) => imageUrl(image.image)).join(` ${IMAGE_SEPARATOR} `),
  };
  return product.variants.map((pack, i) => ({
    ...productCells,
    sku: pack.sku,
    pack_label: pack.label,
    net_quantity: pack.netQuantity,
    unit: pack.unit,
    price: pack.price,
    mrp: pack.mrp,
    stock: pack.countInStock,
    weight_grams: pack.weightGrams,
    position: i + 1,
  }));
}

/** What the export reads of the shop: every product, a batch at a time, and their crops' links. */
type Catalogue = Pick<Shelf, "everyProduct" | "linksOf">;

/**
 * The catalogue as a sheet, written as the shelf yields it (a batch at a time with its links, the
 * event loop running between batches, waiting while the reader is behind). Answers the stream to send.
 */
export function writeCatalogue(
  catalogue: Catalogue,
  format: SheetFormat,
  imageUrl: (path: string) => string,
  onError: (error: unknown) => void,
): Readable {
  const out = new PassThrough();
  const write = format === "csv" ? writeCsv : writeXlsx;
  write(catalogue, imageUrl, out).catch((error) => {
    onError(error);
    out.destroy(error as Error);
  });
  return out;
}

async function writeCsv(catalogue: Catalogue, imageUrl: (path: string) => string, out: Writable): Promise<void> {
  // A BOM: spreadsheets then read the file as UTF-8 (Hindi stays Hindi).
  out.write("\uFEFF");
  const csv = stringify({ header: true, columns: [...SHEET_COLUMN_NAMES], record_delimiter: "\r\n" });
  csv.pipe(out);
  for await (const row of rowsOf(catalogue, imageUrl)) {
    if (!csv.write(SHEET_COLUMN_NAMES.map((column) => csvValue(row[column])))) await once(csv, "drain");
  }
  csv.end();
}

/** Rows written between two turns of the event loop (an XLSX row is the costlier: its XML, then its share of the zip). */
const ROWS_PER_TURN = 25;

/** The packs' rows of the products as they come, the event loop turning every ROWS_PER_TURN rows. */
async function* rowsOf(catalogue: Catalogue, imageUrl: (path: string) => string) {
  let written = 0;
  for await (const batch of catalogue.everyProduct()) {
    const links = await catalogue.linksOf(batch.map((product) => product._id));
    for (const product of batch)
      for (const row of packRows(product, links.get(product._id) ?? noLinks(), imageUrl)) {
        yield row;
        if (++written % ROWS_PER_TURN === 0) await turn();
      }
  }
}

/** Text a spreadsheet would run as a formula gets a ' before it (the import takes it off again). */
export function csvValue(value: Value): string {
  const text = String(value);
  return /^[=+\-@]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
}

async function writeXlsx(catalogue: Catalogue, imageUrl: (path: string) => string, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet("Catalogue", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = SHEET_COLUMN_NAMES.map((column) => ({
    header: column,
    key: column,
    width: Math.max(12, column.length + 2),
    ...(MONEY.has(column) ? { style: { numFmt: "0.00" } } : {}),
  }));
  for await (const row of rowsOf(catalogue, imageUrl)) {
    sheet.addRow(SHEET_COLUMN_NAMES.map((column) => xlsxValue(column, row[column]))).commit();
  }
  sheet.commit();
  const help = workbook.addWorksheet("Columns");
  help.columns = [
    { header: "column", key: "name", width: 22 },
    { header: "for", key: "level", width: 10 },
    { header: "what it holds", key: "about", width: 100 },
  ];
  for (const column of CATALOGUE_COLUMNS) help.addRow({ name: column.name, level: column.level, about: column.about }).commit();
  help.commit();
  await workbook.commit();
}

/** Numbers as numbers (rupees too), the rest as text: a text cell that looks like a formula stays text in XLSX. */
function xlsxValue(column: SheetColumnName, value: Value): Value {
  if (NUMBERS.has(column) && value !== "") return Number(value);
  return value;
}
