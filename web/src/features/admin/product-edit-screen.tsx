import { type Category, GST_RATES, type GstRate, type Product } from "@krishi/contract";
import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { useNavigate, useParams } from "react-router";
import { useGetCategoriesQuery, useGetProductQuery } from "../../base/catalog-api.ts";
import { TextField } from "../../components/text-field.tsx";
import { localized, t } from "../../i18n/index.ts";
import { errorCode, errorParams, type FieldErrors } from "../../lib/api-error.ts";
import { saveErrors } from "../../lib/save-errors.ts";
import { useUpdateProductMutation } from "./admin-api.ts";
import { useGetStaffCropsQuery } from "./crops-api.ts";
import { LABEL_FIELDS, LabelFieldset, labelBody, labelDraft } from "./label-fieldset.tsx";
import { PacksEditor, packDrafts, packFieldNames, variantsBody } from "./packs-editor.tsx";
import { type CropLinksErrors, cropLinksBody, cropLinksDraft, ProductCropsFieldset } from "./product-crops-fieldset.tsx";
import { ProductImagesEditor } from "./product-images-editor.tsx";
import { RequireStaff } from "./require-staff.tsx";
import { GoBack, SaveError } from "./staff-form.tsx";
import { QueryState } from "./staff-list.tsx";

const FIELDS = [
  "name",
  "nameHi",
  "price",
  "hsnCode",
  "gstRate",
  "brand",
  "countInStock",
  "category",
  "description",
  "descriptionHi",
  "crops",
  "problems",
  "labelClaims",
] as const;

/** An HSN code as the server takes it (contract ProductUpdateBody): 4, 6 or 8 digits, or none. */
const HSN_CODE = /^(\d{4}|\d{6}|\d{8})?$/;

/** The server's limits (contract ProductUpdateBody), shown as counters. */
const LIMITS = { name: 200, brand: 200, category: 100, description: 10_000 } as const;

/** The category select's choice that reveals a field for a new category's name. */
const NEW_CATEGORY = "new";

/**
 * /admin/product/{id}/edit (staff): the product's fields, packs, label, crops and problems (and a
 * pesticide's label claim) — saved, back to the list — and its images.
 */
export function ProductEditScreen() {
  const { id = "" } = useParams();
  return (
    <RequireStaff>
      <title>{`${t("Edit Product")} | Krishi Bazaar`}</title>
      <GoBack to="/admin/productlist" />
      <h1>{t("Edit Product")}</h1>
      <ProductLoader id={id} />
    </RequireStaff>
  );
}

function ProductLoader({ id }: { id: string }) {
  const { currentData, error, isFetching } = useGetProductQuery(id);
  // Keyed by product: refetches (after an image upload) keep what is being typed.
  return (
    <QueryState data={currentData} error={error} isFetching={isFetching}>
      {(product) => (
        <Row className="g-4">
          <Col lg={7}>
            <ProductForm key={product._id} product={product} />
          </Col>
          <Col lg={5}>
            <ProductImagesEditor product={product} />
          </Col>
        </Row>
      )}
    </QueryState>
  );
}

