import Button from "react-bootstrap/Button";
import ProgressBar from "react-bootstrap/ProgressBar";
import { Message } from "../../components/message.tsx";
import { type Message as Text, t } from "../../i18n/index.ts";
import { errorText, noticeText } from "../../lib/api-error.ts";
import { fieldNotice } from "../../lib/error-messages.ts";
import {
  type CatalogueImport,
  catalogueIoApi,
  type ImportProblem,
  type ImportReport,
  isRunning,
  useApplyCatalogueImportMutation,
  useGetCatalogueImportQuery,
} from "./catalogue-io-api.ts";

/** How often a running import is asked how far it got. */
export const POLL_MS = 1_000;

/**
 * The import staff sent last (or the latest one after a reload): its progress while it runs
 * (polled every second), then what it found or did. A dry run without problems offers
 * "Import now", which writes that same import.
 */
export function CatalogueImportView({ id }: { id: number }) {
  const { data: known } = catalogueIoApi.endpoints.getCatalogueImport.useQueryState(id);
  const polled = useGetCatalogueImportQuery(id, { pollingInterval: known && isRunning(known) ? POLL_MS : 0 });
  const imported = polled.data;
  if (!imported) return polled.error ? <Message variant="danger">{errorText(polled.error)}</Message> : null;
  return (
    <section aria-labelledby="latest-import" className="mt-4">
      <h2 id="latest-import" className="h4">
        {imported.dryRun ? t("Check of the file") : t("Import")}
      </h2>
      <p className="text-break">{t("File: {file}", { file: imported.fileName })}</p>
      <ImportState imported={imported} />
    </section>
  );
}

function ImportState({ imported }: { imported: CatalogueImport }) {
  if (isRunning(imported)) return <ImportProgress imported={imported} />;
  if (imported.status === "failed" || !imported.report)
    return <Message variant="danger">{t("The import could not finish. Nothing was changed. Please try again.")}</Message>;
  const { report } = imported;
  if (report.errors.length > 0 || report.errorsOmitted > 0) return <ImportProblems report={report} />;
  if (imported.dryRun) return <ReadyToImport id={imported.id} report={report} />;
  return <Message variant="success">{t("Done: {counts}.", { counts: countsText(report) })}</Message>;
}

/** "3 new, 12 changed, 180 unchanged": the rows an import makes, changes and leaves. */
function countsText({ created, updated, unchanged }: ImportReport): string {
  return t("{created, number} new, {updated, number} changed, {unchanged, number} unchanged", { created, updated, unchanged });
}

const STATUS_WORDS: Record<"queued" | "checking" | "writing", Text> = {
  queued: "Waiting for another import",
  checking: "Checking the file",
  writing: "Writing the catalogue",
};

/** Where a running import is: its step in words, and the rows done of all (once the file is read). */
function ImportProgress({ imported }: { imported: CatalogueImport }) {
  const { rowsDone: done, rowsTotal: total } = imported;
  const percent = total ? Math.min(100, Math.floor((done / total) * 100)) : 0;
  const rows = total === null ? null : t("{done, number} of {total, number} rows", { done, total });
  const step = t(STATUS_WORDS[imported.status as keyof typeof STATUS_WORDS]);
  return (
    <>
      <p role="status" className="mb-2">
        {step}
        {rows && <span className="d-block text-body-secondary">{rows}</span>}
      </p>
      <ProgressBar className="mb-3">
        <ProgressBar
          now={percent}
          label={`${percent}%`}
          animated
          aria-label={t("Import progress")}
          aria-valuetext={rows ? `${step}: ${rows}` : step}
        />
      </ProgressBar>
    </>
  );
}

/** A dry run without problems: what the import would do, and the button that does it. */
function ReadyToImport({ id, report }: { id: number; report: ImportReport }) {
  const [apply, { error, isLoading }] = useApplyCatalogueImportMutation();
  return (
    <>
      <Message variant="success">{t("The file has no problems: {counts}.", { counts: countsText(report) })}</Message>
      <p className="form-text mt-0">{t("Nothing in the shop changes until you import the file.")}</p>
      {error && <Message variant="danger">{errorText(error)}</Message>}
      <Button type="button" variant="primary" className="w-100 staff-tap" disabled={isLoading} onClick={() => void apply(id)}>
        {t("Import now")}
      </Button>
    </>
  );
}

/** A file with problems changes nothing: each problem with its line and column, so staff can mend the sheet. */
function ImportProblems({ report }: { report: ImportReport }) {
  return (
    <>
      <Message variant="danger">
        {t("The file has problems, so nothing was changed. Correct them in the spreadsheet and check it again.")}
      </Message>
      <p>{countsText(report)}</p>
      <ol className="list-group mb-3" aria-label={t("Problems")}>
        {report.errors.map((problem, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a report's problems never move; two may be alike
          <li key={index} className="list-group-item text-break">
            <span className="fw-semibold d-block">{placeOf(problem)}</span>
            {noticeText(fieldNotice({ code: problem.code, params: problem.params }))}
          </li>
        ))}
      </ol>
      {report.errorsOmitted > 0 && <p>{t("and {count, number} more", { count: report.errorsOmitted })}</p>}
    </>
  );
}

/** Where a problem is: its line and column, either of which may be the whole file or row. */
function placeOf({ line, column }: ImportProblem): string {
  if (line !== null && column !== null) return t("Line {line}, column {column}", { line, column });
  if (line !== null) return t("Line {line}", { line });
  if (column !== null) return t("Column {column}", { column });
  return t("The whole file");
}
