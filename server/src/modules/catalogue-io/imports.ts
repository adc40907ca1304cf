import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { type CatalogueImport, type ImportProblem, type ImportReport, type ImportStatus, MAX_REPORTED_ERRORS } from "@krishi/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database.ts";
import { runsBesideTransactions } from "../../db/dialect.ts";
import type { Clock } from "../../lib/clock.ts";
import { removeImage, storeImage } from "../../lib/images.ts";
import { fail, ok, type Result } from "../../lib/result.ts";
import type { MediaStorage, PrivateStorage } from "../../lib/storage.ts";
import type { CatalogAdmin, ImportRefusal, ProductWriteFailure } from "../catalog/admin.ts";
import { type FetchRules, ImageLoader } from "./image-sources.ts";
import { type ImageUrl, type Plan, type PlannedProduct, planImport, type Shelf } from "./plan.ts";
import * as repo from "./repository.ts";
import { readSheet, type SheetFormat } from "./sheet-read.ts";

/** A sheet staff upload, with the ZIP of its pictures if they sent one. */
export interface ImportUpload {
  fileName: string;
  format: SheetFormat;
  sheet: Buffer;
  images?: Buffer | undefined;
}

export type ImportFailure = { kind: "import-not-found" } | { kind: "import-not-appliable" };

export interface CatalogueImportsDeps {
  db: Db;
  shelf: Shelf;
  admin: CatalogAdmin;
  /** Where uploads wait for their turn (private: never served). */
  files: PrivateStorage;
  /** Where the pictures of products go. */
  media: MediaStorage;
  clock: Clock;
  log: Pick<FastifyBaseLogger, "error" | "info">;
  imageUrl: ImageUrl;
  fetch: FetchRules;
  /** Asks for the import job to run soon (in whichever process holds its lease). */
  runSoon: () => void;
}

/** The job that runs imports (lib/jobs.ts): one at a time in all the shop's processes. */
export const IMPORT_JOB = "catalogue-import";

/** How long a dry run's files are kept for it to be applied. */
const DRY_RUN_KEPT_MS = 24 * 3_600_000;

/** Rows between two writes of the progress. */
const PROGRESS_EVERY = 500;

/**
 * Staff's catalogue imports: an upload is kept in private storage and queued; the import job
 * runs the queue one import at a time, oldest first (an import cut short by a restart runs again
 * from its file: its writes are one transaction, so none of them were made). Each import reads
 * and checks the whole sheet, and writes nothing unless every row is right.
 */
/** Thrown into an import's work when the server stops: its transaction rolls back, and it runs again at the next start. */
class ImportStopped extends Error {}

export class CatalogueImports {
  #stopping = false;
  /** The import this process is running, and its progress (the database has it too, but not while a SQLite transaction holds it). */
  #running: { id: number; status: ImportStatus; rowsDone: number; rowsTotal: number | null } | undefined;

  constructor(private readonly deps: CatalogueImportsDeps) {}

  async start(upload: ImportUpload, dryRun: boolean, by: number | null): Promise<CatalogueImport> {
    await this.#forgetStaleDryRuns();
    const key = `import-${randomUUID()}`;
    await this.deps.files.put(`${key}.${upload.format}`, upload.sheet);
    if (upload.images) await this.deps.files.put(`${key}.zip`, upload.images);
    const id = await repo.insertImport(this.deps.db, {
      dryRun,
      fileName: upload.fileName.slice(0, 200),
      format: upload.format,
      fileKey: key,
      withImages: upload.images !== undefined,
      createdBy: by,
      createdAt: this.deps.clock().toISOString(),
    });
    this.deps.runSoon();
    return this.#json(await this.#row(id));
  }

