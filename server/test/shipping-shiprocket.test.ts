import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API } from '../../common/api-paths';
import { HOUR, MINUTE } from '../../common/constants';
import { retryDelayMs } from '../../common/retry-delay';
import type { Order } from '../../common/schemas/order';
import { SHIPPING_MESSAGES } from '../../common/schemas/shipping';
import { createProduct } from '../db/factories/product.factory';
import { createScheduler } from '../jobs/scheduler';
import { shipments } from '../modules/shipping/shipping.schema';
import { MAX_CANCEL_ATTEMPTS } from '../modules/shipping/shipping.service';
import { silentLogger } from '../providers/logger';
import { type FakeShiprocket, startFakeShiprocket } from '../providers/shipping/fake-shiprocket';
import type { ShippingProvider } from '../providers/shipping/shipping-provider';
import { createShiprocketShippingProvider } from '../providers/shipping/shiprocket';
import { cod, homeAddress, line, place, placeCod, type Shopper, signedInShopper, stockOf } from './order-kit';
import {
  paymentRowOf,
  placeOnline,
  recordingPaymentProvider,
  signedPayment,
  verify,
} from './payments-helpers';
import { createTestApp, jobsNamed, type TestApp } from './test-app';

/**
 * The shipping flows against Shiprocket's API (a fake on a local port): booking with retries, the
 * tracking webhook (token, repeats, out-of-order updates, RTO and its refund), cancelling a booked
 * shipment when the shopper cancels, and checkout asking serviceability.
 */
const WEBHOOK_TOKEN = 'webhook-token-0123456789abcdef';
const shiprocketEnv = {
  SHIPPING_PROVIDER: 'shiprocket',
  SHIPROCKET_EMAIL: 'api-user@pehnava.in',
  SHIPROCKET_PASSWORD: 'Api#Secret2026',
  SHIPROCKET_PICKUP_PINCODE: '110020',
  SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
};

