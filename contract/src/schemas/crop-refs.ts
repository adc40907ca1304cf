import { Type } from "typebox";
import { PROBLEM_KINDS } from "../constants.ts";

/**
 * Crops and problems as a product names them (crops.ts has the crops' own shapes): the product
 * answer's crops, problems and label claim, and what the product form sends of them.
 */

/** A crop's or a problem's address: lower-case letters, digits and single hyphens ("cotton", "stem-borer"). */
export const SLUG_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*$";
export const Slug = Type.String({ minLength: 2, maxLength: 60, pattern: SLUG_PATTERN });

/** The most crops, problems and label claim pairs a product may have. */
export const MAX_PRODUCT_CROPS = 30;
export const MAX_PRODUCT_PROBLEMS = 100;
export const MAX_LABEL_CLAIMS = 200;

/** A crop or a problem named where it is linked (a product's crops, its label claim). */
export const CropRefSchema = Type.Object({ slug: Type.String(), name: Type.String(), nameHi: Type.String() });
export const ProblemRefSchema = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  nameHi: Type.String(),
  kind: Type.Enum(PROBLEM_KINDS),
});
/** A crop and one of its problems: what a product treats, or a pair of a label claim. */
export const CropProblemRefSchema = Type.Object({ crop: CropRefSchema, problem: ProblemRefSchema });

/** A crop and a problem by slug, as staff link a product to them or write a label claim. */
export const CropProblemInput = Type.Object({ crop: Slug, problem: Slug });

/**
 * What a product's form (and the catalogue import) says of its crops: the crops it serves, the
 * crops' problems it treats and, for a pesticide, its label claim. Each absent field is kept.
 */
export const ProductCropsInput = {
  crops: Type.Optional(Type.Array(Slug, { maxItems: MAX_PRODUCT_CROPS, uniqueItems: true })),
  problems: Type.Optional(Type.Array(CropProblemInput, { maxItems: MAX_PRODUCT_PROBLEMS })),
  labelClaims: Type.Optional(Type.Array(CropProblemInput, { maxItems: MAX_LABEL_CLAIMS })),
};
