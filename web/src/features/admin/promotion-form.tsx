import { normalizeCouponCode, PROMOTION_KINDS, type PromotionKind, type PromotionTarget } from "@krishi/contract";
import { type FormEvent, useId, useState } from "react";
import Button from "react-bootstrap/Button";
import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { useGetCategoriesQuery } from "../../base/catalog-api.ts";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { localized, type Message as MessageId, t } from "../../i18n/index.ts";
import type { FieldErrors } from "../../lib/api-error.ts";
import { problemsOf, saveErrors } from "../../lib/save-errors.ts";
import { type PromotionInput, type StaffPromotion, useCreatePromotionMutation, useUpdatePromotionMutation } from "./promotions-api.ts";

/** What each kind is called on the form and in the list. */
export const KIND_NAMES: Record<PromotionKind, MessageId> = {
  percent_off: "Percentage off",
  amount_off: "Amount off",
  unit_off: "Amount off each unit, by quantity",
  free_shipping: "Free delivery",
};

const TARGET_NAMES: Record<PromotionTarget, MessageId> = {
  order: "The whole order's items",
  lines: "Only the items it names",
};

interface TierFields {
  minQty: string;
  amount: string;
}

/** The form's fields as typed: text, but for the flag and the categories ticked. */
export interface PromotionFields {
  code: string;
  description: string;
  descriptionHi: string;
  kind: PromotionKind;
  target: PromotionTarget;
  percent: string;
  amount: string;
  tiers: TierFields[];
  minItems: string;
  minAmount: string;
  maxDiscount: string;
  startsAt: string;
  endsAt: string;
  firstOrderOnly: boolean;
  perCustomerLimit: string;
  usageLimit: string;
  categories: string[];
  products: string;
  variants: string;
}

/** The fields the server names in its refusals, each shown under its field on this form. */
const FORM_FIELDS = [
  "code",
  "description",
  "descriptionHi",
  "kind",
  "target",
  "percent",
  "amount",
  "tiers",
  "minItems",
  "minAmount",
  "maxDiscount",
  "startsAt",
  "endsAt",
  "perCustomerLimit",
  "usageLimit",
  "categories",
  "products",
  "variants",
] as const;

export const NEW_PROMOTION: PromotionFields = {
  code: "",
  description: "",
  descriptionHi: "",
  kind: "percent_off",
  target: "order",
  percent: "",
  amount: "",
  tiers: [{ minQty: "", amount: "" }],
  minItems: "",
  minAmount: "",
  maxDiscount: "",
  startsAt: "",
  endsAt: "",
  firstOrderOnly: false,
  perCustomerLimit: "",
  usageLimit: "",
  categories: [],
  products: "",
  variants: "",
};

/** India's offset from UTC: the form's dates and times are India's, whatever the browser's zone. */
const INDIA_OFFSET_MS = 330 * 60_000;

/** An instant as India's wall clock for a date-and-time field ("2026-11-29T18:30"); "" for none. */
export function indiaLocal(instant: string | null): string {
  const ms = instant === null ? Number.NaN : Date.parse(instant);
  return Number.isNaN(ms) ? "" : new Date(ms + INDIA_OFFSET_MS).toISOString().slice(0, 16);
}

/** India's wall clock as entered, sent as an instant with India's offset ("2026-11-29T18:30:00+05:30"); blank: none. */
export function indiaInstant(local: string): string | null {
  const value = local.trim();
  if (!value) return null;
  return `${value.length === 16 ? `${value}:00` : value}+05:30`;
}

/** A number of zero or more written without zeros after the point ("25.00" → "25"), for a field. */
const amountText = (amount: string) => (Number(amount) === 0 ? "" : amount.replace(/\.00$/, ""));

export function fieldsOf(promotion: StaffPromotion | null): PromotionFields {
  if (!promotion) return NEW_PROMOTION;
  return {
    code: promotion.code ?? "",
    description: promotion.description,
    descriptionHi: promotion.descriptionHi,
    kind: promotion.kind,
    target: promotion.target,
    percent: promotion.percent > 0 ? String(promotion.percent) : "",
    amount: amountText(promotion.amount),
    tiers:
      promotion.tiers.length > 0
        ? promotion.tiers.map((tier) => ({ minQty: String(tier.minQty), amount: amountText(tier.amount) }))
        : NEW_PROMOTION.tiers,
    minItems: promotion.minItems > 0 ? String(promotion.minItems) : "",
    minAmount: amountText(promotion.minAmount),
    maxDiscount: promotion.maxDiscount === null ? "" : amountText(promotion.maxDiscount),
    startsAt: indiaLocal(promotion.startsAt),
    endsAt: indiaLocal(promotion.endsAt),
    firstOrderOnly: promotion.firstOrderOnly,
    perCustomerLimit: promotion.perCustomerLimit === null ? "" : String(promotion.perCustomerLimit),
    usageLimit: promotion.usageLimit === null ? "" : String(promotion.usageLimit),
    categories: [...promotion.categories],
    products: promotion.products.join(", "),
    variants: promotion.variants.join(", "),
  };
}

