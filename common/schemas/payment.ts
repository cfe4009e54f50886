import { z } from 'zod';
import { orderSchema } from './order';
import { singleLine } from './text';

/**
 * The query parameters a finished payment brings back to the web app: Razorpay's own callback names,
 * so the simulator's redirect and Razorpay Checkout's handler hand over the same three values.
 */
export const PAYMENT_RETURN_PARAMS = {
  providerOrderId: 'razorpay_order_id',
  paymentId: 'razorpay_payment_id',
  signature: 'razorpay_signature',
  /** `payment=failed`: the shopper's payment did not go through. */
  outcome: 'payment',
} as const;

/** Where the browser comes back to after paying (the order's confirmation page). */
export const paymentReturnPath = (orderId: string) => `/order-confirmed/${encodeURIComponent(orderId)}`;

/** The texts of the payment answers, in one place for the server, the web app and the tests. */
export const PAYMENT_MESSAGES = {
  signatureInvalid: 'This payment could not be verified.',
  orderMismatch: 'This payment does not belong to this order.',
  refundedExpired:
    'This order expired before your payment arrived, so your payment is being refunded. Please place the order again.',
  refundedCancelled:
    'This order was cancelled before your payment arrived, so your payment is being refunded.',
  webhookSignature: 'Invalid webhook signature.',
  webhookBody: 'The webhook body is not a valid payment event.',
} as const;

const id = (what: string) =>
  singleLine({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(100, `${what} is too long.`);

/** `POST /api/payments/verify`: what the provider handed the browser after a successful payment. */
export const verifyPaymentSchema = z.object({
  orderId: id('The order id'),
  providerOrderId: id('The payment order id'),
  paymentId: id('The payment id'),
  signature: singleLine({ error: 'The payment signature is required.' })
    .trim()
    .min(1, 'The payment signature is required.')
    .max(200, 'The payment signature is too long.'),
});
export type VerifyPayment = z.infer<typeof verifyPaymentSchema>;

/** `POST /api/payments/verify` 200: the order, now paid. */
export const verifiedPaymentSchema = z.object({ order: orderSchema });

/**
 * `POST /api/payments/webhook` as the OpenAPI document shows it: Razorpay's event envelope. The route
 * checks the signature over the raw bytes before it reads them, so this schema only documents the body.
 */
export const paymentWebhookEventSchema = z.looseObject({
  event: z
    .string()
    .meta({ description: '`payment.captured`, `payment.failed` or `refund.processed`; others are ignored.' }),
  payload: z.record(z.string(), z.unknown()),
});

/** `POST /api/payments/webhook` 200: what became of the event. */
export const webhookAnswerSchema = z.object({ status: z.enum(['processed', 'duplicate', 'ignored']) });
export type WebhookAnswer = z.infer<typeof webhookAnswerSchema>;
