import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  headers: IncomingMessage["headers"];
  body: unknown;
}

type Behaviour = "ok" | "reject" | "hang" | "garbage";

interface FakeOrder {
  id: string;
  entity: "order";
  amount: number;
  currency: string;
  receipt: unknown;
  status: string;
}

export interface FakePayment {
  id: string;
  entity: "payment";
  order_id: string;
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  amount_refunded: number;
}

export interface FakeRefund {
  id: string;
  entity: "refund";
  payment_id: string;
  amount: number;
  currency: string;
  status: "pending" | "processed" | "failed";
}

/**
 * A local stand-in for Razorpay's API on 127.0.0.1, for testing the real gateway client against
 * the same shapes: orders, payments (fetch, list per order, capture) and refunds with the
 * X-Refund-Idempotency header. Tests play the shopper with addPayment(); it records requests and
 * can accept, reject (400 with Razorpay's error shape), hang or answer something that is not JSON.
 */
export class FakeRazorpay {
  readonly requests: RecordedRequest[] = [];
  behaviour: Behaviour = "ok";
  /** The status new refunds get. */
  refundStatus: FakeRefund["status"] = "processed";
  /** Refund requests that time out before answering (the refund is still made): for retry tests. */
  dropRefundAnswers = 0;
  readonly orders = new Map<string, FakeOrder>();
  readonly payments = new Map<string, FakePayment>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly #refundKeys = new Map<string, { refund: FakeRefund; body: string }>();
  #server: Server | null = null;
  #next = 1;

  async start(): Promise<string> {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server?.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  /** The shopper pays (or fails to) on a Razorpay order; defaults to its amount in INR, captured. */
  addPayment(orderId: string, overrides: Partial<Pick<FakePayment, "amount" | "currency" | "status">> = {}): FakePayment {
    const order = this.orders.get(orderId);
    const payment: FakePayment = {
      id: `pay_fake${randomBytes(6).toString("hex")}`,
      entity: "payment",
      order_id: orderId,
      amount: overrides.amount ?? order?.amount ?? 0,
      currency: overrides.currency ?? "INR",
      status: overrides.status ?? "captured",
      amount_refunded: 0,
    };
    this.payments.set(payment.id, payment);
    return payment;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    const path = req.url ?? "";
    this.requests.push({ method: req.method ?? "", path, authorization: req.headers.authorization, headers: req.headers, body });
    const send = (status: number, answer: unknown): void => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
    };
    const error = (status: number, description: string) => send(status, { error: { code: "BAD_REQUEST_ERROR", description } });

    if (this.behaviour === "hang") return; // never answers
    if (this.behaviour === "garbage") {
      res.writeHead(200, { "content-type": "text/html" }).end("<html>maintenance</html>");
      return;
    }
    if (this.behaviour === "reject") {
      send(400, { error: { code: "BAD_REQUEST_ERROR", description: "The amount must be atleast INR 1.00", field: "amount" } });
      return;
    }
    const ofOrder = path.match(/^\/v1\/orders\/([^/]+)\/payments$/)?.[1];
    const paymentPath = path.match(/^\/v1\/payments\/([^/]+)(?:\/(capture|refund))?$/);
    const paymentId = paymentPath?.[1];
    const action = paymentPath?.[2] ?? "";
    if (req.method === "POST" && path === "/v1/orders") {
      const order: FakeOrder = {
        id: `order_fake${this.#next++}`,
        entity: "order",
        amount: Number(body?.amount),
        currency: String(body?.currency),
        receipt: body?.receipt,
        status: "created",
      };
      this.orders.set(order.id, order);
      return send(200, order);
    }
    if (req.method === "GET" && ofOrder) {
      const items = [...this.payments.values()].filter((p) => p.order_id === ofOrder);
      return send(200, { entity: "collection", count: items.length, items });
    }
    if (req.method === "GET" && paymentId && !action) {
      const payment = this.payments.get(paymentId);
      return payment ? send(200, payment) : error(400, "The id provided does not exist");
    }
    if (req.method === "POST" && paymentId && action === "capture") {
      const payment = this.payments.get(paymentId);
      if (!payment) return error(400, "The id provided does not exist");
      if (payment.status !== "authorized") return error(400, "This payment has already been captured");
      if (body?.amount !== payment.amount) return error(400, "Capture amount must be equal to the amount authorized");
      payment.status = "captured";
      return send(200, payment);
    }
    if (req.method === "POST" && paymentId && action === "refund") {
      const key = req.headers["x-refund-idempotency"];
      const keyText = typeof key === "string" ? key : "";
      const seen = this.#refundKeys.get(keyText);
      if (seen) {
        if (seen.body !== text) return error(400, "Different request with the same idempotency key has already been processed.");
        return send(200, seen.refund);
      }
      const payment = this.payments.get(paymentId);
      if (!payment) return error(400, "The id provided does not exist");
      if (payment.status !== "captured") return error(400, "The payment has not been captured");
      const amount = Number(body?.amount ?? payment.amount - payment.amount_refunded);
      if (amount > payment.amount - payment.amount_refunded)
        return error(400, "The refund amount provided is greater than amount captured");
      payment.amount_refunded += amount;
      const refund: FakeRefund = {
        id: `rfnd_fake${randomBytes(6).toString("hex")}`,
        entity: "refund",
        payment_id: payment.id,
        amount,
        currency: "INR",
        status: this.refundStatus,
      };
      this.refunds.set(refund.id, refund);
      if (keyText) this.#refundKeys.set(keyText, { refund, body: text });
      if (this.dropRefundAnswers > 0) {
        this.dropRefundAnswers--;
        return; // made, but the answer is lost
      }
      return send(200, refund);
    }
    send(404, { error: { code: "NOT_FOUND", description: "not found" } });
  }
}
