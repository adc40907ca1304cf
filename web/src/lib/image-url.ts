/**
 * Product image addresses. The API gives relative paths such as "images/urea.webp"; the client
 * removes a leading "images/" and joins the rest to the image base (`imageBaseUrl`, "/media/").
 * For every image the server also stores WebP variants "<name>-w<width>.webp".
 */

/** The image's address, or undefined (an <img> with no src) when there is no path. */
export function imageUrl(path: string | null | undefined, base: string): string | undefined {
  if (!path) return undefined;
  if (/^(https?:)?\/\//.test(path)) return path;
  const relative = path.replace(/^\/+/, "").replace(/^images\//, "");
  return `${base.replace(/\/+$/, "")}/${relative}`;
}

/** A srcset of the WebP width variants, or undefined when the image has none (not a .webp). */
export function imageSrcSet(path: string | null | undefined, base: string, widths: readonly number[]): string | undefined {
  const url = imageUrl(path, base);
  if (!url?.endsWith(".webp") || widths.length === 0) return undefined;
  const stem = url.slice(0, -".webp".length);
  return widths.map((width) => `${stem}-w${width}.webp ${width}w`).join(", ");
}

/** The smallest variant at least `width` pixels wide (the original when none is). */
export function imageVariant(path: string | null | undefined, base: string, widths: readonly number[], width: number): string | undefined {
  const url = imageUrl(path, base);
  const fit = [...widths].sort((a, b) => a - b).find((w) => w >= width);
  if (!url?.endsWith(".webp") || fit === undefined) return url;
  return `${url.slice(0, -".webp".length)}-w${fit}.webp`;
}
