import { addressIn, type Language, type StockAlerts } from "@krishi/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Db } from "../../db/database.ts";
import { toIso } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import type { MailQueue } from "../../lib/mail-queue.ts";
import type { MessageChannel } from "../../lib/messenger.ts";
import { fail, ok, type Result } from "../../lib/result.ts";
import type { NoticeContact, OfferContact } from "../accounts/repository.ts";
import * as carts from "../cart/repository.ts";
import type { CatalogService, ProductPacksForOrder } from "../catalog/service.ts";
import type { OrderMessage } from "../orders/order-messages.ts";
import { alertMessage } from "./alert-messages.ts";
import * as repo from "./repository.ts";
import type { StopLinks } from "./stop-links.ts";

const HOUR_MS = 3_600_000;
/** A cart untouched this long is left behind. */
export const CART_LEFT_AFTER_MS = 24 * HOUR_MS;
/**
 * A customer gets at most one reminder in this long; and a cart untouched longer than this is
 * not reminded of any more (it was, or the customer opted in long after leaving it).
 */
export const CART_REMINDER_GAP_MS = 7 * 24 * HOUR_MS;
/** Carts read at a time by the reminder's job. */
const CART_BATCH = 200;

/** The product named, or the pack named of it, is not sold. */
export type AlertFailure =
  | { kind: "product-not-found" }
  | { kind: "pack-not-found"; productId: number; productName: string; variantId: number };
/** Why "Notify me" is refused. */
export type SubscribeFailure =
  | AlertFailure
  /** The pack has stock: put it in the cart instead. */
  | { kind: "pack-in-stock"; productId: number; variantId: number; available: number }
  /** The message goes by SMS: the customer needs a verified mobile number first. */
  | { kind: "phone-required" };

export interface AlertsDeps {
  db: Db;
  catalog: Pick<CatalogService, "productsForOrder">;
  /** How to reach customers (the accounts module), read through the caller's transaction. */
  contacts: {
    noticeContactOf(db: Kysely<Database>, userId: number): Promise<NoticeContact>;
    offerContactsOf(db: Kysely<Database>, userIds: readonly number[]): Promise<OfferContact[]>;
    /** Turns a customer's offers off; answers their language, or null for no such customer. */
    stopOffers(userId: number): Promise<Language | null>;
  };
  queue: MailQueue;
  /** The channels the shop's messenger sends on. */
  channels: readonly MessageChannel[];
  siteUrl: string;
  clock: Clock;
  stopLinks: StopLinks;
  /** Messages were queued: send them soon (the mail job), not at its next turn. */
  queued?: () => void;
  log: Pick<FastifyBaseLogger, "info" | "error">;
}

/**
 * Messages that bring customers back, through the durable queue and in each customer's language:
 *
 * - **Back in stock**: a signed-in customer with a verified number asks to be told about a pack
 *   that is out of stock ("Notify me"). Whenever products change (`productsChanged`, announced
 *   after every write of stock: staff's edits, imports, cancelled orders, returns restocked) and
 *   on the job's turns, each subscribed pack now in stock sends one SMS (and WhatsApp to those who
 *   opted in to it) to each subscriber, and the subscriptions end in the transaction that queues
 *   them: sent once, whichever process sees it first.
 * - **A cart left behind**: a customer who opted in to offers, with a verified number, whose cart
 *   holds lines untouched for 24 hours gets one reminder with a link to the cart and a "stop"
 *   link. One reminder for a cart left so (a change of the cart leaves it anew), at most one a
 *   week, and none for a cart untouched for more than a week.
 */
export class AlertsService {
  constructor(private readonly deps: AlertsDeps) {}

  /** The packs of a product the customer will be told about. */
  async subscriptions(userId: number, productId: number): Promise<Result<StockAlerts, AlertFailure>> {
    const [product] = await this.deps.catalog.productsForOrder(this.deps.db, [productId]);
    if (!product) return fail({ kind: "product-not-found" });
    return ok({ variants: await repo.findAlertedPacks(this.deps.db, userId, productId) });
  }

