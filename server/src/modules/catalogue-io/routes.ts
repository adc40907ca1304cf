import type { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { CatalogueImport } from "@krishi/contract";
import {
  CatalogueExportQuery,
  CatalogueImportListSchema,
  CatalogueImportQuery,
  CatalogueImportSchema,
  ErrorBody,
  IdParams,
} from "@krishi/contract/schemas";
import type { FastifyReply } from "fastify";
import { Type } from "typebox";
import { badRequest, conflict, HttpError, type HttpError as HttpErrorType, notFound } from "../../lib/errors.ts";
import { readParts } from "../../lib/multipart.ts";
import { valueOr } from "../../lib/result.ts";
import type { CatalogueImports, ImportFailure, ImportUpload } from "./imports.ts";
import type { ImageUrl } from "./plan.ts";
import type { SheetFormat } from "./sheet-read.ts";
import { writeCatalogue } from "./sheet-write.ts";
import type { Shelf } from "./shelf.ts";

export interface CatalogueIoRoutesOptions {
  shelf: Shelf;
  imports: CatalogueImports;
  imageUrl: ImageUrl;
}

/** The most a sheet may weigh (100 000 rows of an export fit), and its ZIP of pictures. */
export const MAX_SHEET_BYTES = 50 * 1024 * 1024;
export const MAX_ZIP_BYTES = 200 * 1024 * 1024;

/** How long an upload's answer waits for its import to finish before answering 202 (the client then polls). */
const ANSWER_WITHIN_MS = 5_000;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ["catalogue"];

const importNotFound = () => notFound("import_not_found", "No import matches the given query.");

function importRefusal(failure: ImportFailure): HttpErrorType {
  switch (failure.kind) {
    case "import-not-found":
      return importNotFound();
    case "import-not-appliable":
      return conflict("import_not_appliable", "Only a checked file without problems can be imported: check the file again.");
  }
}

/** 200 with the import once finished, else 202 with it as it stands (the client polls it). */
async function answer(imports: CatalogueImports, started: CatalogueImport, reply: FastifyReply) {
  const now = await imports.waitFor(started.id, ANSWER_WITHIN_MS);
  return reply.status(now.status === "done" || now.status === "failed" ? 200 : 202).send(now);
}

/** The staff's catalogue as a spreadsheet: export, import (checked first or at once), and the imports' progress. */
export const catalogueIoRoutes: FastifyPluginAsyncTypebox<CatalogueIoRoutesOptions> = async (app, { shelf, imports, imageUrl }) => {
  // Fields other than the two files are read and ignored (a form may send its button or a token).
  await app.register(multipart, { limits: { fileSize: MAX_ZIP_BYTES, files: 2, fields: 5, fieldSize: 1_000, parts: 7 } });

  app.get(
    "/staff/catalogue/export/",
    {
      schema: {
        operationId: "exportCatalogue",
        tags,
        summary: "The whole catalogue as a spreadsheet, one row per pack (CSV, or XLSX with a sheet explaining the columns)",
        querystring: CatalogueExportQuery,
        produces: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
        response: {
          200: {
            description: "The sheet, as a download",
            content: {
              "text/csv": { schema: Type.String() },
              "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: Type.String({ format: "binary" }) },
            },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const format = request.query.format ?? "csv";
      const stream = writeCatalogue(shelf, format, imageUrl, (err) => request.log.error({ err }, "the catalogue export failed"));
      return sendFile(reply, stream, format);
    },
  );

  app.post(
    "/staff/catalogue/import/",
    {
      config: {
        multipartBody: Type.Object({
          file: Type.String({ format: "binary", description: "The sheet: .csv or .xlsx, one row per pack (the export's columns)" }),
          images: Type.Optional(Type.String({ format: "binary", description: "A .zip of the pictures the sheet's images column names" })),
        }),
      },
      schema: {
        operationId: "importCatalogue",
        tags,
        summary:
          "Import a sheet of packs (dry_run=true: check only). All rows or none; 200 with the result when it finishes soon, else 202 while it runs",
        querystring: CatalogueImportQuery,
        consumes: ["multipart/form-data"],
        response: { 200: CatalogueImportSchema, 202: CatalogueImportSchema, ...errors, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest("multipart_required", "Send the sheet as multipart/form-data.");
      const upload = await readUpload(request);
      const dryRun = request.query.dry_run === "true" || request.query.dry_run === "1";
      const started = await imports.start(upload, dryRun, request.user?.id ?? null);
      return answer(imports, started, reply);
    },
  );

  app.get(
    "/staff/catalogue/imports/",
    {
      schema: {
        operationId: "listCatalogueImports",
        tags,
        summary: "The latest catalogue imports, newest first",
        response: { 200: CatalogueImportListSchema, ...errors },
      },
    },
    () => imports.latest(),
  );

  app.get(
    "/staff/catalogue/imports/:id/",
    {
      schema: {
        operationId: "getCatalogueImport",
        tags,
        summary: "A catalogue import: its progress, then its report",
        params: IdParams,
        response: { 200: CatalogueImportSchema, ...errors },
      },
    },
    async (request) => valueOr(await imports.get(request.params.id), importRefusal),
  );

  app.post(
    "/staff/catalogue/imports/:id/apply/",
    {
      schema: {
        operationId: "applyCatalogueImport",
        tags,
        summary: "Import a checked file that had no problems (it is checked again as it is written)",
        params: IdParams,
        response: { 200: CatalogueImportSchema, 202: CatalogueImportSchema, ...errors, 409: ErrorBody },
      },
    },
    async (request, reply) => answer(imports, valueOr(await imports.apply(request.params.id), importRefusal), reply),
  );
};

/** Sends the export as it is written, as a download. */
function sendFile(reply: FastifyReply, stream: Readable, format: SheetFormat) {
  return reply
    .type(format === "csv" ? "text/csv; charset=utf-8" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    .header("Content-Disposition", `attachment; filename="catalogue.${format}"`)
    .header("Cache-Control", "no-store")
    .send(stream);
}

/** The upload's sheet (`file`) and pictures (`images`), each checked for its kind and size. */
async function readUpload(request: Parameters<typeof readParts>[0]): Promise<ImportUpload> {
  let sheet: { name: string; data: Buffer } | undefined;
  let images: Buffer | undefined;
  await readParts(
    request,
    async (part) => {
      if (part.type !== "file") return;
      if (part.fieldname === "file" && !sheet) {
        const data = await part.toBuffer();
        if (data.length > MAX_SHEET_BYTES) throw new HttpError(413, "body_too_large", "The sheet is larger than 50 MB.");
        sheet = { name: part.filename, data };
      } else if (part.fieldname === "images" && !images) {
        images = await part.toBuffer();
        if (images.length === 0) images = undefined;
      } else part.file.resume();
    },
    (code) =>
      code === "FST_REQ_FILE_TOO_LARGE" ? new HttpError(413, "body_too_large", "The pictures' ZIP is larger than 200 MB.") : undefined,
  );
  if (!sheet || sheet.data.length === 0) throw badRequest("import_file_missing", "Send the sheet (CSV or XLSX) in the field `file`.");
  const format = formatOf(sheet.name, sheet.data);
  if (!format) throw badRequest("import_format", "The sheet must be a CSV file or an Excel workbook (.xlsx).");
  return { fileName: sheet.name || `catalogue.${format}`, format, sheet: sheet.data, images };
}

/** XLSX by its ZIP signature (whatever its name says), CSV by its name or its plain text. */
function formatOf(name: string, data: Buffer): SheetFormat | null {
  if (data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return "xlsx";
  if (/\.xlsx?$/i.test(name)) return null;
  return data.includes(0) ? null : "csv";
}
