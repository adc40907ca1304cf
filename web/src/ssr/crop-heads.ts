import type { CropList, CropPage, ProblemPage, ProductSummary } from "@krishi/contract";
import { localized, t } from "../i18n/index.ts";
import { clip, type PageHead, SITE_NAME, type Step } from "./head.ts";

/**
 * The heads of the crops' server-rendered pages: their titles and descriptions, their pictures,
 * their breadcrumbs (Shop › All crops › Cotton › Whitefly) and what they list, for crawlers.
 */

type CropHead = Pick<PageHead, "title" | "description" | "image" | "listed" | "breadcrumbs" | "itemList">;

const home = (): Step => ({ name: SITE_NAME, path: "/" });
const allCrops = (): Step => ({ name: t("All crops"), path: "/crops" });

const productItems = (products: readonly ProductSummary[]): Step[] =>
  products.map((product) => ({ name: localized(product.name, product.nameHi), path: `/product/${product._id}` }));

const productCount = (count: number) => t("{count, plural, one {# product} other {# products}}", { count });

/** /crops: every crop. */
export function cropListHead({ crops }: CropList): CropHead {
  const names = crops.map((crop) => localized(crop.name, crop.nameHi));
  return {
    title: t("Shop by crop"),
    description: clip(`${t("Choose your crop: its problems, and the seeds and inputs for it.")} ${names.join(", ")}`),
    breadcrumbs: [home(), allCrops()],
    itemList: crops.map((crop, index) => ({ name: names[index] ?? crop.name, path: `/crop/${crop.slug}` })),
  };
}

/** /crop/{slug}: the crop, its problems, its products. */
export function cropPageHead({ crop, problems, products }: CropPage): CropHead {
  const name = localized(crop.name, crop.nameHi);
  const troubles = problems.map((problem) => localized(problem.name, problem.nameHi)).join(", ");
  const heading = t("Seeds and inputs for {crop}", { crop: name });
  return {
    title: name,
    description: clip(
      `${heading}: ${productCount(products.length)}.${troubles ? ` ${t("Problems of {crop}", { crop: name })}: ${troubles}.` : ""}`,
    ),
    ...(crop.image ? { image: crop.image } : {}),
    listed: products,
    breadcrumbs: [home(), allCrops(), { name, path: `/crop/${crop.slug}` }],
    itemList: productItems(products),
  };
}

/** /crop/{slug}/{problem}: the problem on the crop, and the products for it. */
export function problemPageHead({ crop, problem, products }: ProblemPage): CropHead {
  const cropName = localized(crop.name, crop.nameHi);
  const name = localized(problem.name, problem.nameHi);
  const symptoms = localized(problem.symptoms, problem.symptomsHi).replace(/\s+/g, " ").trim();
  const count = `${t("Products for {problem}", { problem: name })}: ${productCount(products.length)}.`;
  return {
    title: t("{problem} on {crop}", { problem: name, crop: cropName }),
    description: clip(symptoms ? `${count} ${symptoms}` : count),
    ...(problem.image ? { image: problem.image } : {}),
    listed: products,
    breadcrumbs: [home(), allCrops(), { name: cropName, path: `/crop/${crop.slug}` }, { name, path: `/crop/${crop.slug}/${problem.slug}` }],
    itemList: productItems(products),
  };
}
