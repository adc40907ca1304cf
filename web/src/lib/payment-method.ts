import { DEFAULT_PAYMENT_METHOD } from "@krishi/contract";
import { t } from "../i18n/index.ts";

/**
 * The shop's one payment method when it takes one only (Razorpay, Cash on Delivery being off: the
 * spec's shop), so checkout need not ask; null when the shopper chooses (or the settings are not in yet).
 */
export function onlyPaymentMethod(config: { cod: { enabled: boolean } } | undefined): string | null {
  return config && !config.cod.enabled ? DEFAULT_PAYMENT_METHOD : null;
}

/**
 * A payment method's name as shoppers read it, in the shop's language: Razorpay spelt in English
 * as the company spells it (the API's value stays the spec's "RazorPay", which its Payment screen
 * shows), in Hindi in Devanagari; Cash on Delivery.
 */
export function paymentMethodName(method: string): string {
  if (method === "COD") return t("Cash on Delivery");
  return method === DEFAULT_PAYMENT_METHOD ? t("Razorpay") : method;
}
