import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { DAY, MINUTE } from '../../common/constants';
import { PAYMENT_MESSAGES } from '../../common/schemas/payment';
import { createScheduler } from '../jobs/scheduler';
import { idempotencyKeys, orders } from '../modules/order/order.schema';
import { paymentWebhookEvents } from '../modules/payments/payments.schema';
import { simulatorId } from '../providers/payment/simulator-store';
import { type Shopper, signedInShopper, stockOf } from './order-kit';
import {
  kurta,
  onlinePayload,
  orderOf,
  paymentEvent,
  paymentRowOf,
  placeOnline,
  postWebhook,
  recordingPaymentProvider,
  signedPayment,
  verify,
} from './payments-helpers';
import { createTestApp, jobsNamed, type TestApp } from './test-app';

let t: TestApp;
let clock = new Date('2026-11-22T10:00:00.000Z');
const at = (ms: number) => {
  clock = new Date(ms);
};
const { provider, calls, fail } = recordingPaymentProvider();

let s: Shopper;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, providers: { payment: provider } });
  s = await signedInShopper(t);
});
afterAll(() => t.close());

/** The order jobs under the scheduler, as main.ts runs them (with its advisory lock on PostgreSQL). */
const runJobs = () =>
  createScheduler({
    db: t.database.db,
    kind: t.database.kind,
    log: { info: () => {}, error: () => {} },
    jobs: jobsNamed(t.container, 'expire-unpaid-orders', 'retry-refunds', 'clean-up-idempotency-keys'),
  }).runAll();

async function exists(orderId: string): Promise<boolean> {
  return (await t.database.db.select().from(orders).where(eq(orders.id, orderId))).length === 1;
}

const THIRTY_MINUTES = 30 * MINUTE;

describe('the unpaid-order expiry job', () => {
  it('keeps an unpaid online order at 29:59.999 and deletes it at 30:00, returning its stock, once', async () => {
    const productId = await kurta(t);
    const placedAt = clock.getTime();
    const { order } = await placeOnline(s, productId, 3);
    expect(await stockOf(t, productId)).toBe(7);

    at(placedAt + THIRTY_MINUTES - 1);
    expect(await runJobs()).toEqual({
      'expire-unpaid-orders': 'ran',
      'retry-refunds': 'ran',
      'clean-up-idempotency-keys': 'ran',
    });
    expect(await exists(order._id)).toBe(true);
    expect(await stockOf(t, productId)).toBe(7);

    at(placedAt + THIRTY_MINUTES);
    await runJobs();
    expect(await exists(order._id)).toBe(false);
    expect((await orderOf(s, order._id)).statusCode).toBe(404);
    expect(await stockOf(t, productId)).toBe(10);
    expect((await paymentRowOf(t, order._id))?.status).toBe('expired');

    // Idempotent: another run returns nothing twice.
    await runJobs();
    expect(await stockOf(t, productId)).toBe(10);
  });

  it('deletes an order whose payment failed too, and never touches a paid, a cancelled or a COD order', async () => {
    const productId = await kurta(t);
    const placedAt = clock.getTime();
    const failedOrder = await placeOnline(s, productId);
    await postWebhook(
      t,
      paymentEvent('payment.failed', {
        id: simulatorId('pay'),
        order_id: failedOrder.payment.providerOrderId,
        amount: 54800,
      }),
    );
    const paidOrder = await placeOnline(s, productId);
    expect(
      (await verify(s, { orderId: paidOrder.order._id, ...signedPayment(paidOrder.payment.providerOrderId) }))
        .statusCode,
    ).toBe(200);
    const cancelledOrder = await placeOnline(s, productId);
    await s.client.request({ method: 'POST', url: API.order.cancel(cancelledOrder.order._id), payload: {} });
    const cod = await s.client.request({
      method: 'POST',
      url: API.order.place,
      payload: { ...onlinePayload(s, productId), paymentMode: 'COD' },
    });
    expect(cod.statusCode).toBe(201);
    expect(await stockOf(t, productId)).toBe(7);

    at(placedAt + 2 * 60 * MINUTE);
    await runJobs();
    expect(await exists(failedOrder.order._id)).toBe(false);
    expect(await exists(paidOrder.order._id)).toBe(true);
    expect(await exists(cancelledOrder.order._id)).toBe(true);
    expect(await exists(cod.json().order._id)).toBe(true);
    expect(await stockOf(t, productId)).toBe(8);
  });

  it('a payment arriving after the order expired is refunded through the provider, once, and the order stays gone', async () => {
    const productId = await kurta(t);
    const placedAt = clock.getTime();
    const { order, payment } = await placeOnline(s, productId);
    at(placedAt + THIRTY_MINUTES);
    await runJobs();
    expect(await exists(order._id)).toBe(false);
    calls.refund.length = 0;

    const paymentId = simulatorId('pay');
    const body = paymentEvent('payment.captured', {
      id: paymentId,
      order_id: payment.providerOrderId,
      amount: 54800,
    });
    const hook = await postWebhook(t, body);
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ status: 'processed' });
    // The order is gone, so the refund's receipt is the payment record's id.
    const row = await paymentRowOf(t, order._id);
    expect(calls.refund).toEqual([{ paymentId, amountPaise: 54800, receipt: row?.id }]);
    expect(row).toMatchObject({
      status: 'refund_initiated',
      paymentId,
      refundId: expect.stringMatching(/^rfnd_/),
    });
    expect(await exists(order._id)).toBe(false);
    expect(await stockOf(t, productId)).toBe(10);

    // The browser reports the same payment: told it is refunded, and no second refund.
    const browser = await verify(s, {
      orderId: order._id,
      ...signedPayment(payment.providerOrderId, undefined, paymentId),
    });
    expect(browser.statusCode).toBe(409);
    expect(browser.json()).toEqual({ message: PAYMENT_MESSAGES.refundedExpired, code: 'PAYMENT_REFUNDED' });
    await postWebhook(t, body);
    expect(calls.refund).toHaveLength(1);
    expect(await exists(order._id)).toBe(false);
  });

  it('the browser reporting a payment after expiry gets it refunded (409) without reviving the order', async () => {
    const productId = await kurta(t);
    const placedAt = clock.getTime();
    const { order, payment } = await placeOnline(s, productId);
    at(placedAt + THIRTY_MINUTES);
    await runJobs();
    calls.refund.length = 0;
    const late = signedPayment(payment.providerOrderId);
    const res = await verify(s, { orderId: order._id, ...late });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYMENT_MESSAGES.refundedExpired);
    expect(calls.refund.map((r) => r.paymentId)).toEqual([late.paymentId]);
    expect(await exists(order._id)).toBe(false);
  });
});

