import { randomBytes } from "node:crypto";

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body, as a browser's FormData sends it; answers the payload and its headers. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  return multipartOf({ fields: Object.entries(fields), files, flaw: null });
}

/** Ways a multipart body can be broken (the API's property test sends each). */
export const MULTIPART_FLAWS = [
  "cut short",
  "no boundary",
  "boundary too long",
  "no parts",
  "part header without a colon",
  "field named __proto__",
  "JSON field that is not",
] as const;
export type MultipartFlaw = (typeof MULTIPART_FLAWS)[number];

export interface MultipartBody {
  /** Fields in order (a name may come twice). */
  fields: [string, string][];
  files: FilePart[];
  /** How the body is broken, or null for a well-formed one. */
  flaw: MultipartFlaw | null;
}

/** A multipart/form-data body of these parts, broken as `flaw` says; answers the payload and its headers. */
export function multipartOf({ fields, files, flaw }: MultipartBody) {
  const boundary = flaw === "boundary too long" ? `kb${"b".repeat(300)}` : `----kb${randomBytes(8).toString("hex")}`;
  if (flaw === "no parts")
    return { payload: Buffer.from("hello, world"), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
  const chunks: Buffer[] = [];
  const field = (name: string, value: string, type = "") =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n${type}\r\n${value}\r\n`);
  if (flaw === "field named __proto__") chunks.push(field("__proto__", "{}"));
  if (flaw === "JSON field that is not") chunks.push(field("lines", "[{", "Content-Type: application/json\r\n"));
  if (flaw === "part header without a colon") chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition form-data\r\n\r\nx\r\n`));
  for (const [name, value] of fields) chunks.push(field(name, value));
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  // Cut in the middle of its last part (or its closing boundary): the client went away.
  if (flaw === "cut short") payload = payload.subarray(0, Math.max(1, payload.length - boundary.length - 8));
  const type = flaw === "no boundary" ? "multipart/form-data" : `multipart/form-data; boundary=${boundary}`;
  return { payload, headers: { "content-type": type } };
}

/** A small real PNG (or JPEG, WebP) of a plain colour. */
export async function anImage(format: "png" | "jpeg" | "webp" = "png", width = 64, height = 48): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width, height, channels: 3, background: "#5b8c2a" } })
    .toFormat(format)
    .toBuffer();
}
