import type { ProblemKind, Season } from "@krishi/contract";
import type { Message } from "../../i18n/index.ts";

/** What staff call each season on the crop form and in the list. */
export const SEASON_NAMES: Record<Season, Message> = {
  kharif: "Kharif (monsoon sowing)",
  rabi: "Rabi (winter sowing)",
  zaid: "Zaid (summer sowing)",
};

/** What staff call each kind of problem. */
export const PROBLEM_KIND_NAMES: Record<ProblemKind, Message> = {
  pest: "Pest (insect, mite)",
  disease: "Disease (fungus, bacterium, virus)",
  weed: "Weed",
  deficiency: "Nutrient deficiency",
};

/** Words typed as "kapas, narma": the words, trimmed, none empty. */
export function wordsOf(text: string): string[] {
  return text
    .split(",")
    .map((word) => word.trim())
    .filter(Boolean);
}
