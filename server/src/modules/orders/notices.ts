import { addressIn, formatRupees, type Language, toPaise } from "@krishi/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { MailMessage } from "../../lib/mail.ts";
import type { MailQueue } from "../../lib/mail-queue.ts";
import { compose, hello, SHOP } from "../../lib/mail-template.ts";
import type { MessageChannel } from "../../lib/messenger.ts";
import { cancelNote, type OrderMessage, orderMessage, RETURN_NOTES } from "./order-messages.ts";
import type { NoticeKind, NoticeSpec, TransitionContext } from "./process.ts";
import type { OrderRow } from "./repository.ts";
import { discountsOf } from "./serialize.ts";

/** A mail's subject and paragraphs (empty ones are left out). */
interface Notice {
  subject: string;
  lines: string[];
}

interface Shipment {
  courier: string | null;
  awb: string | null;
  trackingUrl: string | null;
}

/** What the order mails say, in one language. `total` and `amount` are written as shoppers read them, "₹2,158.66" (formatRupees: Indian grouping, ₹1,23,456.78). */
interface NoticeTexts {
  placed(id: number, total: string): Notice;
  /** A Cash on Delivery order: nothing to pay online, cash to the courier. */
  placedCod(id: number, total: string): Notice;
  paid(id: number, total: string): Notice;
  /** The courier brought a COD order's cash back. */
  cashReceived(id: number, total: string): Notice;
  shipped(id: number, shipment: Shipment): Notice;
  delivered(id: number): Notice;
  cancelled(id: number, total: string, why: { expired: boolean; paid: boolean }): Notice;
  refunded(id: number, amount: string, reason: string): Notice;
  /** A return's step; `note`: the staff's words (why it was refused, what was arranged). */
  returned(id: number, step: "requested" | "approved" | "rejected" | "received", note: string): Notice;
  /** What the order's promotions saved ("₹50.00"), by their codes or words. */
  saved(amount: string, by: string): string;
  /** The total in a text message, with what was saved: its template's one slot carries both. */
  totalSaving(total: string, amount: string): string;
  action: string;
  footer: string;
}