  async get(id: number): Promise<Result<CatalogueImport, ImportFailure>> {
    const running = this.#running;
    const row = await repo.findImport(this.deps.db, id);
    if (!row) return fail({ kind: "import-not-found" });
    return ok(this.#json(row, running?.id === id ? running : undefined));
  }

  async latest(limit = 10): Promise<CatalogueImport[]> {
    const running = this.#running;
    return (await repo.latestImports(this.deps.db, limit)).map((row) => this.#json(row, running?.id === row.id ? running : undefined));
  }

  /** Writes a dry run that found no problem: it is queued again as an import, checked again against the catalogue of now. */
  async apply(id: number): Promise<Result<CatalogueImport, ImportFailure>> {
    const row = await repo.findImport(this.deps.db, id);
    if (!row) return fail({ kind: "import-not-found" });
    const report = row.report ? (JSON.parse(row.report) as ImportReport) : null;
    const appliable = report && report.errors.length === 0 && !row.files_removed;
    if (!appliable || !(await repo.requeueAsWrite(this.deps.db, id))) return fail({ kind: "import-not-appliable" });
    this.deps.runSoon();
    return ok(this.#json(await this.#row(id)));
  }

  /** The import once finished, or as it stands after `ms`. */
  async waitFor(id: number, ms: number): Promise<CatalogueImport> {
    const until = Date.now() + ms;
    for (;;) {
      const found = await this.get(id);
      if (!found.ok) throw new Error(`import ${id} is gone`);
      const { status } = found.value;
      if (status === "done" || status === "failed" || Date.now() >= until) return found.value;
      await sleep(100);
    }
  }

  /** The import job: runs every unfinished import, oldest first. */
  async runQueued(): Promise<void> {
    for (let row = await repo.nextImport(this.deps.db); row && !this.#stopping; row = await repo.nextImport(this.deps.db))
      await this.#run(row);
  }

  /**
   * Stops the import under way at its next batch of rows (the server is stopping): nothing of it
   * is written, and it stays unfinished, so the next process to run the import job runs it again.
   */
  stop(): void {
    this.#stopping = true;
  }

  /** Between two batches of rows: an import stops here when the server does. */
  #going(): void {
    if (this.#stopping) throw new ImportStopped("the server is stopping");
  }

  async #run(row: repo.ImportRow): Promise<void> {
    const { db, clock, log } = this.deps;
    const progress = { id: row.id, status: "checking" as ImportStatus, rowsDone: 0, rowsTotal: null as number | null };
    this.#running = progress;
    const stored: string[] = [];
    try {
      await repo.setProgress(db, row.id, { status: "checking", rowsDone: 0, rowsTotal: null });
      const report = await this.#check(row, progress, stored);
      if (report.applied) {
        progress.status = "writing";
        await repo.setProgress(db, row.id, { status: "writing", rowsDone: 0 });
        const refused = await this.#write(row.id, report, progress, stored);
        if (refused) await repo.finishImport(db, row.id, "done", JSON.stringify(refused), clock().toISOString(), progress.rowsDone);
      } else {
        await Promise.all(stored.map((path) => removeImage(path, this.deps.media)));
        await repo.finishImport(db, row.id, "done", JSON.stringify(report), clock().toISOString(), progress.rowsDone);
      }
      log.info({ import: row.id, dryRun: Boolean(row.dry_run), ...counts(report) }, "catalogue import finished");
    } catch (err) {
      await Promise.all(stored.map((path) => removeImage(path, this.deps.media).catch(() => {})));
      if (err instanceof ImportStopped) {
        log.info({ import: row.id }, "a catalogue import was stopped with the server: it runs again at the next start");
        return;
      }
      log.error({ err, import: row.id }, "a catalogue import failed");
      await repo.finishImport(db, row.id, "failed", null, clock().toISOString());
    } finally {
      this.#running = undefined;
    }
    await this.#forgetFiles(row);
  }

  /**
   * Reads and checks the import's sheet, and loads its pictures (stored, unless a dry run). The
   * report's `applied` says whether it is to be written: no problem, and not a dry run.
   */
  async #check(row: repo.ImportRow, progress: { rowsDone: number; rowsTotal: number | null }, stored: string[]): Promise<PlannedReport> {
    const { db, files } = this.deps;
    const sheet = await files.get(`${row.file_key}.${row.format}`);
    if (!sheet) throw new Error(`the file of import ${row.id} is gone`);
    const step = (rows: number) => {
      this.#going();
      progress.rowsDone = rows;
      if (rows % PROGRESS_EVERY === 0) void repo.setProgress(db, row.id, { rowsDone: rows }).catch(() => {});
    };
    const read = await readSheet(sheet, row.format as SheetFormat, step);
    if (!read.ok) return { ...reportOf(undefined, read.problems), plan: undefined };
    progress.rowsTotal = read.rows.length;
    await repo.setProgress(db, row.id, { rowsTotal: read.rows.length, rowsDone: 0 });
    const plan = await planImport(read.rows, this.deps.shelf, this.deps.imageUrl, step);
    if (plan.problems.length === 0) {
      const zip = row.with_images ? ((await files.get(`${row.file_key}.zip`)) ?? undefined) : undefined;
      await this.#loadImages(plan, zip, Boolean(row.dry_run), stored);
    }
    progress.rowsDone = read.rows.length;
    const report = reportOf(plan, plan.problems);
    return { ...report, applied: report.errors.length === 0 && !row.dry_run, plan };
  }

  /** Loads each picture the plan names (checked, and stored unless a dry run); a problem is the plan's. */
  async #loadImages(plan: Plan, zip: Buffer | undefined, dryRun: boolean, stored: string[]): Promise<void> {
    const loader = new ImageLoader(zip, this.deps.fetch);
    for (const item of plan.items) {
      if (!item.images) continue;
      const list: (number | string)[] = [];
      for (const source of item.images) {
        if (source.kind === "own") {
          list.push(source.id);
          continue;
        }
        const loaded = await loader.load(source);
        if (!loaded.ok) {
          plan.problems.push({ line: item.line, column: "images", code: loaded.code, params: loaded.params });
          continue;
        }
        if (dryRun) continue;
        const path = await storeImage(loaded.data, this.deps.media, item.input.name);
        stored.push(path);
        list.push(path);
      }
      item.stored = list;
    }
  }

  /**
   * Writes the plan in one transaction, the import's result with it. Answers null when written,
   * else the report of the refusal met while writing (a change made meanwhile).
   */
  async #write(id: number, report: PlannedReport, progress: { rowsDone: number }, stored: string[]): Promise<ImportReport | null> {
    const { plan, ...result } = report;
    const items = (plan?.items ?? []).map((item) => ({ id: item.id, input: item.input, images: item.stored }));
    const rows = report.created + report.updated + report.unchanged;
    // Told in rows, as the check's progress is; in the row too where other statements run meanwhile (not on SQLite).
    const toRow = runsBesideTransactions(this.deps.db);
    const written = await this.deps.admin.importProducts(items, {
      progress: (done) => {
        this.#going();
        progress.rowsDone = Math.round((done / items.length) * rows);
        if (toRow) void repo.setProgress(this.deps.db, id, { rowsDone: progress.rowsDone }).catch(() => {});
      },
      within: (trx) => repo.finishImport(trx, id, "done", JSON.stringify(result), this.deps.clock().toISOString(), progress.rowsDone),
    });
    if (written.ok) return null;
    await Promise.all(stored.map((path) => removeImage(path, this.deps.media)));
    const item = plan?.items[written.failure.index] as PlannedProduct;
    return reportOf(plan, [writeProblem(item.line, written.failure)]);
  }

