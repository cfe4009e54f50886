import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import type { Order } from '../../common/schemas/order';
import { PAYMENT_MESSAGES } from '../../common/schemas/payment';
import { webhookSignature } from '../providers/payment/signatures';
import { simulatorId } from '../providers/payment/simulator-store';
import { type Shopper, signedInShopper } from './order-kit';
import {
  historyOf,
  kurta,
  orderOf,
  paymentEvent,
  paymentRowOf,
  placeOnline,
  postWebhook,
  recordingPaymentProvider,
  refundEvent,
  signedPayment,
  verify,
  WEBHOOK_SECRET,
} from './payments-helpers';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let clock = new Date('2026-11-22T10:00:00.000Z');
const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
};
const { provider, calls } = recordingPaymentProvider();

let s: Shopper;
let productId: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, providers: { payment: provider } });
  s = await signedInShopper(t);
  productId = await kurta(t);
});
afterAll(() => t.close());

async function statusOf(orderId: string): Promise<[string, string, number]> {
  const order = (await orderOf(s, orderId)).json() as Order;
  return [order.paymentStatus, order.deliveryStatus, order.history.length];
}

const captured = (providerOrderId: string, paymentId = simulatorId('pay'), amount = 54800) =>
  paymentEvent('payment.captured', { id: paymentId, order_id: providerOrderId, amount });
const failed = (providerOrderId: string, paymentId = simulatorId('pay')) =>
  paymentEvent('payment.failed', { id: paymentId, order_id: providerOrderId, amount: 54800 });