const TEXTS: Record<Language, NoticeTexts> = {
  en: {
    placed: (id, total) => ({
      subject: `Your order #${id} is placed: please pay to confirm it`,
      lines: [
        `Thank you for your order #${id} of ${total}.`,
        "Please pay for it within the payment window shown on the order page; unpaid orders are cancelled and their items go back on sale.",
      ],
    }),
    placedCod: (id, total) => ({
      subject: `Your order #${id} is confirmed: Cash on Delivery`,
      lines: [
        `Thank you for your order #${id} of ${total}.`,
        `You pay in cash on delivery: please keep ${total} ready for the courier. We will let you know when it ships.`,
      ],
    }),
    paid: (id, total) => ({
      subject: `Payment received for your order #${id}`,
      lines: [`We have received your payment of ${total} for order #${id}. We will let you know when it ships.`],
    }),
    cashReceived: (id, total) => ({
      subject: `Cash received for your order #${id}`,
      lines: [`Your order #${id} has been delivered and we have received your payment of ${total} in cash. Thank you!`],
    }),
    shipped: (id, { courier, awb, trackingUrl }) => ({
      subject: `Your order #${id} has shipped`,
      lines: [
        `Your order #${id} is on its way with ${courier ?? "our courier"} (AWB ${awb ?? "-"}).`,
        trackingUrl ? `Track your parcel: ${trackingUrl}` : "",
      ],
    }),
    delivered: (id) => ({
      subject: `Your order #${id} has been delivered`,
      lines: [`Your order #${id} has been delivered. We hope it serves your farm well — you can review the products on their pages.`],
    }),
    cancelled: (id, total, { expired, paid }) => ({
      subject: `Your order #${id} is cancelled`,
      lines: [
        expired
          ? `Your order #${id} was not paid in time and has been cancelled; nothing was charged.`
          : `Your order #${id} has been cancelled.`,
        paid ? `Your payment of ${total} will be refunded in full; we will e-mail you when the refund is processed.` : "",
      ],
    }),
    refunded: (id, amount, reason) => ({
      subject: `We have refunded ${amount} for your order #${id}`,
      lines: [
        `We have refunded ${amount} for your Krishi Bazaar order #${id}.`,
        reason ? `Reason: ${reason}` : "",
        "Refunds reach your bank account or card in 5–7 working days.",
      ],
    }),
    returned: (id, step, note) => ({
      subject: {
        requested: `We have your return request for order #${id}`,
        approved: `Your return for order #${id} is approved`,
        rejected: `Your return for order #${id} was not accepted`,
        received: `We have received your returned items of order #${id}`,
      }[step],
      lines: [
        {
          requested: "Thank you for telling us. We will look at your request and reply within 2 working days.",
          approved: "Our courier will pick the items up from your delivery address. Please keep them packed.",
          rejected: "We could not accept this return.",
          received: "The items are back with us. We are refunding their value with their tax; we will write when the refund is processed.",
        }[step],
        note ? `Note from Krishi Bazaar: ${note}` : "",
      ],
    }),
    saved: (amount, by) => `You saved ${amount} (${by}).`,
    totalSaving: (total, amount) => `${total}, ${amount} off`,
    action: "View your order",
    footer: "You receive this e-mail because you placed an order at Krishi Bazaar.",
  },
  hi: {
    placed: (id, total) => ({
      subject: `आपका ऑर्डर #${id} दर्ज हो गया है: पक्का करने के लिए भुगतान करें`,
      lines: [
        `${total} के आपके ऑर्डर #${id} के लिए धन्यवाद।`,
        "कृपया ऑर्डर के पेज पर दिखाए गए समय के भीतर भुगतान करें; बिना भुगतान वाले ऑर्डर रद्द हो जाते हैं और उनका सामान फिर से बिक्री पर आ जाता है।",
      ],
    }),
    placedCod: (id, total) => ({
      subject: `आपका ऑर्डर #${id} पक्का हो गया है: कैश ऑन डिलीवरी`,
      lines: [
        `${total} के आपके ऑर्डर #${id} के लिए धन्यवाद।`,
        `आप सामान मिलने पर नकद भुगतान करेंगे: कृपया कूरियर के लिए ${total} तैयार रखें। ऑर्डर भेजे जाने पर हम आपको बताएँगे।`,
      ],
    }),
    paid: (id, total) => ({
      subject: `आपके ऑर्डर #${id} का भुगतान मिल गया है`,
      lines: [`हमें ऑर्डर #${id} के लिए आपका ${total} का भुगतान मिल गया है। ऑर्डर भेजे जाने पर हम आपको बताएँगे।`],
    }),
    cashReceived: (id, total) => ({
      subject: `आपके ऑर्डर #${id} का नकद भुगतान मिल गया है`,
      lines: [`आपका ऑर्डर #${id} पहुँचा दिया गया है और हमें आपका ${total} का नकद भुगतान मिल गया है। धन्यवाद!`],
    }),
    shipped: (id, { courier, awb, trackingUrl }) => ({
      subject: `आपका ऑर्डर #${id} भेज दिया गया है`,
      lines: [
        `आपका ऑर्डर #${id} ${courier ?? "हमारे कूरियर"} से (AWB ${awb ?? "-"}) आपके पास आ रहा है।`,
        trackingUrl ? `अपना पार्सल ट्रैक करें: ${trackingUrl}` : "",
      ],
    }),
    delivered: (id) => ({
      subject: `आपका ऑर्डर #${id} पहुँच गया है`,
      lines: [`आपका ऑर्डर #${id} पहुँचा दिया गया है। हमें आशा है कि यह आपकी खेती के काम आएगा — आप उत्पादों के पेज पर उनकी समीक्षा लिख सकते हैं।`],
    }),
    cancelled: (id, total, { expired, paid }) => ({
      subject: `आपका ऑर्डर #${id} रद्द कर दिया गया है`,
      lines: [
        expired
          ? `आपके ऑर्डर #${id} का भुगतान समय पर नहीं हुआ, इसलिए उसे रद्द कर दिया गया है; आपसे कोई पैसा नहीं लिया गया।`
          : `आपका ऑर्डर #${id} रद्द कर दिया गया है।`,
        paid ? `आपका ${total} का भुगतान पूरा लौटाया जाएगा; रिफ़ंड हो जाने पर हम आपको ई-मेल करेंगे।` : "",
      ],
    }),
    refunded: (id, amount, reason) => ({
      subject: `आपके ऑर्डर #${id} के ${amount} हमने लौटा दिए हैं`,
      lines: [
        `आपके ${SHOP} ऑर्डर #${id} के ${amount} हमने लौटा दिए हैं।`,
        reason ? `कारण: ${reason}` : "",
        "लौटाई गई रकम 5–7 कामकाजी दिनों में आपके बैंक खाते या कार्ड में पहुँच जाती है।",
      ],
    }),
    returned: (id, step, note) => ({
      subject: {
        requested: `ऑर्डर #${id} की वापसी का आपका अनुरोध हमें मिल गया है`,
        approved: `ऑर्डर #${id} की आपकी वापसी मंज़ूर हो गई है`,
        rejected: `ऑर्डर #${id} की आपकी वापसी स्वीकार नहीं हुई`,
        received: `ऑर्डर #${id} का लौटाया गया सामान हमें मिल गया है`,
      }[step],
      lines: [
        {
          requested: "बताने के लिए धन्यवाद। हम आपका अनुरोध देखकर 2 कामकाजी दिनों में जवाब देंगे।",
          approved: "हमारा कूरियर आपके डिलीवरी पते से सामान ले जाएगा। कृपया उसे पैक करके रखें।",
          rejected: "हम यह वापसी स्वीकार नहीं कर सके।",
          received: "सामान हमारे पास वापस आ गया है। हम उसकी कीमत टैक्स सहित लौटा रहे हैं; रिफ़ंड होने पर हम आपको बताएँगे।",
        }[step],
        note ? `${SHOP} की ओर से: ${note}` : "",
      ],
    }),
    saved: (amount, by) => `आपकी बचत: ${amount} (${by})।`,
    totalSaving: (total, amount) => `${total}, ${amount} की छूट`,
    action: "अपना ऑर्डर देखें",
    footer: `आपको यह ई-मेल इसलिए मिला है क्योंकि आपने ${SHOP} पर ऑर्डर दिया था।`,
  },
};

