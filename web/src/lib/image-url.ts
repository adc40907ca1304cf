import { imageUrl } from "@krishi/contract";

/**
 * Product image addresses: `imageUrl` and `imageSrcSet` live in the contract (the server names the
 * same files in its preload hints); the web adds the single variant it needs for thumbnails.
 */
export { imageSrcSet, imageUrl } from "@krishi/contract";

/** The smallest variant at least `width` pixels wide (the original when none is). */
export function imageVariant(path: string | null | undefined, base: string, widths: readonly number[], width: number): string | undefined {
  const url = imageUrl(path, base);
  const fit = [...widths].sort((a, b) => a - b).find((w) => w >= width);
  if (!url?.endsWith(".webp") || fit === undefined) return url;
  return `${url.slice(0, -".webp".length)}-w${fit}.webp`;
}
