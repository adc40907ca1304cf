import type { Language } from "@krishi/contract";

/**
 * Text messages to a mobile number: SMS through MSG91, WhatsApp through Meta's Cloud API, or the
 * sandbox's files. India's SMS rules (TRAI's DLT) allow only registered templates, and WhatsApp
 * only approved templates outside a conversation, so a message names its template (`kind`, in a
 * language) and the values of its variables in order (`params`); `text` is the whole message as
 * the customer reads it (the sandbox writes it, logs quote it).
 */
export const MESSAGE_CHANNELS = ["sms", "whatsapp"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** An order's news (orders/order-messages.ts). */
export const ORDER_MESSAGE_KINDS = [
  "order_placed",
  "order_placed_cod",
  "order_paid",
  "order_shipped",
  "order_delivered",
  "order_cancelled",
  "order_refunded",
  "order_return",
] as const;

/** Messages that bring customers back (alerts/alert-messages.ts): a pack they asked about is back, a cart left behind. */
export const ALERT_MESSAGE_KINDS = ["back_in_stock", "cart_reminder"] as const;

/** The templates the shop sends: a sign-in code, an order's news, and the alerts (new kinds go last: config's ids count on the order). */
export const MESSAGE_KINDS = ["otp", ...ORDER_MESSAGE_KINDS, ...ALERT_MESSAGE_KINDS] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const isMessageKind = (kind: string): kind is MessageKind => (MESSAGE_KINDS as readonly string[]).includes(kind);

export interface TextMessage {
  channel: MessageChannel;
  /** E.164: "+919876543210". */
  to: string;
  kind: MessageKind;
  language: Language;
  /** The template's variables, in order. */
  params: string[];
  text: string;
}

/** Sends one message or throws (the queue retries it). */
export interface Messenger {
  send(message: TextMessage): Promise<void>;
  /** Which channels this messenger can send on (WhatsApp needs its own provider settings). */
  readonly channels: readonly MessageChannel[];
  close(): Promise<void>;
}

/** MSG91 as config.ts reads it (MSG91_*). */
export interface Msg91Settings {
  authKey: string;
  /** The DLT header (6 letters) every SMS is sent from. */
  senderId: string;
  /** The DLT-registered template of each kind in each language: India's SMS rules allow no other text. */
  templates: Readonly<Record<MessageKind, Readonly<Record<Language, string>>>>;
  apiBase: string;
}

/** WhatsApp Cloud API as config.ts reads it (WHATSAPP_*). */
export interface WhatsAppSettings {
  token: string;
  phoneNumberId: string;
  apiBase: string;
  /** The Graph API version in the path, e.g. "v21.0". */
  version: string;
  /** The approved template of each kind (default `kb_` + kind), one name for all its languages. */
  templates: Readonly<Record<MessageKind, string>>;
}
