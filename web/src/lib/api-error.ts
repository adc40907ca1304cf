import type { ErrorParams, FieldError } from "@krishi/contract";
import { type Area, loadTexts, type Message, t } from "../i18n/index.ts";
import type { ErrorAnswer, Notice } from "./notice.ts";

/**
 * What a failed request shows: a friendly message from the catalogs, never a server's text. The
 * server's error bodies carry a `code` (contract/src/errors.ts) and the `params` of its message,
 * and for invalid input each field's problems as codes in `field_errors`; their
 * `detail` and `message` are English for people, and not read here.
 *
 * 1. The code's message (./error-messages.ts, a chunk of its own that loads after the first page,
 *    so the first page stays small); for a code that says "see the fields", what the fields'
 *    problems say ("Please check {field}: …" with the field's label).
 * 2. Otherwise, and for a body without a code (no connection, a proxy's HTML page, an older
 *    server), the status says it: 401 sign in again, 404 not found, 409 changed meanwhile, 429
 *    too many attempts, 5xx server error, no connection, time-out.
 */

/** Where the spec's client read the server's text; the code decides now, so neither is read. */
export type ErrorField = "detail" | "message";

export const GENERIC_ERROR = "Something went wrong. Please try again." satisfies Message;
const NETWORK = "The shop cannot be reached. Please check your internet connection and try again." satisfies Message;
const TIMEOUT = "The shop took too long to answer. Please try again." satisfies Message;
const CHECK = "Please check this field." satisfies Message;

const BY_STATUS: Partial<Record<number, Message>> = {
  400: "Please check what you entered and try again.",
  401: "Please sign in again to continue.",
  403: "You do not have permission to do this.",
  404: "We could not find this. It may have been removed.",
  408: TIMEOUT,
  409: "This changed while you were working on it. Please reload the page and try again.",
  413: "The file is too large.",
  429: "Too many attempts. Please wait a minute and try again.",
};
const SERVER_ERROR = "A server error occurred. Please try again in a moment." satisfies Message;

/** The codes' messages, once loaded; until then a failure is told by its status. */
let messages: typeof import("./error-messages.ts") | null = null;

/**
 * The areas of the Hindi texts the shoppers' error messages are in (out of stock, a pack gone, a
 * full cart, sign-in refusals): loaded with the messages, so a refusal on a public page reads in
 * Hindi there too (staff screens load every area themselves).
 */
const ERROR_AREAS: readonly Area[] = ["checkout", "orders", "account"];

/** Loads the codes' messages and their texts (after the first page has loaded; at once where the page already has). */
export async function loadErrorMessages(): Promise<void> {
  const [loaded] = await Promise.all([import("./error-messages.ts"), loadTexts(ERROR_AREAS)]);
  messages = loaded;
}

if (typeof window !== "undefined") {
  const load = () => void loadErrorMessages().catch(() => undefined);
  if (document.readyState === "complete") load();
  else window.addEventListener("load", load, { once: true });
}

/** The notice's text in the current language. */
export function noticeText({ message, values, answer }: Notice): string {
  const said = answer && messages?.answerNotice(answer);
  if (said) return noticeText(said);
  if (!values) return t(message);
  const formatted: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) formatted[name] = typeof value === "object" ? noticeText(value) : value;
  return t(message, formatted);
}

/**
 * What to tell about a failed request (an RTK Query error, an {status, data} answer, or a thrown
 * Error). The second argument is the spec's choice of text; the code decides now.
 */
export function errorNotice(error: unknown, _field: ErrorField = "detail"): Notice {
  if (!error || typeof error !== "object") return { message: GENERIC_ERROR };
  const status = statusOf(error);
  if (status === "network") return { message: NETWORK };
  if (status === "timeout") return { message: TIMEOUT };
  const fallback: Notice = { message: statusMessage(status) };
  const answer = answerOf(error);
  if (!answer) return fallback;
  // Not loaded yet: the status for now, and the answer to say again when shown.
  if (!messages) return { ...fallback, answer };
  return messages.answerNotice(answer) ?? fallback;
}

/** The text of `errorNotice`, in the current language. */
export function errorText(error: unknown, field: ErrorField = "detail"): string {
  return noticeText(errorNotice(error, field));
}

