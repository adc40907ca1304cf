import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { formatRupeesShort, useShopConfig } from "../../base/shop-config.ts";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import { errorText, type FieldErrors, noticeText } from "../../lib/api-error.ts";
import { slabNotice, zoneNotice } from "../../lib/error-messages.ts";
import { formatPrice } from "../../lib/price.ts";
import { saveErrors } from "../../lib/save-errors.ts";
import { CsvFileField, useRequiredFile } from "./csv-file-field.tsx";
import { saveFile } from "./save-file.ts";
import {
  type ShippingRuleInput,
  type ShippingRuleJson,
  useCreateShippingRuleMutation,
  useDeleteShippingRuleMutation,
  useDownloadShippingRulesMutation,
  useGetStaffShippingRulesQuery,
  useUpdateShippingRuleMutation,
  useUploadShippingRulesMutation,
} from "./shipping-rules-api.ts";
import { QueryState } from "./staff-list.tsx";

/**
 * The dashboard's shipping charges (loaded when staff open them): the rules by weight slab and
 * delivery zone, added, changed and removed one by one, or downloaded and uploaded as a CSV file
 * like the PIN codes served. Checkout charges by them (contract/src/shipping.ts); an order no rule
 * covers pays the spec's charge, which the screen says.
 */
export function ShippingRules() {
  const { currentData, error, isFetching } = useGetStaffShippingRulesQuery();
  const [editing, setEditing] = useState<ShippingRuleJson | null>(null);
  return (
    <Card body className="mt-4">
      <h3 id="shipping-rules" className="h5">
        {t("Shipping charges")}
      </h3>
      <FallbackNote />
      <QueryState data={currentData} error={error} isFetching={isFetching}>
        {(rules) => <RulesTable rules={rules} onEdit={setEditing} />}
      </QueryState>
      <Row className="g-4">
        <Col lg={6}>
          {/* A form of its own for each rule edited: its fields start from that rule. */}
          <RuleForm key={editing?.id ?? "new"} rule={editing} onDone={() => setEditing(null)} />
        </Col>
        <Col lg={6}>
          <RulesCsv />
        </Col>
      </Row>
    </Card>
  );
}

/** What an order no rule covers pays: the spec's rule, with the shop's settings. */
function FallbackNote() {
  const config = useShopConfig();
  if (!config) return null;
  const { shippingPaise, freeShippingAbovePaise } = config.pricing;
  return (
    <p className="form-text mt-0">
      {t(
        "Each rule charges orders of a weight range sent to a zone: a PIN prefix, or everywhere when left blank. The rule of the longest matching prefix applies. An order no rule covers pays {charge}, free above {threshold}: add rules for everywhere that cover every weight.",
        { charge: formatRupeesShort(shippingPaise), threshold: formatRupeesShort(freeShippingAbovePaise) },
      )}
    </p>
  );
}

