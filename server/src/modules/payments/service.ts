import { CURRENCY, type Order } from "@krishi/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database.ts";
import { badRequest, HttpError, notFound } from "../../lib/errors.ts";
import * as orders from "../orders/repository.ts";
import { type Customer, ORDER_NOT_FOUND, type OrdersService } from "../orders/service.ts";
import { GatewayError, type PaymentGateway } from "./gateway.ts";
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
    payment?: { entity?: { id?: string; order_id?: string; amount?: number; status?: string } };
    order?: { entity?: { id?: string; amount_paid?: number; amount?: number } };
  };
}

export type WebhookOutcome = "paid" | "duplicate" | "ignored";

/**
 * Payment: an order becomes paid only after the server verifies Razorpay's signature against
 * the Razorpay order id it stored itself, or after a verified webhook for the full amount.
 */
export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly ordersService: OrdersService,
    private readonly gateway: PaymentGateway,
    private readonly webhookSecret: string | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Opens (or reopens) payment for the owner's unpaid order; the amount must be its total. */
  async startPayment(user: Customer, orderId: number, amountPaise: number): Promise<CheckoutOrder> {
    const order = await orders.findOrder(this.db, orderId);
    if (!order || order.user_id !== user.id) throw notFound(ORDER_NOT_FOUND);
    if (order.status !== "created") throw badRequest("Order is already paid.");
    const total = Number(order.total_paise);
    if (amountPaise !== total) throw badRequest("Amount does not match the order total.", { amount: [`Expected ${total} paise.`] });

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
        throw new HttpError(502, "The payment provider is unavailable. Please try again in a moment.");
      }
      // Two tabs may race here: whichever stored first wins, and both pay that Razorpay order.
      razorpayOrderId = (await orders.attachRazorpayOrder(this.db, order.id, created.id)) ?? created.id;
    }
    return { id: razorpayOrderId, amount: total, currency: CURRENCY, key: this.gateway.keyId };
  }

  /** The browser's proof of payment from checkout. Idempotent; a forged proof changes nothing. */
  async confirmPayment(user: Customer, orderId: number, proof: PaymentProof): Promise<Order> {
    const order = await orders.findOrder(this.db, orderId);
    if (!order || order.user_id !== user.id) throw notFound(ORDER_NOT_FOUND);
    if (!order.razorpay_order_id || proof.razorpay_order_id !== order.razorpay_order_id) {
      throw badRequest("This payment does not belong to this order.", { razorpay_order_id: ["Does not match the order."] });
    }
    const genuine = this.gateway.verifyPayment({
      razorpayOrderId: order.razorpay_order_id,
      razorpayPaymentId: proof.razorpay_payment_id,
      signature: proof.razorpay_signature,
    });
    if (!genuine) {
      this.log.warn({ orderId }, "refused a payment with an invalid signature");
      throw badRequest("Payment signature is invalid.", { razorpay_signature: ["Invalid signature."] });
    }
    if (order.status === "created") {
      await orders.moveStatus(this.db, order.id, "created", "paid", new Date().toISOString(), proof.razorpay_payment_id);
    }
    return this.ordersService.getOrder(order.id);
  }

  /** Razorpay's webhook: signed raw body, de-duplicated by event id, state only moves forward. */
  async handleWebhook(rawBody: Buffer, signature: string | undefined, eventId: string | undefined): Promise<WebhookOutcome> {
    if (!this.webhookSecret) throw new HttpError(503, "Webhooks are not configured.");
    if (!signature || !signatureMatches(this.webhookSecret, rawBody, signature)) {
      throw badRequest("Invalid webhook signature.");
    }
    let event: WebhookEvent;
    try {
      event = JSON.parse(rawBody.toString("utf8")) as WebhookEvent;
    } catch {
      throw badRequest("JSON parse error - the request body is not valid JSON.");
    }
    const type = event.event ?? "unknown";
    const payment = event.payload?.payment?.entity;
    const razorpayOrderId = payment?.order_id ?? event.payload?.order?.entity?.id;
    const order = razorpayOrderId ? await orders.findOrderByRazorpayId(this.db, razorpayOrderId) : undefined;

    const amount = type === "order.paid" ? (event.payload?.order?.entity?.amount_paid ?? payment?.amount) : payment?.amount;
    // Recording the event and acting on it commit together: a failure leaves the event unrecorded,
    // so Razorpay's retry is handled afresh instead of being taken for a duplicate.
    return this.db.transaction().execute(async (trx): Promise<WebhookOutcome> => {
      const fresh = await orders.recordPaymentEvent(trx, {
        id: eventId ?? `${type}:${payment?.id ?? razorpayOrderId ?? "none"}`,
        order_id: order?.id ?? null,
        type,
      });
      if (!fresh) return "duplicate";
      if (type !== "payment.captured" && type !== "order.paid") return "ignored";
      if (!order) {
        this.log.warn({ razorpayOrderId, type }, "webhook for an unknown Razorpay order");
        return "ignored";
      }
      if (amount !== Number(order.total_paise)) {
        this.log.error({ orderId: order.id, amount, total: order.total_paise }, "webhook amount differs from the order total");
        return "ignored";
      }
      const moved = await orders.moveStatus(trx, order.id, "created", "paid", new Date().toISOString(), payment?.id);
      return moved ? "paid" : "ignored";
    });
  }
}
