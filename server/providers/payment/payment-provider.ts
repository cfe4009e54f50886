import type { FastifyPluginAsync } from 'fastify';
import type { PaymentProviderName } from '../../../common/schemas/order';

/** An order opened at the provider: the shopper pays against its id. Amounts are integer paise. */
export interface ProviderOrder {
  providerOrderId: string;
  amountPaise: number;
  currency: 'INR';
}

export interface CreateProviderOrder {
  amountPaise: number;
  /** Our order number, shown in the provider's dashboard (Razorpay's `receipt`, at most 40 characters). */
  receipt: string;
  /** Our order id, kept in the provider order's notes; the simulator sends the browser back to it. */
  orderId: string;
}

export interface RefundPayment {
  paymentId: string;
  amountPaise: number;
  /** Our reference for the refund (Razorpay's refund `receipt`). */
  receipt: string;
}

/** What the browser hands over after paying: Razorpay's three callback values. */
export interface SignedPayment {
  providerOrderId: string;
  paymentId: string;
  signature: string;
}

/** The provider refused or could not be reached; the message is for the log, never for the shopper. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/**
 * Online payment (DESIGN.md §4, docs/decisions/006-payments.md). Both adapters sign the way Razorpay
 * does, so the same checks run in the demo, the tests and production.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The public key id the browser's checkout is opened with. */
  readonly keyId: string;
  /** Opens an order at the provider for the amount; throws PaymentProviderError when it cannot. */
  createOrder(order: CreateProviderOrder): Promise<ProviderOrder>;
  /** Refunds a captured payment in full; throws PaymentProviderError when it cannot. */
  refund(refund: RefundPayment): Promise<{ refundId: string }>;
  /** True only for HMAC-SHA256(key secret, `${providerOrderId}|${paymentId}`); false without a secret. */
  verifyPayment(payment: SignedPayment): boolean;
  /** True only for HMAC-SHA256(webhook secret, raw body); false without a secret or a signature. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean;
  /** Pages the provider serves inside the app: the simulator's hosted payment page; none for Razorpay. */
  readonly routes?: FastifyPluginAsync;
}
