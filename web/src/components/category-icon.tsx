import "./category-icon.css";

/** The demo categories that have their own drawing (./category-icon.css), by English name. */
const DRAWN = new Set(["seeds", "fertilisers", "bio-pesticides", "farm tools", "irrigation", "organic produce", "animal husbandry"]);

/** The icon of a category (its English name); a generic tag for categories without their own. */
export function CategoryIcon({ name }: { name: string }) {
  const key = name.trim().toLowerCase();
  return <span className="category-icon" data-icon={DRAWN.has(key) ? key.replace(" ", "-") : undefined} aria-hidden="true" />;
}