describe('POST /api/payments/webhook: signature over the raw body', () => {
  it('refuses a wrong, missing or re-serialised signature with 400 and changes nothing', async () => {
    const { order, payment } = await placeOnline(s, productId);
    const body = captured(payment.providerOrderId);

    const wrong = await postWebhook(t, body, { secret: 'not-the-webhook-secret' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: PAYMENT_MESSAGES.webhookSignature,
      code: 'WEBHOOK_SIGNATURE_INVALID',
    });

    const missing = await t.app.inject({
      method: 'POST',
      url: API.payments.webhook,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(missing.statusCode).toBe(400);

    // Signed over the same JSON written differently: the bytes differ, so the signature does not hold.
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    const resent = await postWebhook(t, body, { signature: webhookSignature(WEBHOOK_SECRET, reformatted) });
    expect(resent.statusCode).toBe(400);

    expect(await statusOf(order._id)).toEqual(['Pending', 'Pending', 1]);
  });

  it('answers 400 to a signed body that is not a payment event', async () => {
    for (const body of ['not json', '{"event":"payment.captured","payload":{"payment":{}}}', '[]']) {
      const res = await postWebhook(t, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: PAYMENT_MESSAGES.webhookBody, code: 'WEBHOOK_INVALID' });
    }
  });

  it('fails closed when the webhook secret is missing: even a body signed with the empty secret is refused', async () => {
    const { provider: secretless } = recordingPaymentProvider({ keySecret: '', webhookSecret: '' });
    const closed = await createTestApp({}, { providers: { payment: secretless } });
    try {
      const body = captured('order_AAAAAAAAAAAAAA');
      const res = await postWebhook(closed, body, { secret: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
      // The same for the browser's verify call without a key secret.
      const buyer = await signedInShopper(closed);
      const res2 = await verify(buyer, { orderId: 'o', ...signedPayment('order_AAAAAAAAAAAAAA', '') });
      expect(res2.statusCode).toBe(400);
      expect(res2.json().code).toBe('PAYMENT_SIGNATURE_INVALID');
    } finally {
      await closed.close();
    }
  });
});

describe('POST /api/payments/webhook: events', () => {
  it('payment.captured marks the order Paid and Processing, recorded as the system; no CSRF token needed', async () => {
    const { order, payment } = await placeOnline(s, productId);
    const paymentId = simulatorId('pay');
    tick();
    const res = await postWebhook(t, captured(payment.providerOrderId, paymentId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'processed' });
    const now = (await orderOf(s, order._id)).json() as Order;
    expect(now).toMatchObject({ paymentStatus: 'Paid', deliveryStatus: 'Processing' });
    expect(now.history.at(-1)).toEqual({
      at: clock.toISOString(),
      deliveryStatus: 'Processing',
      paymentStatus: 'Paid',
      actor: 'system',
      note: `Paid online (payment ${paymentId}).`,
    });
    expect(await paymentRowOf(t, order._id)).toMatchObject({ status: 'paid', paymentId });

    // The browser's verify arriving after the webhook changes nothing more.
    tick();
    const answer = await verify(s, {
      orderId: order._id,
      ...signedPayment(payment.providerOrderId, undefined, paymentId),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().order.history).toHaveLength(2);
  });

  it('a redelivered event (same event id) is answered duplicate and changes the order once', async () => {
    const { order, payment } = await placeOnline(s, productId);
    const body = captured(payment.providerOrderId);
    tick();
    expect((await postWebhook(t, body, { eventId: 'evt_Redelivered001' })).json()).toEqual({
      status: 'processed',
    });
    tick();
    expect((await postWebhook(t, body, { eventId: 'evt_Redelivered001' })).json()).toEqual({
      status: 'duplicate',
    });
    // The same payment in another event (order.paid, say) is settled already.
    expect((await postWebhook(t, body)).statusCode).toBe(200);
    expect(await statusOf(order._id)).toEqual(['Paid', 'Processing', 2]);
  });

  it('out of order: payment.failed after payment.captured never takes Paid back', async () => {
    const { order, payment } = await placeOnline(s, productId);
    tick();
    await postWebhook(t, captured(payment.providerOrderId));
    tick();
    const late = await postWebhook(t, failed(payment.providerOrderId));
    expect(late.json()).toEqual({ status: 'ignored' });
    expect(await statusOf(order._id)).toEqual(['Paid', 'Processing', 2]);
    expect((await paymentRowOf(t, order._id))?.status).toBe('paid');
  });

  it('payment.failed marks the order Failed; it stays for expiry, and a later successful attempt pays it', async () => {
    const { order, payment } = await placeOnline(s, productId);
    tick();
    expect((await postWebhook(t, failed(payment.providerOrderId))).json()).toEqual({ status: 'processed' });
    const afterFailure = (await orderOf(s, order._id)).json() as Order;
    expect(afterFailure).toMatchObject({ paymentStatus: 'Failed', deliveryStatus: 'Pending' });
    expect(afterFailure.history.at(-1)?.actor).toBe('system');
    // A second declined attempt changes nothing more.
    tick();
    expect((await postWebhook(t, failed(payment.providerOrderId))).json()).toEqual({ status: 'ignored' });
    tick();
    await postWebhook(t, captured(payment.providerOrderId));
    expect(await statusOf(order._id)).toEqual(['Paid', 'Processing', 3]);
  });

  it('does not accept a payment whose amount or currency does not match the order', async () => {
    const { order, payment } = await placeOnline(s, productId);
    const short = await postWebhook(t, captured(payment.providerOrderId, simulatorId('pay'), 100));
    expect(short.statusCode).toBe(200);
    expect(short.json()).toEqual({ status: 'ignored' });
    const dollars = paymentEvent('payment.captured', {
      id: simulatorId('pay'),
      order_id: payment.providerOrderId,
      amount: 54800,
      currency: 'USD',
    });
    expect((await postWebhook(t, dollars)).json()).toEqual({ status: 'ignored' });
    expect(await statusOf(order._id)).toEqual(['Pending', 'Pending', 1]);
    expect(await paymentRowOf(t, order._id)).toMatchObject({ status: 'created', paymentId: null });
  });

  it('acknowledges events it does not act on and payments of orders it does not know', async () => {
    expect(
      (await postWebhook(t, JSON.stringify({ event: 'payment.authorized', payload: {} }))).json(),
    ).toEqual({
      status: 'ignored',
    });
    expect((await postWebhook(t, captured('order_UnknownOrder01'))).json()).toEqual({ status: 'ignored' });
  });

  it('refund.processed after a paid order was cancelled marks it Refunded, once', async () => {
    const { order, payment } = await placeOnline(s, productId);
    const paymentId = simulatorId('pay');
    tick();
    await postWebhook(t, captured(payment.providerOrderId, paymentId));
    tick();
    const cancelled = await s.client.request({
      method: 'POST',
      url: API.order.cancel(order._id),
      payload: {},
    });
    expect(cancelled.json().order.paymentStatus).toBe('Refund Initiated');
    expect(calls.refund.at(-1)).toEqual({ paymentId, amountPaise: 54800, receipt: order.orderNumber });
    const refundId = (await paymentRowOf(t, order._id))?.refundId;
    expect(refundId).toMatch(/^rfnd_/);

    tick();
    const body = refundEvent({ id: refundId as string, payment_id: paymentId, amount: 54800 });
    expect((await postWebhook(t, body)).json()).toEqual({ status: 'processed' });
    const now = (await orderOf(s, order._id)).json() as Order;
    expect(now).toMatchObject({ paymentStatus: 'Refunded', deliveryStatus: 'Cancelled' });
    expect(now.history.at(-1)).toMatchObject({ actor: 'system', note: `Refund ${refundId} processed.` });
    expect(await paymentRowOf(t, order._id)).toMatchObject({ status: 'refunded', refundId });

    tick();
    expect((await postWebhook(t, body)).json()).toEqual({ status: 'ignored' });
    expect(await historyOf(t, order._id)).toHaveLength(4);
  });

  it('ignores a partial refund and a refund of a payment that never paid an order', async () => {
    const { order, payment } = await placeOnline(s, productId);
    const paymentId = simulatorId('pay');
    await postWebhook(t, captured(payment.providerOrderId, paymentId));
    const partial = refundEvent({ id: simulatorId('rfnd'), payment_id: paymentId, amount: 100 });
    expect((await postWebhook(t, partial)).json()).toEqual({ status: 'ignored' });
    const stranger = refundEvent({ id: simulatorId('rfnd'), payment_id: simulatorId('pay'), amount: 54800 });
    expect((await postWebhook(t, stranger)).json()).toEqual({ status: 'ignored' });
    expect((await statusOf(order._id))[0]).toBe('Paid');
  });

  it('the webhook and the browser’s verify for one payment at once record it once', async () => {
    const { order, payment } = await placeOnline(s, productId);
    const paid = signedPayment(payment.providerOrderId);
    tick();
    const [hook, browser] = await Promise.all([
      postWebhook(t, captured(payment.providerOrderId, paid.paymentId)),
      verify(s, { orderId: order._id, ...paid }),
    ]);
    expect([hook.statusCode, browser.statusCode]).toEqual([200, 200]);
    expect(await statusOf(order._id)).toEqual(['Paid', 'Processing', 2]);
  });
});
