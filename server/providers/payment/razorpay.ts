import { z } from 'zod';
import type { ProviderLogger } from '../logger';
import { type PaymentProvider, PaymentProviderError } from './payment-provider';
import { isValidPaymentSignature, isValidWebhookSignature } from './signatures';

export const RAZORPAY_API_URL = 'https://api.razorpay.com';

const orderAnswer = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
});
const refundAnswer = z.object({ id: z.string().min(1) });
const errorAnswer = z.object({ error: z.object({ description: z.string().optional() }).optional() });

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  log: ProviderLogger;
  /** The API's base address; only tests change it, to a fake server. */
  apiUrl?: string;
  timeoutMs?: number;
}

/**
 * Razorpay over its REST API with fetch (no SDK): the Orders API to open an order, the Refunds API,
 * HTTP basic auth with the key id and secret. The browser pays in Razorpay Checkout; its result and
 * the webhooks are verified with the shared signature helpers.
 */
export function createRazorpayPaymentProvider({
  keyId,
  keySecret,
  webhookSecret,
  log,
  apiUrl = RAZORPAY_API_URL,
  timeoutMs = 10_000,
}: RazorpayOptions): PaymentProvider {
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  /** POSTs JSON and returns the parsed answer; any failure becomes a PaymentProviderError. */
  async function post<T>(path: string, body: unknown, answer: z.ZodType<T>): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderError(`razorpay: ${path} unreachable (${(error as Error).message})`, {
        cause: error,
      });
    }
    const text = await response.text();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    if (!response.ok) {
      const description = errorAnswer.safeParse(data).data?.error?.description ?? 'no description';
      throw new PaymentProviderError(`razorpay: ${path} answered HTTP ${response.status}: ${description}`);
    }
    const parsed = answer.safeParse(data);
    if (!parsed.success) throw new PaymentProviderError(`razorpay: ${path} answered an unexpected body`);
    return parsed.data;
  }

  return {
    name: 'razorpay',
    keyId,

    async createOrder({ amountPaise, receipt, orderId }) {
      const order = await post(
        '/v1/orders',
        { amount: amountPaise, currency: 'INR', receipt, notes: { order_id: orderId } },
        orderAnswer,
      );
      // The amount the shopper will be asked for must be exactly the order's.
      if (order.amount !== amountPaise || order.currency !== 'INR') {
        throw new PaymentProviderError(
          `razorpay: order ${order.id} was opened for ${order.amount} ${order.currency}, not ${amountPaise} INR`,
        );
      }
      return { providerOrderId: order.id, amountPaise, currency: 'INR' };
    },

    async refund({ paymentId, amountPaise, receipt }) {
      const refund = await post(
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount: amountPaise, speed: 'normal', receipt },
        refundAnswer,
      );
      log.info(`razorpay: refund ${refund.id} of ${paymentId} initiated`);
      return { refundId: refund.id };
    },

    verifyPayment: (payment) => isValidPaymentSignature(keySecret, payment),
    verifyWebhook: (rawBody, signature) => isValidWebhookSignature(webhookSecret, rawBody, signature),
  };
}
