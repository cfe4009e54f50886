import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { API } from '../../common/api-paths';
import type { Order, OrderPayment } from '../../common/schemas/order';
import { createProduct } from '../db/factories/product.factory';
import { orderHistory } from '../modules/order/order.schema';
import { payments } from '../modules/payments/payments.schema';
import { silentLogger } from '../providers/logger';
import {
  type CreateProviderOrder,
  type PaymentProvider,
  PaymentProviderError,
  type RefundPayment,
} from '../providers/payment/payment-provider';
import { paymentSignature, webhookSignature } from '../providers/payment/signatures';
import { createSimulatorPaymentProvider } from '../providers/payment/simulator';
import { simulatorId } from '../providers/payment/simulator-store';
import type { Shopper } from './order-kit';
import type { TestApp } from './test-app';

/** Shared set-up of the payment tests (server/test/payments*.test.ts). */

export const KEY_SECRET = 'test-key-secret';
export const WEBHOOK_SECRET = 'test-webhook-secret';

/**
 * The payment simulator with known secrets, recording the calls made to it; `fail` makes the next
 * calls of one kind throw as an unreachable provider would.
 */
export function recordingPaymentProvider({
  keySecret = KEY_SECRET,
  webhookSecret = WEBHOOK_SECRET,
}: {
  keySecret?: string;
  webhookSecret?: string;
} = {}) {
  const simulator = createSimulatorPaymentProvider({
    dir: mkdtempSync(path.join(os.tmpdir(), 'pehnava-payments-')),
    keySecret,
    webhookSecret,
    shopName: 'Pehnava',
    log: silentLogger,
  });
  const calls = { createOrder: [] as CreateProviderOrder[], refund: [] as RefundPayment[] };
  const fail = { createOrder: false, refund: false };
  const provider: PaymentProvider = {
    ...simulator,
    async createOrder(order) {
      calls.createOrder.push(order);
      if (fail.createOrder) throw new PaymentProviderError('simulated outage');
      return simulator.createOrder(order);
    },
    async refund(refund) {
      calls.refund.push(refund);
      if (fail.refund) throw new PaymentProviderError('simulated outage');
      return simulator.refund(refund);
    },
  };
  return { provider, calls, fail };
}

/** A product priced ₹499 with 10 White/M and 5 White/L; an order of one ships for ₹49, total ₹548. */
export const kurta = (t: TestApp) =>
  createProduct(t.database.db, { name: 'Cotton Kurta', price: 499, mrp: 799 });

export const onlinePayload = (s: Shopper, productId: string, quantity = 1) => ({
  addressId: s.address._id,
  cartItems: [{ productId, quantity, price: 499, selectedColor: 'White', selectedSize: 'M' }],
  orderNotes: '',
  paymentMode: 'ONLINE',
});

/** Places an online order; fails the test unless it is answered 201 with a payment to open. */
export async function placeOnline(
  s: Shopper,
  productId: string,
  quantity = 1,
): Promise<{ order: Order; payment: OrderPayment }> {
  const res = await s.client.request({
    method: 'POST',
    url: API.order.place,
    payload: onlinePayload(s, productId, quantity),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** What the provider hands the browser after a payment, signed with `keySecret`. */
export function signedPayment(
  providerOrderId: string,
  keySecret = KEY_SECRET,
  paymentId = simulatorId('pay'),
) {
  return { providerOrderId, paymentId, signature: paymentSignature(keySecret, providerOrderId, paymentId) };
}

export const verify = (s: Shopper, payload: object) =>
  s.client.request({ method: 'POST', url: API.payments.verify, payload });

/** A Razorpay-shaped payment event body. */
export function paymentEvent(
  event: 'payment.captured' | 'payment.failed' | 'order.paid',
  payment: { id: string; order_id: string; amount: number; currency?: string },
): string {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          entity: 'payment',
          currency: 'INR',
          status: event === 'payment.failed' ? 'failed' : 'captured',
          ...payment,
        },
      },
    },
    created_at: 1795340000,
  });
}

/** A Razorpay-shaped refund.processed body. */
export function refundEvent(refund: { id: string; payment_id: string; amount: number }): string {
  return JSON.stringify({
    entity: 'event',
    event: 'refund.processed',
    contains: ['refund', 'payment'],
    payload: { refund: { entity: { entity: 'refund', currency: 'INR', status: 'processed', ...refund } } },
    created_at: 1795340000,
  });
}

/** Posts a webhook as the provider does: no cookies, no CSRF token, the raw body signed. */
export function postWebhook(
  t: TestApp,
  body: string,
  {
    secret = WEBHOOK_SECRET,
    eventId = simulatorId('evt'),
    signature,
  }: { secret?: string; eventId?: string; signature?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: API.payments.webhook,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature ?? webhookSignature(secret, body),
      'x-razorpay-event-id': eventId,
    },
    payload: body,
  });
}

export async function paymentRowOf(t: TestApp, orderId: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  return row;
}

export async function historyOf(t: TestApp, orderId: string) {
  return t.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId));
}

export async function orderOf(s: Shopper, orderId: string) {
  return s.client.request({ method: 'GET', url: API.order.one(orderId) });
}
