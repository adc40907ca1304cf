import { MAX_PACKS, PACK_UNITS, type PackUnit, type ProductUpdate, type ProductVariant } from "@krishi/contract";
import { useState } from "react";
import Button from "react-bootstrap/Button";
import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import type { FieldErrors } from "../../lib/api-error.ts";

/**
 * A pack as the form holds it: texts as typed, the pack's id (none for a new pack), the stock the
 * form was loaded with (the server keeps sales made while staff edit), and a key that stays with
 * the pack as it moves.
 */
export interface PackDraft {
  key: string;
  id?: number;
  label: string;
  sku: string;
  netQuantity: string;
  unit: PackUnit;
  price: string;
  mrp: string;
  countInStock: string;
  stockSeen?: number;
  weightGrams: string;
}

export function packDrafts(packs: readonly ProductVariant[]): PackDraft[] {
  return packs.map((pack) => ({
    key: `pack-${pack.id}`,
    id: pack.id,
    label: pack.label,
    sku: pack.sku,
    netQuantity: String(pack.netQuantity),
    unit: pack.unit,
    price: pack.price,
    // A new product's sample pack has no MRP yet (₹0): empty, it follows the price staff enter.
    mrp: Number(pack.mrp) > 0 ? pack.mrp : "",
    countInStock: String(pack.countInStock),
    stockSeen: pack.countInStock,
    weightGrams: String(pack.weightGrams),
  }));
}

type VariantInputBody = NonNullable<ProductUpdate["variants"]>[number];

/** The packs as the server takes them (contract VariantInput), default first; an MRP left empty is the price. */
export function variantsBody(drafts: readonly PackDraft[]): VariantInputBody[] {
  return drafts.map((draft) => ({
    ...(draft.id === undefined ? {} : { id: draft.id }),
    label: draft.label.trim(),
    sku: draft.sku.trim(),
    netQuantity: Number(draft.netQuantity),
    unit: draft.unit,
    price: draft.price.trim(),
    mrp: draft.mrp.trim() || draft.price.trim(),
    countInStock: Number(draft.countInStock),
    ...(draft.stockSeen === undefined ? {} : { stockSeen: draft.stockSeen }),
    weightGrams: Number(draft.weightGrams),
  }));
}

/** The fields of a pack the server may find fault with. */
const PACK_FIELDS = ["label", "sku", "netQuantity", "unit", "price", "mrp", "countInStock", "weightGrams", "id"] as const;

/** The server's field names for the packs' fields ("variants.1.mrp"), for the form's list of its own fields. */
export function packFieldNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => PACK_FIELDS.map((field) => `variants.${i}.${field}`)).flat();
}

interface PacksEditorProps {
  packs: PackDraft[];
  onChange: (packs: PackDraft[]) => void;
  /** The server's messages, by its field names ("variants.0.price"; the spec's "price" and "countInStock" are the default pack's). */
  errors: FieldErrors;
}

let newPacks = 0;

/**
 * The product's packs, default first: each with its label, SKU, net quantity and unit, price, MRP,
 * stock and shipping weight; added, moved up or down (the first is the default), and removed after
 * a confirmation (past orders keep the label of a pack removed).
 */
