import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SignedPayment } from './payment-provider';

/**
 * Razorpay's signatures (docs/decisions/006-payments.md): lower-case hex HMAC-SHA256. Both adapters
 * use these, so the simulator signs exactly as Razorpay does and one check serves both.
 */

function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** The signature Razorpay hands the browser after a payment: HMAC(key secret, `order_id|payment_id`). */
export function paymentSignature(keySecret: string, providerOrderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${providerOrderId}|${paymentId}`);
}

/** The X-Razorpay-Signature of a webhook: HMAC(webhook secret, the raw request body). */
export function webhookSignature(webhookSecret: string, rawBody: Buffer | string): string {
  return hmacHex(webhookSecret, rawBody);
}

/**
 * Compares in constant time. The expected value is always 64 hex characters, so a given value of
 * another length is refused before timingSafeEqual (which needs equal lengths) and leaks only that.
 */
function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checks a payment's signature; a missing secret refuses everything (fails closed). */
export function isValidPaymentSignature(keySecret: string | undefined, payment: SignedPayment): boolean {
  if (!keySecret || !payment.signature) return false;
  return sameSignature(
    paymentSignature(keySecret, payment.providerOrderId, payment.paymentId),
    payment.signature,
  );
}

/** Checks a webhook's signature over its raw body; a missing secret or header refuses (fails closed). */
export function isValidWebhookSignature(
  webhookSecret: string | undefined,
  rawBody: Buffer,
  signature: string | undefined,
): boolean {
  if (!webhookSecret || !signature) return false;
  return sameSignature(webhookSignature(webhookSecret, rawBody), signature);
}
