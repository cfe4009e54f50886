import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import type { Order } from '../../common/schemas/order';
import { createProduct } from '../db/factories/product.factory';
import { buildReview, insertReviews } from '../db/factories/review.factory';
import { cod, deliver, line, place, type Shopper, signedInShopper } from './order-kit';
import { recordingPaymentProvider, signedPayment, verify } from './payments-helpers';
import { type StaffMember, signedInStaff } from './staff-kit';
import { createClient, createTestApp, type TestApp } from './test-app';

/**
 * The dashboard on a small known shop. "Now" is 10 March 2026, 11:30 in India (06:00 UTC). Sales:
 *  - 2 Mar: cash order of a kurta (₹500 + ₹49 delivery), delivered: ₹549 (30 days only)
 *  - 8 Mar: online order of a dupatta (₹700 + ₹49), paid, then cancelled and refunded: ₹749 − ₹749
 *  - 9 Mar: cash order of a kurta, delivered, a return asked since: ₹549
 *  - 10 Mar 00:15 in India (9 Mar in UTC): online order of two sarees, paid: ₹2,000 (free delivery)
 * Not sales: a cash order not delivered yet, and an online order not paid.
 */
const NOW = new Date('2026-03-10T06:00:00Z');
let clock = NOW;
const at = (iso: string) => {
  clock = new Date(iso);
};

const payments = recordingPaymentProvider();
let t: TestApp;
let support: StaffMember;
let shopper: Shopper;
const products = { saree: '', kurta: '', dupatta: '', stole: '' };

const stock = (countInStock: number) => [{ color: 'White', size: 'M', countInStock }];

