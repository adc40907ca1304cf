import { randomUUID } from "node:crypto";
import { CURRENCY, type Order, type OrderEventName, type RefundAccountInput } from "@krishi/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import { done, fail, ok, type Result } from "../../lib/result.ts";
import { type LineRequest, lineName, linesOf } from "../orders/lines.ts";
import type { OrderNotices } from "../orders/notices.ts";
import type { OrderItemRow, OrderRow, Reader } from "../orders/repository.ts";
import * as orderRows from "../orders/repository.ts";
import type { RefundAccountView, RefundView } from "../orders/serialize.ts";
import { type Customer, type OrdersService, SYSTEM, type TransitionContext } from "../orders/service.ts";
import { GatewayError, type GatewayPayment, type PaymentGateway, toGatewayPayment, toGatewayRefund } from "./gateway.ts";
import * as repo from "./repository.ts";
import { signatureMatches } from "./signature.ts";

export interface CheckoutOrder {
  id: string;
  amount: number;
  currency: string;
  key: string;
}

export interface PaymentProof {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** A Razorpay webhook event, as much of it as the shop reads. */
interface WebhookEvent {
  event?: string;
  payload?: {
    payment?: { entity?: unknown };
    order?: { entity?: { id?: string } };
    refund?: { entity?: unknown };
  };
}

export type WebhookOutcome = SettleOutcome | "duplicate" | "ignored" | "refund-processed" | "refund-failed";

/** How a captured payment ended for its order. */
export type SettleOutcome = "paid" | "already-paid" | "refunded-late" | "refunded-duplicate" | "mismatch" | "not-captured";

/** Why the owner cannot pay an order online now. */
export type StartPaymentFailure =
  | { kind: "order-not-found" }
  /** Cash on Delivery: nothing to pay online. */
  | { kind: "cod-not-online" }
  /** Cancelled after it was paid (a later payment would be refunded). */
  | { kind: "order-cancelled" }
  /** Not paid within its window: cancelled, its items back on sale. */
  | { kind: "order-expired" }
  | { kind: "already-paid" }
  | { kind: "amount-mismatch"; expectedPaise: number }
  /** Razorpay could not be reached to open the payment. */
  | { kind: "gateway-unavailable" };

/** Why the browser's proof of payment does not pay the order. */
export type ConfirmPaymentFailure =
  | { kind: "order-not-found" }
  /** The proof names another Razorpay order than this order's. */
  | { kind: "not-this-order" }
  | { kind: "signature-invalid" }
  /** Razorpay could not be asked about the payment just now. */
  | { kind: "payment-unconfirmed" }
  /** Razorpay's payment is not this order's (amount, currency, Razorpay order). */
  | { kind: "payment-mismatch" }
  | { kind: "not-captured" }
  /** Paid after the order was cancelled and its stock sold: refunded in full. */
  | { kind: "refunded-late" };

/** Why a webhook is refused. */
export type WebhookFailure = { kind: "webhooks-off" } | { kind: "signature-invalid" } | { kind: "body-invalid" };

/** Why a refund is not made (nothing is recorded). */
export type RefundFailure =
  /** The Idempotency-Key made a refund of another amount. */
  | { kind: "key-reused" }
  /** Razorpay refused it: recorded as failed. */
  | { kind: "refund-refused" }
  | { kind: "not-paid" }
  /** Cash on Delivery, and the customer gave no account to send it to. */
  | { kind: "refund-account-required" }
  /** More than is left to refund (`leftPaise`, 0 once refunded in full). */
  | { kind: "amount-too-large"; leftPaise: number }
  /** More units of a line than are left to refund; `inReturns` of them held by open returns. */
  | { kind: "too-many-units"; productId: number; name: string; max: number; inReturns: number }
  | { kind: "refund-not-found" }
  /** A refund through Razorpay is not paid by hand. */
  | { kind: "not-transfer" };

/** Why a refund account is not kept. */
export type RefundAccountFailure = { kind: "order-not-found" } | { kind: "order-not-cod" };

/** Unpaid orders younger than this are left to their checkout; reconciliation asks about the rest. */
const RECONCILE_QUIET_MS = 2 * 60_000;
/** A capture this long after an order was cancelled unpaid is still found and settled. */
const RECONCILE_LATE_MS = 24 * 60 * 60_000;

/** What a refund listener learns when a refund is processed, inside that transaction. */
export interface RefundProcessedContext {
  trx: Transaction<Database>;
  /** The order, its row locked. */
  order: OrderRow;
  refund: { id: number; amountPaise: number; reason: string; lines: repo.RefundLineRow[] };
  /** Whether it refunds the order's own payment (not a duplicate or late payment refunded whole). */
  ofOrderPayment: boolean;
}

/** Runs inside the transaction that records a refund as processed: a failure rolls it back. */
export type RefundProcessedListener = (context: RefundProcessedContext) => Promise<void>;

/** What a refund of lines gives back, each line's value with its own share of the line's tax. */
interface PricedLines {
  amountPaise: number;
  lines: repo.RefundLineValues[];
}

/** `part` of `total`, for units `from`..`from + units` of `count`: shares that add up exactly across refunds. */
function shareOf(total: number, from: number, units: number, count: number): number {
  return Math.round((total * (from + units)) / count) - Math.round((total * from) / count);
}

/** The payment an order's refunds give back: its Razorpay payment, or "" for the cash of a Cash on Delivery order. */
function paymentOf(order: OrderRow): string | null {
  return order.payment_method === "COD" ? "" : order.razorpay_payment_id;
}

export interface PaymentsServiceDeps {
  db: Db;
  orders: OrdersService;
  gateway: PaymentGateway;
  webhookSecret: string | null;
  log: FastifyBaseLogger;
  clock: Clock;
  notices: OrderNotices;
}

/**
 * Payments: an order is paid only when Razorpay says its payment is captured for
 * the stored Razorpay order, the order's amount and INR — whether the news comes from checkout,
 * a webhook or reconciliation, all of which end in settle(). Refunds carry an idempotency key and
 * are recorded before Razorpay is asked, so a crash or time-out is retried, never doubled.
 */
export class PaymentsService {
  private readonly db: Db;
  private readonly orders: OrdersService;
  private readonly gateway: PaymentGateway;
  private readonly log: FastifyBaseLogger;
  readonly #refundListeners: RefundProcessedListener[] = [];