export function PacksEditor({ packs, onChange, errors }: PacksEditorProps) {
  const [removing, setRemoving] = useState<string | null>(null);
  const edit = (index: number, change: Partial<PackDraft>) =>
    onChange(packs.map((pack, i) => (i === index ? { ...pack, ...change } : pack)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...packs];
    const [pack] = next.splice(index, 1);
    if (pack) next.splice(index + by, 0, pack);
    onChange(next);
  };
  const add = () => {
    newPacks += 1;
    const last = packs.at(-1);
    onChange([
      ...packs,
      {
        key: `new-${newPacks}`,
        label: "",
        sku: "",
        netQuantity: "",
        unit: last?.unit ?? "kg",
        price: "",
        mrp: "",
        countInStock: "0",
        weightGrams: "",
      },
    ]);
  };

  return (
    <section className="packs-editor mb-3" aria-labelledby="packs-heading">
      <h2 id="packs-heading" className="h5">
        {t("Packs")}
      </h2>
      {packs.map((pack, index) => {
        const name = pack.label.trim() || t("Pack {number}", { number: index + 1 });
        const errorsOf = (field: (typeof PACK_FIELDS)[number]) =>
          errors[`variants.${index}.${field}`] ??
          (index === 0 && (field === "price" || field === "countInStock") ? errors[field] : undefined);
        const id = (field: string) => `${pack.key}-${field}`;
        return (
          <fieldset key={pack.key} className="pack-editor border rounded p-3 mb-3">
            <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-2">{index === 0 ? t("{name} (default)", { name }) : name}</legend>
            {errorsOf("id") && <p className="text-danger small">{errorsOf("id")?.join(" ")}</p>}
            <Row className="g-sm-3">
              <Col sm={6}>
                <TextField
                  id={id("label")}
                  label={t("Pack label")}
                  required
                  maxLength={40}
                  value={pack.label}
                  onChange={(label) => edit(index, { label })}
                  errors={errorsOf("label")}
                  hint={t("What the shopper picks: 45 kg, 250 g, 1 l.")}
                />
              </Col>
              <Col sm={6}>
                <TextField
                  id={id("sku")}
                  label={t("SKU")}
                  maxLength={64}
                  value={pack.sku}
                  onChange={(sku) => edit(index, { sku })}
                  errors={errorsOf("sku")}
                />
              </Col>
              <Col xs={7} sm={6}>
                <TextField
                  id={id("net-quantity")}
                  label={t("Net quantity")}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="any"
                  required
                  value={pack.netQuantity}
                  onChange={(netQuantity) => edit(index, { netQuantity })}
                  errors={errorsOf("netQuantity")}
                />
              </Col>
              <Col xs={5} sm={6}>
                <div className="mb-3">
                  <label htmlFor={id("unit")} className="form-label">
                    {t("Unit")}
                  </label>
                  <select
                    id={id("unit")}
                    className="form-select staff-tap"
                    value={pack.unit}
                    onChange={(event) => edit(index, { unit: event.target.value as PackUnit })}
                  >
                    {PACK_UNITS.map((unit) => (
                      <option key={unit} value={unit}>
                        {unit === "piece" ? t("pieces") : unit}
                      </option>
                    ))}
                  </select>
                </div>
              </Col>
              <Col sm={6}>
                <TextField
                  id={id("price")}
                  label={t("Price")}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  required
                  value={pack.price}
                  onChange={(price) => edit(index, { price })}
                  errors={errorsOf("price")}
                />
              </Col>
              <Col sm={6}>
                <TextField
                  id={id("mrp")}
                  label={t("MRP")}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  value={pack.mrp}
                  onChange={(mrp) => edit(index, { mrp })}
                  errors={errorsOf("mrp")}
                  hint={t("As printed on the pack; empty: the price.")}
                />
              </Col>
              <Col sm={6}>
                <TextField
                  id={id("count-in-stock")}
                  label={t("Count In Stock")}
                  type="number"
                  inputMode="numeric"
                  min="0"
                  step="1"
                  required
                  value={pack.countInStock}
                  onChange={(countInStock) => edit(index, { countInStock })}
                  errors={errorsOf("countInStock")}
                />
              </Col>
              <Col sm={6}>
                <TextField
                  id={id("weight")}
                  label={t("Shipping weight (g)")}
                  type="number"
                  inputMode="numeric"
                  min="0"
                  step="1"
                  required
                  value={pack.weightGrams}
                  onChange={(weightGrams) => edit(index, { weightGrams })}
                  errors={errorsOf("weightGrams")}
                />
              </Col>
            </Row>
            <div className="d-flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline-secondary"
                size="sm"
                className="staff-tap"
                disabled={index === 0}
                aria-label={t("Move up: {name}", { name })}
                onClick={() => move(index, -1)}
              >
                {t("Move up")}
              </Button>
              <Button
                type="button"
                variant="outline-secondary"
                size="sm"
                className="staff-tap"
                disabled={index === packs.length - 1}
                aria-label={t("Move down: {name}", { name })}
                onClick={() => move(index, 1)}
              >
                {t("Move down")}
              </Button>
              {removing === pack.key ? (
                <div role="alert" className="d-flex flex-wrap align-items-center gap-2">
                  <span>{t("Remove {name}? Past orders keep its label.", { name })}</span>
                  <Button
                    type="button"
                    variant="danger"
                    size="sm"
                    className="staff-tap"
                    onClick={() => {
                      setRemoving(null);
                      onChange(packs.filter((other) => other.key !== pack.key));
                    }}
                  >
                    {t("Remove pack")}
                  </Button>
                  <Button type="button" variant="outline-secondary" size="sm" className="staff-tap" onClick={() => setRemoving(null)}>
                    {t("Keep it")}
                  </Button>
                </div>
              ) : (
                <Button
                  type="button"
                  variant="outline-danger"
                  size="sm"
                  className="staff-tap"
                  disabled={packs.length === 1}
                  aria-label={t("Remove {name}", { name })}
                  onClick={() => setRemoving(pack.key)}
                >
                  {t("Remove")}
                </Button>
              )}
            </div>
          </fieldset>
        );
      })}
      {packs.length < MAX_PACKS && (
        <Button type="button" variant="outline-primary" className="staff-tap" onClick={add}>
          {t("Add a pack")}
        </Button>
      )}
    </section>
  );
}
