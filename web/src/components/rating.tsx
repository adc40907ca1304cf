import { STAR_COLOR } from "@krishi/contract";
import { type StarKind, starKinds } from "../lib/stars.ts";

const STAR = "12 2 15.09 8.26 22 9.27 17 14.14 18.18 21.02 12 17.77 5.82 21.02 7 14.14 2 9.27 8.91 8.26";
const LEFT_HALF = "12 2 8.91 8.26 2 9.27 7 14.14 5.82 21.02 12 17.77";

function Star({ kind }: { kind: StarKind }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <polygon points={STAR} fill={kind === "full" ? STAR_COLOR : "none"} stroke={STAR_COLOR} strokeWidth="1.5" strokeLinejoin="round" />
      {kind === "half" && <polygon points={LEFT_HALF} fill={STAR_COLOR} />}
    </svg>
  );
}

interface RatingProps {
  value: number;
  /** Shown after the stars, e.g. "12 reviews". */
  text?: string;
}

/** Five stars with half steps (spec §4), optionally followed by a text. */
export function Rating({ value, text }: RatingProps) {
  return (
    <div className="rating d-flex flex-wrap align-items-center column-gap-1">
      <span role="img" aria-label={`Rated ${value} out of 5`} className="d-inline-flex">
        {starKinds(value).map((kind, i) => (
          // The five positions never reorder.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions
          <Star key={i} kind={kind} />
        ))}
      </span>
      {text && <span className="text-nowrap">{text}</span>}
    </div>
  );
}