function RulesTable({ rules, onEdit }: { rules: ShippingRuleJson[]; onEdit: (rule: ShippingRuleJson) => void }) {
  const [remove, { error, isLoading }] = useDeleteShippingRuleMutation();
  if (rules.length === 0) return <p>{t("No shipping rules yet.")}</p>;
  return (
    <>
      {error && <Message variant="danger">{errorText(error, "detail")}</Message>}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard to scroll it */}
      <section className="staff-scroll position-relative" tabIndex={0} aria-labelledby="shipping-rules">
        <table className="table table-striped table-sm align-middle staff-table card-table">
          <thead>
            <tr>
              <th scope="col">{t("Zone")}</th>
              <th scope="col">{t("Weight")}</th>
              <th scope="col">{t("Charge")}</th>
              <th scope="col">{t("Free above")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("Actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => {
              const name = ruleName(rule);
              return (
                <tr key={rule.id}>
                  <td data-label={t("Zone")}>{zoneText(rule.zone)}</td>
                  <td data-label={t("Weight")}>{noticeText(slabNotice(rule.minGrams, rule.maxGrams))}</td>
                  <td data-label={t("Charge")}>{formatPrice(rule.charge)}</td>
                  <td data-label={t("Free above")}>{rule.freeAbove === null ? "—" : formatPrice(rule.freeAbove)}</td>
                  <td className="text-nowrap card-table__actions">
                    <Button variant="light" size="sm" className="border" onClick={() => onEdit(rule)}>
                      {t("Edit {name}", { name })}
                    </Button>{" "}
                    <Button
                      variant="danger"
                      size="sm"
                      disabled={isLoading}
                      onClick={() => {
                        if (window.confirm(t("Delete the shipping rule {name}?", { name }))) void remove(rule.id);
                      }}
                    >
                      {t("Delete {name}", { name })}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </>
  );
}

const zoneText = (zone: string) => {
  const said = zoneNotice(zone);
  return typeof said === "string" ? said : noticeText(said);
};

/** A rule as its buttons name it: "everywhere, 0 to 5000 g". */
const ruleName = (rule: ShippingRuleJson) => `${zoneText(rule.zone)}, ${noticeText(slabNotice(rule.minGrams, rule.maxGrams))}`;

const RULE_FIELDS = ["zone", "minGrams", "maxGrams", "charge", "freeAbove"] as const;
type RuleFields = Record<(typeof RULE_FIELDS)[number], string>;

const NEW_RULE: RuleFields = { zone: "", minGrams: "0", maxGrams: "", charge: "", freeAbove: "" };

function fieldsOf(rule: ShippingRuleJson | null): RuleFields {
  if (!rule) return NEW_RULE;
  return {
    zone: rule.zone,
    minGrams: String(rule.minGrams),
    maxGrams: rule.maxGrams === null ? "" : String(rule.maxGrams),
    charge: rule.charge,
    freeAbove: rule.freeAbove ?? "",
  };
}

const WHOLE = /^\d+$/;

/** The weights must be whole numbers here: a blank or mistyped "up to" must not pass as no limit. */
function checkWeights(fields: RuleFields): FieldErrors | null {
  const problems: FieldErrors = {};
  if (!WHOLE.test(fields.minGrams.trim())) problems.minGrams = [t("Please enter a whole number.")];
  const max = fields.maxGrams.trim();
  if (max !== "" && !WHOLE.test(max)) problems.maxGrams = [t("Please enter a whole number.")];
  return Object.keys(problems).length > 0 ? problems : null;
}

/** The body the server takes (it checks the rest): blank up-to and free-above mean no bound and never free. */
function inputOf(fields: RuleFields): ShippingRuleInput {
  return {
    zone: fields.zone.trim(),
    minGrams: Number(fields.minGrams.trim()),
    maxGrams: fields.maxGrams.trim() === "" ? null : Number(fields.maxGrams.trim()),
    charge: fields.charge.trim(),
    freeAbove: fields.freeAbove.trim() === "" ? null : fields.freeAbove.trim(),
  };
}

/** Adds a rule, or changes the one chosen in the table; the server refuses a slab that overlaps another of its zone. */
function RuleForm({ rule, onDone }: { rule: ShippingRuleJson | null; onDone: () => void }) {
  const [create, created] = useCreateShippingRuleMutation();
  const [update, updated] = useUpdateShippingRuleMutation();
  const [fields, setFields] = useState(() => fieldsOf(rule));
  const [saved, setSaved] = useState(false);
  const [checked, setChecked] = useState<FieldErrors | null>(null);
  const { error, isLoading } = rule ? updated : created;
  const server = saveErrors(error, RULE_FIELDS);
  const problems = checked ? { fields: checked, detail: null } : server;
  const field = (name: keyof RuleFields) => ({
    id: `shipping-rule-${name}`,
    value: fields[name],
    errors: problems.fields[name],
    onChange: (value: string) => {
      setFields((now) => ({ ...now, [name]: value }));
      setSaved(false);
    },
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const focusProblem = () => {
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
    };
    const weights = checkWeights(fields);
    setChecked(weights);
    if (weights) return focusProblem();
    const body = inputOf(fields);
    const result = rule ? await update({ id: rule.id, ...body }) : await create(body);
    if (result.error) return focusProblem();
    if (rule) onDone();
    else {
      setFields(NEW_RULE);
      setSaved(true);
    }
  }

  const title = rule ? t("Change the rule {name}", { name: ruleName(rule) }) : t("Add a shipping rule");
  return (
    <form noValidate aria-label={title} onSubmit={(event) => void submit(event)}>
      <h4 className="h6">{title}</h4>
      {saved && <Message variant="success">{t("Shipping rule added.")}</Message>}
      {problems.detail && <Message variant="danger">{problems.detail}</Message>}
      <TextField label={t("Zone (PIN prefix)")} hint={t("1 to 6 digits; blank for everywhere")} inputMode="numeric" {...field("zone")} />
      <Row className="g-sm-3">
        <Col sm={6}>
          <TextField label={t("Weight from (g)")} inputMode="numeric" required {...field("minGrams")} />
        </Col>
        <Col sm={6}>
          <TextField label={t("Weight up to (g)")} hint={t("Blank for no limit")} inputMode="numeric" {...field("maxGrams")} />
        </Col>
        <Col sm={6}>
          <TextField label={t("Charge (₹)")} inputMode="decimal" required {...field("charge")} />
        </Col>
        <Col sm={6}>
          <TextField label={t("Free above (₹)")} hint={t("Blank: never free")} inputMode="decimal" {...field("freeAbove")} />
        </Col>
      </Row>
      <Button type="submit" variant="primary" className="staff-tap" disabled={isLoading}>
        {rule ? t("Save rule") : t("Add rule")}
      </Button>{" "}
      {rule && (
        <Button type="button" variant="light" className="border staff-tap" onClick={onDone}>
          {t("Cancel")}
        </Button>
      )}
    </form>
  );
}

/** The CSV's columns, as the server reads them. */
const RULES_FORMAT = "zone,minGrams,maxGrams,charge,freeAbove";

/**
 * The rules as a CSV file: downloaded (with no rules, its header: a template), and uploaded to
 * replace them all, or none when a line is wrong (the message names it).
 */
function RulesCsv() {
  const [upload, { data, error, isLoading, reset }] = useUploadShippingRulesMutation();
  const [download, downloading] = useDownloadShippingRulesMutation();
  const sheet = useRequiredFile();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = sheet.required(event.currentTarget);
    if (file) await upload(await file.text());
  }

  async function save() {
    const result = await download();
    if (typeof result.data !== "string") return;
    saveFile(result.data, "shipping-rules.csv", "text/csv;charset=utf-8");
    downloading.reset();
  }

  return (
    <form noValidate aria-label={t("Shipping rules (CSV)")} onSubmit={(event) => void submit(event)}>
      <h4 className="h6">{t("Shipping rules (CSV)")}</h4>
      {data && (
        <Message variant="success">
          {t("Saved: {rows, plural, one {# shipping rule} other {# shipping rules}}.", { rows: data.rows })}
        </Message>
      )}
      {error && <Message variant="danger">{errorText(error, "detail")}</Message>}
      {downloading.error && <Message variant="danger">{errorText(downloading.error, "detail")}</Message>}
      <CsvFileField
        id="shipping-rules-file"
        label={t("File to upload (replaces every rule)")}
        hint={t("One line per rule: {format}", { format: RULES_FORMAT })}
        missing={sheet.missing}
        onChoose={(chosen) => {
          sheet.choose(chosen);
          reset();
        }}
      />
      <Button type="submit" variant="primary" className="staff-tap" disabled={isLoading}>
        {t("Upload shipping rules")}
      </Button>{" "}
      <Button type="button" variant="light" className="border staff-tap" disabled={downloading.isLoading} onClick={() => void save()}>
        {t("Download shipping rules (CSV)")}
      </Button>
    </form>
  );
}
