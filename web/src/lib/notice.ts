import type { ErrorParams, FieldError } from "@krishi/contract";
import type { Message } from "../i18n/index.ts";

/** A message to show and its values; a value may be a message itself, translated with it. */
export interface Notice {
  message: Message;
  values?: NoticeValues;
  /** The server's own text when it was not known yet: looked up again when shown. */
  server?: string;
}
export type NoticeValues = Record<string, string | number | Notice>;

/** What a server's error body tells a client: its code, the values of its message, and each field's problems. */
export interface ErrorAnswer {
  code?: string;
  params?: ErrorParams;
  fields?: Partial<Record<string, FieldError[]>>;
}

/**
 * What ./server-texts.ts knows: the server's texts as notices, the API fields' labels, and
 * whether an unknown text reads as written for people (api-error.ts loads it after the first page).
 */
export interface ServerTexts {
  lookup: (text: string) => Notice | null;
  fieldLabel: (field: string) => Message | undefined;
  readable: (text: string) => boolean;
}