const WHOLE = /^\d+$/;
const IDS = /^\s*\d+(\s*,\s*\d+)*\s*,?\s*$/;

/** Ids typed as "12, 15": the numbers. */
const idsOf = (text: string) =>
  text.trim()
    ? text
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean)
        .map(Number)
    : [];

/** What the server cannot tell from the body: whole numbers typed as such, and lists of ids. */
export function checkFields(fields: PromotionFields): FieldErrors | null {
  const problems: FieldErrors = {};
  for (const name of ["minItems", "perCustomerLimit", "usageLimit"] as const) {
    if (fields[name].trim() && !WHOLE.test(fields[name].trim())) problems[name] = [t("Please enter a whole number.")];
  }
  if (fields.kind === "percent_off" && fields.percent.trim() && !WHOLE.test(fields.percent.trim())) {
    problems.percent = [t("Please enter a whole number.")];
  }
  for (const name of ["products", "variants"] as const) {
    if (fields[name].trim() && !IDS.test(fields[name])) problems[name] = [t("Please enter numbers separated by commas.")];
  }
  return Object.keys(problems).length > 0 ? problems : null;
}

/** A whole number typed, or undefined when blank (the server's default then). */
const wholeOrUndefined = (text: string) => (text.trim() ? Number(text.trim()) : undefined);
const wholeOrNull = (text: string) => (text.trim() ? Number(text.trim()) : null);

/**
 * The body the server takes (it checks the rest): only the value the kind uses, blank limits as
 * none, the dates as India's time with its offset.
 */
export function inputOf(fields: PromotionFields): PromotionInput {
  const { kind } = fields;
  const percent = wholeOrUndefined(fields.percent);
  const minItems = wholeOrUndefined(fields.minItems);
  return {
    code: fields.code.trim() ? normalizeCouponCode(fields.code) : null,
    description: fields.description.trim(),
    descriptionHi: fields.descriptionHi.trim(),
    kind,
    ...(kind === "percent_off" || kind === "amount_off" ? { target: fields.target } : {}),
    ...(kind === "percent_off" && percent !== undefined ? { percent } : {}),
    ...(kind === "amount_off" && fields.amount.trim() ? { amount: fields.amount.trim() } : {}),
    ...(kind === "unit_off"
      ? {
          tiers: fields.tiers
            .filter((tier) => tier.minQty.trim() || tier.amount.trim())
            .map((tier) => ({ minQty: Number(tier.minQty.trim()), amount: tier.amount.trim() || "0" })),
        }
      : {}),
    ...(minItems !== undefined ? { minItems } : {}),
    minAmount: fields.minAmount.trim() || "0",
    maxDiscount: fields.maxDiscount.trim() || null,
    startsAt: indiaInstant(fields.startsAt),
    endsAt: indiaInstant(fields.endsAt),
    firstOrderOnly: fields.firstOrderOnly,
    perCustomerLimit: wholeOrNull(fields.perCustomerLimit),
    usageLimit: wholeOrNull(fields.usageLimit),
    categories: fields.categories,
    products: idsOf(fields.products),
    variants: idsOf(fields.variants),
  };
}

/**
 * Adds an offer or a coupon, or changes the one chosen in the list: its code (blank: an offer that
 * applies by itself), its words in English and Hindi, what it gives (a percentage, an amount, an
 * amount off each unit by quantity tiers, or free delivery) and to what (categories ticked, products
 * and packs by id), its minimum, cap, dates (India's time) and limits. The server's refusals show
 * under their fields.
 */
