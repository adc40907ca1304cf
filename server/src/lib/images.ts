import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { IMAGE_WIDTHS } from "@krishi/contract";

/** The largest stored width; the responsive variants are IMAGE_WIDTHS. */
const MAX_WIDTH = 1280;

/**
 * Stores an image as WebP under mediaDir: `<stem>.webp` (at most 1280 px wide) and one
 * `<stem>-w<width>.webp` per responsive width. Answers the relative path the API publishes,
 * `images/<stem>.webp`. A unique suffix keeps names immutable, so they can be cached for a year.
 */
export async function storeImage(input: Buffer, mediaDir: string, name: string): Promise<string> {
  await mkdir(mediaDir, { recursive: true });
  const stem = `${slug(name)}-${randomBytes(4).toString("hex")}`;
  // Loaded on first use: most starts never touch an image, and sharp is slow to load.
  const { default: sharp } = await import("sharp");
  // Decode (or render) the input once, then encode every size from the raw pixels.
  const { data, info } = await sharp(input, { failOn: "error" })
    .rotate()
    .resize({ width: MAX_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  await Promise.all([
    pixels()
      .webp({ quality: 80, effort: 2 })
      .toFile(path.join(mediaDir, `${stem}.webp`)),
    ...IMAGE_WIDTHS.map((width) =>
      pixels()
        .resize({ width })
        .webp({ quality: width <= 320 ? 70 : 78, effort: 2 })
        .toFile(path.join(mediaDir, `${stem}-w${width}.webp`)),
    ),
  ]);
  return `images/${stem}.webp`;
}

export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "image"
  );
}
