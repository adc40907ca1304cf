import { Readable } from "node:stream";
import { setImmediate as turn } from "node:timers/promises";
import { type ImportProblem, MAX_IMPORT_ROWS, SHEET_COLUMN_NAMES, type SheetColumnName } from "@krishi/contract";
import ExcelJS from "exceljs";
import { CsvQuotesError, csvRecords } from "../../lib/csv.ts";

/** The sheet formats an import takes. */
export type SheetFormat = "csv" | "xlsx";

/**
 * One row of an imported sheet: its line (the spreadsheet's row number), the values of the
 * header's columns (a column the row leaves blank is ""), and the columns whose cell a
 * spreadsheet would run as a formula (refused: see formulaCell).
 */
export interface SheetRow {
  line: number;
  cells: Map<SheetColumnName, string>;
  formulas: SheetColumnName[];
}

/** A sheet as read: its columns and rows, or the problems that stop it being read at all. */
export type ReadSheet = { ok: true; columns: SheetColumnName[]; rows: SheetRow[] } | { ok: false; problems: ImportProblem[] };

/** Rows read between two turns of the event loop. */
const ROWS_PER_TURN = 200;

const fileProblem = (code: ImportProblem["code"], params: ImportProblem["params"] = {}, line: number | null = null): ImportProblem => ({
  line,
  column: null,
  code,
  params,
});

/**
 * Reads an uploaded sheet, its first worksheet for an XLSX file: the first non-blank row is the
 * header (the column names of CATALOGUE_COLUMNS, in any order, any case), every later non-blank
 * row a pack. `progress` hears the rows read so far.
 */
export async function readSheet(file: Buffer, format: SheetFormat, progress?: (rows: number) => void): Promise<ReadSheet> {
  const reading = new SheetReading(progress);
  try {
    if (format === "csv") {
      for await (const records of csvRecords(file.toString("utf8"))) {
        for (const { line, values } of records) if (!reading.take(line, values.map(csvCell))) break;
        if (reading.stopped) break;
      }
    } else {
      await readXlsx(file, reading);
    }
  } catch (error) {
    if (error instanceof CsvQuotesError)
      return { ok: false, problems: [fileProblem("csv_quotes_unpaired", { line: error.line }, error.line)] };
    // ExcelJS throws whatever its zip and XML readers meet in a file that is not a workbook.
    if (format === "xlsx") return { ok: false, problems: [fileProblem("import_unreadable")] };
    throw error;
  }
  return reading.result();
}

/** A cell as read: its text, and whether a spreadsheet runs it as a formula. */
interface Cell {
  text: string;
  formula: boolean;
}

/**
 * A CSV value: a spreadsheet runs one that starts with =, +, - or @ as a formula (a number such
 * as -5 aside), so such a value is refused; written with ' before it (as the export writes
 * one), it is the text after the '.
 */
export function csvCell(value: string): Cell {
  if (/^'[=+\-@]/.test(value)) return { text: value.slice(1), formula: false };
  return { text: value, formula: /^[=+\-@]/.test(value) && !/^[+-]?\d+(\.\d+)?$/.test(value) };
}

async function readXlsx(file: Buffer, reading: SheetReading): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    entries: "ignore",
  });
  for await (const worksheet of workbook) {
    for await (const row of worksheet) {
      const values = row.values as unknown[];
      // ExcelJS counts cells from 1: values[0] is always empty.
      if (!reading.take(row.number, values.slice(1).map(xlsxCell))) break;
      if (reading.rowsSeen % ROWS_PER_TURN === 0) await turn();
    }
    // Only the first worksheet is the catalogue (the export's second explains the columns).
    break;
  }
}

/** An XLSX cell's value as text: numbers as written, dates as YYYY-MM-DD, rich text and links by their text. */
function xlsxCell(value: unknown): Cell {
  if (value === null || value === undefined) return { text: "", formula: false };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), formula: false };
  if (typeof value === "object") {
    const cell = value as { formula?: unknown; sharedFormula?: unknown; richText?: { text: string }[]; text?: unknown; error?: unknown };
    if (cell.formula !== undefined || cell.sharedFormula !== undefined) return { text: "", formula: true };
    if (cell.richText)
      return {
        text: cell.richText
          .map((part) => part.text)
          .join("")
          .trim(),
        formula: false,
      };
    if (cell.text !== undefined) return { text: String(cell.text).trim(), formula: false };
    return { text: "", formula: false };
  }
  return { text: String(value).trim(), formula: false };
}

/** The header and rows taken so far, and the problems of the file as a whole. */
class SheetReading {
  columns: (SheetColumnName | null)[] | null = null;
  readonly rows: SheetRow[] = [];
  readonly problems: ImportProblem[] = [];
  rowsSeen = 0;
  stopped = false;

  constructor(private readonly progress?: (rows: number) => void) {}

  /** Takes one record; false once the file has more rows than an import may. */
  take(line: number, cells: Cell[]): boolean {
    if (cells.every((cell) => cell.text === "" && !cell.formula)) return true;
    if (!this.columns) {
      this.columns = this.#header(line, cells);
      return true;
    }
    this.rowsSeen += 1;
    if (this.rows.length === MAX_IMPORT_ROWS) {
      this.problems.push(fileProblem("import_too_many_rows", { max: MAX_IMPORT_ROWS }));
      this.stopped = true;
      return false;
    }
    const row: SheetRow = { line, cells: new Map(), formulas: [] };
    for (const [i, column] of this.columns.entries()) {
      if (!column) continue;
      const cell = cells[i];
      row.cells.set(column, cell?.text ?? "");
      if (cell?.formula) row.formulas.push(column);
    }
    this.rows.push(row);
    if (this.rows.length % ROWS_PER_TURN === 0) this.progress?.(this.rows.length);
    return true;
  }

  result(): ReadSheet {
    if (this.problems.length > 0) return { ok: false, problems: this.problems };
    if (!this.columns || this.rows.length === 0) return { ok: false, problems: [fileProblem("import_empty")] };
    return { ok: true, columns: this.columns.filter((column) => column !== null), rows: this.rows };
  }

  /** The header's columns by place; a name the sheet does not know, or one written twice, is a problem. */
  #header(line: number, cells: Cell[]): (SheetColumnName | null)[] {
    const known = new Set<string>(SHEET_COLUMN_NAMES);
    const seen = new Set<string>();
    const columns = cells.map((cell) => {
      const name = cell.text.trim().toLowerCase().replace(/\s+/g, "_");
      if (name === "") return null;
      if (!known.has(name)) {
        this.problems.push({ line, column: cell.text, code: "import_column_unknown", params: { column: cell.text } });
        return null;
      }
      if (seen.has(name)) this.problems.push({ line, column: name, code: "import_column_repeated", params: { column: name } });
      seen.add(name);
      return name as SheetColumnName;
    });
    if (!seen.has("sku") && !seen.has("product_id") && !seen.has("name")) this.problems.push(fileProblem("import_key_missing", {}, line));
    return columns;
  }
}
