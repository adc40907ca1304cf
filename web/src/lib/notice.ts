import type { ErrorParams, FieldError } from "@krishi/contract";
import type { Message } from "../i18n/index.ts";

/** A message to show and its values; a value may be a message itself, translated with it. */
export interface Notice {
  message: Message;
  values?: NoticeValues;
  /** The server's error when its messages had not loaded yet (api-error.ts): said by its code when shown. */
  answer?: ErrorAnswer;
}
export type NoticeValues = Record<string, string | number | Notice>;

/** What a server's error body tells a client: its code, the values of its message, and each field's problems. */
export interface ErrorAnswer {
  code?: string;
  params?: ErrorParams;
  fields?: Partial<Record<string, FieldError[]>>;
}
