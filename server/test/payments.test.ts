import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { MINUTE } from '../../common/constants';
import { ORDER_MESSAGES, type Order } from '../../common/schemas/order';
import { PAYMENT_MESSAGES } from '../../common/schemas/payment';
import { createScheduler } from '../jobs/scheduler';
import { orders } from '../modules/order/order.schema';
import { payments } from '../modules/payments/payments.schema';
import { shipments } from '../modules/shipping/shipping.schema';
import { type Shopper, signedInShopper, stockOf } from './order-kit';
import {
  historyOf,
  kurta,
  onlinePayload,
  orderOf,
  paymentRowOf,
  placeOnline,
  recordingPaymentProvider,
  signedPayment,
  verify,
} from './payments-helpers';
import { createClient, createTestApp, jobsNamed, type TestApp } from './test-app';

let t: TestApp;
/** The app's clock; each step of a test moves it a minute on, so the history has a clear order. */
let clock = new Date('2026-11-22T10:00:00.000Z');
const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
};
const { provider, calls, fail } = recordingPaymentProvider();

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, providers: { payment: provider } });
});
afterAll(() => t.close());

async function ordersOf(userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.userId, userId));
  return row?.n ?? -1;
}

describe('POST /api/order with online payment', () => {
  it('answers 201 with the order waiting for payment and what the checkout needs to open it', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta(t);
    calls.createOrder.length = 0;
    const { order, payment } = await placeOnline(s, productId);
    expect(order).toMatchObject({
      paymentMode: 'ONLINE',
      paymentStatus: 'Pending',
      deliveryStatus: 'Pending',
      totalPrice: 548,
      history: [
        {
          at: clock.toISOString(),
          deliveryStatus: 'Pending',
          paymentStatus: 'Pending',
          actor: 'customer',
          note: 'Order placed; waiting for the online payment.',
        },
      ],
    });
    expect(payment).toEqual({
      provider: 'simulator',
      providerOrderId: expect.stringMatching(/^order_[0-9A-Za-z]{14}$/),
      amount: 548,
      currency: 'INR',
      keyId: 'rzp_simulator',
    });
    // The provider's order is for the server's total, with our order number and id.
    expect(calls.createOrder).toEqual([
      { amountPaise: 54800, receipt: order.orderNumber, orderId: order._id },
    ]);
    expect(await stockOf(t, productId)).toBe(9);
    expect(await paymentRowOf(t, order._id)).toMatchObject({
      userId: s.userId,
      provider: 'simulator',
      providerOrderId: payment.providerOrderId,
      amountPaise: 54800,
      currency: 'INR',
      status: 'created',
      paymentId: null,
      refundId: null,
    });
  });

  it('answers a retry with the same Idempotency-Key with the same order and payment, also when sent at once', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta(t);
    const send = () =>
      s.client.request({
        method: 'POST',
        url: API.order.place,
        payload: onlinePayload(s, productId),
        headers: { 'idempotency-key': 'online-attempt-1' },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    const later = await send();
    expect(later.json()).toEqual(a.json());
    expect(await ordersOf(s.userId)).toBe(1);
    expect(await stockOf(t, productId)).toBe(9);
  });

  it('answers 503 when the provider cannot open the payment: no order, no stock taken, the key not used up', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta(t);
    const send = () =>
      s.client.request({
        method: 'POST',
        url: API.order.place,
        payload: onlinePayload(s, productId),
        headers: { 'idempotency-key': 'outage-attempt' },
      });
    fail.createOrder = true;
    try {
      const res = await send();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: ORDER_MESSAGES.paymentProviderUnavailable,
        code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      });
    } finally {
      fail.createOrder = false;
    }
    expect(await ordersOf(s.userId)).toBe(0);
    expect(await stockOf(t, productId)).toBe(10);
    const retry = await send();
    expect(retry.statusCode).toBe(201);
    expect(await ordersOf(s.userId)).toBe(1);
  });

  it('does not open a payment for a cart the shop refuses (a changed price), and writes nothing', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta(t);
    calls.createOrder.length = 0;
    const payload = onlinePayload(s, productId);
    const res = await s.client.request({
      method: 'POST',
      url: API.order.place,
      payload: { ...payload, cartItems: [{ ...payload.cartItems[0], price: 450 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PRICE_CHANGED');
    expect(calls.createOrder).toEqual([]);
    expect(await ordersOf(s.userId)).toBe(0);
  });

  it('out of stock: 400, and the payment opened for it stays an unpaid provider order with no order here', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta(t);
    const res = await s.client.request({
      method: 'POST',
      url: API.order.place,
      payload: onlinePayload(s, productId, 11),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OUT_OF_STOCK');
    expect(await ordersOf(s.userId)).toBe(0);
    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, s.userId));
    expect(rows).toEqual([]);
    expect(await stockOf(t, productId)).toBe(10);
  });
});

describe('POST /api/payments/verify', () => {
  let s: Shopper;
  let other: Shopper;
  let productId: string;
  beforeAll(async () => {
    s = await signedInShopper(t);
    other = await signedInShopper(t);
    productId = await kurta(t);
  });

  /** The order is exactly as placed: still waiting, one history entry, its payment unpaid. */
  async function expectUnchanged(order: Order) {
    const now = (await orderOf(s, order._id)).json() as Order;
    expect([now.paymentStatus, now.deliveryStatus, now.history.length]).toEqual(['Pending', 'Pending', 1]);
    expect((await paymentRowOf(t, order._id))?.status).toBe('created');
  }

  it('answers 401 to a guest and 403 without the CSRF token', async () => {
    const guest = createClient(t.app);
    const payload = { orderId: 'o', providerOrderId: 'order_x', paymentId: 'pay_x', signature: 'x' };
    expect((await guest.request({ method: 'POST', url: API.payments.verify, payload })).statusCode).toBe(401);
    const res = await s.client.request({
      method: 'POST',
      url: API.payments.verify,
      payload: {},
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 422 naming a missing field', async () => {
    const res = await verify(s, { orderId: 'x', providerOrderId: 'order_x', paymentId: 'pay_x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'signature', msg: 'The payment signature is required.' }]);
  });

  it('refuses a forged signature with 400 and changes nothing', async () => {
    const { order, payment } = await placeOnline(s, productId);
    const forged = signedPayment(payment.providerOrderId, 'not-the-key-secret');
    const res = await verify(s, { orderId: order._id, ...forged });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: PAYMENT_MESSAGES.signatureInvalid,
      code: 'PAYMENT_SIGNATURE_INVALID',
    });
    await expectUnchanged(order);
  });

  it('refuses a borrowed signature: another order’s signature, or another order’s payment for this order', async () => {
    const { order: a, payment: payA } = await placeOnline(s, productId);
    const { order: b, payment: payB } = await placeOnline(s, productId);
    const paidForB = signedPayment(payB.providerOrderId);

    // B's signature presented for A's provider order: not the provider's signature of A.
    const swapped = await verify(s, { orderId: a._id, ...paidForB, providerOrderId: payA.providerOrderId });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().code).toBe('PAYMENT_SIGNATURE_INVALID');

    // B's genuine payment presented as A's: the provider order does not belong to A.
    const borrowed = await verify(s, { orderId: a._id, ...paidForB });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json()).toEqual({
      message: PAYMENT_MESSAGES.orderMismatch,
      code: 'PAYMENT_ORDER_MISMATCH',
    });
    await expectUnchanged(a);
    await expectUnchanged(b);
  });

  it('answers 404 to another shopper presenting a genuine payment of someone else’s order', async () => {
    const { order, payment } = await placeOnline(s, productId);
    const res = await verify(other, { orderId: order._id, ...signedPayment(payment.providerOrderId) });
    expect(res.statusCode).toBe(404);
    await expectUnchanged(order);
  });

  it('marks the order Paid and Processing with a history entry, 200 {order}; repeating it changes nothing', async () => {
    const { order, payment } = await placeOnline(s, productId);
    const paid = signedPayment(payment.providerOrderId);
    tick();
    const res = await verify(s, { orderId: order._id, ...paid });
    expect(res.statusCode).toBe(200);
    const answered = res.json().order as Order;
    expect(answered).toMatchObject({ _id: order._id, paymentStatus: 'Paid', deliveryStatus: 'Processing' });
    expect(answered.history).toEqual([
      order.history[0],
      {
        at: clock.toISOString(),
        deliveryStatus: 'Processing',
        paymentStatus: 'Paid',
        actor: 'customer',
        note: `Paid online (payment ${paid.paymentId}).`,
      },
    ]);
    expect(await paymentRowOf(t, order._id)).toMatchObject({ status: 'paid', paymentId: paid.paymentId });

    const again = await verify(s, { orderId: order._id, ...paid });
    expect(again.statusCode).toBe(200);
    expect(again.json().order).toEqual(answered);
    expect(await historyOf(t, order._id)).toHaveLength(2);
  });

  it('two verifies of one payment at once record it once', async () => {
    const { order, payment } = await placeOnline(s, productId);
    const paid = signedPayment(payment.providerOrderId);
    const [a, b] = await Promise.all([
      verify(s, { orderId: order._id, ...paid }),
      verify(s, { orderId: order._id, ...paid }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await historyOf(t, order._id)).toHaveLength(2);
  });
});

describe('cancelling an online order', () => {
  const cancel = (s: Shopper, orderId: string) =>
    s.client.request({
      method: 'POST',
      url: API.order.cancel(orderId),
      payload: { reason: 'Changed my mind' },
    });

  it('a paid order: stock back, Refund Initiated with a history entry, and the provider refunds it once', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta(t);
    const { order, payment } = await placeOnline(s, productId, 2);
    const paid = signedPayment(payment.providerOrderId);
    tick();
    expect((await verify(s, { orderId: order._id, ...paid })).statusCode).toBe(200);
    calls.refund.length = 0;

    tick();
    const res = await cancel(s, order._id);
    expect(res.statusCode).toBe(200);
    const cancelled = res.json().order as Order;
    expect(cancelled).toMatchObject({ deliveryStatus: 'Cancelled', paymentStatus: 'Refund Initiated' });
    expect(cancelled.history.at(-1)).toEqual({
      at: clock.toISOString(),
      deliveryStatus: 'Cancelled',
      paymentStatus: 'Refund Initiated',
      actor: 'customer',
      note: 'Cancelled by the customer: Changed my mind Refund initiated.',
    });
    expect(await stockOf(t, productId)).toBe(10);
    expect(calls.refund).toEqual([
      { paymentId: paid.paymentId, amountPaise: 104700, receipt: order.orderNumber },
    ]);
    expect(await paymentRowOf(t, order._id)).toMatchObject({
      status: 'refund_initiated',
      paymentId: paid.paymentId,
      refundId: expect.stringMatching(/^rfnd_/),
    });
  });

  it('a paid order whose refund call fails is still cancelled with the refund initiated (the job retries it)', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta(t);
    const { order, payment } = await placeOnline(s, productId);
    expect(
      (await verify(s, { orderId: order._id, ...signedPayment(payment.providerOrderId) })).statusCode,
    ).toBe(200);
    fail.refund = true;
    try {
      const res = await cancel(s, order._id);
      expect(res.statusCode).toBe(200);
      expect(res.json().order.paymentStatus).toBe('Refund Initiated');
    } finally {
      fail.refund = false;
    }
    expect(await paymentRowOf(t, order._id)).toMatchObject({
      status: 'refund_initiated',
      refundId: null,
      refundAttempts: 1,
    });
  });

  it('a paid order whose shipment was booked: refunded once, and its shipment cancelled at the courier', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta(t);
    const { order, payment } = await placeOnline(s, productId);
    const paid = signedPayment(payment.providerOrderId);
    expect((await verify(s, { orderId: order._id, ...paid })).statusCode).toBe(200);
    const shipping = jobsNamed(t.container, 'ship-orders', 'forget-shipping-webhooks');
    const runShipping = () =>
      createScheduler({
        db: t.database.db,
        kind: t.database.kind,
        log: { info: () => {}, error: () => {} },
        jobs: shipping,
      }).runAll();
    await runShipping();
    const [booked] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, order._id));
    expect(booked).toMatchObject({ status: 'Processing', awb: expect.stringMatching(/^LX/) });
    calls.refund.length = 0;

    tick();
    const res = await cancel(s, order._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      deliveryStatus: 'Cancelled',
      paymentStatus: 'Refund Initiated',
    });
    expect(calls.refund).toEqual([
      { paymentId: paid.paymentId, amountPaise: 54800, receipt: order.orderNumber },
    ]);
    const [stopped] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, order._id));
    expect(stopped).toMatchObject({ status: 'Cancelled', courierCancelledAt: clock, nextStepAt: null });

    // The simulator never moves it again, and nothing is refunded twice.
    for (let step = 0; step < 4; step += 1) {
      clock = new Date(clock.getTime() + 2 * MINUTE);
      await runShipping();
    }
    const after = (await orderOf(s, order._id)).json() as Order;
    expect([after.deliveryStatus, after.paymentStatus]).toEqual(['Cancelled', 'Refund Initiated']);
    expect(calls.refund).toHaveLength(1);
    expect(await stockOf(t, productId)).toBe(10);
  });

  it('an unpaid order is cancelled without a refund; a payment arriving after that is refunded, not revived', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta(t);
    const { order, payment } = await placeOnline(s, productId);
    calls.refund.length = 0;
    tick();
    const res = await cancel(s, order._id);
    expect(res.json().order).toMatchObject({ deliveryStatus: 'Cancelled', paymentStatus: 'Pending' });
    expect(calls.refund).toEqual([]);

    tick();
    const late = signedPayment(payment.providerOrderId);
    const answer = await verify(s, { orderId: order._id, ...late });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: PAYMENT_MESSAGES.refundedCancelled, code: 'PAYMENT_REFUNDED' });
    expect(calls.refund).toEqual([
      { paymentId: late.paymentId, amountPaise: 54800, receipt: order.orderNumber },
    ]);
    const now = (await orderOf(s, order._id)).json() as Order;
    expect(now).toMatchObject({ deliveryStatus: 'Cancelled', paymentStatus: 'Refund Initiated' });
    expect(now.history.at(-1)?.note).toBe(
      `Payment ${late.paymentId} arrived after the order was cancelled; refund initiated.`,
    );
    expect(await stockOf(t, productId)).toBe(10);

    // Reported again: the same answer, and no second refund.
    expect((await verify(s, { orderId: order._id, ...late })).statusCode).toBe(409);
    expect(calls.refund).toHaveLength(1);
  });
});

describe('public settings and CSP', () => {
  it('publishes the simulator with no key id, and allows no outside origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: API.system.config });
    expect(res.json()).toMatchObject({ paymentProvider: 'simulator', paymentKeyId: null });
    expect(String(res.headers['content-security-policy'])).not.toContain('razorpay');
  });

  it('with Razorpay: publishes its key id and lets Checkout load, and only then', async () => {
    const razorpay = await createTestApp({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_key',
      RAZORPAY_KEY_SECRET: 'key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
    });
    try {
      const res = await razorpay.app.inject({ method: 'GET', url: API.system.config });
      expect(res.json()).toMatchObject({ paymentProvider: 'razorpay', paymentKeyId: 'rzp_test_key' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
      expect(csp).toContain('frame-src');
      expect(csp).toMatch(/frame-src [^;]*https:\/\/api\.razorpay\.com/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.razorpay\.com/);
      expect(csp).not.toContain('unsafe-inline');
      // Razorpay hosts its own payment page: the simulator's is not served.
      const page = await razorpay.app.inject({
        method: 'GET',
        url: API.payments.simulatorCheckout('order_AAAAAAAAAAAAAA'),
      });
      expect(page.statusCode).toBe(404);
    } finally {
      await razorpay.close();
    }
  });
});
