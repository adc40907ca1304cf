import { currentLanguage, type Message, t } from "../i18n/index.ts";
import type { Notice, ServerTexts } from "./notice.ts";

/**
 * What a failed request shows: a friendly message from the catalogs, never a raw server text
 * ("No Product matches the given query.", "id: A valid integer is required.", a status code, a
 * fetch failure). The server's error bodies carry `detail` and `message` (the same text, DESIGN
 * §5) and, for invalid input, one list of messages per field.
 *
 * 1. A text the server is known to send becomes its catalog message (./server-texts.ts, a chunk
 *    of its own that loads after the first page, so the first page stays small).
 * 2. A field's message becomes "Please check {field}: …" with the field's label.
 * 3. Otherwise the status says it: 401 sign in again, 404 not found, 409 changed meanwhile, 429
 *    too many attempts, 5xx server error, no connection, time-out.
 * An unknown text that reads like a sentence is shown as it is to English readers (the server
 * writes such texts for people); a Hindi reader gets step 3.
 */
export type ErrorField = "detail" | "message";

export const GENERIC_ERROR = "Something went wrong. Please try again." satisfies Message;
const NETWORK = "The shop cannot be reached. Please check your internet connection and try again." satisfies Message;
const TIMEOUT = "The shop took too long to answer. Please try again." satisfies Message;
const CHECK_FIELD = "Please check {field}: {problem}" satisfies Message;

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

/** Until ./server-texts.ts has loaded, a failure is told by its status. */
let texts: ServerTexts = { lookup: () => null, fieldLabel: () => undefined, readable: () => false };
const lookup = (text: string) => texts.lookup(text);

/** Loads the known server texts (after the first page has loaded; at once where the page already has). */
export async function loadServerTexts(): Promise<void> {
  texts = (await import("./server-texts.ts")).serverTexts;
}

if (typeof window !== "undefined") {
  const load = () => void loadServerTexts().catch(() => undefined);
  if (document.readyState === "complete") load();
  else window.addEventListener("load", load, { once: true });
}

/** The notice's text in the current language. */
export function noticeText({ message, values, server }: Notice): string {
  if (server) {
    const known = lookup(server);
    if (known) return noticeText(known);
    if (currentLanguage() === "en" && texts.readable(server)) return server;
  }
  if (!values) return t(message);
  const formatted: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) formatted[name] = typeof value === "object" ? noticeText(value) : value;
  return t(message, formatted);
}

/** What to tell about a failed request (an RTK Query error, an {status, data} answer, or a thrown Error). */
export function errorNotice(error: unknown, field: ErrorField = "detail"): Notice {
  if (!error || typeof error !== "object") return { message: GENERIC_ERROR };
  const status = statusOf(error);
  if (status === "network") return { message: NETWORK };
  if (status === "timeout") return { message: TIMEOUT };
  const fallback = { message: statusMessage(status) };
  const data = "data" in error && error.data && typeof error.data === "object" ? (error.data as Record<string, unknown>) : null;
  if (!data) return withServerText(fallback, "message" in error && !("status" in error) ? error.message : null);

  const other = field === "detail" ? "message" : "detail";
  const text = textOf(data[field]) ?? textOf(data[other]);
  const known = text === null ? null : lookup(text);
  if (known) return known;
  const fields = rawFieldErrors(data);
  const nonField = fields.non_field_errors?.[0];
  if (nonField) return fieldNotice(nonField);
  for (const [name, messages] of Object.entries(fields)) {
    const label = texts.fieldLabel(name);
    if (label && messages?.[0]) return { message: CHECK_FIELD, values: { field: { message: label }, problem: fieldNotice(messages[0]) } };
  }
  return withServerText(fallback, text);
}

/** The text of `errorNotice`, in the current language. */
export function errorText(error: unknown, field: ErrorField = "detail"): string {
  return noticeText(errorNotice(error, field));
}

/** Per-field messages of a validation failure (`{"email": ["..."], "non_field_errors": [...]}`), in friendly words. */
export type FieldErrors = Partial<Record<string, string[]>>;

export function fieldErrors(error: unknown): FieldErrors {
  const data = error && typeof error === "object" && "data" in error ? error.data : null;
  if (!data || typeof data !== "object") return {};
  const fields: FieldErrors = {};
  for (const [field, messages] of Object.entries(rawFieldErrors(data as Record<string, unknown>))) {
    fields[field] = [...new Set((messages ?? []).map((message) => noticeText(fieldNotice(message))))];
  }
  return fields;
}

/** Sign-in and registration failures (spec §8): the first non_field_errors message, else the error's. */
export function formErrorNotice(error: unknown): Notice {
  const data = error && typeof error === "object" && "data" in error ? error.data : null;
  const nonField = data && typeof data === "object" ? rawFieldErrors(data as Record<string, unknown>).non_field_errors?.[0] : undefined;
  return nonField ? fieldNotice(nonField) : errorNotice(error, "detail");
}

export function formErrorText(error: unknown): string {
  return noticeText(formErrorNotice(error));
}

/** A field's message: known, else kept for English readers, else "Please check this field." */
function fieldNotice(text: string): Notice {
  return lookup(text) ?? { message: "Please check this field.", server: text };
}

function withServerText(notice: Notice, text: unknown): Notice {
  return typeof text === "string" && text.trim() ? { ...notice, server: text.trim() } : notice;
}

function rawFieldErrors(data: Record<string, unknown>): Partial<Record<string, string[]>> {
  const fields: Partial<Record<string, string[]>> = {};
  for (const [field, value] of Object.entries(data)) {
    const messages = Array.isArray(value) ? value.filter((m): m is string => typeof m === "string" && m.trim() !== "") : [];
    if (messages.length > 0) fields[field] = messages;
  }
  return fields;
}

function textOf(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
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
