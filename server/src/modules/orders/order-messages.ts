import type { Language } from "@krishi/contract";
import type { MessageKind } from "../../lib/messenger.ts";

/**
 * An order's news as a text message (SMS, WhatsApp): short, one registered template per kind and
 * language (India's DLT rules let an SMS carry only a registered text with its variables filled
 * in), so each is written as a template with `{#}` slots and the values that fill them, in order.
 */
export interface OrderMessage {
  kind: MessageKind;
  params: string[];
  text: string;
}

type Templates = Record<Exclude<MessageKind, "otp">, string>;

/** The texts as registered (DLT templates and WhatsApp utility templates): `{#}` is a variable. */
export const ORDER_MESSAGE_TEMPLATES: Record<Language, Templates> = {
  en: {
    order_placed: "Krishi Bazaar: your order #{#} of {#} is placed. Please pay for it to confirm it: {#}",
    order_placed_cod: "Krishi Bazaar: your order #{#} is confirmed. Please keep {#} ready to pay in cash on delivery. {#}",
    order_shipped: "Krishi Bazaar: your order #{#} has shipped with {#}, AWB {#}. Track it: {#}",
    order_delivered: "Krishi Bazaar: your order #{#} has been delivered. Thank you! {#}",
    order_cancelled: "Krishi Bazaar: your order #{#} is cancelled. {#} {#}",
    order_refunded: "Krishi Bazaar: we have refunded {#} for your order #{#}. It reaches your account in 5-7 working days.",
    order_return: "Krishi Bazaar: your return for order #{#}: {#} {#}",
  },
  hi: {
    order_placed: "कृषि बाज़ार: आपका ऑर्डर #{#} ({#}) दर्ज हो गया है। पक्का करने के लिए भुगतान करें: {#}",
    order_placed_cod: "कृषि बाज़ार: आपका ऑर्डर #{#} पक्का हो गया है। डिलीवरी पर नकद भुगतान के लिए {#} तैयार रखें। {#}",
    order_shipped: "कृषि बाज़ार: आपका ऑर्डर #{#} {#} से भेज दिया गया है, AWB {#}। ट्रैक करें: {#}",
    order_delivered: "कृषि बाज़ार: आपका ऑर्डर #{#} पहुँच गया है। धन्यवाद! {#}",
    order_cancelled: "कृषि बाज़ार: आपका ऑर्डर #{#} रद्द कर दिया गया है। {#} {#}",
    order_refunded: "कृषि बाज़ार: आपके ऑर्डर #{#} के {#} हमने लौटा दिए हैं। यह 5-7 कामकाजी दिनों में आपके खाते में पहुँचेगा।",
    order_return: "कृषि बाज़ार: ऑर्डर #{#} की वापसी: {#} {#}",
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

/** A registered template filled in with its values, in order. */
export function orderMessage(language: Language, kind: Exclude<MessageKind, "otp">, params: string[]): OrderMessage {
  const parts = ORDER_MESSAGE_TEMPLATES[language][kind].split("{#}");
  if (parts.length !== params.length + 1) throw new Error(`${kind} (${language}) takes ${parts.length - 1} values, got ${params.length}`);
  const text = parts.reduce((filled, part, i) => filled + (i > 0 ? (params[i - 1] ?? "") : "") + part, "").replace(/ {2,}/g, " ");
  return { kind, params, text };
}

export function cancelNote(language: Language, why: { expired: boolean; paid: boolean }, total: string): string {
  const notes = CANCEL_NOTES[language];
  if (why.paid) return notes.paid(total);
  return why.expired ? notes.expired : notes.unpaid;
}
