/**
 * What a failed request shows (spec §8). The server's error bodies carry `detail` and `message`
 * (the same text); list and category failures show `message`, everything else `detail`, and
 * without either the generic error message.
 */
export type ErrorField = "detail" | "message";

export function errorText(error: unknown, field: ErrorField = "detail"): string {
  if (!error || typeof error !== "object") return GENERIC_ERROR;
  const fromBody = "data" in error ? textField(error.data, field) : null;
  if (fromBody) return fromBody;
  return genericMessage(error);
}

export const GENERIC_ERROR = "Something went wrong. Please try again.";

function textField(data: unknown, field: ErrorField): string | null {
  if (!data || typeof data !== "object" || !(field in data)) return null;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === "string" && value.trim() ? value : null;
}

/** The error's own message: a network failure, an answer that is not JSON, or a bare status. */
function genericMessage(error: object): string {
  if ("error" in error && typeof error.error === "string") return error.error;
  if ("message" in error && typeof error.message === "string" && error.message) return error.message;
  if ("status" in error && typeof error.status === "number") {
    return `Request failed with status code ${error.status}`;
  }
  return GENERIC_ERROR;
}

/** Per-field messages of a validation failure (`{"email": ["..."], "non_field_errors": [...]}`). */
export type FieldErrors = Partial<Record<string, string[]>>;

export function fieldErrors(error: unknown): FieldErrors {
  const data = error && typeof error === "object" && "data" in error ? error.data : null;
  if (!data || typeof data !== "object") return {};
  const fields: FieldErrors = {};
  for (const [field, value] of Object.entries(data)) {
    const messages = Array.isArray(value) ? value.filter((m): m is string => typeof m === "string") : [];
    if (messages.length > 0) fields[field] = messages;
  }
  return fields;
}

/** Sign-in and registration failures (spec §8): the first non_field_errors message, else the error's text. */
export function formErrorText(error: unknown): string {
  return fieldErrors(error).non_field_errors?.[0] ?? errorText(error, "detail");
}