describe('the refund retry job', () => {
  it('calls a refund whose call failed again once its 5-minute lease ran out, and records the refund id', async () => {
    const productId = await kurta(t);
    const { order, payment } = await placeOnline(s, productId);
    const paid = signedPayment(payment.providerOrderId);
    expect((await verify(s, { orderId: order._id, ...paid })).statusCode).toBe(200);
    const cancelledAt = clock.getTime();
    fail.refund = true;
    try {
      const res = await s.client.request({ method: 'POST', url: API.order.cancel(order._id), payload: {} });
      expect(res.json().order.paymentStatus).toBe('Refund Initiated');
    } finally {
      fail.refund = false;
    }
    calls.refund.length = 0;

    at(cancelledAt + 5 * MINUTE - 1);
    await runJobs();
    expect(calls.refund).toEqual([]);

    at(cancelledAt + 5 * MINUTE);
    await runJobs();
    expect(calls.refund).toEqual([
      { paymentId: paid.paymentId, amountPaise: 54800, receipt: order.orderNumber },
    ]);
    expect(await paymentRowOf(t, order._id)).toMatchObject({
      status: 'refund_initiated',
      refundId: expect.stringMatching(/^rfnd_/),
      refundAttempts: 2,
    });

    at(cancelledAt + 60 * MINUTE);
    await runJobs();
    expect(calls.refund).toHaveLength(1);
  });
});

describe('the idempotency-key clean-up job', () => {
  it('drops Idempotency-Key answers older than 24 hours and webhook event ids older than 7 days', async () => {
    const productId = await kurta(t);
    for (const key of ['old-key', 'young-key']) {
      const res = await s.client.request({
        method: 'POST',
        url: API.order.place,
        payload: { ...onlinePayload(s, productId), paymentMode: 'COD' },
        headers: { 'idempotency-key': key },
      });
      expect(res.statusCode).toBe(201);
    }
    const setCreated = (key: string, ms: number) =>
      t.database.db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(clock.getTime() - ms) })
        .where(eq(idempotencyKeys.key, key));
    await setCreated('old-key', DAY + 1);
    await setCreated('young-key', DAY - 1);
    await t.database.db.insert(paymentWebhookEvents).values([
      {
        eventId: 'evt_OldEvent000001',
        event: 'payment.captured',
        receivedAt: new Date(clock.getTime() - 7 * DAY - 1),
      },
      {
        eventId: 'evt_NewEvent000001',
        event: 'payment.captured',
        receivedAt: new Date(clock.getTime() - 7 * DAY + 1),
      },
    ]);

    await runJobs();
    const keys = await t.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.key} in ('old-key', 'young-key')`);
    expect(keys).toEqual([{ key: 'young-key' }]);
    const events = await t.database.db
      .select({ id: paymentWebhookEvents.eventId })
      .from(paymentWebhookEvents)
      .where(sql`${paymentWebhookEvents.eventId} in ('evt_OldEvent000001', 'evt_NewEvent000001')`);
    expect(events).toEqual([{ id: 'evt_NewEvent000001' }]);
  });
});