export function PromotionForm({ promotion, onDone }: { promotion: StaffPromotion | null; onDone: () => void }) {
  const [create, created] = useCreatePromotionMutation();
  const [update, updated] = useUpdatePromotionMutation();
  const { data: categories = [] } = useGetCategoriesQuery();
  const [fields, setFields] = useState(() => fieldsOf(promotion));
  const [saved, setSaved] = useState(false);
  const [checked, setChecked] = useState<FieldErrors | null>(null);
  const idBase = useId();
  const { error, isLoading } = promotion ? updated : created;
  const server = saveErrors(error, FORM_FIELDS);
  const problems = checked ? { fields: checked, detail: null } : server;
  const change = (next: Partial<PromotionFields>) => {
    setFields((now) => ({ ...now, ...next }));
    setSaved(false);
  };
  const field = (name: Exclude<keyof PromotionFields, "kind" | "target" | "tiers" | "firstOrderOnly" | "categories">) => ({
    id: `${idBase}-${name}`,
    value: fields[name],
    errors: problemsOf(problems.fields, name),
    onChange: (value: string) => change({ [name]: value }),
  });
  const setTier = (index: number, next: Partial<TierFields>) =>
    change({ tiers: fields.tiers.map((tier, i) => (i === index ? { ...tier, ...next } : tier)) });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const focusProblem = () => {
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
    };
    const local = checkFields(fields);
    setChecked(local);
    if (local) return focusProblem();
    const body = inputOf(fields);
    const result = promotion ? await update({ id: promotion.id, ...body }) : await create(body);
    if (result.error) return focusProblem();
    if (promotion) onDone();
    else {
      setFields(NEW_PROMOTION);
      setSaved(true);
    }
  }

  const { kind } = fields;
  const title = promotion ? t("Change {name}", { name: promotion.code ?? promotion.description }) : t("Add an offer or coupon");
  const tierProblems = problemsOf(problems.fields, "tiers");
  const categoryProblems = problemsOf(problems.fields, "categories");
  return (
    <form noValidate aria-label={title} onSubmit={(event) => void submit(event)}>
      <h2 className="h5">{title}</h2>
      {problems.detail && <Message variant="danger">{problems.detail}</Message>}
      <TextField
        label={t("Coupon code")}
        hint={t("Blank: an offer every shopper gets by itself")}
        autoCapitalize="characters"
        autoComplete="off"
        maxLength={20}
        {...field("code")}
      />
      <TextField label={t("Description")} required maxLength={120} {...field("description")} />
      <TextField label={t("Description in Hindi")} maxLength={120} lang="hi" {...field("descriptionHi")} />
      <div className="mb-3">
        <label htmlFor={`${idBase}-kind`} className="form-label">
          {t("What it gives")}
        </label>
        <select
          id={`${idBase}-kind`}
          className="form-select staff-tap"
          value={kind}
          onChange={(event) => change({ kind: event.target.value as PromotionKind })}
        >
          {PROMOTION_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(KIND_NAMES[value])}
            </option>
          ))}
        </select>
      </div>
      {kind === "percent_off" && <TextField label={t("Percentage off")} inputMode="numeric" required {...field("percent")} />}
      {kind === "amount_off" && <TextField label={t("Amount off (₹)")} inputMode="decimal" required {...field("amount")} />}
      {(kind === "percent_off" || kind === "amount_off") && (
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t("Taken off")}</legend>
          {(["order", "lines"] as const).map((value) => (
            <div className="form-check" key={value}>
              <input
                id={`${idBase}-target-${value}`}
                className="form-check-input"
                type="radio"
                name={`${idBase}-target`}
                checked={fields.target === value}
                onChange={() => change({ target: value })}
              />
              <label htmlFor={`${idBase}-target-${value}`} className="form-check-label">
                {t(TARGET_NAMES[value])}
              </label>
            </div>
          ))}
        </fieldset>
      )}
      {kind === "unit_off" && (
        <fieldset className="mb-3" aria-describedby={tierProblems ? `${idBase}-tiers-errors` : undefined}>
          <legend className="form-label fs-6">{t("Quantity tiers")}</legend>
          {fields.tiers.map((tier, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a tier is its place in the list; its fields are typed in place
            <Row className="g-2 align-items-end" key={i}>
              <Col xs={12} sm={5}>
                <TextField
                  id={`${idBase}-tier-${i}-qty`}
                  label={t("From this many units")}
                  inputMode="numeric"
                  value={tier.minQty}
                  errors={problems.fields[`tiers.${i}.minQty`]}
                  onChange={(value) => setTier(i, { minQty: value })}
                />
              </Col>
              <Col xs={12} sm={5}>
                <TextField
                  id={`${idBase}-tier-${i}-amount`}
                  label={t("Off each unit (₹)")}
                  inputMode="decimal"
                  value={tier.amount}
                  errors={problems.fields[`tiers.${i}.amount`]}
                  onChange={(value) => setTier(i, { amount: value })}
                />
              </Col>
              <Col xs={12} sm={2} className="mb-3 d-grid">
                <Button
                  variant="light"
                  className="border staff-tap"
                  disabled={fields.tiers.length === 1}
                  onClick={() => change({ tiers: fields.tiers.filter((_, j) => j !== i) })}
                >
                  {t("Remove tier {n}", { n: i + 1 })}
                </Button>
              </Col>
            </Row>
          ))}
          {tierProblems && (
            <div id={`${idBase}-tiers-errors`} className="text-danger small mb-2">
              {tierProblems.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </div>
          )}
          <Button
            variant="outline-primary"
            className="staff-tap"
            disabled={fields.tiers.length >= 10}
            onClick={() => change({ tiers: [...fields.tiers, { minQty: "", amount: "" }] })}
          >
            {t("Add a tier")}
          </Button>
        </fieldset>
      )}
      <fieldset className="mb-3" aria-describedby={categoryProblems ? `${idBase}-categories-errors` : undefined}>
        <legend className="form-label fs-6">{t("Categories it applies to")}</legend>
        <p className="form-text mt-0">{t("None ticked and no products or packs: every item.")}</p>
        {categories.map((category) => (
          <div className="form-check" key={category.id}>
            <input
              id={`${idBase}-category-${category.id}`}
              className="form-check-input"
              type="checkbox"
              checked={fields.categories.includes(category.name)}
              onChange={(event) =>
                change({
                  categories: event.target.checked
                    ? [...fields.categories, category.name]
                    : fields.categories.filter((name) => name !== category.name),
                })
              }
            />
            <label htmlFor={`${idBase}-category-${category.id}`} className="form-check-label">
              {localized(category.name, category.nameHi)}
            </label>
          </div>
        ))}
        {categoryProblems && (
          <div id={`${idBase}-categories-errors`} className="text-danger small">
            {categoryProblems.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </div>
        )}
      </fieldset>
      <Row className="g-sm-3">
        <Col sm={6}>
          <TextField label={t("Product ids")} hint={t("Separated by commas")} inputMode="numeric" {...field("products")} />
        </Col>
        <Col sm={6}>
          <TextField label={t("Pack ids")} hint={t("Separated by commas")} inputMode="numeric" {...field("variants")} />
        </Col>
        <Col sm={6}>
          <TextField label={t("Units the cart must hold")} hint={t("Blank: any")} inputMode="numeric" {...field("minItems")} />
        </Col>
        <Col sm={6}>
          <TextField label={t("Minimum spend (₹)")} hint={t("Blank: any")} inputMode="decimal" {...field("minAmount")} />
        </Col>
        <Col sm={6}>
          <TextField label={t("Most off one order (₹)")} hint={t("Blank: no cap")} inputMode="decimal" {...field("maxDiscount")} />
        </Col>
        <Col sm={6}>
          <TextField label={t("Starts (India time)")} hint={t("Blank: now")} type="datetime-local" {...field("startsAt")} />
        </Col>
        <Col sm={6}>
          <TextField label={t("Ends (India time)")} hint={t("Blank: no end")} type="datetime-local" {...field("endsAt")} />
        </Col>
        <Col sm={6}>
          <TextField label={t("Uses in all")} hint={t("Blank: no limit")} inputMode="numeric" {...field("usageLimit")} />
        </Col>
        <Col sm={6}>
          <TextField label={t("Uses per customer")} hint={t("Blank: no limit")} inputMode="numeric" {...field("perCustomerLimit")} />
        </Col>
      </Row>
      <div className="form-check mb-3">
        <input
          id={`${idBase}-first`}
          className="form-check-input"
          type="checkbox"
          checked={fields.firstOrderOnly}
          onChange={(event) => change({ firstOrderOnly: event.target.checked })}
        />
        <label htmlFor={`${idBase}-first`} className="form-check-label">
          {t("First order only")}
        </label>
      </div>
      {/* Beside the button: on a phone the form's top is a long way up. */}
      <div role="status">{saved && <Message variant="success">{t("Offer saved.")}</Message>}</div>
      <div className="d-grid gap-2 d-sm-block">
        <Button type="submit" variant="primary" className="staff-tap" disabled={isLoading}>
          {promotion ? t("Save offer") : t("Add offer")}
        </Button>{" "}
        {promotion && (
          <Button type="button" variant="light" className="border staff-tap" onClick={onDone}>
            {t("Cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
