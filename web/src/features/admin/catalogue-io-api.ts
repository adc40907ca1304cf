import type { CatalogueImport, ImportProblem, ImportReport } from "@krishi/contract";
import { api } from "../../base/api.ts";
import type { AppDispatch } from "../../base/store.ts";
import { saveFile } from "./save-file.ts";

export type { CatalogueImport, ImportProblem, ImportReport };

/** The catalogue's file formats: the export's `format` and the saved file's name. */
export type SheetFormat = "csv" | "xlsx";

/** What staff send to check: the sheet, and the ZIP of the pictures it names (optional). */
export interface ImportUpload {
  file: File;
  images: File | null;
}

/** An import still on its way: waiting its turn, checking the file or writing it. */
export function isRunning(imported: CatalogueImport): boolean {
  return imported.status === "queued" || imported.status === "checking" || imported.status === "writing";
}

/** An import that wrote the catalogue (not a dry run, finished without problems). */
function wroteCatalogue(imported: CatalogueImport): boolean {
  return imported.status === "done" && !imported.dryRun && imported.report?.applied === true;
}

/** Once an import has written the catalogue, the products' lists and pages, the categories and the dashboard are read again (new prices, stock). */
function readAgainAfterWrite(dispatch: AppDispatch, imported: CatalogueImport) {
  if (wroteCatalogue(imported)) dispatch(api.util.invalidateTags(["Product", "Category", "Summary"]));
}

/** The import a request answered, or null when it failed (the screen shows the failure itself). */
const answeredImport = (answered: Promise<{ data: CatalogueImport }>) =>
  answered.then(
    ({ data }) => data,
    () => null,
  );

/**
 * Keeps an import an upload or an apply answered as the one GET imports/{id}/ would give, so the
 * screen shows it (and polls it while it runs) without asking again.
 */
async function keepImport(dispatch: AppDispatch, answered: Promise<{ data: CatalogueImport }>) {
  const imported = await answeredImport(answered);
  if (!imported) return;
  dispatch(catalogueIoApi.util.upsertQueryEntries([{ endpointName: "getCatalogueImport", arg: imported.id, value: imported }]));
  readAgainAfterWrite(dispatch, imported);
}

/** The file's name in a Content-Disposition header (`attachment; filename="catalogue.csv"`), if it gives one. */
function dispositionName(header: string | null | undefined): string | null {
  const name = header?.match(/filename="?([^";]+)"?/i)?.[1]?.trim();
  return name || null;
}

/**
 * Staff's catalogue import and export (docs/storefront.md, "Calls"): one import runs at a time
 * on the server; an upload or an apply answers the import finished (200) or still running (202),
 * which the screen then polls through getCatalogueImport.
 */
export const catalogueIoApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/staff/catalogue/imports/: the latest 10 imports, newest first (each kept as getCatalogueImport's too). */
    getCatalogueImports: build.query<CatalogueImport[], void>({
      query: () => "/staff/catalogue/imports/",
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const imports = await queryFulfilled.then(
          ({ data }) => data,
          () => [],
        );
        const entries = imports.map((value) => ({ endpointName: "getCatalogueImport" as const, arg: value.id, value }));
        if (entries.length > 0) dispatch(catalogueIoApi.util.upsertQueryEntries(entries));
      },
    }),
    /** GET /api/staff/catalogue/imports/{id}/: one import as it stands (polled while it runs). */
    getCatalogueImport: build.query<CatalogueImport, number>({
      query: (id) => `/staff/catalogue/imports/${id}/`,
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const imported = await answeredImport(queryFulfilled);
        if (imported) readAgainAfterWrite(dispatch, imported);
      },
    }),
    /** POST /api/staff/catalogue/import/?dry_run=true (multipart: file, images): checks the sheet, writes nothing. */
    checkCatalogueFile: build.mutation<CatalogueImport, ImportUpload>({
      query: ({ file, images }) => {
        // The files' names said outright: the server tells a CSV from an XLSX by its name too.
        const body = new FormData();
        body.append("file", file, file.name);
        if (images) body.append("images", images, images.name);
        return { url: "/staff/catalogue/import/", method: "POST", params: { dry_run: "true" }, body };
      },
      onQueryStarted: (_, { dispatch, queryFulfilled }) => keepImport(dispatch, queryFulfilled),
    }),
    /** POST /api/staff/catalogue/imports/{id}/apply/: writes a finished dry run that found no problem (409 otherwise). */
    applyCatalogueImport: build.mutation<CatalogueImport, number>({
      query: (id) => ({ url: `/staff/catalogue/imports/${id}/apply/`, method: "POST" }),
      onQueryStarted: (_, { dispatch, queryFulfilled }) => keepImport(dispatch, queryFulfilled),
    }),
    /**
     * GET /api/staff/catalogue/export/?format=: the catalogue's file, saved at once under the name
     * the server gives; the store keeps only that name (a file is no state). An error answers JSON.
     */
    downloadCatalogue: build.mutation<string, SheetFormat>({
      async queryFn(format, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url: "/staff/catalogue/export/",
          params: { format },
          responseHandler: (response) => (response.ok ? response.blob() : response.json()),
        });
        if (result.error) return { error: result.error };
        const name = dispositionName(result.meta?.response?.headers.get("Content-Disposition")) ?? `catalogue.${format}`;
        saveFile(result.data as Blob, name);
        return { data: name };
      },
    }),
  }),
});

export const {
  useGetCatalogueImportsQuery,
  useGetCatalogueImportQuery,
  useCheckCatalogueFileMutation,
  useApplyCatalogueImportMutation,
  useDownloadCatalogueMutation,
} = catalogueIoApi;
