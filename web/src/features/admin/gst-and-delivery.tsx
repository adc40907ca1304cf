import { type FormEvent, lazy, Suspense, useState } from "react";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { useGetConfigQuery } from "../../base/config-api.ts";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import { errorText, type FieldErrors } from "../../lib/api-error.ts";
import { saveErrors } from "../../lib/save-errors.ts";
import { useDownloadGstReportMutation, useUploadServiceabilityMutation } from "./admin-api.ts";
import { CsvFileField, useRequiredFile } from "./csv-file-field.tsx";
import { saveFile } from "./save-file.ts";

/** The shipping rules' editor: its own chunk, loaded when staff open it. */
const ShippingRules = lazy(() => import("./shipping-rules.tsx").then((module) => ({ default: module.ShippingRules })));

/**
 * The dashboard's "GST and delivery" section: the GST report of a period as a CSV file (in GST mode
 * only), the upload of the PIN codes the shop delivers to, and the shipping charges by weight and
 * zone (their editor opens on demand).
 */
export function GstAndDelivery() {
  const { data: config } = useGetConfigQuery();
  const gst = config?.pricing.taxMode === "gst";
  const [shipping, setShipping] = useState(false);
  return (
    <section aria-labelledby="gst-and-delivery" className="mt-4">
      <h2 id="gst-and-delivery" className="h4">
        {t("GST and delivery")}
      </h2>
      <Row className="g-4">
        {gst && (
          <Col md={6}>
            <GstReport />
          </Col>
        )}
        <Col md={6}>
          <Serviceability />
        </Col>
        <Col md={6}>
          <ShippingCharges open={shipping} onToggle={() => setShipping((open) => !open)} />
        </Col>
      </Row>
      {shipping && (
        <Suspense fallback={<Loader />}>
          <ShippingRules />
        </Suspense>
      )}
    </section>
  );
}

/** India's time (IST, no daylight saving) is 5 h 30 min ahead of UTC. */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** The first and the last day (YYYY-MM-DD) of the month `now` is in, in India: the shop's dates, wherever the browser is. */
function currentMonth(now: Date = new Date()): { from: string; to: string } {
  const india = new Date(now.getTime() + IST_OFFSET_MS);
  const month = india.toISOString().slice(0, 7);
  const days = new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth() + 1, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(days).padStart(2, "0")}` };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PERIOD_FIELDS = ["from", "to"] as const;

/** GST report: the invoices and credit notes of a period, saved as gst-report-<from>-to-<to>.csv. */
function GstReport() {
  const [download, { error, isLoading, reset }] = useDownloadGstReportMutation();
  const [period, setPeriod] = useState(currentMonth);
  const [checked, setChecked] = useState<FieldErrors | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const server = saveErrors(error, PERIOD_FIELDS);
  const fields = checked ?? server.fields;
  const detail = checked ? null : server.detail;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSaved(null);
    const problems: FieldErrors = {};
    if (!DAY.test(period.from)) problems.from = [t("Choose a date.")];
    if (!DAY.test(period.to)) problems.to = [t("Choose a date.")];
    else if (!problems.from && period.to < period.from) problems.to = [t("The end date cannot be before the start date.")];
    if (Object.keys(problems).length > 0) {
      setChecked(problems);
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    setChecked(null);
    const result = await download(period);
    if (typeof result.data !== "string") return;
    const file = `gst-report-${period.from}-to-${period.to}.csv`;
    saveFile(result.data, file, "text/csv;charset=utf-8");
    // The file is saved: the store need not keep its text.
    reset();
    setSaved(t("Downloaded {file}", { file }));
  }

  return (
    <Card body className="h-100">
      <form noValidate aria-labelledby="gst-report" onSubmit={(event) => void submit(event)}>
        <h3 id="gst-report" className="h5">
          {t("GST report")}
        </h3>
        <p className="form-text mt-0">{t("Invoices and credit notes with their taxable value and tax, per rate and per state.")}</p>
        {saved && <Message variant="success">{saved}</Message>}
        {detail && <Message variant="danger">{detail}</Message>}
        <Row className="g-sm-3">
          <Col sm={6}>
            <TextField
              id="gst-report-from"
              label={t("From")}
              type="date"
              required
              value={period.from}
              onChange={(from) => setPeriod((now) => ({ ...now, from }))}
              errors={fields.from}
            />
          </Col>
          <Col sm={6}>
            <TextField
              id="gst-report-to"
              label={t("To")}
              type="date"
              required
              value={period.to}
              onChange={(to) => setPeriod((now) => ({ ...now, to }))}
              errors={fields.to}
            />
          </Col>
        </Row>
        <Button type="submit" variant="primary" className="w-100 staff-tap" disabled={isLoading}>
          {t("Download GST report (CSV)")}
        </Button>
      </form>
    </Card>
  );
}

/** The CSV's columns, as the server reads them. */
const SERVICEABILITY_FORMAT = "pin or prefix,deliveryDays,cod";

/**
 * Delivery PIN codes: a CSV file of the PINs (or their prefixes) served, sent as it is; it replaces
 * the table, all rows or none. The answer's count is told in the shop's language (its `detail` is English).
 */
function Serviceability() {
  const [upload, { data, error, isLoading, reset }] = useUploadServiceabilityMutation();
  const sheet = useRequiredFile();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = sheet.required(event.currentTarget);
    if (file) await upload(await file.text());
  }

  return (
    <Card body className="h-100">
      <form noValidate aria-labelledby="serviceability" onSubmit={(event) => void submit(event)}>
        <h3 id="serviceability" className="h5">
          {t("Delivery PIN codes")}
        </h3>
        {data && (
          <Message variant="success">
            {t("Saved: {rows, plural, one {# PIN code or prefix} other {# PIN codes or prefixes}} served.", { rows: data.rows })}
          </Message>
        )}
        {/* A refused file names its first bad line and value (the code's message), so staff can mend it. */}
        {error && <Message variant="danger">{errorText(error, "detail")}</Message>}
        <CsvFileField
          id="serviceability-file"
          label={t("PIN code table (CSV)")}
          hint={t("One line per PIN code or prefix: {format}", { format: SERVICEABILITY_FORMAT })}
          missing={sheet.missing}
          onChoose={(chosen) => {
            sheet.choose(chosen);
            reset();
          }}
        />
        <Button type="submit" variant="primary" className="w-100 staff-tap" disabled={isLoading}>
          {t("Upload serviceability")}
        </Button>
      </form>
    </Card>
  );
}

/** Shipping charges: what they are, and the button that opens their editor below. */
function ShippingCharges({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <Card body className="h-100">
      <h3 className="h5">{t("Shipping charges")}</h3>
      <p className="form-text mt-0">{t("Charges by the order's weight and the delivery PIN code, edited one by one or as a CSV file.")}</p>
      <Button type="button" variant="primary" className="w-100 staff-tap" aria-expanded={open} onClick={onToggle}>
        {open ? t("Close shipping charges") : t("Edit shipping charges")}
      </Button>
    </Card>
  );
}
