import type { CropProblemInput, Product, ProductUpdate } from "@krishi/contract";
import { useId } from "react";
import { localized, t } from "../../i18n/index.ts";
import type { FieldErrors } from "../../lib/api-error.ts";
import type { Problem, StaffCrop, StaffCrops } from "./crops-api.ts";
import { GroupErrors } from "./staff-form.tsx";

/** A crop–problem pair as the form keys it: "cotton/whitefly" (a slug has no "/"). */
const keyOf = (pair: { crop: string; problem: string }) => `${pair.crop}/${pair.problem}`;

/** The product's crops as the form holds them: the crops ticked, and the pairs ticked as keys. */
export interface CropLinksDraft {
  crops: string[];
  problems: string[];
  labelClaims: string[];
}

export function cropLinksDraft(product: Product): CropLinksDraft {
  const pairs = (refs: Product["problems"]) => refs.map((ref) => keyOf({ crop: ref.crop.slug, problem: ref.problem.slug }));
  return {
    crops: product.crops.map((crop) => crop.slug),
    problems: pairs(product.problems),
    labelClaims: pairs(product.labelClaims),
  };
}

/** Every pair the form offers: each crop with each of its problems, in the crops' order. */
function offeredPairs(crops: readonly StaffCrop[]): CropProblemInput[] {
  return crops.flatMap((crop) => crop.problems.map((link) => ({ crop: crop.slug, problem: link.problem })));
}

/**
 * What the product form sends of its crops (contract ProductCropsInput), in the crops' order: the
 * crops ticked; the problems ticked under them (a crop unticked takes its problems with it); and
 * for a pesticide its label claim, with the pairs it names that the form does not offer kept as
 * they are (an other kind of goods has none).
 */
export function cropLinksBody(
  draft: CropLinksDraft,
  { crops }: StaffCrops,
  pesticide: boolean,
): Pick<ProductUpdate, "crops" | "problems" | "labelClaims"> {
  const offered = offeredPairs(crops);
  const offeredKeys = new Set(offered.map(keyOf));
  const ticked = (keys: readonly string[]) => offered.filter((pair) => keys.includes(keyOf(pair)));
  const unoffered = draft.labelClaims
    .filter((key) => !offeredKeys.has(key))
    .map((key) => {
      const [crop = "", problem = ""] = key.split("/");
      return { crop, problem };
    });
  return {
    crops: crops.filter((crop) => draft.crops.includes(crop.slug)).map((crop) => crop.slug),
    problems: ticked(draft.problems).filter((pair) => draft.crops.includes(pair.crop)),
    labelClaims: pesticide ? [...ticked(draft.labelClaims), ...unoffered] : [],
  };
}

/** The server's refusal of the links: its fields' messages, the pairs it sent, and a label claim's missing pair. */
export interface CropLinksErrors {
  fields: FieldErrors;
  /** The body refused (its pairs: "problems.2" is the third sent). */
  sent: Pick<ProductUpdate, "problems" | "labelClaims"> | undefined;
  /** label_claim_missing: the pair off the claim (its message is the field `problems`'). */
  claimMissing: CropProblemInput | null;
}

interface ProductCropsFieldsetProps {
  staff: StaffCrops;
  draft: CropLinksDraft;
  onChange: (draft: CropLinksDraft) => void;
  pesticide: boolean;
  errors: CropLinksErrors;
}

/**
 * The crops a product serves (ticked), under each ticked crop the problems it treats on it, and for
 * a pesticide its label claim: the crop–problem pairs registered with its CIB&RC number, the only
 * pairs the server lets it be linked to (a pair off the claim is refused: label_claim_missing,
 * shown here on the pair).
 */
