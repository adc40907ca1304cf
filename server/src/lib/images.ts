import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { IMAGE_WIDTHS } from "@krishi/contract";
import sharp from "sharp";

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
  const source = sharp(input, { failOn: "error" }).rotate();
  await Promise.all([
    source
      .clone()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(path.join(mediaDir, `${stem}.webp`)),
    ...IMAGE_WIDTHS.map((width) =>
      source
        .clone()
        .resize({ width, withoutEnlargement: false })
        .webp({ quality: width <= 320 ? 70 : 78 })
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