/** How to reach the customer: the language, the verified number, and whether they opted in to WhatsApp. */
export interface NoticeContact {
  language: Language;
  phone: string | null;
  whatsapp: boolean;
}

/**
 * The customer's notices about an order, in the customer's language: an e-mail (to an order with
 * an address), and an SMS — plus WhatsApp for customers who opted in — to a verified number.
 * Queued in the transaction of what causes them (a transition, a processed refund), keyed by that
 * cause and channel so each is queued once.
 */
export class OrderNotices {
  constructor(
    private readonly queue: MailQueue,
    private readonly siteUrl: string,
    /** How to reach a user, read through the transaction that queues the notice. */
    private readonly contactOf: (db: Kysely<Database>, userId: number | null) => Promise<NoticeContact>,
    /** The channels the shop's messenger sends on. */
    private readonly channels: readonly MessageChannel[],
  ) {}

  /**
   * The customer's news of a move, as the order process declares it (a mail's kind, a text's
   * kind), keyed by the move's timeline event so each goes out once.
   */
  async notify({ trx, order, eventId, actor, note }: TransitionContext, spec: NoticeSpec): Promise<void> {
    const contact = await this.contactOf(trx, order.user_id);
    // The owner's own move (placing, cancelling) knows their language; anyone else's reads it.
    const language = (actor.role === "owner" && actor.language) || contact.language;
    const notice = spec.mail ? mailOf(TEXTS[language], order, spec.mail, note, language) : null;
    if (notice && order.customer_email)
      await this.queue.enqueue(trx, { key: `order-event:${eventId}`, ...this.#mail(order, language, notice) });
    const message = spec.text ? textOf(language, order, spec.text, this.#orderUrl(order, language)) : null;
    if (message) await this.#text(trx, `order-event:${eventId}`, { ...contact, language }, message);
  }

  /** Money on its way back to the customer. */
  async refunded(trx: Kysely<Database>, order: OrderRow, refund: { id: number; amountPaise: number; reason: string }): Promise<void> {
    const contact = await this.contactOf(trx, order.user_id);
    const { language } = contact;
    const amount = formatRupees(refund.amountPaise);
    const notice = TEXTS[language].refunded(order.id, amount, refund.reason);
    if (order.customer_email) await this.queue.enqueue(trx, { key: `refund:${refund.id}`, ...this.#mail(order, language, notice) });
    await this.#text(trx, `refund:${refund.id}`, contact, orderMessage(language, "order_refunded", { order: String(order.id), amount }));
  }

  /** An SMS to a verified number, and the same on WhatsApp when the customer opted in and the shop can send it. */
  async #text(trx: Kysely<Database>, key: string, contact: NoticeContact, message: OrderMessage): Promise<void> {
    if (!contact.phone) return;
    const channels: MessageChannel[] = ["sms"];
    if (contact.whatsapp && this.channels.includes("whatsapp")) channels.push("whatsapp");
    for (const channel of channels) {
      await this.queue.enqueueMessage(trx, {
        key: `${key}:${channel}`,
        channel,
        to: contact.phone,
        language: contact.language,
        ...message,
      });
    }
  }

  /** The order's page, opening in the customer's language (?lang=hi for Hindi). */
  #orderUrl(order: OrderRow, language: Language): string {
    return addressIn(language, `${this.siteUrl}/order/${order.id}`);
  }

  #mail(order: OrderRow, language: Language, { subject, lines }: Notice): MailMessage {
    const texts = TEXTS[language];
    const name = `${order.customer_first_name} ${order.customer_last_name}`.trim();
    return compose(
      order.customer_email,
      subject,
      hello(name, language),
      lines.filter(Boolean),
      { label: texts.action, url: this.#orderUrl(order, language) },
      texts.footer,
      language,
    );
  }
}

const RETURN_STEPS = {
  return_requested: "requested",
  return_approved: "approved",
  return_rejected: "rejected",
  return_received: "received",
} as const;

/**
 * What the order's promotions saved: its discount and the shipping they waived, with their codes
 * (an offer by its words); null when it carries none.
 */
function savingOf(order: OrderRow, language: Language): { amount: string; by: string } | null {
  const discounts = discountsOf(order);
  if (discounts.length === 0) return null;
  const paise = discounts.reduce((sum, d) => sum + toPaise(d.amount), 0);
  const by = discounts.map((d) => d.code ?? (language === "hi" && d.descriptionHi ? d.descriptionHi : d.description)).join(", ");
  return paise > 0 ? { amount: formatRupees(paise), by } : null;
}

/** A placing mail with the line of what the promotions saved, when they did. */
function withSaving(notice: Notice, texts: NoticeTexts, saving: { amount: string; by: string } | null): Notice {
  return saving
    ? { ...notice, lines: [...notice.lines.slice(0, 1), texts.saved(saving.amount, saving.by), ...notice.lines.slice(1)] }
    : notice;
}

function mailOf(texts: NoticeTexts, order: OrderRow, kind: NoticeKind, note: string, language: Language): Notice {
  const id = order.id;
  const total = formatRupees(Number(order.total_paise));
  switch (kind) {
    case "placed":
      return withSaving(texts.placed(id, total), texts, savingOf(order, language));
    case "placed_cod":
      return withSaving(texts.placedCod(id, total), texts, savingOf(order, language));
    case "paid":
      return texts.paid(id, total);
    case "cash_received":
      return texts.cashReceived(id, total);
    case "shipped":
      return texts.shipped(id, { courier: order.courier, awb: order.awb, trackingUrl: order.tracking_url });
    case "delivered":
      return texts.delivered(id);
    case "cancelled":
    case "expired":
      return texts.cancelled(id, total, { expired: kind === "expired", paid: Boolean(order.paid_at) });
    default:
      return texts.returned(id, RETURN_STEPS[kind], kind === "return_requested" ? "" : note);
  }
}

/** The text message of a notice kind. */
function textOf(language: Language, row: OrderRow, kind: NoticeKind, url: string): OrderMessage {
  const order = String(row.id);
  const total = formatRupees(Number(row.total_paise));
  const saving = savingOf(row, language);
  // The registered template's total slot carries the saving too: "₹1,129.82, ₹50.00 off".
  const placedTotal = saving ? TEXTS[language].totalSaving(total, saving.amount) : total;
  switch (kind) {
    case "placed":
      return orderMessage(language, "order_placed", { order, total: placedTotal, url });
    case "placed_cod":
      return orderMessage(language, "order_placed_cod", { order, total: placedTotal, url });
    case "paid":
      return orderMessage(language, "order_paid", { order, total, url });
    case "shipped":
      // Staff may give no tracking address (""): the order's page, where the shipment shows, instead.
      return orderMessage(language, "order_shipped", {
        order,
        courier: row.courier || "-",
        awb: row.awb || "-",
        url: row.tracking_url || url,
      });
    case "delivered":
    case "cash_received":
      return orderMessage(language, "order_delivered", { order, url });
    case "cancelled":
    case "expired":
      return orderMessage(language, "order_cancelled", {
        order,
        note: cancelNote(language, { expired: kind === "expired", paid: Boolean(row.paid_at) }, total),
        url,
      });
    default:
      return orderMessage(language, "order_return", { order, note: RETURN_NOTES[language][RETURN_STEPS[kind]], url });
  }
}