async function placed(
  payload: object,
): Promise<{ order: Order; payment: { providerOrderId: string } | null }> {
  const res = await place(shopper, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function paidOnline(productId: string, price: number, quantity: number): Promise<Order> {
  const { order, payment } = await placed(
    cod(shopper, [line(productId, { price, quantity })], { paymentMode: 'ONLINE' }),
  );
  const res = await verify(shopper, { orderId: order._id, ...signedPayment(payment?.providerOrderId ?? '') });
  expect(res.statusCode, res.body).toBe(200);
  return order;
}

/** A page view from a browser session, at the clock's time. */
const view = (sessionId: string, url: string) =>
  createClient(t.app).request({
    method: 'POST',
    url: API.analytics.collect,
    payload: { type: 'pageview', sessionId, path: new URL(url).pathname, url },
    csrf: false,
  });

const dashboard = async (staff: StaffMember, range?: string) => {
  const res = await staff.client.request({
    method: 'GET',
    url: `${API.admin.dashboard}${range ? `?range=${range}` : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, providers: { payment: payments.provider } });
  support = await signedInStaff(t, 'support');
  shopper = await signedInShopper(t);
  const db = t.database.db;
  products.saree = await createProduct(db, { name: 'Silk Saree Banarasi', price: 1000, variants: stock(50) });
  products.kurta = await createProduct(db, { name: 'Cotton Kurta', price: 500, variants: stock(50) });
  products.dupatta = await createProduct(db, { name: 'Linen Dupatta', price: 700, variants: stock(50) });
  products.stole = await createProduct(db, {
    name: 'Bandhani Stole',
    price: 900,
    variants: [
      { color: 'Red', size: 'Free', countInStock: 2 },
      { color: 'Blue', size: 'Free', countInStock: 0 },
    ],
  });

  at('2026-03-02T06:00:00Z');
  const early = (await placed(cod(shopper, [line(products.kurta, { price: 500 })]))).order;
  await deliver(t, early, new Date('2026-03-03T06:00:00Z'));

  at('2026-03-08T06:00:00Z');
  const refunded = await paidOnline(products.dupatta, 700, 1);
  const cancel = await shopper.client.request({ method: 'POST', url: API.order.cancel(refunded._id) });
  expect(cancel.statusCode, cancel.body).toBe(200);

  at('2026-03-09T06:00:00Z');
  const returned = (await placed(cod(shopper, [line(products.kurta, { price: 500, isRefundable: true })])))
    .order;
  await deliver(t, returned, new Date('2026-03-09T12:00:00Z'));

  at('2026-03-09T18:45:00Z');
  await paidOnline(products.saree, 1000, 2);

  at('2026-03-10T06:00:00Z');
  await placed(cod(shopper, [line(products.saree, { price: 1000 })]));
  await placed(cod(shopper, [line(products.kurta, { price: 500 })], { paymentMode: 'ONLINE' }));
  const asked = await shopper.client.request({
    method: 'POST',
    url: API.order.return(returned._id),
    payload: { reason: 'Too small for me.' },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  // A review with a photo waits for moderation.
  await insertReviews(db, [
    buildReview({
      productId: products.kurta,
      userId: shopper.userId,
      status: 'pending',
      photo: { key: 'reviews/waiting', width: 400, height: 300 },
      createdAt: clock,
    }),
  ]);

  const [s1, s2, s3, s4, old] = Array.from({ length: 5 }, () => randomBytes(16).toString('hex'));
  for (const [session, url] of [
    [s1, 'http://localhost:3000/search?name=silk+saree'],
    [s1, 'http://localhost:3000/search?name=silk+saree&page=2'],
    [s2, 'http://localhost:3000/search?gender=Women&name=Silk%20Saree'],
    [s3, 'http://localhost:3000/search?name=zardozi+clutch'],
    [s4, 'http://localhost:3000/'],
  ] as const) {
    expect((await view(session as string, url)).statusCode).toBe(204);
  }
  at('2026-03-01T06:00:00Z');
  await view(old as string, 'http://localhost:3000/search?name=zardozi+clutch');
  clock = NOW;
}, 120_000);
afterAll(() => t.close());

describe('GET /api/admin/dashboard', () => {
  it('counts paid online and delivered cash orders less refunds, by day in India, over 7 days', async () => {
    const figures = await dashboard(support, '7d');
    expect(figures).toMatchObject({
      range: '7d',
      from: '2026-03-04',
      to: '2026-03-10',
      revenue: 2549,
      orders: 3,
      averageOrderValue: 1099.33,
      unitsSold: 3,
    });
    expect(figures.series).toEqual([
      { date: '2026-03-04', revenue: 0, orders: 0 },
      { date: '2026-03-05', revenue: 0, orders: 0 },
      { date: '2026-03-06', revenue: 0, orders: 0 },
      { date: '2026-03-07', revenue: 0, orders: 0 },
      { date: '2026-03-08', revenue: 0, orders: 1 },
      { date: '2026-03-09', revenue: 549, orders: 1 },
      { date: '2026-03-10', revenue: 2000, orders: 1 },
    ]);
    expect(figures.topProducts).toEqual([
      { productId: products.saree, name: 'Silk Saree Banarasi', unitsSold: 2, revenue: 2000 },
      { productId: products.kurta, name: 'Cotton Kurta', unitsSold: 1, revenue: 500 },
    ]);
  });

  it('narrows to today and widens to 30 days', async () => {
    expect(await dashboard(support, 'today')).toMatchObject({
      from: '2026-03-10',
      to: '2026-03-10',
      revenue: 2000,
      orders: 1,
      averageOrderValue: 2000,
      unitsSold: 2,
      series: [{ date: '2026-03-10', revenue: 2000, orders: 1 }],
    });
    const month = await dashboard(support, '30d');
    expect(month).toMatchObject({ from: '2026-02-09', revenue: 3098, orders: 4, unitsSold: 4, visitors: 5 });
    expect(month.series).toHaveLength(30);
    expect(month.topProducts.map((p: { unitsSold: number }) => p.unitsSold)).toEqual([2, 2]);
  });

  it('shows what waits for the staff and what runs out, as of now', async () => {
    const figures = await dashboard(support);
    expect(figures).toMatchObject({ range: '7d', toShip: 2, returnsWaiting: 1, reviewsWaiting: 1 });
    expect(figures.lowStock).toEqual([
      {
        sku: expect.any(String),
        productId: products.stole,
        name: 'Bandhani Stole',
        color: 'Blue',
        size: 'Free',
        countInStock: 0,
      },
      {
        sku: expect.any(String),
        productId: products.stole,
        name: 'Bandhani Stole',
        color: 'Red',
        size: 'Free',
        countInStock: 2,
      },
    ]);
  });

  it('counts visitors and searches by browser session, and names searches that find nothing', async () => {
    const figures = await dashboard(support, '7d');
    expect(figures.visitors).toBe(4);
    expect(figures.topSearches).toEqual([
      { term: 'silk saree', searches: 2 },
      { term: 'zardozi clutch', searches: 1 },
    ]);
    expect(figures.searchesWithNoResults).toEqual([{ term: 'zardozi clutch', searches: 1 }]);
    expect((await dashboard(support, '30d')).searchesWithNoResults).toEqual([
      { term: 'zardozi clutch', searches: 2 },
    ]);
  });

  it('refuses a range it does not know', async () => {
    const res = await support.client.request({ method: 'GET', url: `${API.admin.dashboard}?range=1y` });
    expect(res.statusCode).toBe(422);
  });
});
