/**
 * Line drawings (24×24, drawn in the text colour) for the demo categories, by English name, and a
 * price tag for any other category. Decorative: the category's name is always written beside it.
 */
const PATHS: Record<string, string> = {
  // A sprout.
  seeds: "M12 21v-9M12 12C12 8 9.5 5.5 4.5 5.5 4.5 9.5 7 12 12 12ZM12 10c0-3.5 2.5-6 7.5-6 0 4-2.5 6-7.5 6ZM7 21h10",
  // A sack, tied at the neck.
  fertilisers: "M9 3h6l-1.5 3.5L18 11v7a3 3 0 0 1-3 3H9a3 3 0 0 1-3-3v-7l4.5-4.5ZM10.5 6.5h3M9.5 15.5h5",
  // A leaf and a drop.
  "bio-pesticides": "M4 20C4 11 9.5 5 19 5c0 9.5-6 15-15 15ZM4 20l8-8M18.5 14.5c-1 1.4-1.5 2.3-1.5 3a1.5 1.5 0 0 0 3 0c0-.7-.5-1.6-1.5-3Z",
  // A hoe.
  "farm tools": "M4 20 15.5 8.5M13 4l7 7-2.5 1-5.5-5.5Z",
  // A drop over a channel.
  irrigation: "M12 3c-3.5 4.3-5.5 7.3-5.5 10a5.5 5.5 0 0 0 11 0c0-2.7-2-5.7-5.5-10ZM3 21h18",
  // An apple.
  "organic produce": "M12 8c-2.5-1.8-8-1.3-8 4.5 0 4.6 3.7 8.8 8 7.8 4.3 1 8-3.2 8-7.8 0-5.8-5.5-6.3-8-4.5ZM12 8c0-2 .8-3.6 3-4.5",
  // A cow's head.
  "animal husbandry": "M7.5 7.5h9l.8 6.5a5.3 5.3 0 0 1-10.6 0ZM7.5 7.5 4 5.5M16.5 7.5l3.5-2M10 17h.01M14 17h.01M9.5 11h.01M14.5 11h.01",
};
const OTHER = "M3 12.5 11.5 4H20v8.5L11.5 21ZM16 8h.01";

/** The icon of a category (its English name); a generic tag for categories without their own. */
export function CategoryIcon({ name }: { name: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name.trim().toLowerCase()] ?? OTHER} />
    </svg>
  );
}
