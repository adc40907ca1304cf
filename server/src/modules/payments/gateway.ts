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
}

export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
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
 * A small typed Razorpay client on fetch (DESIGN §2: no SDK — it hard-codes the host and
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

  async #request(method: string, path: string, payload?: unknown): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await this.#fetch(`${this.#base}${path}`, {
        method,
        headers: {
          Authorization: `Basic ${Buffer.from(`${this.keyId}:${this.#secret}`).toString("base64")}`,
          "Content-Type": "application/json",
          Accept: "application/json",
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
 * The payment sandbox of DESIGN §6: order ids are made here, and the sandbox checkout (served by
 * the server in sandbox mode only) asks `pay()` for a payment id and a signature made with the
 * sandbox secret — so the browser completes payment through the very same verification path.
 */
export class SandboxGateway implements PaymentGateway {
  readonly mode = "sandbox" as const;
  readonly keyId = "rzp_test_sandbox";
  readonly #secret: string;

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

  /** What Razorpay's servers do when the shopper pays: a payment id and its signature. */
  pay(razorpayOrderId: string): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string } | null {
    if (!razorpayOrderId.startsWith("order_sandbox")) return null;
    const paymentId = `pay_sandbox${randomBytes(7).toString("hex")}`;
    return {
      razorpay_order_id: razorpayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(this.#secret, razorpayOrderId, paymentId),
    };
  }
}