  constructor(private readonly deps: PaymentsServiceDeps) {
    this.db = deps.db;
    this.orders = deps.orders;
    this.gateway = deps.gateway;
    this.log = deps.log;
    deps.orders.handle("refund-payment", (context) => this.#refundOnCancel(context));
    deps.orders.provide({
      refunds: (ids, db) => this.refundsOf(ids, db),
      refundAccounts: (ids, db) => this.refundAccountsOf(ids, db),
    });
  }

  /** Listens to refunds becoming processed (credit notes), inside the transaction that records it. */
  onRefundProcessed(listener: RefundProcessedListener): void {
    this.#refundListeners.push(listener);
  }

  /** Opens (or reopens) payment for the owner's unpaid order; the amount must be its total. */
  async startPayment(user: Customer, orderId: number, amountPaise: number): Promise<Result<CheckoutOrder, StartPaymentFailure>> {
    let order = await this.orders.row(orderId);
    if (!order || order.user_id !== user.id) return fail({ kind: "order-not-found" });
    if (order.payment_method === "COD") return fail({ kind: "cod-not-online" });
    // An order past its payment window is expired first (as the sweep would), then refused as such.
    if (this.orders.canMove(order, "expire") && (await this.orders.expireIfDue(order.id))) order = await this.orders.row(orderId);
    if (!order || this.orders.isCancelled(order)) return fail({ kind: order?.paid_at ? "order-cancelled" : "order-expired" });
    if (!this.orders.canMove(order, "pay")) return fail({ kind: "already-paid" });
    const total = Number(order.total_paise);
    if (amountPaise !== total) return fail({ kind: "amount-mismatch", expectedPaise: total });

    let razorpayOrderId = order.razorpay_order_id;
    if (!razorpayOrderId) {
      let created: Awaited<ReturnType<PaymentGateway["createOrder"]>>;
      try {
        created = await this.gateway.createOrder({
          amountPaise: total,
          receipt: `order_${order.id}`,
          notes: { order_id: String(order.id) },
        });
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        this.log.error({ err: error, orderId }, "could not create the Razorpay order");
        return fail({ kind: "gateway-unavailable" });
      }
      // Two tabs may race here: whichever stored first wins, and both pay that Razorpay order.
      razorpayOrderId = (await orderRows.attachRazorpayOrder(this.db, order.id, created.id, this.deps.clock().toISOString())) ?? created.id;
    }
    return ok({ id: razorpayOrderId, amount: total, currency: CURRENCY, key: this.gateway.keyId });
  }

  /**
   * The browser's proof of payment from checkout: the signature must match the stored Razorpay
   * order, and Razorpay must then confirm the payment itself. Idempotent; a forged proof changes nothing.
   */
  async confirmPayment(user: Customer, orderId: number, proof: PaymentProof): Promise<Result<Order, ConfirmPaymentFailure>> {
    const order = await this.orders.row(orderId);
    if (!order || order.user_id !== user.id) return fail({ kind: "order-not-found" });
    if (!order.razorpay_order_id || proof.razorpay_order_id !== order.razorpay_order_id) return fail({ kind: "not-this-order" });
    const genuine = this.gateway.verifyPayment({
      razorpayOrderId: order.razorpay_order_id,
      razorpayPaymentId: proof.razorpay_payment_id,
      signature: proof.razorpay_signature,
    });
    if (!genuine) {
      this.log.warn({ orderId }, "refused a payment with an invalid signature");
      return fail({ kind: "signature-invalid" });
    }
    if (order.razorpay_payment_id !== proof.razorpay_payment_id) {
      let payment: GatewayPayment;
      try {
        payment = await this.gateway.fetchPayment(proof.razorpay_payment_id);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        this.log.error({ err: error, orderId }, "could not fetch a payment from Razorpay");
        return fail({ kind: "payment-unconfirmed" });
      }
      const outcome = await this.settle(order, payment);
      if (outcome === "mismatch") return fail({ kind: "payment-mismatch" });
      if (outcome === "not-captured" || outcome === "refunded-late") return fail({ kind: outcome });
    }
    return ok(await this.orders.orderAfter(user, order.id));
  }

  /**
   * Applies a payment Razorpay reported for `order`: accepted only for the stored Razorpay order,
   * the order's total and INR; captured first when only authorized. An unpaid order becomes paid;
   * one cancelled unpaid is sold again if its stock is still there, else the payment is refunded;
   * a second payment of a paid order is refunded.
   */
  async settle(order: OrderRow, reported: GatewayPayment): Promise<SettleOutcome> {
    let payment = reported;
    if (payment.orderId !== order.razorpay_order_id || payment.currency !== CURRENCY || payment.amount !== Number(order.total_paise)) {
      this.log.error(
        { orderId: order.id, paymentId: payment.id, amount: payment.amount, currency: payment.currency, total: order.total_paise },
        "a payment does not match its order: not accepted",
      );
      return "mismatch";
    }
    if (payment.status === "authorized") payment = await this.gateway.capturePayment(payment.id, payment.amount);
    if (payment.status !== "captured") return "not-captured";

    let event: OrderEventName = "pay";
    const outcome = await this.orders.withOrder(order.id, async (trx, row): Promise<SettleOutcome> => {
      const set = { razorpay_payment_id: payment.id };
      // The order process says what a capture does: pay an order waiting for it, sell a cancelled unpaid one again.
      if (this.orders.canMove(row, "pay")) {
        const moved = await this.orders.transition(trx, row, "pay", SYSTEM, { set });
        if (!moved.ok) throw new Error(`order ${row.id} moved while its row was locked`);
        return "paid";
      }
      if (this.orders.canMove(row, "repay") && row.paid_at === null) {
        const moved = await this.orders.transition(trx, row, "repay", SYSTEM, {
          note: "Payment arrived after the order was cancelled",
          set,
        });
        event = "repay";
        if (moved.ok) return "paid";
        this.orders.announce(trx, row.id, "refund");
        await this.#recordRefund(trx, row, {
          paymentId: payment.id,
          amountPaise: payment.amount,
          reason: "Payment arrived after the order was cancelled; its items are no longer in stock",
          key: `late-${payment.id}`,
          by: null,
        });
        return "refunded-late";
      }
      if (row.razorpay_payment_id === payment.id) return "already-paid";
      this.orders.announce(trx, row.id, "refund");
      await this.#recordRefund(trx, row, {
        paymentId: payment.id,
        amountPaise: payment.amount,
        reason: "The order was already paid: duplicate payment",
        key: `dup-${payment.id}`,
        by: null,
      });
      return "refunded-duplicate";
    });
    if (outcome !== "already-paid") this.log.info({ orderId: order.id, paymentId: payment.id, outcome, event }, "payment settled");
    return outcome;
  }

  /** A payment Razorpay reported on its own (webhook, sandbox): settled against the order it names, if the shop has it. */
  async settleReported(payment: GatewayPayment): Promise<{ orderId: number; outcome: SettleOutcome } | null> {
    const order = payment.orderId ? await orderRows.findOrderByRazorpayId(this.db, payment.orderId) : undefined;
    if (!order) {
      this.log.warn({ razorpayOrderId: payment.orderId, paymentId: payment.id }, "a payment for an unknown Razorpay order");
      return null;
    }
    return { orderId: order.id, outcome: await this.settle(order, payment) };
  }

  /** Razorpay's webhook: signed raw body; payments settle, refunds follow; replays change nothing. */
  async handleWebhook(
    rawBody: Buffer,
    signature: string | undefined,
    eventIdHeader: string | undefined,
  ): Promise<Result<WebhookOutcome, WebhookFailure>> {
    if (!this.deps.webhookSecret) return fail({ kind: "webhooks-off" });
    if (!signature || !signatureMatches(this.deps.webhookSecret, rawBody, signature)) return fail({ kind: "signature-invalid" });
    let event: WebhookEvent;
    try {
      event = JSON.parse(rawBody.toString("utf8")) as WebhookEvent;
    } catch {
      return fail({ kind: "body-invalid" });
    }
    const type = String(event.event ?? "unknown").slice(0, 100);
    const payment = toGatewayPayment(event.payload?.payment?.entity);
    const refund = toGatewayRefund(event.payload?.refund?.entity);
    const subject = refund?.id ?? payment?.id ?? event.payload?.order?.entity?.id ?? "none";
    // The header is not signed: used only when it is a plausible id; else the signed body names the event.
    const eventId = eventIdHeader && /^[A-Za-z0-9_-]{1,100}$/.test(eventIdHeader) ? eventIdHeader : `${type}:${subject}`.slice(0, 100);
    const seen = await this.db.selectFrom("payment_events").select("id").where("id", "=", eventId).executeTakeFirst();
    if (seen) return ok("duplicate");

    let outcome: WebhookOutcome = "ignored";
    let orderId: number | null = null;
    if ((type === "payment.captured" || type === "payment.authorized" || type === "order.paid") && payment) {
      const settled = await this.settleReported(payment);
      orderId = settled?.orderId ?? null;
      outcome = settled?.outcome ?? "ignored";
    } else if ((type === "refund.processed" || type === "refund.failed") && refund) {
      const row = await repo.findRefundByRazorpayId(this.db, refund.id);
      if (row) {
        orderId = row.order_id;
        const settled = await this.#settleRefund(row, type === "refund.processed" ? "processed" : "failed", refund.id);
        outcome = settled ? (type === "refund.processed" ? "refund-processed" : "refund-failed") : "ignored";
      } else this.log.warn({ refundId: refund.id, type }, "webhook for a refund the shop did not make");
    } else if (type === "payment.failed") {
      // Not final: the shopper may try again, and a later capture still pays the order.
      this.log.info({ paymentId: payment?.id, razorpayOrderId: payment?.orderId }, "a payment attempt failed");
    }
    // Recorded after acting (every action above is idempotent): a failure leaves it unrecorded, so
    // Razorpay's retry is handled afresh instead of being taken for a duplicate.
    await repo.recordPaymentEvent(this.db, { id: eventId, order_id: orderId, type, received_at: this.deps.clock().toISOString() });
    return ok(outcome);
  }

  /**
   * Staff: refunds `amountPaise` of a paid order, or `lines` (their value with their own tax),
   * never more than what is left. A Razorpay order is refunded through Razorpay; a Cash on
   * Delivery order by a transfer to the refund account its customer gave. The same idempotency
   * key answers the refund it made before instead of making another.
   */
  async refundOrder(
    staff: Customer,
    orderId: number,
    input: { amountPaise?: number; lines?: LineRequest[]; reason: string; idempotencyKey?: string },
  ): Promise<Result<Order, RefundFailure>> {
    const key = input.idempotencyKey ?? randomUUID();
    const recorded = await this.orders.withOrder(orderId, async (trx, order): Promise<Result<unknown, RefundFailure>> => {
      const existing = await repo.findRefundByKey(trx, order.id, key);
      if (existing) {
        if (input.amountPaise !== undefined && Number(existing.amount_paise) !== input.amountPaise) return fail({ kind: "key-reused" });
        return done;
      }
      if (input.lines) {
        const items = await this.orders.itemsOf(trx, order.id);
        const priced = await this.#priceLines(trx, order, linesOf(items, input.lines));
        if (!priced.ok) return priced;
        return this.recordRefund(trx, order, { ...priced.value, reason: input.reason, key, by: staff.id });
      }
      return this.recordRefund(trx, order, { amountPaise: input.amountPaise ?? 0, lines: [], reason: input.reason, key, by: staff.id });
    });
    if (!recorded.ok) return recorded;
    await this.processRefunds(orderId);
    const made = await repo.findRefundByKey(this.db, orderId, key);
    if (made?.status === "failed") return fail({ kind: "refund-refused" });
    return ok(await this.orders.orderAfter(staff, orderId));
  }

  /**
   * Records a refund of a paid order inside the caller's transaction (on the order's locked row):
   * through Razorpay, or as a transfer to a Cash on Delivery customer's refund account. Refuses an
   * unpaid order, an amount beyond what is left, and a COD order without a refund account, before
   * it writes anything. Answers the refund's id; Razorpay is asked after the transaction commits
   * (processRefunds).
   */
  async recordRefund(
    trx: Transaction<Database>,
    order: OrderRow,
    refund: { amountPaise: number; lines: repo.RefundLineValues[]; reason: string; key: string; by: number | null },
  ): Promise<Result<number, RefundFailure>> {
    const paymentId = paymentOf(order);
    if (order.paid_at === null || paymentId === null) return fail({ kind: "not-paid" });
    const transfer = order.payment_method === "COD";
    if (transfer && (await repo.findRefundAccounts(trx, [order.id])).length === 0) return fail({ kind: "refund-account-required" });
    const left = Number(order.total_paise) - (await repo.sumRefunds(trx, order.id, paymentId));
    if (refund.amountPaise > left) return fail({ kind: "amount-too-large", leftPaise: Math.max(0, left) });
    return ok(await this.#recordRefund(trx, order, { ...refund, paymentId, method: transfer ? "transfer" : "razorpay" }));
  }

  /**
   * The value of units of an order's lines with their own tax: each line's share of its tax and
   * GST parts, counted from the units refunded before so shares add up exactly, on top of their
   * price (inside it when the prices included GST: the units then give back what they cost).
   * Refused for more units than are left to refund: those refunded, and those an open return holds
   * (its receive refunds them; `forReturn` is the return being received, whose units are its own).
   */
  async #priceLines(
    trx: Transaction<Database>,
    order: OrderRow,
    requested: readonly { item: OrderItemRow; qty: number }[],
    forReturn?: number,
  ): Promise<Result<PricedLines, RefundFailure>> {
    const [refunded, held] = await Promise.all([repo.refundedUnits(trx, order.id), this.orders.heldByReturns(trx, order.id, forReturn)]);
    const lines: repo.RefundLineValues[] = [];
    for (const { item, qty } of requested) {
      const before = refunded.get(item.id) ?? 0;
      const inReturns = held.get(item.id) ?? 0;
      const max = Math.max(0, item.qty - before - inReturns);
      if (qty > max) return fail({ kind: "too-many-units", productId: item.product_id as number, name: lineName(item), max, inReturns });
      const share = (total: number | string) => shareOf(Number(total), before, qty, item.qty);
      const cgst = share(item.cgst_paise);
      const sgst = share(item.sgst_paise);
      const igst = share(item.igst_paise);
      const tax = order.tax_mode === "gst" ? cgst + sgst + igst : share(item.tax_paise);
      // Prices that included GST: the units give back what they cost (price × qty less their share
      // of the line's discount) with their share of the line's GST inside; the taxable value is the
      // rest. Shares add up, so a whole line gives back what was paid for it and its taxable value
      // exactly, however it is split.
      const value = Number(item.price_paise) * qty - share(item.discount_paise);
      const taxable = order.prices_include_tax ? value - tax : value;
      lines.push({
        order_item_id: item.id,
        qty,
        taxable_paise: taxable,
        cgst_paise: cgst,
        sgst_paise: sgst,
        igst_paise: igst,
        tax_paise: tax,
      });
    }
    return ok({ amountPaise: lines.reduce((sum, line) => sum + line.taxable_paise + line.tax_paise, 0), lines });
  }

  /**
   * Refunds units of an order's lines (by order item) inside the caller's transaction: the returns
   * module's receive of return `returnId`, whose units these are. Answers the refund's id, or why
   * it is refused before anything is written (the caller rolls its transaction back).
   */
  async refundLines(
    trx: Transaction<Database>,
    order: OrderRow,
    lines: readonly { orderItemId: number; qty: number }[],
    { returnId, ...refund }: { reason: string; key: string; by: number | null; returnId: number },
  ): Promise<Result<number, RefundFailure>> {
    const existing = await repo.findRefundByKey(trx, order.id, refund.key);
    if (existing) return ok(existing.id);
    const items = await this.orders.itemsOf(trx, order.id);
    const requested = lines.map(({ orderItemId, qty }) => {
      const item = items.find((candidate) => candidate.id === orderItemId);
      if (!item) throw new Error(`order item ${orderItemId} is not a line of order ${order.id}`);
      return { item, qty };
    });
    const priced = await this.#priceLines(trx, order, requested, returnId);
    return priced.ok ? this.recordRefund(trx, order, { ...priced.value, ...refund }) : priced;
  }

  /** The owner gives (or changes) the bank account or UPI id a Cash on Delivery order's refunds are paid to. */
  async setRefundAccount(user: Customer, orderId: number, input: RefundAccountInput): Promise<Result<Order, RefundAccountFailure>> {
    const saved = await this.orders.withOrder(orderId, async (trx, order): Promise<Result<void, RefundAccountFailure>> => {
      if (order.user_id !== user.id) return fail({ kind: "order-not-found" });
      return this.saveRefundAccount(trx, order, input);
    });
    return saved.ok ? ok(await this.orders.orderAfter(user, orderId)) : saved;
  }

  /** Stores a refund account for a Cash on Delivery order (refused for an order paid online: Razorpay refunds it). */
  async saveRefundAccount(
    trx: Transaction<Database>,
    order: OrderRow,
    input: RefundAccountInput,
  ): Promise<Result<void, RefundAccountFailure>> {
    if (order.payment_method !== "COD") return fail({ kind: "order-not-cod" });
    const at = this.deps.clock().toISOString();
    await repo.upsertRefundAccount(
      trx,
      "upi" in input
        ? {
            order_id: order.id,
            kind: "upi",
            upi: input.upi.trim().toLowerCase(),
            account_name: "",
            account_number: "",
            ifsc: "",
            updated_at: at,
          }
        : {
            order_id: order.id,
            kind: "bank",
            upi: "",
            account_name: input.accountName.trim(),
            account_number: input.accountNumber,
            ifsc: input.ifsc.toUpperCase(),
            updated_at: at,
          },
    );
    return done;
  }

  /** Staff: a transfer refund paid to the customer's account, with the bank's reference. */
  async markTransferPaid(staff: Customer, orderId: number, refundId: number, reference: string): Promise<Result<Order, RefundFailure>> {
    const refund = await repo.findRefund(this.db, orderId, refundId);
    if (!refund) return fail({ kind: "refund-not-found" });
    if (refund.method !== "transfer") return fail({ kind: "not-transfer" });
    await this.#settleRefund(refund, "processed", null, reference.trim());
    return ok(await this.orders.orderAfter(staff, orderId));
  }

  /**
   * Sends refunds Razorpay has not confirmed (new, timed out, pending) with their own idempotency
   * key: a repeat returns the refund Razorpay made before, with its current status.
   */
  async processRefunds(orderId: number | null = null): Promise<void> {
    for (const refund of await repo.findUnsettledRefunds(this.db, orderId, 50)) {
      try {
        const answer = await this.gateway.refund({
          paymentId: refund.razorpay_payment_id,
          amountPaise: Number(refund.amount_paise),
          idempotencyKey: refund.idempotency_key,
          notes: { order_id: String(refund.order_id), refund_id: String(refund.id) },
        });
        await this.#settleRefund(refund, answer.status, answer.id);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        if (error.kind === "rejected" && error.status !== 409) {
          this.log.error({ err: error, refundId: refund.id, orderId: refund.order_id }, "Razorpay refused a refund");
          await this.#settleRefund(refund, "failed", null);
        } else {
          this.log.warn({ err: error, refundId: refund.id }, "a refund could not reach Razorpay; it will be retried");
        }
      }
    }
  }

  /**
   * Reconciliation: asks Razorpay about orders whose payment news may have been lost (unpaid with
   * a Razorpay order, or cancelled unpaid recently) and settles what it reports; then retries
   * refunds not yet confirmed. A lost callback and a lost webhook together still end right.
   */
  async reconcile(): Promise<{ checked: number; settled: number }> {
    let checked = 0;
    let settled = 0;
    // Unpaid for a while (a checkout in progress is left alone), or cancelled unpaid lately (a capture can arrive after expiry).
    const now = this.deps.clock().getTime();
    const quietSince = new Date(now - RECONCILE_QUIET_MS).toISOString();
    const lateSince = new Date(now - RECONCILE_LATE_MS).toISOString();
    for (const candidate of await orderRows.findToReconcile(this.db, quietSince, lateSince, 100)) {
      checked++;
      try {
        const payments = await this.gateway.paymentsOfOrder(candidate.razorpay_order_id as string);
        for (const payment of payments.filter((p) => p.status === "captured" || p.status === "authorized")) {
          const order = await this.orders.row(candidate.id);
          if (order && (await this.settle(order, payment)) !== "already-paid") settled++;
        }
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        this.log.warn({ err: error, orderId: candidate.id }, "reconciliation could not ask Razorpay about an order");
      }
    }
    await this.processRefunds(null);
    return { checked, settled };
  }

  /** The refunds of these orders with their lines, for the order JSON and the order process's guards. */
  async refundsOf(orderIds: readonly number[], db: Reader = this.db): Promise<Map<number, RefundView[]>> {
    const rows = await repo.findRefunds(db, orderIds);
    const linesOf = new Map<number, repo.RefundLineRow[]>();
    for (const line of await repo.findRefundLines(
      db,
      rows.map((row) => row.id),
    ))
      linesOf.set(line.refund_id, [...(linesOf.get(line.refund_id) ?? []), line]);
    const byOrder = new Map<number, RefundView[]>();
    for (const row of rows) {
      const list = byOrder.get(row.order_id) ?? [];
      list.push({
        id: row.id,
        amountPaise: Number(row.amount_paise),
        reason: row.reason,
        status: row.status,
        createdAt: row.created_at,
        paymentId: row.razorpay_payment_id,
        method: row.method,
        reference: row.reference,
        lines: (linesOf.get(row.id) ?? []).map((line) => ({ orderItemId: line.order_item_id, qty: line.qty })),
      });
      byOrder.set(row.order_id, list);
    }
    return byOrder;
  }

  /**
   * The refunds of orders' payments processed since an instant, for the dashboard's money back.
   * A refund of a duplicate or late payment is left out: that money was never counted as received.
   */
  async refundedSince(since: Date): Promise<{ refundedAt: Date; amountPaise: number }[]> {
    const rows = await repo.findProcessedSince(this.db, since.toISOString());
    const orders = await this.orders.rowsWithItems([...new Set(rows.map((row) => row.order_id))]);
    return rows
      .filter((row) => {
        const order = orders.get(row.order_id)?.row;
        return order !== undefined && row.razorpay_payment_id === paymentOf(order);
      })
      .map((row) => ({ refundedAt: new Date(row.updated_at as string | Date), amountPaise: Number(row.amount_paise) }));
  }

  /** The lines of one refund, with their amounts (a credit note follows their rates). */
  refundLinesOf(refundId: number, db: Reader = this.db): Promise<repo.RefundLineRow[]> {
    return repo.findRefundLines(db, [refundId]);
  }

  /** Where these Cash on Delivery orders' refunds go: masked for the customer, whole for staff who pay them. */
  async refundAccountsOf(orderIds: readonly number[], db: Reader = this.db): Promise<Map<number, RefundAccountView>> {
    const byOrder = new Map<number, RefundAccountView>();
    for (const row of await repo.findRefundAccounts(db, orderIds)) {
      if (row.kind === "upi") byOrder.set(row.order_id, { kind: "upi", display: row.upi, staffDisplay: row.upi });
      else {
        const bank = (number: string) => `${row.account_name}, A/c ${number}, IFSC ${row.ifsc}`;
        byOrder.set(row.order_id, {
          kind: "bank",
          display: bank(`XXXX${row.account_number.slice(-4)}`),
          staffDisplay: bank(row.account_number),
        });
      }
    }
    return byOrder;
  }

  /** Sandbox only: the amount Razorpay would charge for one of the shop's Razorpay orders. */
  async amountOf(razorpayOrderId: string): Promise<number | null> {
    const order = await orderRows.findOrderByRazorpayId(this.db, razorpayOrderId);
    return order ? Number(order.total_paise) : null;
  }

  /** A paid order cancelled: what is left of its payment goes back, recorded with the cancellation. */
  async #refundOnCancel({ trx, order }: TransitionContext): Promise<void> {
    if (order.paid_at === null) return;
    const paymentId = paymentOf(order);
    if (!paymentId) {
      this.log.error({ orderId: order.id }, "a paid order was cancelled but has no payment to refund: refund it by hand");
      return;
    }
    const left = Number(order.total_paise) - (await repo.sumRefunds(trx, order.id, paymentId));
    if (left <= 0) return;
    await this.#recordRefund(trx, order, {
      paymentId,
      amountPaise: left,
      lines: [],
      reason: "Order cancelled",
      key: `cancel-${order.id}`,
      by: null,
    });
  }

  async #recordRefund(
    trx: Transaction<Database>,
    order: OrderRow,
    refund: {
      paymentId: string;
      amountPaise: number;
      lines?: repo.RefundLineValues[];
      method?: "razorpay" | "transfer";
      reason: string;
      key: string;
      by: number | null;
    },
  ): Promise<number> {
    const existing = await repo.findRefundByKey(trx, order.id, refund.key);
    if (existing) return existing.id;
    const id = await repo.insertRefund(trx, {
      order_id: order.id,
      amount_paise: refund.amountPaise,
      reason: refund.reason,
      idempotency_key: refund.key,
      razorpay_payment_id: refund.paymentId,
      method: refund.method ?? "razorpay",
      created_by: refund.by,
      at: this.deps.clock().toISOString(),
    });
    await repo.insertRefundLines(trx, id, refund.lines ?? []);
    return id;
  }

  /**
   * A refund's news from Razorpay: pending stays pending (with Razorpay's id); processed tells the
   * customer and, once the whole payment is back, moves the order to refunded. Answers whether it changed.
   */
  async #settleRefund(
    refund: repo.RefundRow,
    status: "pending" | "processed" | "failed",
    razorpayRefundId: string | null,
    reference = "",
  ): Promise<boolean> {
    const at = this.deps.clock().toISOString();
    let settledNow = false;
    await this.orders.withOrder(refund.order_id, async (trx, order) => {
      settledNow = await repo.settleRefund(trx, refund.id, { status, razorpay_refund_id: razorpayRefundId, reference, at });
      if (!settledNow || status === "pending") return;
      this.orders.announce(trx, order.id, "refund");
      if (status !== "processed") return;
      const processed = {
        id: refund.id,
        amountPaise: Number(refund.amount_paise),
        reason: refund.reason,
        lines: await this.refundLinesOf(refund.id, trx),
      };
      await this.deps.notices.refunded(trx, order, processed);
      const ofOrderPayment = refund.razorpay_payment_id === paymentOf(order);
      for (const listener of this.#refundListeners) await listener({ trx, order, refund: processed, ofOrderPayment });
      if (!ofOrderPayment) return;
      const refunded = await repo.sumRefunds(trx, order.id, refund.razorpay_payment_id, ["processed"]);
      // The order process decides whether the order is now "refunded" (from the states that can be).
      if (refunded >= Number(order.total_paise) && this.orders.canMove(order, "refund")) {
        await this.orders.transition(trx, order, "refund", SYSTEM, { note: "Refunded in full" });
      }
    });
    return settledNow && status !== "pending";
  }
}
