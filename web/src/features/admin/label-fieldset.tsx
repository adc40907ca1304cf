import { PRODUCT_KINDS, type ProductKind, type ProductLabel, type ProductUpdate } from "@krishi/contract";
import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { TextField } from "../../components/text-field.tsx";
import { type Message, t } from "../../i18n/index.ts";
import type { FieldErrors } from "../../lib/api-error.ts";

/** The label as the form holds it: every field as typed (the germination too). */
export type LabelDraft = Omit<ProductLabel, "germinationPercent"> & { germinationPercent: string };

export function labelDraft(label: ProductLabel): LabelDraft {
  return { ...label, germinationPercent: label.germinationPercent === null ? "" : String(label.germinationPercent) };
}

/** The label as the server takes it (contract LabelInput): texts trimmed, an empty germination none. */
export function labelBody(draft: LabelDraft): NonNullable<ProductUpdate["label"]> {
  const { germinationPercent, kind, ...texts } = draft;
  const trimmed = Object.fromEntries(Object.entries(texts).map(([field, value]) => [field, value.trim()])) as Omit<
    LabelDraft,
    "kind" | "germinationPercent"
  >;
  return { ...trimmed, kind, germinationPercent: germinationPercent.trim() === "" ? null : Number(germinationPercent) };
}

/** The server's field names for the label's fields ("label.cibrcNumber"). */
export const LABEL_FIELDS = [
  "kind",
  "manufacturer",
  "manufacturerAddress",
  "countryOfOrigin",
  "genericName",
  "bestBefore",
  "customerCare",
  "cibrcNumber",
  "seedVariety",
  "seedLot",
  "germinationPercent",
  "seedTestDate",
  "fcoGrade",
  "genericNameHi",
  "countryOfOriginHi",
  "bestBeforeHi",
  "customerCareHi",
].map((field) => `label.${field}`);

const KIND_NAMES: Record<ProductKind, Message> = {
  general: "Other goods",
  pesticide: "Pesticide",
  seed: "Seed",
  fertiliser: "Fertiliser",
};

interface LabelFieldsetProps {
  label: LabelDraft;
  onChange: (label: LabelDraft) => void;
  errors: FieldErrors;
}

/**
 * What the product's page shows under "Product details" (Legal Metrology): the kind of goods, the
 * maker and where from, the generic name, best before and customer care, the words among them
 * also in Hindi (shown on the Hindi page; left empty, the English shows); then what the kind must
 * carry: a pesticide's CIB&RC number (the server refuses a pesticide without it), a seed's variety,
 * lot, germination and test date, a fertiliser's FCO grade.
 */
export function LabelFieldset({ label, onChange, errors }: LabelFieldsetProps) {
  const set = (change: Partial<LabelDraft>) => onChange({ ...label, ...change });
  const text = (
    field: keyof Omit<LabelDraft, "kind">,
    name: Message,
    maxLength: number,
    more: { rows?: number; hint?: string; lang?: string } = {},
  ) => (
    <TextField
      id={`label-${field}`}
      label={t(name)}
      maxLength={maxLength}
      value={label[field]}
      onChange={(value) => set({ [field]: value })}
      errors={errors[`label.${field}`]}
      {...more}
    />
  );
  return (
    <fieldset className="label-fieldset border rounded p-3 mb-3">
      <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-2">{t("Product label")}</legend>
      <p className="form-text mt-0">{t("The values in Hindi show when the shop is in Hindi. Left empty, the English shows.")}</p>
      <div className="mb-3">
        <label htmlFor="label-kind" className="form-label">
          {t("Kind of goods")}
        </label>
        <select
          id="label-kind"
          className="form-select staff-tap"
          value={label.kind}
          onChange={(event) => set({ kind: event.target.value as ProductKind })}
        >
          {PRODUCT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(KIND_NAMES[kind])}
            </option>
          ))}
        </select>
      </div>
      <Row className="g-sm-3">
        <Col sm={6}>{text("genericName", "Generic name", 200)}</Col>
        <Col sm={6}>{text("genericNameHi", "Generic name in Hindi", 200, { lang: "hi" })}</Col>
      </Row>
      {text("manufacturer", "Manufacturer or packer", 200)}
      {text("manufacturerAddress", "Manufacturer's address", 500, { rows: 2 })}
      <Row className="g-sm-3">
        <Col sm={6}>{text("countryOfOrigin", "Country of origin", 60)}</Col>
        <Col sm={6}>{text("countryOfOriginHi", "Country of origin in Hindi", 60, { lang: "hi" })}</Col>
      </Row>
      <Row className="g-sm-3">
        <Col sm={6}>{text("bestBefore", "Best before", 100, { hint: t("Where it applies: 24 months from manufacture.") })}</Col>
        <Col sm={6}>{text("bestBeforeHi", "Best before in Hindi", 100, { lang: "hi" })}</Col>
      </Row>
      {text("customerCare", "Customer care", 300, { rows: 2, hint: t("Whom a customer contacts: name, phone and e-mail.") })}
      {text("customerCareHi", "Customer care in Hindi", 300, { rows: 2, lang: "hi" })}
      {label.kind === "pesticide" && text("cibrcNumber", "CIB&RC registration number", 60)}
      {label.kind === "seed" && (
        <Row className="g-sm-3">
          <Col sm={6}>{text("seedVariety", "Variety", 100)}</Col>
          <Col sm={6}>{text("seedLot", "Lot number", 60)}</Col>
          <Col sm={6}>
            <TextField
              id="label-germinationPercent"
              label={t("Germination (%)")}
              type="number"
              inputMode="numeric"
              min="0"
              max="100"
              step="1"
              value={label.germinationPercent}
              onChange={(germinationPercent) => set({ germinationPercent })}
              errors={errors["label.germinationPercent"]}
            />
          </Col>
          <Col sm={6}>
            <TextField
              id="label-seedTestDate"
              label={t("Date of test")}
              type="date"
              value={label.seedTestDate}
              onChange={(seedTestDate) => set({ seedTestDate })}
              errors={errors["label.seedTestDate"]}
            />
          </Col>
        </Row>
      )}
      {label.kind === "fertiliser" && text("fcoGrade", "FCO grade", 60)}
    </fieldset>
  );
}
