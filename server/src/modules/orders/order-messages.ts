import type { Language } from "@krishi/contract";
import type { MessageKind } from "../../lib/messenger.ts";
import type { ORDER_MESSAGE_KINDS } from "../../text-message.ts";

/**
 * An order's news as a text message (SMS, WhatsApp): short, one registered template per kind and
 * language (India's DLT rules let an SMS carry only a registered text with its variables filled
 * in), so each is written as a template with named slots and the values that fill them.
 */
export interface OrderMessage {
  kind: MessageKind;
  /** The values in the order their slots appear in this language's template: MSG91's var1..varN, WhatsApp's {{1}}..{{n}}. */
  params: string[];
  text: string;
}

export type OrderMessageKind = (typeof ORDER_MESSAGE_KINDS)[number];

/** The values each kind's template takes, by name; a language puts them in its own word order. */
export const ORDER_MESSAGE_SLOTS = {
  order_placed: ["order", "total", "url"],
  order_placed_cod: ["order", "total", "url"],
  order_paid: ["order", "total", "url"],
  order_shipped: ["order", "courier", "awb", "url"],
  order_delivered: ["order", "url"],
  order_cancelled: ["order", "note", "url"],
  order_refunded: ["order", "amount"],
  order_return: ["order", "note", "url"],
} as const satisfies Record<OrderMessageKind, readonly string[]>;

export type OrderMessageValues<K extends OrderMessageKind> = Record<(typeof ORDER_MESSAGE_SLOTS)[K][number], string>;

/**
 * The texts as registered (DLT templates and WhatsApp utility templates): each `{name}` is a
 * variable, registered as DLT's {#var#} and WhatsApp's {{1}}, {{2}}… in the order the slots stand
 * in that language's text (Hindi puts some in another order than English: the values follow).
 */
export const ORDER_MESSAGE_TEMPLATES: Record<Language, Record<OrderMessageKind, string>> = {
  en: {
    order_placed: "Krishi Bazaar: your order #{order} of {total} is placed. Please pay for it to confirm it: {url}",
    order_placed_cod: "Krishi Bazaar: your order #{order} is confirmed. Please keep {total} ready to pay in cash on delivery. {url}",
    order_paid: "Krishi Bazaar: we have received your payment of {total} for order #{order}. We will let you know when it ships. {url}",
    order_shipped: "Krishi Bazaar: your order #{order} has shipped with {courier}, AWB {awb}. Track it: {url}",
    order_delivered: "Krishi Bazaar: your order #{order} has been delivered. Thank you! {url}",
    order_cancelled: "Krishi Bazaar: your order #{order} is cancelled. {note} {url}",
    order_refunded: "Krishi Bazaar: we have refunded {amount} for your order #{order}. It reaches your account in 5-7 working days.",
    order_return: "Krishi Bazaar: your return for order #{order}: {note} {url}",
  },
  hi: {
    order_placed: "कृषि बाज़ार: आपका ऑर्डर #{order} ({total}) दर्ज हो गया है। पक्का करने के लिए भुगतान करें: {url}",
    order_placed_cod: "कृषि बाज़ार: आपका ऑर्डर #{order} पक्का हो गया है। डिलीवरी पर नकद भुगतान के लिए {total} तैयार रखें। {url}",
    order_paid: "कृषि बाज़ार: ऑर्डर #{order} के लिए आपका {total} का भुगतान मिल गया है। ऑर्डर भेजे जाने पर हम आपको बताएँगे। {url}",
    order_shipped: "कृषि बाज़ार: आपका ऑर्डर #{order} {courier} से भेज दिया गया है, AWB {awb}। ट्रैक करें: {url}",
    order_delivered: "कृषि बाज़ार: आपका ऑर्डर #{order} पहुँच गया है। धन्यवाद! {url}",
    order_cancelled: "कृषि बाज़ार: आपका ऑर्डर #{order} रद्द कर दिया गया है। {note} {url}",
    order_refunded: "कृषि बाज़ार: आपके ऑर्डर #{order} के {amount} हमने लौटा दिए हैं। यह 5-7 कामकाजी दिनों में आपके खाते में पहुँचेगा।",
    order_return: "कृषि बाज़ार: ऑर्डर #{order} की वापसी: {note} {url}",
  },
};

/** The cancelled message's middle slot: what happens to money already paid. */
const CANCEL_NOTES: Record<Language, { paid: (total: string) => string; unpaid: string; expired: string }> = {
  en: {
    paid: (total) => `Your payment of ${total} will be refunded.`,
    unpaid: "Nothing was charged.",
    expired: "It was not paid in time; nothing was charged.",
  },
  hi: {
    paid: (total) => `आपका ${total} का भुगतान लौटाया जाएगा।`,
    unpaid: "आपसे कोई पैसा नहीं लिया गया।",
    expired: "समय पर भुगतान नहीं हुआ; आपसे कोई पैसा नहीं लिया गया।",
  },
};

/** The return message's middle slot: where the return stands. */
export const RETURN_NOTES: Record<Language, Record<"requested" | "approved" | "rejected" | "received", string>> = {
  en: {
    requested: "we have your request and will reply within 2 working days.",
    approved: "approved. Our courier will pick the items up; keep them packed.",
    rejected: "not accepted. See why on your order page.",
    received: "items received. Your refund is on its way.",
  },
  hi: {
    requested: "आपका अनुरोध मिल गया है, 2 कामकाजी दिनों में जवाब देंगे।",
    approved: "मंज़ूर। हमारा कूरियर सामान ले जाएगा; उसे पैक रखें।",
    rejected: "स्वीकार नहीं हुई। कारण ऑर्डर के पेज पर देखें।",
    received: "सामान मिल गया। आपका रिफ़ंड भेजा जा रहा है।",
  },
};

const SLOT = /\{([a-z]+)\}/g;

/** The slots of a template, in the order they stand in its text. */
export function slotsOf(template: string): string[] {
  return [...template.matchAll(SLOT)].map((match) => match[1] as string);
}

/**
 * A registered template filled in with its values: each slot gets the value of its name, and the
 * params list them in the order this language's text has them.
 */
export function orderMessage<K extends OrderMessageKind>(language: Language, kind: K, values: OrderMessageValues<K>): OrderMessage {
  const template = ORDER_MESSAGE_TEMPLATES[language][kind];
  const named = values as Record<string, string>;
  const params = slotsOf(template).map((slot) => {
    const value = named[slot];
    if (value === undefined) throw new Error(`${kind} (${language}) has a slot {${slot}} without a value`);
    return value;
  });
  const text = template.replace(SLOT, (_slot, name: string) => named[name] ?? "").replace(/ {2,}/g, " ");
  return { kind, params, text };
}

export function cancelNote(language: Language, why: { expired: boolean; paid: boolean }, total: string): string {
  const notes = CANCEL_NOTES[language];
  if (why.paid) return notes.paid(total);
  return why.expired ? notes.expired : notes.unpaid;
}
