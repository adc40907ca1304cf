import { randomBytes } from "node:crypto";
import { CURRENCY } from "@krishi/contract";
import { type CheckoutProof, checkoutSignatureMatches, paymentSignature } from "./signature.ts";

/** What the shop needs from Razorpay. Production talks HTTP; development uses the sandbox. */
export interface PaymentGateway {
  readonly mode: "razorpay" | "sandbox";
  /** The public key id the browser's checkout is opened with. */
  readonly keyId: string;
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<GatewayOrder>;
  /** Checks the signature that checkout hands the browser after a successful payment. */
  verifyPayment(proof: CheckoutProof): boolean;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** Every payment attempt on one Razorpay order (reconciliation asks this). */
  paymentsOfOrder(razorpayOrderId: string): Promise<GatewayPayment[]>;
  /** Captures an authorized payment for its full amount. */
  capturePayment(paymentId: string, amountPaise: number): Promise<GatewayPayment>;
  /** Refunds part or all of a captured payment; the same key never refunds twice. */
  refund(input: { paymentId: string; amountPaise: number; idempotencyKey: string; notes?: Record<string, string> }): Promise<GatewayRefund>;
}

export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
}

export type PaymentStatus = "created" | "authorized" | "captured" | "refunded" | "failed";

export interface GatewayPayment {
  id: string;
  orderId: string | null;
  amount: number;
  currency: string;
  status: PaymentStatus;
}

export interface GatewayRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: "pending" | "processed" | "failed";
}

const PAYMENT_STATUSES: readonly string[] = ["created", "authorized", "captured", "refunded", "failed"];

/** A Razorpay payment entity (API answer or webhook payload) as the shop reads it, or null. */
export function toGatewayPayment(entity: unknown): GatewayPayment | null {
  const e = entity as Record<string, unknown> | null | undefined;
  if (!e || typeof e.id !== "string" || typeof e.amount !== "number" || typeof e.status !== "string") return null;
  if (!PAYMENT_STATUSES.includes(e.status)) return null;
  return {
    id: e.id,
    orderId: typeof e.order_id === "string" ? e.order_id : null,
    amount: e.amount,
    currency: typeof e.currency === "string" ? e.currency : "",
    status: e.status as PaymentStatus,
  };
}

/** A Razorpay refund entity as the shop reads it, or null. */
export function toGatewayRefund(entity: unknown): GatewayRefund | null {
  const e = entity as Record<string, unknown> | null | undefined;
  if (!e || typeof e.id !== "string" || typeof e.payment_id !== "string" || typeof e.amount !== "number") return null;
  const status = e.status === "processed" || e.status === "failed" ? e.status : "pending";
  return { id: e.id, paymentId: e.payment_id, amount: e.amount, status };
}

