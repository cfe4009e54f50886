import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import type { Order } from '../../common/schemas/order';
import { paymentSignature } from '../providers/payment/signatures';
import { paymentSimulatorDir, simulatorSecrets } from '../providers/payment/simulator';
import { createSimulatorStore } from '../providers/payment/simulator-store';
import { type Shopper, signedInShopper } from './order-kit';
import { kurta, orderOf, placeOnline, verify } from './payments-helpers';
import { createTestApp, type TestApp } from './test-app';

/** The default payment provider as configured (PAYMENT_PROVIDER unset): the simulator and its page. */
let t: TestApp;
let s: Shopper;
let productId: string;
beforeAll(async () => {
  t = await createTestApp({ SHOP_NAME: 'Pehnava <Jaipur>' });
  s = await signedInShopper(t);
  productId = await kurta(t);
});
afterAll(() => t.close());

/** A browser's form post: url-encoded, no CSRF header, no cookies needed. */
const post = (url: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

describe('the simulator’s hosted payment page', () => {
  it('shows the shop, the order number and the amount in INR with Pay and Fail forms, and no inline script or style', async () => {
    const { order, payment } = await placeOnline(s, productId);
    const res = await t.app.inject({
      method: 'GET',
      url: API.payments.simulatorCheckout(payment.providerOrderId),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    const html = res.body;
    // The shop name is escaped, never injected.
    expect(html).toContain('<h1>Pehnava &lt;Jaipur&gt;</h1>');
    expect(html).toContain(`Order ${order.orderNumber}`);
    expect(html).toContain('<p class="amount">₹548</p>');
    expect(html).toContain(
      `<form method="post" action="${API.payments.simulatorPay(payment.providerOrderId)}"><button type="submit" class="pay">Pay ₹548</button></form>`,
    );
    expect(html).toContain(`action="${API.payments.simulatorFail(payment.providerOrderId)}"`);
    expect(html).toContain(`<link rel="stylesheet" href="${API.payments.simulatorStylesheet}">`);
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);

    const css = await t.app.inject({ method: 'GET', url: API.payments.simulatorStylesheet });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers 404 for an unknown or malformed payment link', async () => {
    for (const id of ['order_AAAAAAAAAAAAAA', '../../session-secret', 'order_short']) {
      const res = await t.app.inject({ method: 'GET', url: API.payments.simulatorCheckout(id) });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This payment link is not valid.');
      expect((await post(API.payments.simulatorPay(id))).statusCode).toBe(404);
    }
  });

  it('Pay signs like Razorpay, delivers the signed webhook (order Paid) and sends the browser back to the order', async () => {
    const { order, payment } = await placeOnline(s, productId);
    const res = await post(API.payments.simulatorPay(payment.providerOrderId));
    expect(res.statusCode).toBe(303);
    const back = new URL(String(res.headers.location), 'http://shop.test');
    expect(back.pathname).toBe(`/order-confirmed/${order._id}`);
    const paymentId = back.searchParams.get('razorpay_payment_id') ?? '';
    expect(paymentId).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      razorpay_order_id: payment.providerOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(
        simulatorSecrets(t.config.dataDir).keySecret,
        payment.providerOrderId,
        paymentId,
      ),
    });

    // The webhook arrived before the browser came back.
    const paid = (await orderOf(s, order._id)).json() as Order;
    expect(paid).toMatchObject({ paymentStatus: 'Paid', deliveryStatus: 'Processing' });
    expect(paid.history.at(-1)).toMatchObject({
      actor: 'system',
      note: `Paid online (payment ${paymentId}).`,
    });

    // What the browser then sends to verify is accepted, and changes nothing more.
    const verified = await verify(s, {
      orderId: order._id,
      providerOrderId: back.searchParams.get('razorpay_order_id'),
      paymentId,
      signature: back.searchParams.get('razorpay_signature'),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().order.history).toHaveLength(2);

    // Paid once only.
    const again = await post(API.payments.simulatorPay(payment.providerOrderId));
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This order has been paid already.');
    const page = await t.app.inject({
      method: 'GET',
      url: API.payments.simulatorCheckout(payment.providerOrderId),
    });
    expect(page.body).toContain('This order has been paid already.');
    expect(page.body).toContain(`href="/order-confirmed/${order._id}"`);
  });

  it('Fail delivers payment.failed (order Failed) and sends the browser back with payment=failed; paying later works', async () => {
    const { order, payment } = await placeOnline(s, productId);
    const res = await post(API.payments.simulatorFail(payment.providerOrderId));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `/order-confirmed/${order._id}?payment=failed&razorpay_order_id=${payment.providerOrderId}`,
    );
    expect((await orderOf(s, order._id)).json()).toMatchObject({
      paymentStatus: 'Failed',
      deliveryStatus: 'Pending',
    });

    expect((await post(API.payments.simulatorPay(payment.providerOrderId))).statusCode).toBe(303);
    expect((await orderOf(s, order._id)).json()).toMatchObject({
      paymentStatus: 'Paid',
      deliveryStatus: 'Processing',
    });
  });

  it('records refunds locally, and refuses to refund one payment twice', async () => {
    const { order, payment } = await placeOnline(s, productId);
    const res = await post(API.payments.simulatorPay(payment.providerOrderId));
    const paymentId = new URL(String(res.headers.location), 'http://shop.test').searchParams.get(
      'razorpay_payment_id',
    );
    const cancelled = await s.client.request({
      method: 'POST',
      url: API.order.cancel(order._id),
      payload: {},
    });
    expect(cancelled.json().order.paymentStatus).toBe('Refund Initiated');
    const refund = await createSimulatorStore(paymentSimulatorDir(t.config.dataDir)).refundOf(
      paymentId ?? '',
    );
    expect(refund).toMatchObject({
      paymentId,
      amount: 54800,
      receipt: order.orderNumber,
      id: expect.stringMatching(/^rfnd_/),
    });
    await expect(
      t.container.providers.payment.refund({
        paymentId: paymentId ?? '',
        amountPaise: 54800,
        receipt: 'again',
      }),
    ).rejects.toThrow(`simulator: payment ${paymentId} has been fully refunded already`);
  });
});