export function ProductCropsFieldset({ staff, draft, onChange, pesticide, errors }: ProductCropsFieldsetProps) {
  const idBase = useId();
  const problemsBySlug = new Map(staff.problems.map((problem) => [problem.slug, problem]));
  const problemsOf = (crop: StaffCrop) =>
    crop.problems.map((link) => problemsBySlug.get(link.problem)).filter((problem): problem is Problem => problem !== undefined);
  const toggle = (list: "crops" | "problems" | "labelClaims", key: string, on: boolean) =>
    onChange({ ...draft, [list]: on ? [...draft[list], key] : draft[list].filter((k) => k !== key) });

  // The pair off the label claim, when the form shows it: its message goes under it.
  const missing = errors.claimMissing;
  const missingShown =
    missing !== null &&
    draft.crops.includes(missing.crop) &&
    staff.crops.some((crop) => crop.slug === missing.crop && crop.problems.some((link) => link.problem === missing.problem));

  /** The messages the server gave for this pair of the list ("problems.1" when it was sent second). */
  const pairErrors = (list: "problems" | "labelClaims", crop: StaffCrop, problem: Problem): string[] | undefined => {
    const sent = errors.sent?.[list] ?? [];
    const found = sent.flatMap((pair, i) =>
      pair.crop === crop.slug && pair.problem === problem.slug
        ? Object.entries(errors.fields)
            .filter(([field]) => field === `${list}.${i}` || field.startsWith(`${list}.${i}.`))
            .flatMap(([, messages]) => messages ?? [])
        : [],
    );
    if (list === "problems" && missingShown && missing?.crop === crop.slug && missing?.problem === problem.slug) {
      found.push(...(errors.fields.problems ?? []));
    }
    return found.length > 0 ? [...new Set(found)] : undefined;
  };

  const pairBox = (list: "problems" | "labelClaims", crop: StaffCrop, problem: Problem) => {
    const key = keyOf({ crop: crop.slug, problem: problem.slug });
    const id = `${idBase}-${list}-${key.replace("/", "-")}`;
    const messages = pairErrors(list, crop, problem);
    return (
      <div className="form-check" key={key}>
        <input
          id={id}
          className={messages ? "form-check-input is-invalid" : "form-check-input"}
          type="checkbox"
          checked={draft[list].includes(key)}
          aria-invalid={messages ? true : undefined}
          aria-describedby={messages ? `${id}-errors` : undefined}
          onChange={(event) => toggle(list, key, event.target.checked)}
        />
        <label htmlFor={id} className="form-check-label">
          {localized(problem.name, problem.nameHi)}
        </label>
        <GroupErrors id={`${id}-errors`} messages={messages} />
      </div>
    );
  };

  const listErrors = (list: "crops" | "problems" | "labelClaims") =>
    list === "problems" && missingShown ? undefined : errors.fields[list];
  return (
    <>
      <fieldset className="border rounded p-3 mb-3">
        <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-2">{t("Crops and problems")}</legend>
        <p className="form-text mt-0">{t("Tick the crops it serves, and under each the problems it treats.")}</p>
        {staff.crops.length === 0 && <p className="form-text">{t("No crops yet.")}</p>}
        {staff.crops.map((crop) => {
          const ticked = draft.crops.includes(crop.slug);
          const problems = problemsOf(crop);
          const name = localized(crop.name, crop.nameHi);
          return (
            <div key={crop.slug} className="mb-2">
              <div className="form-check">
                <input
                  id={`${idBase}-crop-${crop.slug}`}
                  className="form-check-input"
                  type="checkbox"
                  checked={ticked}
                  onChange={(event) => toggle("crops", crop.slug, event.target.checked)}
                />
                <label htmlFor={`${idBase}-crop-${crop.slug}`} className="form-check-label">
                  {name}
                </label>
              </div>
              {ticked && problems.length > 0 && (
                <fieldset className="ms-4">
                  <legend className="form-text fs-6 mb-1">{t("Problems it treats on {crop}", { crop: name })}</legend>
                  {problems.map((problem) => pairBox("problems", crop, problem))}
                </fieldset>
              )}
            </div>
          );
        })}
        <GroupErrors id={`${idBase}-crops-errors`} messages={listErrors("crops")} />
        <GroupErrors id={`${idBase}-problems-errors`} messages={listErrors("problems")} />
      </fieldset>
      {pesticide && (
        <fieldset className="border rounded p-3 mb-3">
          <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-2">{t("Its label claim (CIB&RC)")}</legend>
          <p className="form-text mt-0">{t("The crops and pests its registration names: the only ones it may be recommended for.")}</p>
          {staff.crops
            .filter((crop) => problemsOf(crop).length > 0)
            .map((crop) => (
              <fieldset key={crop.slug} className="mb-2">
                <legend className="fs-6 mb-1">{localized(crop.name, crop.nameHi)}</legend>
                {problemsOf(crop).map((problem) => pairBox("labelClaims", crop, problem))}
              </fieldset>
            ))}
          <GroupErrors id={`${idBase}-claims-errors`} messages={listErrors("labelClaims")} />
        </fieldset>
      )}
    </>
  );
}
