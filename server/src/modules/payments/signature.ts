import { createHmac, timingSafeEqual } from "node:crypto";

/** hex(HMAC_SHA256(secret, message)) — Razorpay's signature scheme for payments and webhooks. */
export function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac("sha256", secret).update(message).digest("hex");
}

/** Constant-time comparison of a presented hex signature with the expected one. */
export function signatureMatches(secret: string, message: string | Buffer, presented: string): boolean {
  const expected = Buffer.from(hmacHex(secret, message), "utf8");
  const given = Buffer.from(presented, "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The checkout signature: HMAC of `razorpay_order_id|razorpay_payment_id` with the key secret. */
export function paymentSignature(secret: string, razorpayOrderId: string, razorpayPaymentId: string): string {
  return hmacHex(secret, `${razorpayOrderId}|${razorpayPaymentId}`);
}

export interface CheckoutProof {
  razorpayOrderId: string;
  razorpayPaymentId: string;
  signature: string;
}

/** Checks the signature checkout hands the browser after a successful payment. */
export function checkoutSignatureMatches(secret: string, { razorpayOrderId, razorpayPaymentId, signature }: CheckoutProof): boolean {
  return signatureMatches(secret, `${razorpayOrderId}|${razorpayPaymentId}`, signature);
}
