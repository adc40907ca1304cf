import type { ErrorCode, ErrorParams, FieldError, FieldErrorCode } from "@krishi/contract";
import { MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN } from "@krishi/contract/schemas";
import type { FastifyError, FastifyInstance } from "fastify";
import { isConnectionFailure } from "../db/database.ts";

/** One problem of a field: its code (and the values its message needs) for clients, its message for people. */
export interface FieldProblem extends FieldError {
  message: string;
}
export type FieldErrors = Record<string, FieldProblem[]>;

export const problem = (code: FieldErrorCode, message: string, params?: ErrorParams): FieldProblem =>
  params ? { code, message, params } : { code, message };

/**
 * An error the client can act on: status, a stable `code` (contract/src/errors.ts: what a client
 * decides by), a human `detail`, optional per-field problems and the `params` its message needs.
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

/** A 400 for one field's problem; its detail names the field ("price: Enter …"). */
export function fieldError(code: ErrorCode, field: string, fieldProblem: FieldProblem, params?: ErrorParams): HttpError {
  const detail = field === "non_field_errors" ? fieldProblem.message : `${field}: ${fieldProblem.message}`;
  return badRequest(code, detail, { [field]: [fieldProblem] }, params);
}

/**
 * The one error body of the API: detail and message, the code, the params of its
 * message, one list of messages per field (Django REST Framework's shape) and the same problems as
 * codes in `field_errors`. (A request field named `code` keeps its problems in `field_errors`.)
 */
export function errorBody(code: ErrorCode, detail: string, fields: FieldErrors = {}, params?: ErrorParams): Record<string, unknown> {
  const entries = Object.entries(fields);
  if (entries.length === 0) return { detail, message: detail, code, ...(params ? { params } : {}) };
  const messages = Object.fromEntries(entries.map(([field, problems]) => [field, problems.map((p) => p.message)]));
  const codes = Object.fromEntries(
    entries.map(([field, problems]) => [
      field,
      problems.map((p): FieldError => (p.params ? { code: p.code, params: p.params } : { code: p.code })),
    ]),
  );
  return { ...messages, detail, message: detail, code, ...(params ? { params } : {}), field_errors: codes };
}

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** A schema failure as a field's problem, in Django REST Framework's words. */
function fieldProblem(e: AjvError): FieldProblem {
  const p = e.params;
  const limit = Number(p.limit);
  switch (e.keyword) {
    case "required":
      return problem("required", "This field is required.");
    case "type":
      if (p.type === "integer") return problem("not_integer", "A valid integer is required.");
      if (p.type === "number") return problem("not_number", "A valid number is required.");
      if (p.type === "boolean") return problem("not_boolean", "Must be a valid boolean.");
      if (p.type === "string") return problem("not_text", "Not a valid string.");
      return problem("invalid", `Expected ${String(p.type)}.`);
    case "minimum":
      return problem("too_small", `Ensure this value is greater than or equal to ${limit}.`, { min: limit });
    case "maximum":
      return problem("too_large", `Ensure this value is less than or equal to ${limit}.`, { max: limit });
    case "minLength":
      return limit === 1
        ? problem("blank", "This field may not be blank.")
        : problem("too_short", `Ensure this field has at least ${limit} characters.`, { min: limit });
    case "maxLength":
      return problem("too_long", `Ensure this field has no more than ${limit} characters.`, { max: limit });
    case "format":
      return p.format === "email"
        ? problem("invalid_email", "Enter a valid email address.")
        : problem("invalid", `Enter a valid ${String(p.format)}.`);
    case "enum": {
      const choices = (p.allowedValues as unknown[]).join(", ");
      return problem("invalid_choice", `Must be one of: ${choices}.`, { choices });
    }
    case "minItems":
      return problem("too_few_items", `Ensure this list has at least ${limit} items.`, { min: limit });
    case "maxItems":
      return problem("too_many_items", `Ensure this list has no more than ${limit} items.`, { max: limit });
    case "pattern":
      return p.pattern === SINGLE_LINE_PATTERN || p.pattern === MULTI_LINE_PATTERN
        ? problem("control_characters", "Remove the control characters (such as NUL) from this field.")
        : problem("invalid", "Enter a valid value.");
    default:
      return problem("invalid", e.message ?? "Invalid value.");
  }
}

function fieldName(e: AjvError): string {
  const segments = e.instancePath.split("/").filter(Boolean);
  if (e.keyword === "required" && typeof e.params.missingProperty === "string") segments.push(e.params.missingProperty);
  return segments.join(".") || "non_field_errors";
}

/** Bookkeeping of a union (`email: Email | ""`): its branches' own errors say what is wrong. */
const UNION_NOISE = new Set(["anyOf", "const"]);

export function validationFields(errors: AjvError[]): FieldErrors {
  const fields: FieldErrors = {};
  const explained = new Set(errors.filter((e) => !UNION_NOISE.has(e.keyword)).map(fieldName));
  for (const e of errors) {
    if (UNION_NOISE.has(e.keyword) && explained.has(fieldName(e))) continue;
    const name = fieldName(e);
    const found = fieldProblem(e);
    const list = fields[name] ?? [];
    if (!list.some((known) => known.message === found.message)) fields[name] = [...list, found];
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
      // A limit's wait, when the service that applied it could not set the header itself.
      if (error.statusCode === 429 && error.params?.seconds !== undefined) reply.header("Retry-After", String(error.params.seconds));
      return reply.status(error.statusCode).send(errorBody(error.code, error.detail, error.fields, error.params));
    }
    if (error.validation) {
      const fields = validationFields(error.validation as AjvError[]);
      const [field, problems] = Object.entries(fields)[0] ?? [];
      const message = problems?.[0]?.message;
      const detail = field && message ? `${field === "non_field_errors" ? "" : `${field}: `}${message}` : "Invalid input.";
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