let clock = new Date('2026-11-22T10:00:00.000Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let t: TestApp;
let fake: FakeShiprocket;
const payment = recordingPaymentProvider();
beforeAll(async () => {
  fake = await startFakeShiprocket({
    email: shiprocketEnv.SHIPROCKET_EMAIL,
    password: shiprocketEnv.SHIPROCKET_PASSWORD,
  });
  const shipping = createShiprocketShippingProvider({
    email: shiprocketEnv.SHIPROCKET_EMAIL,
    password: shiprocketEnv.SHIPROCKET_PASSWORD,
    pickupPincode: shiprocketEnv.SHIPROCKET_PICKUP_PINCODE,
    pickupLocation: 'Primary',
    webhookToken: WEBHOOK_TOKEN,
    log: silentLogger,
    baseUrl: fake.url,
    now: () => clock.getTime(),
  });
  t = await createTestApp(shiprocketEnv, {
    now: () => clock,
    providers: { shipping, payment: payment.provider },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const jobs = (log: FastifyBaseLogger = t.app.log) =>
  createScheduler({
    db: t.database.db,
    kind: t.database.kind,
    log: { info: () => {}, error: () => {} },
    jobs: jobsNamed(t.containerWith({ log }), 'ship-orders', 'forget-shipping-webhooks'),
  });

/** The order jobs as main.ts runs them, with the app's payment provider: retry-refunds among them. */
const orderJobsRun = () =>
  createScheduler({
    db: t.database.db,
    kind: t.database.kind,
    log: { info: () => {}, error: () => {} },
    jobs: jobsNamed(t.container, 'expire-unpaid-orders', 'retry-refunds', 'clean-up-idempotency-keys'),
  }).runAll();

async function shipmentOf(orderId: string) {
  const [row] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, orderId));
  return row;
}

async function orderOf(s: Shopper, id: string): Promise<Order> {
  const res = await s.client.request({ method: 'GET', url: API.order.one(id) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const calls = (path: string) => fake.requests.filter((r) => r.path === path).length;
const CREATE = '/v1/external/orders/create/adhoc';
const ASSIGN = '/v1/external/courier/assign/awb';
const CANCEL = '/v1/external/orders/cancel';

/** The bodies of the cancel calls Shiprocket got for this shipment's Shiprocket order. */
const cancelCallsFor = (providerOrderId: string | null | undefined) =>
  fake.requests
    .filter((r) => r.path === CANCEL && (r.body as { ids?: number[] }).ids?.includes(Number(providerOrderId)))
    .map((r) => r.body);

const cancel = (s: Shopper, orderId: string) =>
  s.client.request({ method: 'POST', url: API.order.cancel(orderId), payload: { reason: 'Ordered twice' } });

/** A COD order of one kurta, booked with Shiprocket by the job; answers the order and its AWB. */
async function bookedOrder(s: Shopper, productId: string): Promise<{ order: Order; awb: string }> {
  const order = await placeCod(s, [line(productId)]);
  await jobs().runAll();
  const shipment = await shipmentOf(order._id);
  expect(shipment?.awb).toMatch(/^1904\d+$/);
  return { order, awb: shipment?.awb as string };
}

/** Sends a tracking update as Shiprocket does; `headers` replaces the right token. */
const webhook = (body: object, headers: Record<string, string> = { 'x-api-key': WEBHOOK_TOKEN }) => {
  // Each update arrives a minute after the last, so the order history lists them in order.
  advance(MINUTE);
  return t.app.inject({ method: 'POST', url: API.shipping.webhook, headers, payload: body });
};

const update = (awb: string, shipmentStatus: string, at: string) => ({
  awb,
  courier_name: 'Delhivery Surface',
  current_status: shipmentStatus,
  shipment_status: shipmentStatus,
  current_timestamp: at,
  order_id: 'ignored',
  is_return: 0,
});

const kurta = () => createProduct(t.database.db, { name: 'Cotton Kurta', price: 499, mrp: 799 });

describe('booking with Shiprocket', () => {
  it('creates the order with the shopper’s email, stores the shipment id and the AWB, and books once', async () => {
    const s = await signedInShopper(t);
    const before = { create: calls(CREATE), assign: calls(ASSIGN) };
    const { order, awb } = await bookedOrder(s, await kurta());
    const created = fake.requests.filter((r) => r.path === CREATE).at(-1)?.body as Record<string, unknown>;
    expect(created).toMatchObject({
      order_id: order.orderNumber,
      payment_method: 'COD',
      billing_pincode: 302001,
      billing_email: expect.stringMatching(/@example\.in$/),
      sub_total: 499,
      shipping_charges: 49,
    });
    expect(await shipmentOf(order._id)).toMatchObject({
      provider: 'shiprocket',
      providerShipmentId: awb.slice(4),
      courier: 'Delhivery Surface',
      status: 'Processing',
      nextStepAt: null,
    });
    // Shiprocket reports progress by webhook: later runs call it no more.
    advance(10 * MINUTE);
    await jobs().runAll();
    expect({ create: calls(CREATE), assign: calls(ASSIGN) }).toEqual({
      create: before.create + 1,
      assign: before.assign + 1,
    });
    expect((await orderOf(s, order._id)).deliveryStatus).toBe('Processing');
  });

  it('tries a failed booking again later, going on from the step that failed', async () => {
    const s = await signedInShopper(t);
    const order = await placeCod(s, [line(await kurta())]);
    fake.answerNext(CREATE, { status: 500, body: { message: 'Internal Server Error' } });
    await jobs().runAll();
    expect(await shipmentOf(order._id)).toMatchObject({
      providerShipmentId: null,
      awb: null,
      attempts: 1,
      lastError: `Shiprocket could not create the order ${order.orderNumber} (HTTP 500: Internal Server Error)`,
      nextStepAt: new Date(clock.getTime() + MINUTE),
    });

    // Not before its time; then the order is created, but the AWB is refused.
    const creates = calls(CREATE);
    await jobs().runAll();
    expect(calls(CREATE)).toBe(creates);
    advance(MINUTE);
    fake.answerNext(ASSIGN, {
      status: 200,
      body: {
        awb_assign_status: 0,
        response: { data: { awb_assign_error: 'No courier available right now' } },
      },
    });
    await jobs().runAll();
    const halfway = await shipmentOf(order._id);
    expect(halfway).toMatchObject({
      awb: null,
      attempts: 2,
      providerShipmentId: expect.stringMatching(/^\d+$/),
    });
    expect(halfway?.lastError).toMatch(/No courier available right now/);
    expect(halfway?.nextStepAt).toEqual(new Date(clock.getTime() + 2 * MINUTE));

    // The retry only asks for the AWB: the order is never created twice.
    advance(2 * MINUTE);
    await jobs().runAll();
    expect(calls(CREATE)).toBe(creates + 1);
    expect(await shipmentOf(order._id)).toMatchObject({
      awb: `1904${halfway?.providerShipmentId}`,
      attempts: 0,
      lastError: null,
    });
  });
});

describe('POST /api/shipping/webhook', () => {
  it('answers 401 without the token or with a wrong one, and changes nothing', async () => {
    const s = await signedInShopper(t);
    const { order, awb } = await bookedOrder(s, await kurta());
    const wrong: Record<string, string>[] = [
      {},
      { 'x-api-key': '' },
      { 'x-api-key': 'wrong-token-0123456789abcdef' },
      { 'x-api-key': `${WEBHOOK_TOKEN}x` },
      { authorization: `Bearer ${WEBHOOK_TOKEN}` },
    ];
    for (const headers of wrong) {
      const res = await webhook(update(awb, 'DELIVERED', '23 11 2026 11:00:00'), headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ message: SHIPPING_MESSAGES.webhookToken, code: 'UNAUTHORIZED' });
    }
    expect((await orderOf(s, order._id)).deliveryStatus).toBe('Processing');
  });

  it('moves the order once per update, never backwards; COD is Paid on delivery', async () => {
    const s = await signedInShopper(t);
    const { order, awb } = await bookedOrder(s, await kurta());

    const pickedUp = update(awb, 'PICKED UP', '22 11 2026 18:00:00');
    expect((await webhook(pickedUp)).json()).toEqual({ status: 'applied' });
    expect((await webhook(pickedUp)).json()).toEqual({ status: 'duplicate' });
    expect((await webhook(update(awb, 'IN TRANSIT', '23 11 2026 02:00:00'))).json()).toEqual({
      status: 'unchanged',
    });
    expect((await webhook(update(awb, 'MANIFEST GENERATED', '22 11 2026 16:00:00'))).json()).toEqual({
      status: 'unchanged',
    });
    // Two copies of the delivery at the same moment: one applies it.
    const delivered = update(awb, 'DELIVERED', '24 11 2026 13:05:00');
    const both = await Promise.all([webhook(delivered), webhook(delivered)]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(both.map((res) => res.json().status).sort()).toEqual(['applied', 'duplicate']);
    // Late and out-of-order updates change nothing.
    expect((await webhook(update(awb, 'OUT FOR DELIVERY', '24 11 2026 09:00:00'))).json()).toEqual({
      status: 'unchanged',
    });
    expect((await webhook(update(awb, 'RTO INITIATED', '25 11 2026 09:00:00'))).json()).toEqual({
      status: 'unchanged',
    });

    const after = await orderOf(s, order._id);
    expect([after.deliveryStatus, after.paymentStatus]).toEqual(['Delivered', 'Paid']);
    expect(after.history.map((e) => [e.deliveryStatus, e.paymentStatus, e.actor, e.note])).toEqual([
      ['Processing', 'Pending', 'customer', 'Order placed with cash on delivery.'],
      ['Shipped', 'Pending', 'system', `Shipped with Delhivery Surface. Tracking number (AWB): ${awb}.`],
      ['Delivered', 'Paid', 'system', 'Delivered. Cash on delivery collected.'],
    ]);
    expect((await shipmentOf(order._id))?.status).toBe('Delivered');
  });

  it('ignores an AWB it does not know and a return shipment, with 200', async () => {
    expect((await webhook(update('999999999', 'DELIVERED', '24 11 2026 13:05:00'))).json()).toEqual({
      status: 'ignored',
    });
    const s = await signedInShopper(t);
    const { order, awb } = await bookedOrder(s, await kurta());
    const res = await webhook({ ...update(awb, 'DELIVERED', '24 11 2026 13:05:00'), is_return: 1 });
    expect(res.json()).toEqual({ status: 'ignored' });
    expect((await orderOf(s, order._id)).deliveryStatus).toBe('Processing');
  });

  it('ignores an update whose AWB or status holds a control character, with 200, as one it cannot read', async () => {
    for (const body of [
      update('1904\u00000001', 'DELIVERED', '24 11 2026 13:05:00'),
      update('190400000001', 'DELIVERED\u0000', '24 11 2026 13:05:00'),
      update('190400000001', 'DELIVERED', '24 11 2026\u0000 13:05:00'),
    ]) {
      const res = await webhook(body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'ignored' });
    }
  });

  it('fails a returned-to-origin delivery and puts its stock back once; cash on delivery has nothing to refund', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta();
    const { order, awb } = await bookedOrder(s, productId);
    payment.calls.refund.length = 0;
    expect(await stockOf(t, productId)).toBe(9);
    await webhook(update(awb, 'SHIPPED', '22 11 2026 18:00:00'));
    await webhook(update(awb, 'UNDELIVERED', '24 11 2026 12:00:00'));
    expect((await orderOf(s, order._id)).deliveryStatus).toBe('Shipped');

    const rto = update(awb, 'RTO INITIATED', '25 11 2026 10:00:00');
    expect((await webhook(rto)).json()).toEqual({ status: 'applied' });
    expect(await stockOf(t, productId)).toBe(10);
    expect((await webhook(rto)).json()).toEqual({ status: 'duplicate' });
    expect((await webhook(update(awb, 'RTO DELIVERED', '28 11 2026 10:00:00'))).json()).toEqual({
      status: 'unchanged',
    });
    expect((await webhook(update(awb, 'DELIVERED', '29 11 2026 10:00:00'))).json()).toEqual({
      status: 'unchanged',
    });
    expect(await stockOf(t, productId)).toBe(10);
    const failed = await orderOf(s, order._id);
    expect([failed.deliveryStatus, failed.paymentStatus]).toEqual(['Failed', 'Pending']);
    expect(failed.history.at(-1)).toMatchObject({
      deliveryStatus: 'Failed',
      actor: 'system',
      note: 'Delivery failed (RTO INITIATED): the parcel goes back to the shop and its items are back in stock.',
    });
    expect((await shipmentOf(order._id))?.status).toBe('Failed');
    expect(payment.calls.refund).toEqual([]);
    expect(await paymentRowOf(t, order._id)).toBeUndefined();
  });

  it('never moves a cancelled order, whose Shiprocket order is cancelled once the cancel is committed', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta();
    const { order, awb } = await bookedOrder(s, productId);
    const booked = await shipmentOf(order._id);
    expect(booked?.providerOrderId).toMatch(/^77\d{4}$/);
    advance(MINUTE);
    const cancelled = await cancel(s, order._id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order.deliveryStatus).toBe('Cancelled');
    expect(cancelCallsFor(booked?.providerOrderId)).toEqual([{ ids: [Number(booked?.providerOrderId)] }]);
    expect(fake.cancelled.has(Number(booked?.providerOrderId))).toBe(true);
    expect(await shipmentOf(order._id)).toMatchObject({
      status: 'Cancelled',
      awb,
      courierCancelledAt: clock,
      nextStepAt: null,
      attempts: 0,
      lastError: null,
    });
    expect((await webhook(update(awb, 'SHIPPED', '22 11 2026 18:00:00'))).json()).toEqual({
      status: 'unchanged',
    });
    expect((await webhook(update(awb, 'RTO INITIATED', '25 11 2026 10:00:00'))).json()).toEqual({
      status: 'unchanged',
    });
    const after = await orderOf(s, order._id);
    expect(after.deliveryStatus).toBe('Cancelled');
    expect(after.history.map((e) => e.deliveryStatus)).toEqual(['Processing', 'Cancelled']);
    // The cancel returned the stock; the refused RTO did not return it a second time.
    expect(await stockOf(t, productId)).toBe(10);
    // Nothing is left for the job: Shiprocket is asked once.
    advance(10 * MINUTE);
    await jobs().runAll();
    expect(cancelCallsFor(booked?.providerOrderId)).toHaveLength(1);
  });
});

describe('a failed delivery of an order paid online', () => {
  /** An online order of one kurta (₹548), paid through verify and booked with Shiprocket by the job. */
  async function paidBookedOrder(s: Shopper, productId: string) {
    const { order, payment: opened } = await placeOnline(s, productId);
    const paid = signedPayment(opened.providerOrderId);
    expect((await verify(s, { orderId: order._id, ...paid })).statusCode).toBe(200);
    await jobs().runAll();
    const shipment = await shipmentOf(order._id);
    expect(shipment?.awb).toMatch(/^1904\d+$/);
    return { order, awb: shipment?.awb as string, paymentId: paid.paymentId };
  }

  it('initiates its refund with the Failed change and calls it once, even when the RTO comes twice at once', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta();
    const { order, awb, paymentId } = await paidBookedOrder(s, productId);
    expect(await stockOf(t, productId)).toBe(9);
    payment.calls.refund.length = 0;
    await webhook(update(awb, 'SHIPPED', '22 11 2026 18:00:00'));

    const rto = update(awb, 'RTO INITIATED', '25 11 2026 10:00:00');
    const both = await Promise.all([webhook(rto), webhook(rto)]);
    expect(both.map((res) => res.json().status).sort()).toEqual(['applied', 'duplicate']);
    // Both copies moved the clock before either arrived, so the change carries the clock as it is now.
    const failedAt = clock.toISOString();
    // Later RTO scans and a repeat change nothing and refund nothing more.
    expect((await webhook(rto)).json()).toEqual({ status: 'duplicate' });
    expect((await webhook(update(awb, 'RTO DELIVERED', '28 11 2026 10:00:00'))).json()).toEqual({
      status: 'unchanged',
    });

    expect(payment.calls.refund).toEqual([{ paymentId, amountPaise: 54_800, receipt: order.orderNumber }]);
    const failed = await orderOf(s, order._id);
    expect([failed.deliveryStatus, failed.paymentStatus]).toEqual(['Failed', 'Refund Initiated']);
    expect(failed.history.map((e) => [e.deliveryStatus, e.paymentStatus])).toEqual([
      ['Pending', 'Pending'],
      ['Processing', 'Paid'],
      ['Shipped', 'Paid'],
      ['Failed', 'Refund Initiated'],
    ]);
    expect(failed.history.at(-1)).toEqual({
      at: failedAt,
      deliveryStatus: 'Failed',
      paymentStatus: 'Refund Initiated',
      actor: 'system',
      note: 'Delivery failed (RTO INITIATED): the parcel goes back to the shop and its items are back in stock. Refund initiated.',
    });
    expect(await paymentRowOf(t, order._id)).toMatchObject({
      status: 'refund_initiated',
      paymentId,
      refundId: expect.stringMatching(/^rfnd_/),
      refundAttempts: 1,
    });
    expect(await stockOf(t, productId)).toBe(10);
  });

  it('leaves a refund whose call failed to the retry-refunds job, which calls it once after its lease', async () => {
    const s = await signedInShopper(t);
    const { order, awb, paymentId } = await paidBookedOrder(s, await kurta());
    payment.calls.refund.length = 0;
    payment.fail.refund = true;
    try {
      expect((await webhook(update(awb, 'RTO INITIATED', '25 11 2026 10:00:00'))).json()).toEqual({
        status: 'applied',
      });
    } finally {
      payment.fail.refund = false;
    }
    const failedAt = clock.getTime();
    const failed = await orderOf(s, order._id);
    expect([failed.deliveryStatus, failed.paymentStatus]).toEqual(['Failed', 'Refund Initiated']);
    expect(await paymentRowOf(t, order._id)).toMatchObject({
      status: 'refund_initiated',
      refundId: null,
      refundAttempts: 1,
    });
    expect(payment.calls.refund).toHaveLength(1);

    clock = new Date(failedAt + 5 * MINUTE - 1);
    await orderJobsRun();
    expect(payment.calls.refund).toHaveLength(1);
    clock = new Date(failedAt + 5 * MINUTE);
    await orderJobsRun();
    expect(payment.calls.refund).toEqual([
      { paymentId, amountPaise: 54_800, receipt: order.orderNumber },
      { paymentId, amountPaise: 54_800, receipt: order.orderNumber },
    ]);
    expect(await paymentRowOf(t, order._id)).toMatchObject({
      status: 'refund_initiated',
      refundId: expect.stringMatching(/^rfnd_/),
      refundAttempts: 2,
    });
    clock = new Date(failedAt + 60 * MINUTE);
    await orderJobsRun();
    expect(payment.calls.refund).toHaveLength(2);
  });
});

describe('cancelling an order whose shipment Shiprocket booked', () => {
  it('answers the shopper even when Shiprocket fails the cancel; the job tries again after a minute', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta();
    const { order } = await bookedOrder(s, productId);
    const booked = await shipmentOf(order._id);
    fake.answerNext(CANCEL, { status: 500, body: { message: 'Internal Server Error' } });
    advance(MINUTE);
    const res = await cancel(s, order._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ deliveryStatus: 'Cancelled', paymentStatus: 'Pending' });
    expect(await stockOf(t, productId)).toBe(10);
    const cancelledAt = clock.getTime();
    expect(cancelCallsFor(booked?.providerOrderId)).toHaveLength(1);
    expect(await shipmentOf(order._id)).toMatchObject({
      status: 'Cancelled',
      courierCancelledAt: null,
      attempts: 1,
      lastError: `Shiprocket could not cancel the order ${booked?.providerOrderId} (HTTP 500: Internal Server Error)`,
      nextStepAt: new Date(cancelledAt + MINUTE),
    });

    clock = new Date(cancelledAt + MINUTE - 1);
    await jobs().runAll();
    expect(cancelCallsFor(booked?.providerOrderId)).toHaveLength(1);
    clock = new Date(cancelledAt + MINUTE);
    await jobs().runAll();
    expect(cancelCallsFor(booked?.providerOrderId)).toHaveLength(2);
    expect(fake.cancelled.has(Number(booked?.providerOrderId))).toBe(true);
    expect(await shipmentOf(order._id)).toMatchObject({
      status: 'Cancelled',
      courierCancelledAt: clock,
      attempts: 0,
      lastError: null,
      nextStepAt: null,
    });
    advance(HOUR);
    await jobs().runAll();
    expect(cancelCallsFor(booked?.providerOrderId)).toHaveLength(2);
    expect((await orderOf(s, order._id)).history.map((e) => e.deliveryStatus)).toEqual([
      'Processing',
      'Cancelled',
    ]);
  });

  it(`backs off between tries and gives up after ${MAX_CANCEL_ATTEMPTS}, telling staff`, async () => {
    const s = await signedInShopper(t);
    const { order } = await bookedOrder(s, await kurta());
    const booked = await shipmentOf(order._id);
    const refusal = { status: 400, body: { message: 'Cannot cancel order: it is picked up.' } };
    fake.answerNext(CANCEL, refusal);
    advance(MINUTE);
    expect((await cancel(s, order._id)).statusCode).toBe(200);
    const log = t.app.log.child({});
    const warn = vi.spyOn(log, 'warn');
    for (let attempt = 2; attempt <= MAX_CANCEL_ATTEMPTS; attempt += 1) {
      const due = (await shipmentOf(order._id))?.nextStepAt?.getTime();
      expect(due).toBe(clock.getTime() + retryDelayMs(attempt - 1));
      clock = new Date(due as number);
      fake.answerNext(CANCEL, refusal);
      await jobs(log).runAll();
    }
    expect(cancelCallsFor(booked?.providerOrderId)).toHaveLength(MAX_CANCEL_ATTEMPTS);
    expect(await shipmentOf(order._id)).toMatchObject({
      status: 'Cancelled',
      courierCancelledAt: null,
      attempts: MAX_CANCEL_ATTEMPTS,
      lastError: `Shiprocket could not cancel the order ${booked?.providerOrderId} (HTTP 400: Cannot cancel order: it is picked up.)`,
      nextStepAt: null,
    });
    expect(warn.mock.calls.at(-1)?.[0]).toBe(
      `shipping: cancelling the shipment of order ${order._id} failed (attempt ${MAX_CANCEL_ATTEMPTS}, the last one: cancel it in the courier's panel): Shiprocket could not cancel the order ${booked?.providerOrderId} (HTTP 400: Cannot cancel order: it is picked up.)`,
    );
    advance(2 * HOUR);
    await jobs().runAll();
    expect(cancelCallsFor(booked?.providerOrderId)).toHaveLength(MAX_CANCEL_ATTEMPTS);
  });

  it('never books an order cancelled after a booking attempt failed, and has nothing to cancel there', async () => {
    const s = await signedInShopper(t);
    const order = await placeCod(s, [line(await kurta())]);
    fake.answerNext(CREATE, { status: 500, body: { message: 'Internal Server Error' } });
    await jobs().runAll();
    expect(await shipmentOf(order._id)).toMatchObject({ attempts: 1, providerShipmentId: null });
    const creates = calls(CREATE);
    const cancels = calls(CANCEL);
    advance(MINUTE);
    expect((await cancel(s, order._id)).statusCode).toBe(200);
    expect(await shipmentOf(order._id)).toMatchObject({
      status: 'Cancelled',
      providerShipmentId: null,
      nextStepAt: null,
    });
    advance(HOUR);
    await jobs().runAll();
    expect({ creates: calls(CREATE), cancels: calls(CANCEL) }).toEqual({ creates, cancels });
    expect((await shipmentOf(order._id))?.awb).toBeNull();
  });
});

