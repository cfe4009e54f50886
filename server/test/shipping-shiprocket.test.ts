import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../common/constants';
import { ADDRESS_API } from '../../common/schemas/address';
import { ORDER_API, type Order } from '../../common/schemas/order';
import { SHIPPING_API, SHIPPING_MESSAGES } from '../../common/schemas/shipping';
import { createScheduler } from '../jobs/scheduler';
import { shippingJobs } from '../jobs/shipping-jobs';
import { shipments } from '../modules/shipping/shipping.schema';
import { silentLogger } from '../providers/logger';
import { type FakeShiprocket, startFakeShiprocket } from '../providers/shipping/fake-shiprocket';
import { createShiprocketShippingProvider } from '../providers/shipping/shiprocket';
import { createProduct } from './factories/product.factory';
import { cod, homeAddress, line, place, placeCod, type Shopper, signedInShopper, stockOf } from './order-kit';
import { createTestApp, type TestApp } from './test-app';

/**
 * The shipping flows against Shiprocket's API (a fake on a local port): booking with retries, the
 * tracking webhook (token, repeats, out-of-order updates, RTO), and checkout asking serviceability.
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
  t = await createTestApp(shiprocketEnv, { now: () => clock, providers: { shipping } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const jobs = () =>
  createScheduler({
    db: t.database.db,
    kind: t.database.kind,
    log: { info: () => {}, error: () => {} },
    jobs: shippingJobs({
      db: t.database.db,
      provider: t.app.providers.shipping,
      shopEmail: t.config.SUPPORT_EMAIL,
      log: silentLogger,
      now: () => clock,
    }),
  });

async function shipmentOf(orderId: string) {
  const [row] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, orderId));
  return row;
}

async function orderOf(s: Shopper, id: string): Promise<Order> {
  const res = await s.client.request({ method: 'GET', url: ORDER_API.one(id) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const calls = (path: string) => fake.requests.filter((r) => r.path === path).length;
const CREATE = '/v1/external/orders/create/adhoc';
const ASSIGN = '/v1/external/courier/assign/awb';

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
  return t.app.inject({ method: 'POST', url: SHIPPING_API.webhook, headers, payload: body });
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

  it('fails a returned-to-origin delivery and puts its stock back once', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta();
    const { order, awb } = await bookedOrder(s, productId);
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
  });

  it('never moves a cancelled order', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta();
    const { order, awb } = await bookedOrder(s, productId);
    advance(MINUTE);
    const cancelled = await s.client.request({
      method: 'POST',
      url: ORDER_API.cancel(order._id),
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
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
  });
});

describe('serviceability and checkout with Shiprocket', () => {
  it('answers from Shiprocket, and 503 with a clear message when it cannot be asked', async () => {
    const ok = await t.app.inject({ method: 'GET', url: `${SHIPPING_API.serviceability}?pincode=560034` });
    expect(ok.json()).toEqual({ serviceable: true, codAvailable: true, etaDays: 3 });
    fake.answerNext('/v1/external/courier/serviceability/', { status: 502, body: 'Bad Gateway' });
    const down = await t.app.inject({ method: 'GET', url: `${SHIPPING_API.serviceability}?pincode=560035` });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: SHIPPING_MESSAGES.unavailable, code: 'SHIPPING_UNAVAILABLE' });
  });

  it('refuses COD where no courier collects cash, and takes the order when Shiprocket cannot be asked', async () => {
    const s = await signedInShopper(t);
    const at = async (pincode: number): Promise<Shopper> => {
      const res = await s.client.request({
        method: 'POST',
        url: ADDRESS_API.collection,
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
