import { MAX_PACKS, PACK_UNITS, PRODUCT_KINDS } from "./packs.ts";
import { GST_RATES } from "./pricing-rules.ts";

/**
 * The catalogue as a spreadsheet (staff's export and import, CSV or XLSX): one row per pack, its
 * product's columns repeated on each of its packs' rows. Headers are these names, in English;
 * an import may leave columns out (they are kept as they are) and may order them as it likes.
 */

/** Whether a column belongs to the product (the same on each of its rows) or to the row's pack. */
export type SheetLevel = "product" | "pack";

export interface SheetColumn {
  name: string;
  level: SheetLevel;
  /** What the column holds and the values it takes, for the sheet's help and the README. */
  about: string;
}

const kinds = PRODUCT_KINDS.join(", ");

export const CATALOGUE_COLUMNS = [
  { name: "product_id", level: "product", about: "The product's number in the shop. Empty for a new product." },
  { name: "name", level: "product", about: "The product's name, up to 200 characters. Needed for a new product." },
  { name: "name_hi", level: "product", about: "The name in Hindi, up to 200 characters." },
  { name: "category", level: "product", about: "The category's name (a new name makes a new category), up to 100 characters." },
  { name: "brand", level: "product", about: "The brand, up to 200 characters." },
  { name: "description", level: "product", about: "The description, up to 10,000 characters; line breaks allowed." },
  { name: "description_hi", level: "product", about: "The description in Hindi." },
  { name: "hsn_code", level: "product", about: "The HSN code: 4, 6 or 8 digits, or empty." },
  { name: "gst_rate", level: "product", about: `The GST rate in percent: ${GST_RATES.join(", ")}.` },
  { name: "label_kind", level: "product", about: `What the label must carry: ${kinds}.` },
  { name: "manufacturer", level: "product", about: "Label: the manufacturer, packer or importer, up to 200 characters." },
  { name: "manufacturer_address", level: "product", about: "Label: their address, up to 500 characters." },
  { name: "country_of_origin", level: "product", about: "Label: the country of origin, up to 60 characters." },
  { name: "generic_name", level: "product", about: "Label: the common or generic name, up to 200 characters." },
  { name: "best_before", level: "product", about: "Label: best before or use by, up to 100 characters." },
  { name: "customer_care", level: "product", about: "Label: whom a customer contacts, up to 300 characters." },
  { name: "cibrc_number", level: "product", about: "Pesticide: the CIB&RC registration number (needed for a pesticide)." },
  { name: "seed_variety", level: "product", about: "Seed: the variety, up to 100 characters." },
  { name: "seed_lot", level: "product", about: "Seed: the lot number, up to 60 characters." },
  { name: "germination_percent", level: "product", about: "Seed: the germination in percent, a whole number from 0 to 100, or empty." },
  { name: "seed_test_date", level: "product", about: "Seed: the date of the germination test, YYYY-MM-DD, or empty." },
  { name: "fco_grade", level: "product", about: "Fertiliser: the grade under the Fertiliser (Control) Order, such as 46-0-0." },
  { name: "generic_name_hi", level: "product", about: "Label: the generic name in Hindi." },
  { name: "country_of_origin_hi", level: "product", about: "Label: the country of origin in Hindi." },
  { name: "best_before_hi", level: "product", about: "Label: best before in Hindi." },
  { name: "customer_care_hi", level: "product", about: "Label: customer care in Hindi." },
  {
    name: "crops",
    level: "product",
    about: "The crops it serves, by their address, separated by ; (cotton; paddy). Empty: none.",
  },
  {
    name: "problems",
    level: "product",
    about:
      "The crops' problems it treats, each crop:problem by their addresses, separated by ; (cotton:whitefly; paddy:stem-borer); their crops are added to crops. Empty: none.",
  },
  {
    name: "label_claims",
    level: "product",
    about:
      "Pesticide: its label claim, the crop:pest pairs its CIB&RC registration names, separated by ; (a pesticide may be linked only to these). Empty: none.",
  },
  {
    name: "images",
    level: "product",
    about:
      "The product's pictures in order, separated by |: the shop's own image addresses (as exported), names of files in the ZIP sent with the sheet, or https addresses. Empty: the pictures are kept.",
  },
  { name: "sku", level: "pack", about: "The pack's SKU, unique in the shop, up to 64 characters. Rows are matched by SKU first." },
  { name: "pack_label", level: "pack", about: "What the shopper picks, such as 45 kg, up to 40 characters, unique in the product." },
  { name: "net_quantity", level: "pack", about: "The net quantity the pack declares, more than 0." },
  { name: "unit", level: "pack", about: `The unit of the net quantity: ${PACK_UNITS.join(", ")}.` },
  { name: "price", level: "pack", about: "The price in rupees (at most two decimals), more than 0 and at most 1,00,00,000." },
  { name: "mrp", level: "pack", about: "The MRP in rupees, not below the price. Empty for a new pack: the price." },
  { name: "stock", level: "pack", about: "The units in stock, a whole number from 0 to 10,00,000." },
  { name: "weight_grams", level: "pack", about: "The shipping weight of one pack in grams, packing included." },
  { name: "position", level: "pack", about: `The pack's place among the product's packs, 1 for the default; at most ${MAX_PACKS} packs.` },
] as const satisfies readonly SheetColumn[];

export type SheetColumnName = (typeof CATALOGUE_COLUMNS)[number]["name"];

export const SHEET_COLUMN_NAMES: readonly SheetColumnName[] = CATALOGUE_COLUMNS.map((column) => column.name);

/** The separator of the `images` column's entries. */
export const IMAGE_SEPARATOR = "|";

/** The separator of the entries of the `crops`, `problems` and `label_claims` columns, and of a pair's crop and problem. */
export const LINK_SEPARATOR = ";";
export const PAIR_SEPARATOR = ":";

/** The most rows one import may have (an export of the whole catalogue imports back). */
export const MAX_IMPORT_ROWS = 100_000;

/** The most problems an import's report lists; the rest are counted (`errorsOmitted`). */
export const MAX_REPORTED_ERRORS = 1_000;

/** How an import stands: waiting its turn, reading and checking the file, writing, finished, or stopped by a fault of the shop. */
export const IMPORT_STATUSES = ["queued", "checking", "writing", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
