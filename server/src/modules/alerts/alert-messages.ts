import type { Language } from "@krishi/contract";
import type { ALERT_MESSAGE_KINDS } from "../../text-message.ts";
import { type OrderMessage, slotsOf } from "../orders/order-messages.ts";

/**
 * The alerts as text messages (SMS, WhatsApp), registered templates like the order's news
 * (orders/order-messages.ts): a pack the customer asked about is back in stock; a cart left
 * behind (a marketing message: only to customers who opted in, with its "stop" link).
 */
export type AlertMessageKind = (typeof ALERT_MESSAGE_KINDS)[number];

/** The values each kind's template takes, by name; a language puts them in its own word order. */
export const ALERT_MESSAGE_SLOTS = {
  back_in_stock: ["product", "url"],
  cart_reminder: ["url", "stop"],
} as const satisfies Record<AlertMessageKind, readonly string[]>;

export type AlertMessageValues<K extends AlertMessageKind> = Record<(typeof ALERT_MESSAGE_SLOTS)[K][number], string>;

/** The texts as registered (DLT templates, WhatsApp templates): `{name}` is a variable, numbered in the order it stands. */
export const ALERT_MESSAGE_TEMPLATES: Record<Language, Record<AlertMessageKind, string>> = {
  en: {
    back_in_stock: "Krishi Bazaar: {product} is back in stock. Buy it before it runs out: {url}",
    cart_reminder: "Krishi Bazaar: your cart is waiting for you. Place your order: {url} To stop these messages: {stop}",
  },
  hi: {
    back_in_stock: "कृषि बाज़ार: {product} फिर से स्टॉक में है। ख़त्म होने से पहले ख़रीदें: {url}",
    cart_reminder: "कृषि बाज़ार: आपकी कार्ट में सामान आपका इंतज़ार कर रहा है। ऑर्डर करें: {url} ये संदेश बंद करने के लिए: {stop}",
  },
};

const SLOT = /\{([a-z]+)\}/g;

/** A registered template filled in with its values; the params list them in the order this language's text has them. */
export function alertMessage<K extends AlertMessageKind>(language: Language, kind: K, values: AlertMessageValues<K>): OrderMessage {
  const template = ALERT_MESSAGE_TEMPLATES[language][kind];
  const named = values as Record<string, string>;
  const params = slotsOf(template).map((slot) => {
    const value = named[slot];
    if (value === undefined) throw new Error(`${kind} (${language}) has a slot {${slot}} without a value`);
    return value;
  });
  return { kind, params, text: template.replace(SLOT, (_slot, name: string) => named[name] ?? "") };
}
