import type { Multipart } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { badRequest, HttpError } from "./errors.ts";

/**
 * Reading a multipart/form-data body part by part, for the routes that take one (a form's fields,
 * a return's photos, a product image). Whatever goes wrong while reading it is the client's: a
 * body cut short, a boundary missing or too long, a malformed part header, too many parts or
 * fields, a field named like a prototype property. Each answers 400 (413 for a file over its
 * limit) with its code, never the 500 of busboy's bare Error ("Unexpected end of multipart data").
 */

const MULTIPART_UNREADABLE = "The multipart/form-data body cannot be read: it is malformed or cut short.";

/** A route's own words for some of @fastify/multipart's errors (by their code: "FST_FILES_LIMIT" …). */
export type OwnWords = (code: string) => HttpError | undefined;

/**
 * The answer to an error met while reading a multipart body: an HttpError the reader threw stays
 * as it is; @fastify/multipart's limits and refusals (in the route's own words where it has some),
 * and busboy's parse errors, become the API's.
 */
export function multipartError(error: unknown, own?: OwnWords): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const said = typeof code === "string" ? own?.(code) : undefined;
  if (said) return said;
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new HttpError(413, "body_too_large", "A file is larger than this request takes.");
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return badRequest("field_invalid", "Too many fields.");
    case "FST_FILES_LIMIT":
      return badRequest("field_invalid", "Too many files.");
    case "FST_PROTO_VIOLATION":
      return badRequest("field_invalid", "A field has a name that is not allowed.");
    case "FST_INVALID_JSON_FIELD_ERROR":
      return badRequest("body_invalid", "A field sent as application/json is not valid JSON.");
    default:
      // busboy's own errors are bare Errors: a cut-short body, a missing or overlong boundary, a bad part header.
      return badRequest("body_invalid", MULTIPART_UNREADABLE);
  }
}

/**
 * Hands each part of the request's multipart body to `take` in turn (a file part must be read or
 * resumed by it). Throws the API's answer (multipartError) for anything wrong with the body, or
 * what `take` threw.
 */
export async function readParts(request: FastifyRequest, take: (part: Multipart) => Promise<void> | void, own?: OwnWords): Promise<void> {
  try {
    for await (const part of request.parts()) await take(part);
  } catch (error) {
    throw multipartError(error, own);
  }
}