  /** "Notify me" on a pack out of stock (the default pack when none is named). */
  async subscribe(userId: number, productId: number, variantId: number | undefined): Promise<Result<StockAlerts, SubscribeFailure>> {
    const found = await this.#pack(productId, variantId);
    if (!found.ok) return found;
    const { pack } = found.value;
    if (pack.count_in_stock > 0) return fail({ kind: "pack-in-stock", productId, variantId: pack.id, available: pack.count_in_stock });
    const contact = await this.deps.contacts.noticeContactOf(this.deps.db, userId);
    if (!contact.phone) return fail({ kind: "phone-required" });
    await repo.insertAlert(this.deps.db, { userId, productId, variantId: pack.id, at: this.deps.clock().toISOString() });
    // Stock that came back between the read above and the subscription's write was announced
    // before the subscription was there: looked at again now, it is sent at once.
    await this.sendBackInStock([productId]);
    return ok({ variants: await repo.findAlertedPacks(this.deps.db, userId, productId) });
  }

  /** Cancels "Notify me" on a pack (the default pack when none is named); asking twice is harmless. */
  async cancel(userId: number, productId: number, variantId: number | undefined): Promise<Result<StockAlerts, AlertFailure>> {
    const found = await this.#pack(productId, variantId);
    if (!found.ok) return found;
    await repo.deleteAlert(this.deps.db, userId, productId, found.value.pack.id);
    return ok({ variants: await repo.findAlertedPacks(this.deps.db, userId, productId) });
  }

