import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { MINUTE } from '../../common/constants';
import { ORDER_MESSAGES, type Order } from '../../common/schemas/order';
import { PAYMENT_MESSAGES } from '../../common/schemas/payment';
import { simulatorId } from '../providers/payment/simulator-store';
import { line, placeCod, type Shopper, signedInShopper } from './order-kit';
import {
  kurta,
  orderOf,
  paymentEvent,
  paymentRowOf,
  placeOnline,
  postWebhook,
  recordingPaymentProvider,
  signedPayment,
  verify,
} from './payments-helpers';
import { createClient, createTestApp, type TestApp } from './test-app';

/** "Pay now": `POST /api/order/{id}/pay` answers an unpaid online order's payment again. */

let t: TestApp;
let clock = new Date('2026-11-22T10:00:00.000Z');
const { provider } = recordingPaymentProvider();

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, providers: { payment: provider } });
});
afterAll(() => t.close());

const pay = (s: Shopper, orderId: string) =>
  s.client.request({ method: 'POST', url: API.order.pay(orderId) });

async function failPayment(providerOrderId: string, amountPaise: number) {
  const res = await postWebhook(
    t,
    paymentEvent('payment.failed', {
      id: simulatorId('pay'),
      order_id: providerOrderId,
      amount: amountPaise,
    }),
  );
  expect(res.statusCode).toBe(200);
}

describe('POST /api/order/{id}/pay', () => {
  it('answers the same payment as placing did, for an order waiting for it; nothing changes', async () => {
    const s = await signedInShopper(t);
    const placed = await placeOnline(s, await kurta(t));
    clock = new Date(clock.getTime() + 5 * MINUTE);

    const res = await pay(s, placed.order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer: { order: Order; payment: unknown } = res.json();
    expect(answer.payment).toEqual(placed.payment);
    expect(answer.payment).toEqual({
      provider: 'simulator',
      providerOrderId: placed.payment.providerOrderId,
      amount: 548,
      currency: 'INR',
      keyId: 'rzp_simulator',
    });
    expect(answer.order).toEqual(placed.order);
    expect((await paymentRowOf(t, placed.order._id))?.status).toBe('created');
  });

  it('after a declined attempt (order Failed) answers it again, and paying it then settles the order', async () => {
    const s = await signedInShopper(t);
    const placed = await placeOnline(s, await kurta(t));
    await failPayment(placed.payment.providerOrderId, 54800);
    expect((await orderOf(s, placed.order._id)).json()).toMatchObject({
      paymentStatus: 'Failed',
      deliveryStatus: 'Pending',
    });

    const res = await pay(s, placed.order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toEqual(placed.payment);
    expect(res.json().order).toMatchObject({ paymentStatus: 'Failed', deliveryStatus: 'Pending' });

    const paid = await verify(s, {
      orderId: placed.order._id,
      ...signedPayment(placed.payment.providerOrderId),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order).toMatchObject({ paymentStatus: 'Paid', deliveryStatus: 'Processing' });

    // Paid: nothing is left to pay.
    const again = await pay(s, placed.order._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: ORDER_MESSAGES.nothingToPay, code: 'NOTHING_TO_PAY' });
  });

  it('answers 409 once the 30 minutes to pay have run out (the edge included)', async () => {
    const s = await signedInShopper(t);
    const placed = await placeOnline(s, await kurta(t));
    clock = new Date(clock.getTime() + 30 * MINUTE - 1);
    expect((await pay(s, placed.order._id)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 1);
    const res = await pay(s, placed.order._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: ORDER_MESSAGES.payWindow, code: 'PAYMENT_WINDOW_PASSED' });
  });

  it('answers 409 for a cancelled online order and for a cash-on-delivery order', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta(t);
    const placed = await placeOnline(s, productId);
    const cancelled = await s.client.request({ method: 'POST', url: API.order.cancel(placed.order._id) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const res = await pay(s, placed.order._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: ORDER_MESSAGES.nothingToPay });

    const cod = await placeCod(s, [line(productId)]);
    const codRes = await pay(s, cod._id);
    expect(codRes.statusCode).toBe(409);
    expect(codRes.json()).toMatchObject({
      message: ORDER_MESSAGES.payCashOnDelivery,
      code: 'NOT_AN_ONLINE_ORDER',
    });
  });

  it('answers 404 for another shopper’s order or an unknown id, 401 for a guest, 403 without the CSRF token', async () => {
    const owner = await signedInShopper(t);
    const placed = await placeOnline(owner, await kurta(t));
    const other = await signedInShopper(t);
    const res = await pay(other, placed.order._id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: ORDER_MESSAGES.notFound });
    expect((await pay(owner, 'not-an-order')).statusCode).toBe(404);

    const guest = createClient(t.app);
    expect((await guest.request({ method: 'POST', url: API.order.pay(placed.order._id) })).statusCode).toBe(
      401,
    );
    const noToken = await owner.client.request({
      method: 'POST',
      url: API.order.pay(placed.order._id),
      csrf: false,
    });
    expect(noToken.statusCode).toBe(403);
  });

  it('a payment reopened for an order that expired meanwhile is refunded, never revived', async () => {
    const s = await signedInShopper(t);
    const placed = await placeOnline(s, await kurta(t));
    const reopened = await pay(s, placed.order._id);
    expect(reopened.statusCode).toBe(200);
    clock = new Date(clock.getTime() + 30 * MINUTE);
    const expire = t.container.flows.expireUnpaidOrders;
    expect((await expire()).expired).toBeGreaterThanOrEqual(1);

    const late = await verify(s, {
      orderId: placed.order._id,
      ...signedPayment(placed.payment.providerOrderId),
    });
    expect(late.json()).toMatchObject({ message: PAYMENT_MESSAGES.refundedExpired });
    expect((await orderOf(s, placed.order._id)).statusCode).toBe(404);
  });
});