/** A failure talking to the gateway, typed so callers can tell the shopper something useful. */
export class GatewayError extends Error {
  constructor(
    readonly kind: "timeout" | "network" | "rejected" | "unexpected",
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

export interface RazorpayClientOptions {
  keyId: string;
  keySecret: string;
  apiBase: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A small typed Razorpay client on fetch (no SDK — it hard-codes the host and
 * compares signatures with ===). Basic auth with the key pair; every call has a time-out.
 */
export class RazorpayClient implements PaymentGateway {
  readonly mode = "razorpay" as const;
  readonly keyId: string;
  readonly #secret: string;
  readonly #base: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: RazorpayClientOptions) {
    this.keyId = options.keyId;
    this.#secret = options.keySecret;
    this.#base = options.apiBase.replace(/\/+$/, "");
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#fetch = options.fetch ?? fetch;
  }

  async createOrder({
    amountPaise,
    receipt,
    notes,
  }: {
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<GatewayOrder> {
    const body = await this.#request("POST", "/v1/orders", { amount: amountPaise, currency: CURRENCY, receipt, notes: notes ?? {} });
    if (typeof body.id !== "string" || typeof body.amount !== "number") {
      throw new GatewayError("unexpected", "Razorpay answered an order without id or amount");
    }
    if (body.amount !== amountPaise) throw new GatewayError("unexpected", "Razorpay created an order for a different amount");
    return { id: body.id, amount: body.amount, currency: String(body.currency ?? CURRENCY) };
  }

  verifyPayment(proof: CheckoutProof): boolean {
    return checkoutSignatureMatches(this.#secret, proof);
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment> {
    return this.#payment(await this.#request("GET", `/v1/payments/${encodeURIComponent(paymentId)}`));
  }

  async paymentsOfOrder(razorpayOrderId: string): Promise<GatewayPayment[]> {
    const body = await this.#request("GET", `/v1/orders/${encodeURIComponent(razorpayOrderId)}/payments`);
    if (!Array.isArray(body.items)) throw new GatewayError("unexpected", "Razorpay answered a payment list without items");
    return body.items.map((item) => this.#payment(item));
  }

  async capturePayment(paymentId: string, amountPaise: number): Promise<GatewayPayment> {
    return this.#payment(
      await this.#request("POST", `/v1/payments/${encodeURIComponent(paymentId)}/capture`, { amount: amountPaise, currency: CURRENCY }),
    );
  }

  async refund({
    paymentId,
    amountPaise,
    idempotencyKey,
    notes,
  }: {
    paymentId: string;
    amountPaise: number;
    idempotencyKey: string;
    notes?: Record<string, string>;
  }): Promise<GatewayRefund> {
    const body = await this.#request(
      "POST",
      `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
      { amount: amountPaise, speed: "normal", notes: notes ?? {} },
      { "X-Refund-Idempotency": idempotencyKey },
    );
    const refund = toGatewayRefund(body);
    if (!refund) throw new GatewayError("unexpected", "Razorpay answered a refund without id or amount");
    return refund;
  }

  #payment(body: unknown): GatewayPayment {
    const payment = toGatewayPayment(body);
    if (!payment) throw new GatewayError("unexpected", "Razorpay answered a payment without id, amount or status");
    return payment;
  }

  async #request(
    method: string,
    path: string,
    payload?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await this.#fetch(`${this.#base}${path}`, {
        method,
        headers: {
          Authorization: `Basic ${Buffer.from(`${this.keyId}:${this.#secret}`).toString("base64")}`,
          "Content-Type": "application/json",
          Accept: "application/json",
          ...extraHeaders,
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new GatewayError(
        timedOut ? "timeout" : "network",
        timedOut ? "Razorpay did not answer in time" : "Razorpay could not be reached",
      );
    }
    const text = await response.text();
    let body: Record<string, unknown>;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      throw new GatewayError("unexpected", `Razorpay answered ${response.status} with a body that is not JSON`, response.status);
    }
    if (!response.ok) {
      const error = body.error as { description?: string } | undefined;
      throw new GatewayError("rejected", error?.description ?? `Razorpay answered ${response.status}`, response.status);
    }
    return body;
  }
}

/**
 * The payment sandbox: it plays Razorpay offline. Orders, payments and refunds live
 * in this process's memory (a restart forgets unpaid attempts: development only); the sandbox
 * checkout (served by the server in sandbox mode only) asks `pay()` for a payment id and a
 * signature made with the sandbox secret, so the browser completes payment through the very same
 * verification path, and `fail()` records a failed attempt as Razorpay would.
 */
export class SandboxGateway implements PaymentGateway {
  readonly mode = "sandbox" as const;
  readonly keyId = "rzp_test_sandbox";
  readonly #secret: string;
  readonly #payments = new Map<string, GatewayPayment>();
  readonly #refunds = new Map<string, GatewayRefund>();

  /** Every process of one shop must derive the same secret (e.g. from JWT_SECRET). */
  constructor(secret: string) {
    this.#secret = secret;
  }

  async createOrder({ amountPaise }: { amountPaise: number }): Promise<GatewayOrder> {
    return { id: `order_sandbox${randomBytes(7).toString("hex")}`, amount: amountPaise, currency: CURRENCY };
  }

  verifyPayment(proof: CheckoutProof): boolean {
    return checkoutSignatureMatches(this.#secret, proof);
  }

  /** What Razorpay's servers do when the shopper pays: a captured payment, its id and signature. */
  pay(
    razorpayOrderId: string,
    amountPaise: number,
  ): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string } {
    const payment = this.#record(razorpayOrderId, amountPaise, "captured");
    return {
      razorpay_order_id: razorpayOrderId,
      razorpay_payment_id: payment.id,
      razorpay_signature: paymentSignature(this.#secret, razorpayOrderId, payment.id),
    };
  }

  /** A declined attempt: recorded as failed, and not final (a later pay() still pays the order). */
  fail(razorpayOrderId: string, amountPaise: number): GatewayPayment {
    return this.#record(razorpayOrderId, amountPaise, "failed");
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment> {
    const payment = this.#payments.get(paymentId);
    if (!payment) throw new GatewayError("rejected", "The id provided does not exist", 400);
    return { ...payment };
  }

  async paymentsOfOrder(razorpayOrderId: string): Promise<GatewayPayment[]> {
    return [...this.#payments.values()].filter((p) => p.orderId === razorpayOrderId).map((p) => ({ ...p }));
  }

  async capturePayment(paymentId: string): Promise<GatewayPayment> {
    const payment = this.#payments.get(paymentId);
    if (payment?.status !== "authorized") throw new GatewayError("rejected", "This payment has already been captured", 400);
    payment.status = "captured";
    return { ...payment };
  }

  async refund({
    paymentId,
    amountPaise,
    idempotencyKey,
  }: {
    paymentId: string;
    amountPaise: number;
    idempotencyKey: string;
  }): Promise<GatewayRefund> {
    const seen = this.#refunds.get(idempotencyKey);
    if (seen) return { ...seen };
    const payment = this.#payments.get(paymentId);
    if (payment?.status !== "captured") throw new GatewayError("rejected", "The payment has not been captured", 400);
    const refund: GatewayRefund = {
      id: `rfnd_sandbox${randomBytes(7).toString("hex")}`,
      paymentId,
      amount: amountPaise,
      status: "processed",
    };
    this.#refunds.set(idempotencyKey, refund);
    return { ...refund };
  }

  #record(orderId: string, amount: number, status: PaymentStatus): GatewayPayment {
    const payment: GatewayPayment = { id: `pay_sandbox${randomBytes(7).toString("hex")}`, orderId, amount, currency: CURRENCY, status };
    this.#payments.set(payment.id, payment);
    return { ...payment };
  }
}
