import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { MINUTE, SECOND } from '../../common/constants';
import type { Order } from '../../common/schemas/order';
import { SHIPPING_MESSAGES } from '../../common/schemas/shipping';
import { createProduct } from '../db/factories/product.factory';
import { createScheduler } from '../jobs/scheduler';
import { orders as ordersTable } from '../modules/order/order.schema';
import { createOrderService } from '../modules/order/order.service';
import { shipments } from '../modules/shipping/shipping.schema';
import { cod, homeAddress, line, place, placeCod, type Shopper, signedInShopper, stockOf } from './order-kit';
import { createClient, createTestApp, jobsNamed, type TestApp } from './test-app';

/** The local simulator's step in these tests (the default is 120 s; the API reads the same setting). */
const STEP_MS = 60 * SECOND;

let clock = new Date('2026-11-22T10:00:00.000Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { SHIPPING_SIMULATOR_STEP_SECONDS: String(STEP_MS / SECOND) },
    { now: () => clock },
  );
});
afterAll(() => t.close());

/** The shipping jobs as main.ts registers them, on the app's courier and clock. */
function shippingScheduler() {
  return createScheduler({
    db: t.database.db,
    kind: t.database.kind,
    log: { info: () => {}, error: () => {} },
    jobs: jobsNamed(t.container, 'ship-orders', 'forget-shipping-webhooks'),
  });
}

async function orderOf(s: Shopper, id: string): Promise<Order> {
  const res = await s.client.request({ method: 'GET', url: API.order.one(id) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function shipmentOf(orderId: string) {
  const [row] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, orderId));
  return row;
}

const kurta = () => createProduct(t.database.db, { name: 'Cotton Kurta', price: 499, mrp: 799 });

describe('GET /api/shipping/serviceability', () => {
  const check = (pincode: string | undefined, remoteAddress = '10.7.0.1') =>
    t.app.inject({
      method: 'GET',
      url:
        pincode === undefined
          ? API.shipping.serviceability
          : `${API.shipping.serviceability}?pincode=${pincode}`,
      remoteAddress,
    });

  it('answers where the simulated courier delivers, with cash on delivery and the days it takes', async () => {
    const metro = await check('400020');
    expect(metro.statusCode).toBe(200);
    expect(metro.json()).toEqual({ serviceable: true, codAvailable: true, etaDays: 2 });
    expect(metro.headers['cache-control']).toBe('public, max-age=600');
    expect((await check('302001')).json()).toEqual({ serviceable: true, codAvailable: true, etaDays: 3 });
    expect((await check('190001')).json()).toEqual({ serviceable: true, codAvailable: false, etaDays: 7 });
    expect((await check('744101')).json()).toEqual({
      serviceable: false,
      codAvailable: false,
      etaDays: null,
    });
    expect((await check('%20560034%20')).json()).toEqual({
      serviceable: true,
      codAvailable: true,
      etaDays: 2,
    });
  });

  it('answers 422 naming the pincode for a malformed or missing one', async () => {
    for (const bad of ['012345', '12345', '1234567', 'abcdef', '40002O', '', undefined]) {
      const res = await check(bad);
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json()).toEqual({
        message: 'Please correct the highlighted fields.',
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'pincode', msg: SHIPPING_MESSAGES.pincode }],
      });
    }
  });

  it('limits one address to 60 checks a minute', async () => {
    for (let i = 0; i < 60; i += 1) expect((await check('110001', '10.7.0.99')).statusCode).toBe(200);
    const limited = await check('110001', '10.7.0.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'Too many pincode checks from this address. Try again in 1 minute.',
      code: 'RATE_LIMITED',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check('110001', '10.7.0.98')).statusCode).toBe(200);
  });
});

describe('POST /api/shipping/webhook with the local simulator', () => {
  it('answers 404: the simulator sends no webhooks', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.shipping.webhook,
      headers: { 'x-api-key': 'anything' },
      payload: { awb: 'LX1', shipment_status: 'DELIVERED' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SHIPPING_MESSAGES.webhookUnsupported);
  });
});

describe('placing an order where the courier cannot deliver', () => {
  async function shopperAt(pincode: number, state: string, district: string): Promise<Shopper> {
    const s = await signedInShopper(t);
    const res = await s.client.request({
      method: 'POST',
      url: API.address.collection,
      payload: { ...homeAddress, pincode, state, district },
    });
    expect(res.statusCode).toBe(201);
    return { ...s, address: res.json().address };
  }

  it('refuses cash on delivery where the courier takes no cash, with a clear 400', async () => {
    const s = await shopperAt(190001, 'Jammu and Kashmir', 'Srinagar');
    const productId = await kurta();
    const res = await place(s, cod(s, [line(productId)]));
    expect(res.statusCode).toBe(400);
    const message =
      'Cash on delivery is not available for pincode 190001. Please pay online or choose another address.';
    expect(res.json()).toEqual({
      message,
      code: 'COD_UNAVAILABLE',
      errors: [{ path: 'addressId', msg: message }],
    });
    expect(await stockOf(t, productId)).toBe(10);
    expect(await t.database.db.select().from(ordersTable).where(eq(ordersTable.userId, s.userId))).toEqual(
      [],
    );
  });

  it('refuses any order to a pincode the courier does not reach', async () => {
    const s = await shopperAt(744101, 'Andaman and Nicobar Islands', 'South Andaman');
    const productId = await kurta();
    const res = await place(s, cod(s, [line(productId)]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Sorry, we do not deliver to pincode 744101 yet.',
      code: 'NOT_SERVICEABLE',
    });
    expect(await stockOf(t, productId)).toBe(10);
  });
});

