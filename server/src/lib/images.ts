import { randomBytes } from "node:crypto";
import type { FieldErrorCode } from "@krishi/contract";
import { IMAGE_WIDTHS } from "@krishi/contract";
import type { Metadata } from "sharp";
import type { MediaStorage } from "./storage.ts";

/** The largest stored width; the responsive variants are IMAGE_WIDTHS. */
const MAX_WIDTH = 1280;
/** Uploads larger than this many pixels are refused before decoding (a decompression bomb). */
const MAX_PIXELS = 40_000_000;
/** The longest side a WebP can have: images are stored as WebP, so an upload may not exceed it. */
const MAX_SIDE = 16_383;

export const TOO_MANY_PIXELS = "The image has more than 40 megapixels: scale it down before uploading.";
export const TOO_LONG_A_SIDE = `Images may be at most ${MAX_SIDE} pixels on a side: scale it down before uploading.`;

/** Formats staff may upload, as the decoder (not the name or the Content-Type) says. */
const UPLOAD_FORMATS = new Set(["jpeg", "png", "webp"]);

/** Bytes that are not an image the shop accepts, or an image that does not decode completely. */
export class ImageRejected extends Error {
  constructor(
    /** The field problem's code of the refusal (contract/src/errors.ts). */
    readonly code: FieldErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Checks an uploaded file by decoding it: JPEG, PNG or WebP only, at most 40 megapixels and 16383
 * pixels on a side (both read from the header, before decoding), decoded to the last pixel (a
 * truncated file is refused). Answers nothing; throws ImageRejected.
 */
export async function verifyUpload(input: Buffer): Promise<void> {
  if (input.length === 0) throw new ImageRejected("image_empty", "The file is empty.");
  const { default: sharp } = await import("sharp");
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw new ImageRejected("image_too_many_pixels", TOO_MANY_PIXELS);
    throw new ImageRejected("image_not_image", "The file is not an image.");
  }
  const { format, width = 0, height = 0 } = metadata;
  if (!format || !UPLOAD_FORMATS.has(format)) throw new ImageRejected("image_format", "Upload a JPEG, PNG or WebP image.");
  if (width > MAX_SIDE || height > MAX_SIDE) throw new ImageRejected("image_too_long", TOO_LONG_A_SIDE);
  try {
    await sharp(input, { failOn: "truncated", limitInputPixels: MAX_PIXELS }).raw().toBuffer();
  } catch {
    throw new ImageRejected("image_damaged", "The image is damaged or incomplete.");
  }
}

/** The files one stored image occupies: `<stem>.webp` and one `<stem>-w<width>.webp` per width. */
export function imageFiles(imagePath: string): string[] {
  const stem = imagePath.replace(/^images\//, "").replace(/\.webp$/, "");
  return [`${stem}.webp`, ...IMAGE_WIDTHS.map((width) => `${stem}-w${width}.webp`)];
}

/**
 * Stores an image as WebP: `<stem>.webp` (at most 1280 px wide) and one `<stem>-w<width>.webp`
 * per responsive width, none longer than WebP's 16383 px (a thin strip's variant is not
 * stretched to its width past that). Metadata (EXIF, GPS, ICC comments) is not carried over:
 * sharp writes none unless asked. Answers the relative path the API publishes,
 * `images/<stem>.webp`. A unique suffix keeps names immutable, so they can be cached for a year.
 */
export async function storeImage(input: Buffer, storage: MediaStorage, name: string): Promise<string> {
  const stem = `${slug(name)}-${randomBytes(4).toString("hex")}`;
  // Loaded on first use: most starts never touch an image, and sharp is slow to load.
  const { default: sharp } = await import("sharp");
  // Decode (or render) the input once, then encode every size from the raw pixels.
  const { data, info } = await sharp(input, { failOn: "error", limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize({ width: MAX_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const encoded = await Promise.all([
    pixels().webp({ quality: 80, effort: 2 }).toBuffer(),
    ...IMAGE_WIDTHS.map((width) =>
      pixels()
        .resize({ width, height: MAX_SIDE, fit: "inside" })
        .webp({ quality: width <= 320 ? 70 : 78, effort: 2 })
        .toBuffer(),
    ),
  ]);
  const imagePath = `images/${stem}.webp`;
  const files = imageFiles(imagePath);
  await Promise.all(files.map((file, i) => storage.put(file, encoded[i] as Buffer)));
  return imagePath;
}

/** Removes every file of a stored image. */
export async function removeImage(imagePath: string, storage: MediaStorage): Promise<void> {
  await Promise.all(imageFiles(imagePath).map((file) => storage.remove(file)));
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
