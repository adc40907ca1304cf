import type { CropProblemRef, Product } from "@krishi/contract";
import { Link } from "react-router";
import { localized, t } from "../../i18n/index.ts";
import { cropPath, problemPath } from "./crops-api.ts";

/** "Whitefly on Cotton", in the page's language. */
function pairName({ crop, problem }: CropProblemRef): string {
  return t("{problem} on {crop}", { problem: localized(problem.name, problem.nameHi), crop: localized(crop.name, crop.nameHi) });
}

/** The crops a product serves and the crops' problems it treats, each linking to its page. */
export function ProductCrops({ product }: { product: Product }) {
  if (product.crops.length === 0 && product.problems.length === 0) return null;
  return (
    <section className="product-crops" aria-labelledby="crops-heading">
      <h2 id="crops-heading" className="h4">
        {t("For crops")}
      </h2>
      {product.crops.length > 0 && (
        <ul className="crop-links list-unstyled">
          {product.crops.map((crop) => (
            <li key={crop.slug}>
              <Link to={cropPath(crop.slug)}>{localized(crop.name, crop.nameHi)}</Link>
            </li>
          ))}
        </ul>
      )}
      {product.problems.length > 0 && (
        <>
          <h3 className="h6">{t("Treats")}</h3>
          <ul className="crop-links list-unstyled">
            {product.problems.map((pair) => (
              <li key={`${pair.crop.slug}/${pair.problem.slug}`}>
                <Link to={problemPath(pair.crop.slug, pair.problem.slug)}>{pairName(pair)}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** A pesticide's label claim: the crop–pest pairs registered with its CIB&RC number, the only ones it may be recommended for. */
export function LabelClaim({ product }: { product: Product }) {
  if (product.label.kind !== "pesticide" || product.labelClaims.length === 0) return null;
  return (
    <section className="label-claim" aria-labelledby="claim-heading">
      <h2 id="claim-heading" className="h4">
        {t("Label claim (CIB&RC)")}
      </h2>
      <p>{t("Registered, and recommended only, for these crops and pests:")}</p>
      <ul className="label-claim__list">
        {product.labelClaims.map((pair) => (
          <li key={`${pair.crop.slug}/${pair.problem.slug}`}>{pairName(pair)}</li>
        ))}
      </ul>
    </section>
  );
}
