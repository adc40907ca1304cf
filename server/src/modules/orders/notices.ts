import { type Language, paiseToDecimal } from "@krishi/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { MailMessage } from "../../lib/mail.ts";
import type { MailQueue } from "../../lib/mail-queue.ts";
import { compose, hello, SHOP } from "../../lib/mail-template.ts";
import type { MessageChannel } from "../../lib/messenger.ts";
import type { OrderEventName } from "./lifecycle.ts";
import { cancelNote, type OrderMessage, orderMessage } from "./order-messages.ts";
import type { OrderRow } from "./repository.ts";
import type { TransitionContext } from "./service.ts";

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

/** What the order mails say, in one language. `total` and `amount` are written "₹1249.50". */
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
   * A transition listener: placed, paid, shipped, delivered and cancelled orders tell their
   * customer; a Cash on Delivery order is told to keep the cash ready, then that it was received.
   * Text messages carry the news a farmer acts on: placed, shipped, delivered, cancelled.
   */
  readonly onTransition = async ({ trx, order, from, event, eventId, actor }: TransitionContext): Promise<void> => {
    const contact = await this.contactOf(trx, order.user_id);
    // The owner's own move (placing, cancelling) knows their language; anyone else's reads it.
    const language = (actor.role === "owner" && actor.language) || contact.language;
    const notice = transitionNotice(TEXTS[language], order, event);
    if (notice && order.customer_email)
      await this.queue.enqueue(trx, { key: `order-event:${eventId}`, ...this.#mail(order, language, notice) });
    // Cash collected at the door is the delivery of a COD order (unless it was marked delivered before).
    const news = event === "collect" && from === "shipped" ? "deliver" : event;
    const message = transitionMessage(language, order, news, this.#orderUrl(order));
    if (message) await this.#text(trx, `order-event:${eventId}`, { ...contact, language }, message);
  };

  /** Money on its way back to the customer. */
  async refunded(trx: Kysely<Database>, order: OrderRow, refund: { id: number; amountPaise: number; reason: string }): Promise<void> {
    const contact = await this.contactOf(trx, order.user_id);
    const { language } = contact;
    const amount = `₹${paiseToDecimal(refund.amountPaise)}`;
    const notice = TEXTS[language].refunded(order.id, amount, refund.reason);
    if (order.customer_email) await this.queue.enqueue(trx, { key: `refund:${refund.id}`, ...this.#mail(order, language, notice) });
    await this.#text(trx, `refund:${refund.id}`, contact, orderMessage(language, "order_refunded", [amount, String(order.id)]));
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

  #orderUrl(order: OrderRow): string {
    return `${this.siteUrl}/order/${order.id}`;
  }

  #mail(order: OrderRow, language: Language, { subject, lines }: Notice): MailMessage {
    const texts = TEXTS[language];
    const name = `${order.customer_first_name} ${order.customer_last_name}`.trim();
    return compose(
      order.customer_email,
      subject,
      hello(name, language),
      lines.filter(Boolean),
      { label: texts.action, url: this.#orderUrl(order) },
      texts.footer,
      language,
    );
  }
}

function transitionNotice(texts: NoticeTexts, order: OrderRow, event: OrderEventName): Notice | null {
  const id = order.id;
  const total = `₹${paiseToDecimal(Number(order.total_paise))}`;
  switch (event) {
    case "place":
      return order.payment_method === "COD" ? texts.placedCod(id, total) : texts.placed(id, total);
    case "pay":
    case "repay":
      return texts.paid(id, total);
    case "collect":
      return texts.cashReceived(id, total);
    case "ship":
      return texts.shipped(id, { courier: order.courier, awb: order.awb, trackingUrl: order.tracking_url });
    case "deliver":
      return texts.delivered(id);
    case "cancel":
    case "expire":
      return texts.cancelled(id, total, { expired: event === "expire", paid: Boolean(order.paid_at) });
    default:
      return null;
  }
}

/** The text message of a transition, or null for moves a farmer need not be messaged about. */
function transitionMessage(language: Language, order: OrderRow, event: OrderEventName, url: string): OrderMessage | null {
  const id = String(order.id);
  const total = `₹${paiseToDecimal(Number(order.total_paise))}`;
  switch (event) {
    case "place":
      return order.payment_method === "COD"
        ? orderMessage(language, "order_placed_cod", [id, total, url])
        : orderMessage(language, "order_placed", [id, total, url]);
    case "ship":
      return orderMessage(language, "order_shipped", [id, order.courier ?? "-", order.awb ?? "-", order.tracking_url ?? url]);
    case "deliver":
      return orderMessage(language, "order_delivered", [id, url]);
    case "cancel":
    case "expire":
      return orderMessage(language, "order_cancelled", [
        id,
        cancelNote(language, { expired: event === "expire", paid: Boolean(order.paid_at) }, total),
        url,
      ]);
    default:
      return null;
  }
}
