import type { PublicConfig } from "@krishi/contract";
import type { PaymentProof } from "./orders-api.ts";

/** Razorpay's error for a failed payment (what `payment.failed` hands its listeners). */
export interface RazorpayFailure {
  code?: string;
  description?: string;
  source?: string;
  step?: string;
  reason?: string;
  metadata?: { order_id?: string; payment_id?: string };
}

/** The options of Razorpay's Standard Checkout that the shop uses. */
export interface RazorpayOptions {
  key: string;
  /** In paise. */
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: { name: string; email: string };
  theme: { color: string };
  handler: (response: PaymentProof) => void;
  modal?: { ondismiss?: () => void };
}

export interface RazorpayCheckout {
  on(event: "payment.failed", listener: (response: { error: RazorpayFailure }) => void): void;
  open(): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

export const RAZORPAY_CHECKOUT_URL = "https://checkout.razorpay.com/v1/checkout.js";
/** Served by our own server in sandbox mode: the same API, with Pay / Fail buttons. */
export const SANDBOX_CHECKOUT_URL = "/sandbox/razorpay/checkout.js";

export const CHECKOUT_LOAD_FAILED = "Could not load the payment window. Check your connection and try again.";

/** Where the checkout script comes from: the sandbox's when the server runs without keys. */
export function checkoutScriptUrl(config: Pick<PublicConfig, "paymentSandbox"> | undefined): string {
  return config?.paymentSandbox ? SANDBOX_CHECKOUT_URL : RAZORPAY_CHECKOUT_URL;
}

let loading: Promise<RazorpayConstructor> | null = null;

/**
 * Razorpay's checkout, loading its script first when `window.Razorpay` is absent
 * (docs/storefront.md, "Calls"). Rejects with CHECKOUT_LOAD_FAILED when the script cannot be loaded
 * or defines nothing; the next call tries again. Concurrent calls share one script element.
 */
export function loadRazorpay(src: string): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    const fail = () => {
      script.remove();
      loading = null;
      reject(new Error(CHECKOUT_LOAD_FAILED));
    };
    script.addEventListener("error", fail);
    script.addEventListener("load", () => {
      if (!window.Razorpay) return fail();
      loading = null;
      resolve(window.Razorpay);
    });
    document.head.append(script);
  });
  return loading;
}