function ProductForm({ product }: { product: Product }) {
  const navigate = useNavigate();
  const [updateProduct, { error, isLoading, originalArgs }] = useUpdateProductMutation();
  // The crops and their problems to tick from; until they are there (or if they fail), the product's are kept as they are.
  const { data: staffCrops } = useGetStaffCropsQuery();
  const [name, setName] = useState(product.name);
  const [nameHi, setNameHi] = useState(product.nameHi ?? "");
  // The packs, default first (their price and stock are the product's), each with the stock it was loaded with.
  const [packs, setPacks] = useState(() => packDrafts(product.variants));
  const [label, setLabel] = useState(() => labelDraft(product.label));
  const [hsnCode, setHsnCode] = useState(product.hsnCode);
  const [gstRate, setGstRate] = useState(String(product.gstRate));
  const [brand, setBrand] = useState(product.brand);
  const [category, setCategory] = useState(String(product.category.id));
  const [newCategory, setNewCategory] = useState("");
  const [description, setDescription] = useState(product.description);
  const [descriptionHi, setDescriptionHi] = useState(product.descriptionHi ?? "");
  const [links, setLinks] = useState(() => cropLinksDraft(product));
  // The form's own check (the HSN code), shown instead of the server's messages until the next save.
  const [checked, setChecked] = useState<FieldErrors | null>(null);
  const server = saveErrors(error, [...FIELDS, ...packFieldNames(packs.length), ...LABEL_FIELDS]);
  const fields = checked ?? server.fields;
  const detail = checked ? null : server.detail;
  const claim = errorCode(error) === "label_claim_missing" ? errorParams(error) : null;
  const linkErrors: CropLinksErrors = {
    fields,
    sent: originalArgs,
    claimMissing: claim ? { crop: String(claim.crop), problem: String(claim.problem) } : null,
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const hsn = hsnCode.replace(/\s+/g, "");
    if (!HSN_CODE.test(hsn)) {
      setChecked({ hsnCode: [t("Enter an HSN code of 4, 6 or 8 digits, or leave it empty.")] });
      // Once the message shows, the field with it takes the focus: the keyboard lands where the fix is.
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    setChecked(null);
    const rate = Number(gstRate);
    const variants = variantsBody(packs);
    const [first] = variants;
    const result = await updateProduct({
      _id: product._id,
      name: name.trim(),
      nameHi: nameHi.trim(),
      // The spec's fields, as the default pack's: the server reads `variants` when given.
      price: first?.price ?? product.price,
      hsnCode: hsn,
      // A rate outside the list (never set through this form) is kept as it is, unless changed.
      ...(isGstRate(rate) ? { gstRate: rate } : {}),
      brand: brand.trim(),
      countInStock: first?.countInStock ?? product.countInStock,
      ...(first?.stockSeen === undefined ? {} : { stockSeen: first.stockSeen }),
      variants,
      label: labelBody(label),
      category: category === NEW_CATEGORY ? newCategory.trim() : Number(category),
      description,
      descriptionHi,
      ...(staffCrops ? cropLinksBody(links, staffCrops, label.kind === "pesticide") : {}),
    });
    if (result.data) navigate("/admin/productlist");
  }

  return (
    <>
      <SaveError detail={detail} />
      {/* The shop's messages, not the browser's: the server checks the fields and names each one refused. */}
      <form noValidate onSubmit={submit}>
        <TextField id="name" label={t("Name")} required maxLength={LIMITS.name} value={name} onChange={setName} errors={fields.name} />
        <TextField
          id="name-hi"
          label={t("Name in Hindi")}
          lang="hi"
          maxLength={LIMITS.name}
          value={nameHi}
          onChange={setNameHi}
          errors={fields.nameHi}
          hint={t("Shown when the shop is in Hindi. Leave it empty to show the English name.")}
        />
        <Row className="g-sm-3">
          <Col sm={6}>
            <TextField
              id="hsn-code"
              label={t("HSN code")}
              inputMode="numeric"
              autoComplete="off"
              value={hsnCode}
              onChange={setHsnCode}
              errors={fields.hsnCode}
              hint={t("4, 6 or 8 digits, for GST invoices.")}
            />
          </Col>
          <Col sm={6}>
            <GstRateField value={gstRate} onChange={setGstRate} errors={fields.gstRate} />
          </Col>
        </Row>
        <TextField id="brand" label={t("Brand")} maxLength={LIMITS.brand} value={brand} onChange={setBrand} errors={fields.brand} />
        <CategoryField current={product.category} value={category} onChange={setCategory} errors={fields.category} />
        {category === NEW_CATEGORY && (
          <TextField
            id="new-category"
            label={t("New category name")}
            required
            maxLength={LIMITS.category}
            value={newCategory}
            onChange={setNewCategory}
          />
        )}
        <TextField
          id="description"
          label={t("Description")}
          rows={5}
          maxLength={LIMITS.description}
          value={description}
          onChange={setDescription}
          errors={fields.description}
        />
        <TextField
          id="description-hi"
          label={t("Details in Hindi")}
          rows={5}
          lang="hi"
          maxLength={LIMITS.description}
          value={descriptionHi}
          onChange={setDescriptionHi}
          errors={fields.descriptionHi}
          hint={t("The description in Hindi, shown when the shop is in Hindi. Leave it empty to show the English description.")}
        />
        <PacksEditor packs={packs} onChange={setPacks} errors={fields} />
        <LabelFieldset label={label} onChange={setLabel} errors={fields} />
        {staffCrops && (
          <ProductCropsFieldset
            staff={staffCrops}
            draft={links}
            onChange={setLinks}
            pesticide={label.kind === "pesticide"}
            errors={linkErrors}
          />
        )}
        <Button type="submit" variant="primary" className="w-100 staff-tap" disabled={isLoading}>
          {t("Update")}
        </Button>
      </form>
    </>
  );
}

function isGstRate(rate: number): rate is GstRate {
  return (GST_RATES as readonly number[]).includes(rate);
}

/** The GST rate of the goods: one of the rates GST knows (and the product's own, should it be another). */
function GstRateField({ value, onChange, errors }: { value: string; onChange: (value: string) => void; errors?: string[] | undefined }) {
  const rates: number[] = isGstRate(Number(value)) ? [...GST_RATES] : [Number(value), ...GST_RATES];
  return (
    <div className="mb-3">
      <label htmlFor="gst-rate" className="form-label">
        {t("GST rate")}
      </label>
      <select
        id="gst-rate"
        className={errors ? "form-select is-invalid staff-tap" : "form-select staff-tap"}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? "gst-rate-errors" : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {rates.map((rate) => (
          <option key={rate} value={rate}>
            {t("{rate}%", { rate })}
          </option>
        ))}
      </select>
      {errors && (
        <div id="gst-rate-errors" className="invalid-feedback">
          {errors.join(" ")}
        </div>
      )}
    </div>
  );
}

interface CategoryFieldProps {
  /** The product's category, offered even before (or without) the category list. */
  current: Category;
  value: string;
  onChange: (value: string) => void;
  errors?: string[] | undefined;
}

/** An existing category (by id), or "New category…" to type a new one's name. */
function CategoryField({ current, value, onChange, errors }: CategoryFieldProps) {
  const { data = [] } = useGetCategoriesQuery();
  const categories = data.some((category) => category.id === current.id) ? data : [current, ...data];
  return (
    <div className="mb-3">
      <label htmlFor="category" className="form-label">
        {t("Category")}
      </label>
      <select
        id="category"
        className={errors ? "form-select is-invalid staff-tap" : "form-select staff-tap"}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? "category-errors" : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {localized(category.name, category.nameHi)}
          </option>
        ))}
        <option value={NEW_CATEGORY}>{t("New category…")}</option>
      </select>
      {errors && (
        <div id="category-errors" className="invalid-feedback">
          {errors.join(" ")}
        </div>
      )}
    </div>
  );
}
