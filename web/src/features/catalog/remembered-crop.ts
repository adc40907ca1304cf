import { useEffect, useState } from "react";
import { readString, writeString } from "../../lib/storage.ts";

/** The farmer's crop: the last crop page opened on this phone, shown first in the home page's row. */
const CROP_KEY = "kb:crop";

export function rememberCrop(slug: string): void {
  writeString(CROP_KEY, slug);
}

/**
 * The remembered crop, read once the page is hydrated (null before): what the server renders, and
 * the browser's first render, does not depend on the browser.
 */
export function useRememberedCrop(): string | null {
  const [slug, setSlug] = useState<string | null>(null);
  useEffect(() => setSlug(readString(CROP_KEY)), []);
  return slug;
}