describe('an order cancelled while the job books it with Shiprocket', () => {
  /** The job's flow with Shiprocket's adapter, the shopper's cancel arriving during one courier call. */
  function bookingFlow(provider: ShippingProvider) {
    return t.containerWith({ providers: { shipping: provider } }).flows.shipOrders;
  }

  it('cancels the Shiprocket order the booking just created and never asks for its AWB', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta();
    const order = await placeCod(s, [line(productId)]);
    const real = t.container.providers.shipping;
    const assigns = calls(ASSIGN);
    const flow = bookingFlow({
      ...real,
      async createShipment(request) {
        const created = await real.createShipment(request);
        if (request.orderId === order._id) {
          advance(MINUTE);
          expect((await cancel(s, order._id)).statusCode).toBe(200);
        }
        return created;
      },
    });
    expect(await flow.run()).toMatchObject({ booked: 0, cancelled: 1 });
    const shipment = await shipmentOf(order._id);
    expect(shipment).toMatchObject({
      status: 'Cancelled',
      providerShipmentId: expect.stringMatching(/^88\d{4}$/),
      providerOrderId: expect.stringMatching(/^77\d{4}$/),
      awb: null,
      courierCancelledAt: clock,
      nextStepAt: null,
    });
    expect(cancelCallsFor(shipment?.providerOrderId)).toEqual([{ ids: [Number(shipment?.providerOrderId)] }]);
    expect(calls(ASSIGN)).toBe(assigns);
    advance(HOUR);
    await jobs().runAll();
    expect(calls(ASSIGN)).toBe(assigns);
    expect(await stockOf(t, productId)).toBe(10);
    expect((await orderOf(s, order._id)).history.map((e) => e.deliveryStatus)).toEqual([
      'Processing',
      'Cancelled',
    ]);
  });

  it('leaves the AWB refused for an order cancelled while it was asked for, and does not book it again', async () => {
    const s = await signedInShopper(t);
    const order = await placeCod(s, [line(await kurta())]);
    // The first try creates the Shiprocket order but gets no AWB, so the retry only asks for the AWB.
    fake.answerNext(ASSIGN, { status: 500, body: { message: 'Internal Server Error' } });
    await jobs().runAll();
    const halfway = await shipmentOf(order._id);
    expect(halfway).toMatchObject({ awb: null, attempts: 1, providerOrderId: expect.stringMatching(/^77/) });
    const real = t.container.providers.shipping;
    const flow = bookingFlow({
      ...real,
      async assignAwb(providerShipmentId) {
        if (providerShipmentId === halfway?.providerShipmentId) {
          expect((await cancel(s, order._id)).statusCode).toBe(200);
        }
        return real.assignAwb(providerShipmentId);
      },
    });
    advance(MINUTE);
    await flow.run();
    // The cancel cancelled the Shiprocket order, so Shiprocket refused the AWB; nothing is retried.
    expect(cancelCallsFor(halfway?.providerOrderId)).toHaveLength(1);
    expect(await shipmentOf(order._id)).toMatchObject({
      status: 'Cancelled',
      awb: null,
      courierCancelledAt: clock,
      nextStepAt: null,
      attempts: 0,
      lastError: null,
    });
    const creates = calls(CREATE);
    const assigns = calls(ASSIGN);
    advance(HOUR);
    await jobs().runAll();
    expect({ creates: calls(CREATE), assigns: calls(ASSIGN) }).toEqual({ creates, assigns });
  });
});