  async #pack(productId: number, variantId: number | undefined) {
    const [product] = await this.deps.catalog.productsForOrder(this.deps.db, [productId]);
    if (!product) return fail<AlertFailure>({ kind: "product-not-found" });
    const pack = variantId === undefined ? product.variants[0] : product.variants.find((p) => p.id === variantId);
    if (!pack) return fail<AlertFailure>({ kind: "pack-not-found", productId, productName: product.name, variantId: variantId ?? 0 });
    return ok({ product, pack });
  }

  /**
   * Tells the subscribers of every subscribed pack of these products (all when none are named)
   * that is in stock now, and ends their subscriptions. Answers how many customers were told.
   */
  async sendBackInStock(productIds: readonly number[] = []): Promise<number> {
    const alerted = await repo.findAlertedProducts(this.deps.db, productIds.length > 0 ? productIds : null);
    if (alerted.length === 0) return 0;
    let told = 0;
    for (const product of await this.deps.catalog.productsForOrder(this.deps.db, alerted)) {
      for (const pack of product.variants) {
        if (pack.count_in_stock > 0) told += await this.#tellPack(product, pack.id);
      }
    }
    if (told > 0) {
      this.deps.log.info({ told }, "back-in-stock messages queued");
      this.deps.queued?.();
    }
    return told;
  }

  /** One transaction per pack: its subscriptions end as their messages are queued. */
  #tellPack(product: ProductPacksForOrder, variantId: number): Promise<number> {
    return this.deps.db.transaction().execute(async (trx) => {
      const alerts = await repo.takeAlertsOfPack(trx, variantId);
      let told = 0;
      for (const alert of alerts) {
        const contact = await this.deps.contacts.noticeContactOf(trx, alert.user_id);
        if (!contact.phone) continue;
        const message = alertMessage(contact.language, "back_in_stock", {
          product: productName(product, variantId, contact.language),
          url: addressIn(contact.language, this.#productUrl(product, variantId)),
        });
        await this.#text(trx, `back-in-stock:${alert.id}`, { ...contact, phone: contact.phone }, message);
        told++;
      }
      return told;
    });
  }

  #productUrl(product: ProductPacksForOrder, variantId: number): string {
    const own = product.variants[0]?.id === variantId ? "" : `?pack=${variantId}`;
    return `${this.deps.siteUrl}/product/${product.id}${own}`;
  }

  /**
   * The reminders due now of carts left behind (the job's turn). Answers how many were queued.
   */
  async remindCartsLeftBehind(): Promise<number> {
    const now = this.deps.clock();
    const window = {
      changedFrom: new Date(now.getTime() - CART_REMINDER_GAP_MS).toISOString(),
      changedBy: new Date(now.getTime() - CART_LEFT_AFTER_MS).toISOString(),
    };
    let sent = 0;
    for (let offset = 0; ; offset += CART_BATCH) {
      const left = await carts.findCustomerCartsChangedBetween(this.deps.db, window, { limit: CART_BATCH, offset });
      sent += await this.#remind(left, now, window.changedFrom);
      if (left.length < CART_BATCH) break;
    }
    if (sent > 0) {
      this.deps.log.info({ sent }, "cart reminders queued");
      this.deps.queued?.();
    }
    return sent;
  }

  async #remind(left: readonly { user_id: number; updated_at: Date | string }[], now: Date, gapStart: string): Promise<number> {
    const contacts = await this.deps.contacts.offerContactsOf(
      this.deps.db,
      left.map((cart) => cart.user_id),
    );
    if (contacts.length === 0) return 0;
    const changedAt = new Map(left.map((cart) => [cart.user_id, toIso(cart.updated_at) as string]));
    const reminders = await repo.findReminders(
      this.deps.db,
      contacts.map((contact) => contact.id),
    );
    let sent = 0;
    for (const contact of contacts) {
      const cartChangedAt = changedAt.get(contact.id) as string;
      const last = reminders.get(contact.id);
      if (last && (last.cartChangedAt === cartChangedAt || last.sentAt > gapStart)) continue;
      const queued = await this.deps.db.transaction().execute(async (trx) => {
        if (!(await repo.recordReminder(trx, { userId: contact.id, sentAt: now.toISOString(), cartChangedAt, gapStart }))) return false;
        const message = alertMessage(contact.language, "cart_reminder", {
          url: addressIn(contact.language, `${this.deps.siteUrl}/cart`),
          stop: this.deps.stopLinks.url(contact.id),
        });
        await this.#text(trx, `cart-reminder:${contact.id}:${cartChangedAt}`, contact, message);
        return true;
      });
      if (queued) sent++;
    }
    return sent;
  }

  /** The language of the customer a stop link names, or null when the shop did not sign it (nothing changes). */
  async stopLinkLanguage(token: string): Promise<Language | null> {
    const userId = this.deps.stopLinks.userOf(token);
    return userId === null ? null : (await this.deps.contacts.noticeContactOf(this.deps.db, userId)).language;
  }

  /** The "stop" link of a reminder: the customer's offers off. Answers their language, or null for a link not signed here. */
  async stopOffers(token: string): Promise<Language | null> {
    const userId = this.deps.stopLinks.userOf(token);
    return userId === null ? null : this.deps.contacts.stopOffers(userId);
  }

  /** An SMS, and the same on WhatsApp when the customer opted in to it and the shop can send it (as order news go). */
  async #text(trx: Kysely<Database>, key: string, contact: NoticeContact & { phone: string }, message: OrderMessage): Promise<void> {
    const channels: MessageChannel[] = ["sms"];
    if (contact.whatsapp && this.deps.channels.includes("whatsapp")) channels.push("whatsapp");
    for (const channel of channels) {
      await this.deps.queue.enqueueMessage(trx, {
        key: `${key}:${channel}`,
        channel,
        to: contact.phone,
        language: contact.language,
        ...message,
      });
    }
  }
}

/** The product's name in the customer's language, with the pack's label when it has several: "Urea · 45 kg". */
function productName(product: ProductPacksForOrder, variantId: number, language: Language): string {
  const name = (language === "hi" && product.name_hi) || product.name;
  const label = product.variants.length > 1 ? product.variants.find((pack) => pack.id === variantId)?.label : undefined;
  return label ? `${name} · ${label}` : name;
}
