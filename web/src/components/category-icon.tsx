import "./category-icon.css";

/**
 * The demo categories that have their own drawing (./category-icon.css): English name → drawing.
 * Each drawing's name is written out whole: the build keeps the rules of the names the code holds.
 */
const DRAWN = new Map([
  ["seeds", "seeds"],
  ["fertilisers", "fertilisers"],
  ["bio-pesticides", "bio-pesticides"],
  ["farm tools", "farm-tools"],
  ["irrigation", "irrigation"],
  ["organic produce", "organic-produce"],
  ["animal husbandry", "animal-husbandry"],
]);

/** The icon of a category (its English name); a generic tag for categories without their own. */
export function CategoryIcon({ name }: { name: string }) {
  return <span className="category-icon" data-icon={DRAWN.get(name.trim().toLowerCase())} aria-hidden="true" />;
}