  async #forgetFiles(row: repo.ImportRow): Promise<void> {
    // A dry run keeps its files: it may be applied. An import written or failed has no more use for them.
    const kept = await repo.findImport(this.deps.db, row.id);
    if (kept?.dry_run && kept.status === "done") return;
    await this.#removeFiles(row);
  }

  /** A dry run nobody applied within DRY_RUN_KEPT_MS loses its files (and can no longer be applied). */
  async #forgetStaleDryRuns(): Promise<void> {
    const before = new Date(this.deps.clock().getTime() - DRY_RUN_KEPT_MS).toISOString();
    for (const row of await repo.staleDryRuns(this.deps.db, before)) await this.#removeFiles(row);
  }

  async #removeFiles(row: repo.ImportRow): Promise<void> {
    await this.deps.files.remove(`${row.file_key}.${row.format}`);
    if (row.with_images) await this.deps.files.remove(`${row.file_key}.zip`);
    await repo.markFilesRemoved(this.deps.db, row.id);
  }

  async #row(id: number): Promise<repo.ImportRow> {
    const row = await repo.findImport(this.deps.db, id);
    if (!row) throw new Error(`import ${id} is gone`);
    return row;
  }

  #json(row: repo.ImportRow, running?: { status: ImportStatus; rowsDone: number; rowsTotal: number | null }): CatalogueImport {
    const finished = row.status === "done" || row.status === "failed";
    return {
      id: row.id,
      status: finished || !running ? (row.status as ImportStatus) : running.status,
      dryRun: Boolean(row.dry_run),
      fileName: row.file_name,
      withImages: Boolean(row.with_images),
      rowsTotal: finished || !running ? row.rows_total : running.rowsTotal,
      rowsDone: finished || !running ? row.rows_done : running.rowsDone,
      createdAt: new Date(row.created_at).toISOString(),
      finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
      report: row.report ? (JSON.parse(row.report) as ImportReport) : null,
    };
  }
}