describe('serviceability and checkout with Shiprocket', () => {
  it('answers from Shiprocket, and 503 with a clear message when it cannot be asked', async () => {
    const ok = await t.app.inject({ method: 'GET', url: `${API.shipping.serviceability}?pincode=560034` });
    expect(ok.json()).toEqual({ serviceable: true, codAvailable: true, etaDays: 3 });
    fake.answerNext('/v1/external/courier/serviceability/', { status: 502, body: 'Bad Gateway' });
    const down = await t.app.inject({ method: 'GET', url: `${API.shipping.serviceability}?pincode=560035` });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: SHIPPING_MESSAGES.unavailable, code: 'SHIPPING_UNAVAILABLE' });
  });

  it('refuses COD where no courier collects cash, and takes the order when Shiprocket cannot be asked', async () => {
    const s = await signedInShopper(t);
    const at = async (pincode: number): Promise<Shopper> => {
      const res = await s.client.request({
        method: 'POST',
        url: API.address.collection,
        payload: { ...homeAddress, pincode },
      });
      expect(res.statusCode).toBe(201);
      return { ...s, address: res.json().address };
    };
    const productId = await kurta();
    fake.noCod.add('302004');
    const refused = await place(s, cod(await at(302004), [line(productId)]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'COD_UNAVAILABLE',
      message: SHIPPING_MESSAGES.codUnavailable('302004'),
    });

    fake.answerNext('/v1/external/courier/serviceability/', { status: 500, body: { message: 'Down' } });
    const taken = await place(s, cod(await at(302002), [line(productId)]));
    expect(taken.statusCode).toBe(201);
  });
});
