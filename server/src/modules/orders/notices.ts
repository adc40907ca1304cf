import { paiseToDecimal } from "@krishi/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { MailMessage } from "../../lib/mail.ts";
import type { MailQueue } from "../../lib/mail-queue.ts";
import { compose, hello } from "../../lib/mail-template.ts";
import type { OrderEventName } from "./lifecycle.ts";
import type { OrderRow } from "./repository.ts";
import type { TransitionContext } from "./service.ts";

/**
 * The customer's e-mails about an order: queued in the transaction of what causes them (a
 * transition, a processed refund), keyed by that cause so each is queued once.
 */
export class OrderNotices {
  constructor(
    private readonly queue: MailQueue,
    private readonly siteUrl: string,
  ) {}

  /** A transition listener: placed, paid, shipped, delivered and cancelled orders tell their customer. */
  readonly onTransition = async ({ trx, order, event, eventId }: TransitionContext): Promise<void> => {
    const mail = this.#transitionMail(order, event);
    if (mail) await this.queue.enqueue(trx, { key: `order-event:${eventId}`, ...mail });
  };

  /** Money on its way back to the customer. */
  async refunded(trx: Kysely<Database>, order: OrderRow, refund: { id: number; amountPaise: number; reason: string }): Promise<void> {
    const amount = `₹${paiseToDecimal(refund.amountPaise)}`;
    await this.queue.enqueue(trx, {
      key: `refund:${refund.id}`,
      ...this.#mail(order, `We have refunded ${amount} for your order #${order.id}`, [
        `We have refunded ${amount} for your Krishi Bazaar order #${order.id}.`,
        refund.reason ? `Reason: ${refund.reason}` : "",
        "Refunds reach your bank account or card in 5–7 working days.",
      ]),
    });
  }

  #transitionMail(order: OrderRow, event: OrderEventName): MailMessage | null {
    const id = order.id;
    const total = `₹${paiseToDecimal(Number(order.total_paise))}`;
    switch (event) {
      case "place":
        return this.#mail(order, `Your order #${id} is placed: please pay to confirm it`, [
          `Thank you for your order #${id} of ${total}.`,
          "Please pay for it within the payment window shown on the order page; unpaid orders are cancelled and their items go back on sale.",
        ]);
      case "pay":
      case "repay":
        return this.#mail(order, `Payment received for your order #${id}`, [
          `We have received your payment of ${total} for order #${id}. We will let you know when it ships.`,
        ]);
      case "ship": {
        const tracking = order.tracking_url ? [`Track your parcel: ${order.tracking_url}`] : [];
        return this.#mail(order, `Your order #${id} has shipped`, [
          `Your order #${id} is on its way with ${order.courier ?? "our courier"} (AWB ${order.awb ?? "-"}).`,
          ...tracking,
        ]);
      }
      case "deliver":
        return this.#mail(order, `Your order #${id} has been delivered`, [
          `Your order #${id} has been delivered. We hope it serves your farm well — you can review the products on their pages.`,
        ]);
      case "cancel":
      case "expire":
        return this.#mail(order, `Your order #${id} is cancelled`, [
          event === "expire"
            ? `Your order #${id} was not paid in time and has been cancelled; nothing was charged.`
            : `Your order #${id} has been cancelled.`,
          order.paid_at ? `Your payment of ${total} will be refunded in full; we will e-mail you when the refund is processed.` : "",
        ]);
      default:
        return null;
    }
  }

  #mail(order: OrderRow, subject: string, lines: string[]): MailMessage {
    const name = `${order.customer_first_name} ${order.customer_last_name}`.trim();
    return compose(
      order.customer_email,
      subject,
      hello(name),
      lines.filter(Boolean),
      { label: "View your order", url: `${this.siteUrl}/order/${order.id}` },
      "You receive this e-mail because you placed an order at Krishi Bazaar.",
    );
  }
}
