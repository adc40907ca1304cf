/**
 * Product image addresses, shared by the web app (its <img> tags) and the server (the first
 * image's preload hint on the page shell), so both name the same files. The API gives relative
 * paths such as "images/urea.webp"; a leading "images/" is removed and the rest joined to the
 * image base (`imageBaseUrl`, "/media/"). For every image the server also stores WebP variants
 * "<name>-w<width>.webp" (IMAGE_WIDTHS).
 */

/** How wide a product card's image is drawn at each viewport width (two cards a row on phones). */
export const CARD_IMAGE_SIZES =
  "(min-width: 1400px) 224px, (min-width: 1200px) 190px, (min-width: 992px) 216px, (min-width: 576px) 246px, calc(50vw - 20px)";

/** How wide the product page's main image is drawn at each viewport width. */
export const PRODUCT_IMAGE_SIZES =
  "(min-width: 1400px) 471px, (min-width: 1200px) 403px, (min-width: 992px) 336px, (min-width: 768px) 246px, (min-width: 576px) 516px, calc(100vw - 24px)";

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
