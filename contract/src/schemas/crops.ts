import { Type } from "typebox";
import { PROBLEM_KINDS, SEASONS } from "../constants.ts";
import { ProductSummarySchema } from "./catalog.ts";
import { LongText, Text } from "./common.ts";
import { CropRefSchema, ProblemRefSchema, Slug } from "./crop-refs.ts";

/**
 * Crops and the problems that trouble them (pests, diseases, weeds, deficiencies), and the
 * products that serve them: what a farmer shops by ("whitefly on my cotton"). A pesticide serves
 * a crop's problem only where its label claim (the crop–pest pairs registered with its CIB&RC
 * number) names that pair.
 */

/** The most of each a crop, problem or product may have. */
export const MAX_CROP_STAGES = 12;
export const MAX_ALIASES = 20;
export const MAX_CROP_PROBLEMS = 100;

const Season = Type.Enum(SEASONS);
const ProblemKind = Type.Enum(PROBLEM_KINDS);

/** A growth stage of a crop ("nursery", "vegetative", "flowering", "boll formation"). */
export const CropStageSchema = Type.Object({ slug: Type.String(), name: Type.String(), nameHi: Type.String() });

/** A crop as lists show it. `image`: a path joined to imageBaseUrl, or a full address; "" for none. */
export const CropSchema = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  nameHi: Type.String(),
  image: Type.String(),
  seasons: Type.Array(Season),
});

/** A problem with its symptoms. `aliases`: other names farmers use, searched too ("safed makhi"). */
export const ProblemSchema = Type.Object({
  slug: Type.String(),
  kind: ProblemKind,
  name: Type.String(),
  nameHi: Type.String(),
  symptoms: Type.String(),
  symptomsHi: Type.String(),
  image: Type.String(),
  aliases: Type.Array(Type.String()),
});

/** One of a crop's problems, with the stage it appears at ("" any). */
export const CropProblemSchema = Type.Object({ ...ProblemSchema.properties, stage: Type.String() });

/** GET /api/crops/: every crop, in the shop's order (the page groups them by season). */
export const CropListBody = Type.Object({ crops: Type.Array(CropSchema) });

/**
 * GET /api/crops/{slug}/: the crop with its stages and aliases, its problems (in the order of
 * their stages), and the products that serve it (seeds and inputs linked to it), best first.
 */
export const CropPageBody = Type.Object({
  crop: Type.Object({ ...CropSchema.properties, stages: Type.Array(CropStageSchema), aliases: Type.Array(Type.String()) }),
  problems: Type.Array(CropProblemSchema),
  products: Type.Array(ProductSummarySchema),
});

/** GET /api/crops/{slug}/problems/{problem}/: the problem on that crop, and the products for it, best first. */
export const ProblemPageBody = Type.Object({
  crop: CropSchema,
  problem: CropProblemSchema,
  products: Type.Array(ProductSummarySchema),
});

/** GET /api/crops/find/?keyword=: the crop and problem pages a search's words name (a problem's first). */
export const CropMatchesBody = Type.Object({
  pages: Type.Array(Type.Object({ crop: CropRefSchema, problem: Type.Union([ProblemRefSchema, Type.Null()]) })),
});
export const CropFindQuery = Type.Object({ keyword: Type.String({ maxLength: 200 }) });

// Staff

const Aliases = Type.Array(Text({ minLength: 1, maxLength: 60 }), { maxItems: MAX_ALIASES });

/** Staff: a crop as created or replaced. Its problems are listed with the stage each appears at. */
export const CropBody = Type.Object({
  slug: Slug,
  name: Text({ minLength: 1, maxLength: 80 }),
  nameHi: Text({ maxLength: 80 }),
  image: Type.Optional(Text({ maxLength: 300 })),
  seasons: Type.Array(Season, { maxItems: 3, uniqueItems: true }),
  stages: Type.Array(Type.Object({ slug: Slug, name: Text({ minLength: 1, maxLength: 60 }), nameHi: Text({ maxLength: 60 }) }), {
    maxItems: MAX_CROP_STAGES,
  }),
  aliases: Type.Optional(Aliases),
  /** The crop's place in lists (smaller first). */
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  problems: Type.Array(Type.Object({ problem: Slug, stage: Type.Optional(Type.Union([Slug, Type.Literal("")])) }), {
    maxItems: MAX_CROP_PROBLEMS,
  }),
});

/** Staff: a problem as created or replaced. */
export const ProblemBody = Type.Object({
  slug: Slug,
  kind: ProblemKind,
  name: Text({ minLength: 1, maxLength: 80 }),
  nameHi: Text({ maxLength: 80 }),
  symptoms: LongText({ maxLength: 1000 }),
  symptomsHi: LongText({ maxLength: 1000 }),
  image: Type.Optional(Text({ maxLength: 300 })),
  aliases: Type.Optional(Aliases),
});

/** Staff: a crop with all its fields. */
export const StaffCropSchema = Type.Object({
  ...CropSchema.properties,
  stages: Type.Array(CropStageSchema),
  aliases: Type.Array(Type.String()),
  position: Type.Integer(),
  problems: Type.Array(Type.Object({ problem: Type.String(), stage: Type.String() })),
});
export const StaffCropsBody = Type.Object({ crops: Type.Array(StaffCropSchema), problems: Type.Array(ProblemSchema) });
