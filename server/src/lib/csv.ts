import { setImmediate as turn } from "node:timers/promises";
import { CsvError, parse } from "csv-parse";

/**
 * The CSV files staff upload, as spreadsheets write them (RFC 4180, read by csv-parse): values
 * may be quoted, a quoted value may hold commas, line ends and quotes (written twice); lines may
 * end in \n, \r\n or \r; a leading BOM is dropped; values are trimmed, inside the quotes too.
 * Blank lines are no records.
 */
export interface CsvRecord {
  /** The line the record ends on, counted from 1 (a quoted line end counts). */
  line: number;
  values: string[];
}

/** The quotes of a line do not pair up: one is never closed, or text follows a closing quote (the refusal `csv_quotes_unpaired`). */
export class CsvQuotesError extends Error {
  constructor(readonly line: number) {
    super(
      `Line ${line}: the quotes do not pair up: put a value with a comma or a quote in double quotes, and write each quote in it twice.`,
    );
    this.name = "CsvQuotesError";
  }
}

/** The refusal of a file whose quotes do not pair up, on the line the bad value starts. */
export interface CsvQuotesRefusal {
  ok: false;
  line: number;
  detail: string;
  code: "csv_quotes_unpaired";
  params: { line: number };
}

/** Reads `text`'s records with `read`: a file whose quotes do not pair up is refused (csv_quotes_unpaired). */
export async function readCsv<T>(text: string, read: (batches: AsyncIterable<CsvRecord[]>) => Promise<T>): Promise<T | CsvQuotesRefusal> {
  try {
    return await read(csvRecords(text));
  } catch (error) {
    if (!(error instanceof CsvQuotesError)) throw error;
    return { ok: false, line: error.line, detail: error.message, code: "csv_quotes_unpaired", params: { line: error.line } };
  }
}

/** Characters handed to the parser between two turns of the event loop: a large file holds no request up. */
const CHARS_PER_TURN = 16 * 1024;

const LINE_END = /\r\n|\r|\n/g;

/**
 * The records of `text`, in batches: the parser takes a slice of the text at a time and the event
 * loop runs between slices. Throws CsvQuotesError naming the line where the bad record starts.
 */
export async function* csvRecords(text: string): AsyncGenerator<CsvRecord[]> {
  const parser = parse({
    bom: true,
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
  });
  let batch: CsvRecord[] = [];
  let failure: unknown;
  let ended = false;
  // Every line gives a record (a blank one [""]); a record ends as many lines on as its quoted line ends.
  let line = 0;
  parser.on("data", (record: string[]) => {
    line += 1;
    for (const value of record) line += value.match(LINE_END)?.length ?? 0;
    const values = record.map((value) => value.trim());
    if (values.length !== 1 || values[0] !== "") batch.push({ line, values });
  });
  parser.on("error", (error) => {
    failure = error;
  });
  parser.on("end", () => {
    ended = true;
  });
  try {
    for (let start = 0; start < text.length; ) {
      // Slices end after a line end (never inside a UTF-16 pair), or at the end of the text.
      const newline = text.indexOf("\n", start + CHARS_PER_TURN);
      const end = newline < 0 ? text.length : newline + 1;
      parser.write(text.slice(start, end));
      start = end;
      await turn();
      if (failure) break;
      if (batch.length > 0) yield batch;
      batch = [];
    }
    if (!failure) {
      parser.end();
      while (!ended && !failure) await turn();
    }
    // The records before the bad one have all been counted: it starts on the next line.
    if (failure instanceof CsvError) throw new CsvQuotesError(line + 1);
    if (failure) throw failure;
    if (batch.length > 0) yield batch;
  } finally {
    parser.destroy();
  }
}
