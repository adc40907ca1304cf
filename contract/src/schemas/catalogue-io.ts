import { Type } from "typebox";
import { IMPORT_STATUSES } from "../catalogue-sheet.ts";
import { FIELD_ERROR_CODES } from "../errors.ts";
import { IsoDate } from "./common.ts";

/** Staff: GET /api/staff/catalogue/export/: the catalogue as CSV (the default) or XLSX. */
export const CatalogueExportQuery = Type.Object({ format: Type.Optional(Type.Enum(["csv", "xlsx"], { default: "csv" })) });

/** Staff: POST /api/staff/catalogue/import/: `dry_run=true` checks the file and writes nothing. */
export const CatalogueImportQuery = Type.Object({
  dry_run: Type.Optional(Type.Enum(["true", "1", "false", "0"], { description: "true or 1: check only, write nothing" })),
});

/**
 * One problem of an imported file: the line (the spreadsheet's row number, the header being 1;
 * null for the file as a whole), the column's name (null for the row as a whole), and its code
 * and values, as a field's problem of the API (contract/src/errors.ts).
 */
export const ImportProblemSchema = Type.Object({
  line: Type.Union([Type.Integer(), Type.Null()]),
  column: Type.Union([Type.String(), Type.Null()]),
  code: Type.Enum(FIELD_ERROR_CODES),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
});

/**
 * What an import did (or, in a dry run or with any problem, would do), counted in rows: packs made
 * (with their products), rows that changed something, rows that changed nothing. A file with any
 * problem changes nothing (`applied` false); `errors` lists every bad line, at most
 * MAX_REPORTED_ERRORS of them, and `errorsOmitted` counts the rest.
 */
export const ImportReportSchema = Type.Object({
  created: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0 }),
  applied: Type.Boolean(),
  errors: Type.Array(ImportProblemSchema),
  errorsOmitted: Type.Integer({ minimum: 0 }),
});

/**
 * An import, from upload to result: it waits its turn (`queued`: one import runs at a time),
 * then reads and checks the file (`checking`) and writes it in one transaction (`writing`);
 * `rowsDone` of `rowsTotal` (null until the file is read) is its progress. `done` with its
 * report, or `failed` when the shop itself failed (the file changed nothing then either).
 */
export const CatalogueImportSchema = Type.Object({
  id: Type.Integer(),
  status: Type.Enum(IMPORT_STATUSES),
  dryRun: Type.Boolean(),
  fileName: Type.String(),
  /** Whether a ZIP of pictures came with the sheet. */
  withImages: Type.Boolean(),
  rowsTotal: Type.Union([Type.Integer(), Type.Null()]),
  rowsDone: Type.Integer(),
  createdAt: IsoDate,
  finishedAt: Type.Union([IsoDate, Type.Null()]),
  report: Type.Union([ImportReportSchema, Type.Null()]),
});

/** Staff: the latest imports, newest first. */
export const CatalogueImportListSchema = Type.Array(CatalogueImportSchema);