/** A report with the plan it was made from. */
type PlannedReport = ImportReport & { plan: Plan | undefined };

/** The report of a plan and its problems, in the order of their lines (the file's own problems first). */
function reportOf(plan: Plan | undefined, problems: readonly ImportProblem[]): ImportReport {
  const errors = [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0)).slice(0, MAX_REPORTED_ERRORS);
  return {
    created: plan?.created ?? 0,
    updated: plan?.updated ?? 0,
    unchanged: plan?.unchanged ?? 0,
    applied: false,
    errors,
    errorsOmitted: problems.length - errors.length,
  };
}

const counts = (report: ImportReport) => ({
  created: report.created,
  updated: report.updated,
  unchanged: report.unchanged,
  errors: report.errors.length + report.errorsOmitted,
});

/** A refusal met while writing, told at the line of the product's first row. */
function writeProblem(line: number, { failure }: ImportRefusal): ImportProblem {
  const at = (column: string | null, code: ImportProblem["code"], params: ImportProblem["params"] = {}): ImportProblem => ({
    line,
    column,
    code,
    params,
  });
  // An import's write is refused by the product's edit or by its crops' links (catalog/crop-links.ts).
  return problemOf(failure as ProductWriteFailure, at);
}

/** The sheet's column of a product input's links field. */
const LINK_COLUMN: Record<string, string> = { crops: "crops", problems: "problems", labelClaims: "label_claims" };

function problemOf(
  failure: ProductWriteFailure,
  at: (column: string | null, code: ImportProblem["code"], params?: ImportProblem["params"]) => ImportProblem,
): ImportProblem {
  switch (failure.kind) {
    case "product-not-found":
      return at("product_id", "import_product_not_found");
    case "name-blank":
      return at("name", "blank");
    case "category-blank":
      return at("category", "blank");
    case "category-not-found":
      return at("category", "category_not_found");
    case "cibrc-required":
      return at("cibrc_number", "cibrc_number_required");
    case "pack-label-taken":
      return at("pack_label", "pack_label_taken");
    case "pack-not-found":
      return at("sku", "pack_not_found");
    case "mrp-below-price":
      return at("mrp", "mrp_below_price");
    case "sku-taken":
      return at("sku", "sku_taken");
    case "stock-moved":
      return at("stock", "stock_moved");
    case "crop-unknown":
      return at(LINK_COLUMN[failure.field] ?? "crops", "crop_unknown", { value: failure.value });
    case "problem-unknown":
      return at(LINK_COLUMN[failure.field] ?? "problems", "problem_unknown", { value: failure.value });
    case "crop-problem-unknown":
      return at(LINK_COLUMN[failure.field] ?? "problems", "crop_problem_unknown", { crop: failure.crop, problem: failure.problem });
    case "label-claim-missing":
      return at("problems", "label_claim_missing", { crop: failure.crop.slug, problem: failure.problem.slug });
  }
}
