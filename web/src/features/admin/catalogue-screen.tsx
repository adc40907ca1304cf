import { MAX_IMPORT_ROWS } from "@krishi/contract";
import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { Message } from "../../components/message.tsx";
import { t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { CatalogueImportView } from "./catalogue-import-view.tsx";
import {
  type SheetFormat,
  useCheckCatalogueFileMutation,
  useDownloadCatalogueMutation,
  useGetCatalogueImportsQuery,
} from "./catalogue-io-api.ts";
import { CsvFileField, useRequiredFile } from "./csv-file-field.tsx";
import { RequireStaff } from "./require-staff.tsx";
import { QueryState } from "./staff-list.tsx";

const SHEET_TYPES = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const ZIP_TYPES = ".zip,application/zip";

/**
 * /admin/catalogue (staff): the catalogue as a spreadsheet. Download it (CSV or Excel), change
 * it, check the changed file (a dry run: nothing is written), then import it. The latest import
 * shows below, so a running import or its result is still there after a reload.
 */
export function CatalogueScreen() {
  return (
    <RequireStaff>
      <title>{`${t("Import / Export")} | Krishi Bazaar`}</title>
      <h1>{t("Import / Export")}</h1>
      <p>
        {t(
          "Change prices and stock in bulk, or bring a whole catalogue in: download the catalogue, change it in a spreadsheet, check the file, then import it.",
        )}
      </p>
      <CatalogueFiles />
    </RequireStaff>
  );
}

function CatalogueFiles() {
  // The import sent from this screen; until then, the latest one the server knows.
  const [sent, setSent] = useState<number | null>(null);
  const latest = useGetCatalogueImportsQuery();
  return (
    <>
      <Row className="g-4">
        <Col md={6}>
          <Download />
        </Col>
        <Col md={6}>
          <Upload onSent={setSent} />
        </Col>
      </Row>
      {sent !== null ? (
        <CatalogueImportView id={sent} />
      ) : (
        <QueryState data={latest.currentData} error={latest.error} isFetching={latest.isFetching}>
          {(imports) => (imports[0] ? <CatalogueImportView id={imports[0].id} /> : null)}
        </QueryState>
      )}
    </>
  );
}

/** The whole catalogue as a file, one row per pack: the file to change and import back. */
function Download() {
  const [download, { error, isLoading, data: saved, reset }] = useDownloadCatalogueMutation();
  const save = (format: SheetFormat) => {
    reset();
    void download(format);
  };
  return (
    <Card body className="h-100">
      <h2 className="h5">{t("Download the catalogue")}</h2>
      <p className="form-text mt-0">{t("One row per pack, with its product's columns on each of its rows.")}</p>
      {saved && <Message variant="success">{t("Downloaded {file}", { file: saved })}</Message>}
      {error && <Message variant="danger">{errorText(error)}</Message>}
      <div className="d-grid gap-2">
        <Button type="button" variant="primary" className="staff-tap" disabled={isLoading} onClick={() => save("csv")}>
          {t("Download CSV")}
        </Button>
        <Button type="button" variant="outline-primary" className="staff-tap" disabled={isLoading} onClick={() => save("xlsx")}>
          {t("Download Excel (XLSX)")}
        </Button>
      </div>
    </Card>
  );
}

/** The changed sheet (and the ZIP of the pictures it names), sent as a dry run: checked, nothing written. */
function Upload({ onSent }: { onSent: (id: number) => void }) {
  const [check, { error, isLoading, reset }] = useCheckCatalogueFileMutation();
  const sheet = useRequiredFile();
  const [images, setImages] = useState<File | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = sheet.required(event.currentTarget);
    if (!file) return;
    const result = await check({ file, images });
    if (result.data) onSent(result.data.id);
  }

  return (
    <Card body className="h-100">
      <form noValidate aria-labelledby="catalogue-upload" onSubmit={(event) => void submit(event)}>
        <h2 id="catalogue-upload" className="h5">
          {t("Import a file")}
        </h2>
        {error && <Message variant="danger">{errorText(error)}</Message>}
        <CsvFileField
          id="catalogue-file"
          label={t("Spreadsheet (CSV or XLSX)")}
          hint={t("The columns of the download; left-out columns are kept. At most {max, number} rows.", { max: MAX_IMPORT_ROWS })}
          accept={SHEET_TYPES}
          missing={sheet.missing}
          missingText={t("Choose a spreadsheet (CSV or XLSX) to import.")}
          onChoose={(chosen) => {
            sheet.choose(chosen);
            reset();
          }}
        />
        <CsvFileField
          id="catalogue-images"
          label={t("Pictures (ZIP, optional)")}
          hint={t("The pictures named in the images column, in one ZIP file.")}
          accept={ZIP_TYPES}
          missing={false}
          onChoose={(chosen) => {
            setImages(chosen);
            reset();
          }}
        />
        <Button type="submit" variant="primary" className="w-100 staff-tap" disabled={isLoading}>
          {t("Check the file")}
        </Button>
        <p className="form-text mb-0">{t("Checking changes nothing: the shop changes only when you import the checked file.")}</p>
      </form>
    </Card>
  );
}