describe('the local simulator moving orders', () => {
  it('books a Processing order, then moves it one step each STEP, never before its time; COD is Paid on delivery', async () => {
    const jobs = shippingScheduler();
    const s = await signedInShopper(t);
    const productId = await kurta();
    const order = await placeCod(s, [line(productId)]);
    const placedAt = clock.toISOString();

    expect(await jobs.runAll()).toEqual({ 'ship-orders': 'ran', 'forget-shipping-webhooks': 'ran' });
    const booked = await shipmentOf(order._id);
    expect(booked).toMatchObject({
      provider: 'local',
      providerShipmentId: `LOCAL-${order.orderNumber}`,
      awb: expect.stringMatching(/^LX[0-9]{10}$/),
      courier: 'Pehnava Express (simulated)',
      status: 'Processing',
      attempts: 0,
      lastError: null,
    });
    expect(booked?.nextStepAt?.getTime()).toBe(clock.getTime() + STEP_MS);
    expect((await orderOf(s, order._id)).deliveryStatus).toBe('Processing');

    const expectAfterStep = async (deliveryStatus: string, paymentStatus: string) => {
      advance(STEP_MS - SECOND);
      await jobs.runAll();
      expect((await orderOf(s, order._id)).deliveryStatus, 'one second early').not.toBe(deliveryStatus);
      advance(SECOND);
      await jobs.runAll();
      const now = await orderOf(s, order._id);
      expect([now.deliveryStatus, now.paymentStatus]).toEqual([deliveryStatus, paymentStatus]);
      return clock.toISOString();
    };
    const shippedAt = await expectAfterStep('Shipped', 'Pending');
    const outAt = await expectAfterStep('Out for Delivery', 'Pending');
    const deliveredAt = await expectAfterStep('Delivered', 'Paid');

    // Nothing is left to do: later runs change nothing.
    advance(10 * STEP_MS);
    await jobs.runAll();
    const delivered = await orderOf(s, order._id);
    expect(delivered.history).toEqual([
      {
        at: placedAt,
        deliveryStatus: 'Processing',
        paymentStatus: 'Pending',
        actor: 'customer',
        note: 'Order placed with cash on delivery.',
      },
      {
        at: shippedAt,
        deliveryStatus: 'Shipped',
        paymentStatus: 'Pending',
        actor: 'system',
        note: `Shipped with Pehnava Express (simulated). Tracking number (AWB): ${booked?.awb}.`,
      },
      {
        at: outAt,
        deliveryStatus: 'Out for Delivery',
        paymentStatus: 'Pending',
        actor: 'system',
        note: 'Out for delivery with Pehnava Express (simulated).',
      },
      {
        at: deliveredAt,
        deliveryStatus: 'Delivered',
        paymentStatus: 'Paid',
        actor: 'system',
        note: 'Delivered. Cash on delivery collected.',
      },
    ]);
    expect(await shipmentOf(order._id)).toMatchObject({ status: 'Delivered', nextStepAt: null });
  });

  it('moves an order once when two runs meet at the same moment', async () => {
    const jobs = shippingScheduler();
    const s = await signedInShopper(t);
    const order = await placeCod(s, [line(await kurta())]);
    await jobs.runAll();
    advance(STEP_MS);
    await Promise.all([jobs.runAll(), jobs.runAll()]);
    const after = await orderOf(s, order._id);
    expect(after.deliveryStatus).toBe('Shipped');
    expect(after.history.map((entry) => entry.deliveryStatus)).toEqual(['Processing', 'Shipped']);
  });

  it('never moves an order the shopper cancelled, before or after it was booked', async () => {
    const jobs = shippingScheduler();
    const s = await signedInShopper(t);
    const productId = await kurta();
    const early = await placeCod(s, [line(productId)]);
    const cancel = (id: string) => {
      // A minute after placing, so the history lists the cancel after the placing.
      advance(MINUTE);
      return s.client.request({
        method: 'POST',
        url: API.order.cancel(id),
        payload: { reason: 'Ordered twice' },
      });
    };
    expect((await cancel(early._id)).statusCode).toBe(200);
    await jobs.runAll();
    expect(await shipmentOf(early._id)).toBeUndefined();

    const late = await placeCod(s, [line(productId)]);
    await jobs.runAll();
    expect((await shipmentOf(late._id))?.awb).toMatch(/^LX/);
    expect((await cancel(late._id)).statusCode).toBe(200);
    // The simulator cancels at once, in the cancelling request.
    expect(await shipmentOf(late._id)).toMatchObject({
      status: 'Cancelled',
      courierCancelledAt: clock,
      nextStepAt: null,
    });
    advance(STEP_MS);
    await jobs.runAll();
    advance(STEP_MS);
    await jobs.runAll();
    const cancelled = await orderOf(s, late._id);
    expect(cancelled.deliveryStatus).toBe('Cancelled');
    expect(cancelled.history.map((entry) => entry.deliveryStatus)).toEqual(['Processing', 'Cancelled']);
    expect(await shipmentOf(late._id)).toMatchObject({ status: 'Cancelled', nextStepAt: null });
    expect(await stockOf(t, productId)).toBe(10);
  });

  it('never books an order cancelled while its booking was under way, and cancels what the courier made', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta();
    const order = await placeCod(s, [line(productId)]);
    const local = t.container.providers.shipping;
    const cancelled: string[] = [];
    // The job's flow with the simulator, the shopper's cancel arriving while the courier books.
    const flow = t.containerWith({
      providers: {
        shipping: {
          ...local,
          async createShipment(request) {
            const created = await local.createShipment(request);
            if (request.orderId === order._id) {
              advance(MINUTE);
              const res = await s.client.request({
                method: 'POST',
                url: API.order.cancel(order._id),
                payload: {},
              });
              expect(res.statusCode).toBe(200);
            }
            return created;
          },
          async cancelShipment(booking) {
            cancelled.push(booking.providerShipmentId);
            return local.cancelShipment(booking);
          },
        },
      },
    }).flows.shipOrders;
    expect(await flow.run()).toMatchObject({ cancelled: 1 });
    expect(cancelled).toEqual([`LOCAL-${order.orderNumber}`]);
    expect(await shipmentOf(order._id)).toMatchObject({
      status: 'Cancelled',
      providerShipmentId: `LOCAL-${order.orderNumber}`,
      awb: null,
      courierCancelledAt: clock,
      nextStepAt: null,
    });
    for (let step = 0; step < 3; step += 1) {
      advance(STEP_MS);
      await shippingScheduler().runAll();
    }
    const after = await orderOf(s, order._id);
    expect(after.history.map((entry) => entry.deliveryStatus)).toEqual(['Processing', 'Cancelled']);
    expect((await shipmentOf(order._id))?.awb).toBeNull();
    expect(await stockOf(t, productId)).toBe(10);
  });

  it('ships an online order only once it is paid, and leaves its payment Paid on delivery', async () => {
    const jobs = shippingScheduler();
    const s = await signedInShopper(t);
    const productId = await kurta();
    const orders = createOrderService(t.database.db);
    const created = await orders.create(
      {
        userId: s.userId,
        address: { ...s.address, _id: s.address._id },
        itemsPricePaise: 49_900,
        shippingPricePaise: 4_900,
        taxPricePaise: 0,
        discountPaise: 0,
        totalPricePaise: 54_800,
        paymentMode: 'ONLINE',
        paymentStatus: 'Pending',
        deliveryStatus: 'Pending',
        orderNotes: '',
        createdAt: clock,
      },
      [
        {
          productId,
          name: 'Cotton Kurta',
          image: '',
          color: 'White',
          size: 'M',
          quantity: 1,
          pricePaise: 49_900,
          isRefundable: true,
        },
      ],
      { actor: 'customer', actorUserId: s.userId, note: 'Order placed with online payment.' },
    );
    await jobs.runAll();
    expect(await shipmentOf(created._id)).toBeUndefined();

    await orders.changeStatus(created._id, {
      deliveryStatus: 'Processing',
      paymentStatus: 'Paid',
      actor: 'system',
      actorUserId: null,
      note: 'Paid online.',
      at: clock,
    });
    await jobs.runAll();
    for (let step = 0; step < 3; step += 1) {
      advance(STEP_MS);
      await jobs.runAll();
    }
    const delivered = await orderOf(s, created._id);
    expect([delivered.deliveryStatus, delivered.paymentStatus]).toEqual(['Delivered', 'Paid']);
    expect(delivered.history.at(-1)?.note).toBe('Delivered.');
  });
});

describe('the shipping webhook is exempt from CSRF, not from its token', () => {
  it('reaches the route without a CSRF token', async () => {
    const client = createClient(t.app);
    const res = await client.request({ method: 'POST', url: API.shipping.webhook, payload: {}, csrf: false });
    // The local simulator has no webhook: the route itself answered, not the CSRF check (403).
    expect(res.statusCode).toBe(404);
  });
});
