import type { ErrorCode, ErrorParams } from "@krishi/contract";
import { MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN } from "@krishi/contract/schemas";
import type { FastifyError, FastifyInstance } from "fastify";
import { isConnectionFailure } from "../db/database.ts";

export type FieldErrors = Record<string, string[]>;

/**
 * An error the client can act on: status, a stable `code` (contract/src/errors.ts: what a client
 * decides by), a human `detail`, optional per-field messages and the `params` its message needs.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly fields: FieldErrors = {},
    readonly params?: ErrorParams,
  ) {
    super(detail);
    this.name = "HttpError";
  }
}

export const notFound = (code: ErrorCode, detail: string, params?: ErrorParams) => new HttpError(404, code, detail, {}, params);
export const badRequest = (code: ErrorCode, detail: string, fields: FieldErrors = {}, params?: ErrorParams) =>
  new HttpError(400, code, detail, fields, params);
export const conflict = (code: ErrorCode, detail: string, params?: ErrorParams) => new HttpError(409, code, detail, {}, params);

/**
 * The one error body of the API (DESIGN §5): detail and message, the code, per-field lists, and
 * the params of the message. (A request field named `code` has its messages in `detail` only.)
 */
export function errorBody(code: ErrorCode, detail: string, fields: FieldErrors = {}, params?: ErrorParams): Record<string, unknown> {
  return { ...fields, detail, message: detail, code, ...(params ? { params } : {}) };
}

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Django REST Framework's wording for the common schema failures. */
function fieldMessage(e: AjvError): string {
  const p = e.params;
  switch (e.keyword) {
    case "required":
      return "This field is required.";
    case "type":
      if (p.type === "integer") return "A valid integer is required.";
      if (p.type === "number") return "A valid number is required.";
      if (p.type === "boolean") return "Must be a valid boolean.";
      if (p.type === "string") return "Not a valid string.";
      return `Expected ${String(p.type)}.`;
    case "minimum":
      return `Ensure this value is greater than or equal to ${String(p.limit)}.`;
    case "maximum":
      return `Ensure this value is less than or equal to ${String(p.limit)}.`;
    case "minLength":
      return p.limit === 1 ? "This field may not be blank." : `Ensure this field has at least ${String(p.limit)} characters.`;
    case "maxLength":
      return `Ensure this field has no more than ${String(p.limit)} characters.`;
    case "format":
      return p.format === "email" ? "Enter a valid email address." : `Enter a valid ${String(p.format)}.`;
    case "enum":
      return `Must be one of: ${(p.allowedValues as unknown[]).join(", ")}.`;
    case "minItems":
      return `Ensure this list has at least ${String(p.limit)} items.`;
    case "maxItems":
      return `Ensure this list has no more than ${String(p.limit)} items.`;
    case "pattern":
      return p.pattern === SINGLE_LINE_PATTERN || p.pattern === MULTI_LINE_PATTERN
        ? "Remove the control characters (such as NUL) from this field."
        : "Enter a valid value.";
    default:
      return e.message ?? "Invalid value.";
  }
}

function fieldName(e: AjvError): string {
  const segments = e.instancePath.split("/").filter(Boolean);
  if (e.keyword === "required" && typeof e.params.missingProperty === "string") segments.push(e.params.missingProperty);
  return segments.join(".") || "non_field_errors";
}

export function validationFields(errors: AjvError[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const e of errors) {
    const name = fieldName(e);
    const message = fieldMessage(e);
    const list = fields[name] ?? [];
    if (!list.includes(message)) fields[name] = [...list, message];
  }
  return fields;
}

export const DATABASE_UNAVAILABLE = "The shop cannot reach its database just now. Please try again in a moment.";

let databaseDown = false;

/** PostgreSQL connection classes and shutdowns, socket failures, and SQLite that cannot write. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "57P01", // admin_shutdown (pg_terminate_backend, restart)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, in recovery)
  "53300", // too_many_connections
  "SQLITE_FULL",
  "SQLITE_READONLY",
  "SQLITE_IOERR",
  "SQLITE_CANTOPEN",
  "SQLITE_BUSY",
]);

/** Whether an error means the database cannot serve now (as opposed to a bug or bad input). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e) return false;
  if (isConnectionFailure(e)) return true;
  const code = typeof e.code === "string" ? e.code : "";
  // PostgreSQL classes 08 (connection exception) and 57 (operator intervention: shutdown, restart).
  if (UNAVAILABLE_CODES.has(code) || /^(08|57)/.test(code) || code.startsWith("SQLITE_IOERR") || code.startsWith("SQLITE_READONLY")) {
    return true;
  }
  const message = typeof e.message === "string" ? e.message : "";
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed/.test(
    message,
  );
}

/** Installs the single error policy: known errors keep their status; anything else is a bare 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.detail, error.fields, error.params));
    }
    if (error.validation) {
      const fields = validationFields(error.validation as AjvError[]);
      const first = Object.entries(fields)[0];
      const detail = first ? `${first[0] === "non_field_errors" ? "" : `${first[0]}: `}${first[1][0]}` : "Invalid input.";
      return reply.status(400).send(errorBody("field_invalid", detail, fields));
    }
    if (isDatabaseUnavailable(error)) {
      // Logged once per outage, not once per request.
      if (!databaseDown) request.log.error({ err: error }, "the database is unavailable");
      databaseDown = true;
      reply.header("Retry-After", "5");
      return reply.status(503).send(errorBody("database_unavailable", DATABASE_UNAVAILABLE));
    }
    databaseDown = false;
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.status(500).send(errorBody("server_error", "A server error occurred."));
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type …).
    return reply.status(status).send(errorBody(clientErrorCode(error), clientErrorText(error)));
  });
}

/** The code of one of Fastify's own client errors. */
export function clientErrorCode(error: FastifyError): ErrorCode {
  switch (error.statusCode) {
    case 404:
      return "not_found";
    case 413:
      return "body_too_large";
    case 415:
      return "media_type_unsupported";
    case 429:
      return "throttled";
    default:
      return "body_invalid";
  }
}

/** The text of one of Fastify's own client errors (bad JSON, body too large, unsupported media type …). */
export function clientErrorText(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "JSON parse error - the request body is not valid JSON.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "Request body is too large.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported media type in request.";
    default:
      return error.message;
  }
}