/** The code of a failed request's answer (contract/src/errors.ts), or null for an answer without one. */
export function errorCode(error: unknown): string | null {
  const code = dataOf(error)?.code;
  return typeof code === "string" ? code : null;
}

/** The params of a failed request's answer (what its message names: `{crop, problem}`), or null for none. */
export function errorParams(error: unknown): ErrorParams | null {
  const params = dataOf(error)?.params;
  return params && typeof params === "object" && !Array.isArray(params) ? (params as ErrorParams) : null;
}

/** Per-field messages of a validation failure (`{"email": ["..."], "non_field_errors": [...]}`), in friendly words. */
export type FieldErrors = Partial<Record<string, string[]>>;

/**
 * Each refused field's problems (`field_errors`), in friendly words. A field an older server lists
 * without codes, or before the messages have loaded, is "Please check this field."
 */
export function fieldErrors(error: unknown): FieldErrors {
  const data = dataOf(error);
  if (!data) return {};
  const fields: FieldErrors = {};
  for (const [field, value] of Object.entries(data)) {
    if (Array.isArray(value) && value.some((message) => typeof message === "string" && message.trim())) fields[field] = [t(CHECK)];
  }
  for (const [field, problems] of Object.entries(fieldProblems(data.field_errors) ?? {})) {
    if (!problems?.length) continue;
    const known = messages;
    fields[field] = known ? [...new Set(problems.map((problem) => noticeText(known.fieldNotice(problem))))] : [t(CHECK)];
  }
  return fields;
}

/** Sign-in and registration failures (docs/storefront.md, "Errors shown"): the first problem of non_field_errors, else the error's. */
export function formErrorNotice(error: unknown): Notice {
  const nonField = fieldProblems(dataOf(error)?.field_errors)?.non_field_errors?.[0];
  return nonField && messages ? messages.fieldNotice(nonField) : errorNotice(error, "detail");
}

export function formErrorText(error: unknown): string {
  return noticeText(formErrorNotice(error));
}

function dataOf(error: unknown): Record<string, unknown> | null {
  const data = error && typeof error === "object" && "data" in error ? error.data : null;
  return data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
}

/** The code, params and field problems of an error body; null for a body with none of them. */
function answerOf(error: object): ErrorAnswer | null {
  const data = dataOf(error);
  if (!data) return null;
  const answer: ErrorAnswer = {};
  if (typeof data.code === "string") answer.code = data.code;
  if (data.params && typeof data.params === "object" && !Array.isArray(data.params)) answer.params = data.params as ErrorParams;
  const fields = fieldProblems(data.field_errors);
  if (fields) answer.fields = fields;
  return answer.code === undefined && !answer.fields ? null : answer;
}

/** `field_errors` ({"price": [{"code": "too_small", "params": {"min": 1}}]}), its problems without a code left out. */
function fieldProblems(value: unknown): ErrorAnswer["fields"] | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const fields: NonNullable<ErrorAnswer["fields"]> = {};
  for (const [field, problems] of Object.entries(value)) {
    const known = Array.isArray(problems)
      ? problems.filter((p): p is FieldError => !!p && typeof p === "object" && typeof (p as { code?: unknown }).code === "string")
      : [];
    if (known.length > 0) fields[field] = known;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

type Status = number | "network" | "timeout" | null;

function statusOf(error: object): Status {
  const status = "status" in error ? error.status : null;
  if (typeof status === "number") return status;
  if (status === "PARSING_ERROR" && "originalStatus" in error && typeof error.originalStatus === "number") return error.originalStatus;
  if (status === "FETCH_ERROR") return "network";
  if (status === "TIMEOUT_ERROR") return "timeout";
  const message = "message" in error && typeof error.message === "string" ? error.message : "";
  if (error instanceof TypeError || /network ?error|failed to fetch|load failed|cannot be reached/i.test(message)) return "network";
  if ("name" in error && (error.name === "TimeoutError" || error.name === "AbortError")) return "timeout";
  return null;
}

function statusMessage(status: Status): Message {
  if (typeof status !== "number") return GENERIC_ERROR;
  if (status >= 500) return SERVER_ERROR;
  return BY_STATUS[status] ?? GENERIC_ERROR;
}
