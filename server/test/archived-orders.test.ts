import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { DAY, HOUR } from '../../common/constants';
import type { ArchivedOrder, Order } from '../../common/schemas/order';
import { moveOrder } from '../db/factories/order.factory';
import { createProduct } from '../db/factories/product.factory';
import { line, placeCod, type Shopper, signedInShopper } from './order-kit';
import { createClient, createTestApp, type TestApp } from './test-app';

let t: TestApp;
/** The app's clock; tests move it instead of sleeping. */
let clock = new Date('2026-11-22T10:00:00.000Z');
const NOW = clock;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

const ago = (ms: number) => new Date(NOW.getTime() - ms);

/** Places an order with the app's clock at `placedAt`; the clock goes back to NOW after. */
async function placeAt(s: Shopper, placedAt: Date, productId: string): Promise<Order> {
  clock = placedAt;
  try {
    return await placeCod(s, [line(productId)]);
  } finally {
    clock = NOW;
  }
}

async function cancelAt(s: Shopper, order: Order, when: Date): Promise<void> {
  clock = when;
  try {
    const res = await s.client.request({ method: 'POST', url: API.order.cancel(order._id), payload: {} });
    expect(res.statusCode).toBe(200);
  } finally {
    clock = NOW;
  }
}

/** The courier could not deliver (the courier slice does this for real). */
async function fail(order: Order, when: Date): Promise<void> {
  await moveOrder(t.database.db, order._id, {
    deliveryStatus: 'Failed',
    paymentStatus: 'Failed',
    note: 'Delivery failed: nobody at the address.',
    at: when,
  });
}

const archived = (s: Shopper, query = '') =>
  s.client.request({ method: 'GET', url: `${API.order.archived}${query}` });
const numbersOf = (list: { orderNumber: string }[]) => list.map((order) => order.orderNumber);

const stockedKurta = () =>
  createProduct(t.database.db, {
    name: 'Cotton Kurta',
    price: 499,
    mrp: 799,
    images: ['/images/products/cotton-kurta.webp'],
    variants: [{ color: 'White', size: 'M', countInStock: 100 }],
  });

describe('which orders are archived (SPEC.md §9), at their edges', () => {
  let s: Shopper;
  const placed: Record<string, Order> = {};

  beforeAll(async () => {
    s = await signedInShopper(t);
    const kurta = await stockedKurta();
    placed.old = await placeAt(s, ago(60 * DAY + 1), kurta);
    placed.sixtyDays = await placeAt(s, ago(60 * DAY), kurta);
    placed.cancelledOld = await placeAt(s, ago(3 * DAY + 1), kurta);
    await cancelAt(s, placed.cancelledOld, ago(3 * DAY - HOUR));
    placed.cancelledThreeDays = await placeAt(s, ago(3 * DAY), kurta);
    await cancelAt(s, placed.cancelledThreeDays, ago(3 * DAY - HOUR));
    placed.failedOld = await placeAt(s, ago(4 * DAY), kurta);
    await fail(placed.failedOld, ago(2 * DAY));
    placed.failedRecent = await placeAt(s, ago(2 * DAY), kurta);
    await fail(placed.failedRecent, ago(DAY));
    placed.processingOld = await placeAt(s, ago(61 * DAY), kurta);
    placed.recent = await placeAt(s, ago(10 * DAY), kurta);
  });

  it('archives orders placed more than 60 days ago, and Failed/Cancelled ones placed more than 3 days ago', async () => {
    const res = await archived(s);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // Newest first: the Cancelled one placed 3 days + 1 ms ago, the Failed one 4 days ago, then the old
    // ones, Processing or not.
    expect(res.json()).toEqual({
      orders: [placed.cancelledOld, placed.failedOld, placed.old, placed.processingOld].map((order) =>
        expect.objectContaining({ _id: order?._id }),
      ),
      pages: 1,
    });
  });

  it('leaves every other order in My Orders: exactly 60 days, Cancelled exactly 3 days ago, Failed 2 days ago, recent', async () => {
    const res = await s.client.request({ method: 'GET', url: API.order.mine });
    expect(res.json()).toMatchObject({ page: 1, pages: 1 });
    expect(numbersOf(res.json().orders)).toEqual(
      numbersOf([placed.failedRecent, placed.cancelledThreeDays, placed.recent, placed.sixtyDays] as Order[]),
    );
  });

  it('moves an order to the archive one millisecond after its edge', async () => {
    clock = new Date(NOW.getTime() + 1);
    try {
      const archive = numbersOf((await archived(s)).json().orders);
      expect(archive).toContain(placed.sixtyDays?.orderNumber);
      expect(archive).toContain(placed.cancelledThreeDays?.orderNumber);
      const mine = numbersOf((await s.client.request({ method: 'GET', url: API.order.mine })).json().orders);
      expect(mine).toEqual(numbersOf([placed.failedRecent, placed.recent] as Order[]));
    } finally {
      clock = NOW;
    }
  });

  it('answers SPEC.md §3’s archived-order fields and the line’s picture, nothing more (no address, no history)', async () => {
    const order = placed.failedOld as Order;
    const answered = (await archived(s)).json().orders as ArchivedOrder[];
    const [item] = order.items;
    expect(answered.find((archivedOrder) => archivedOrder._id === order._id)).toEqual({
      _id: order._id,
      orderNumber: order.orderNumber,
      orderTimestamp: ago(4 * DAY).toISOString(),
      deliveryStatus: 'Failed',
      paymentStatus: 'Failed',
      totalPrice: 548,
      items: [
        {
          productId: item?.productId,
          name: 'Cotton Kurta',
          image: '/images/products/cotton-kurta.webp',
          quantity: 1,
          price: 499,
          selectedColor: 'White',
          selectedSize: 'M',
        },
      ],
    });
  });
});

describe('GET /api/order/archived-orders pages', () => {
  let s: Shopper;
  let newestFirst: string[] = [];

  beforeAll(async () => {
    s = await signedInShopper(t);
    const kurta = await stockedKurta();
    const numbers: string[] = [];
    for (let i = 0; i < 23; i += 1) {
      numbers.push((await placeAt(s, ago(70 * DAY + i * HOUR), kurta)).orderNumber);
    }
    newestFirst = numbers;
    // Someone else's archived order never shows.
    await placeAt(await signedInShopper(t), ago(90 * DAY), kurta);
  });

  it('answers 10 a page, newest first, with the number of pages', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => archived(s, `?page=${page}`)));
    expect(pages.map((res) => res.json().pages)).toEqual([3, 3, 3]);
    expect(pages.map((res) => numbersOf(res.json().orders))).toEqual([
      newestFirst.slice(0, 10),
      newestFirst.slice(10, 20),
      newestFirst.slice(20),
    ]);
  });

  it('answers an empty page past the last one', async () => {
    const res = await archived(s, '?page=4');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ orders: [], pages: 3 });
  });

  it('reads a missing or bad page number as page 1, never a 500', async () => {
    for (const query of [
      '',
      '?page=',
      '?page=0',
      '?page=-2',
      '?page=abc',
      '?page=1.5',
      '?page=99999999',
      '?page=1e400',
    ]) {
      const res = await archived(s, query);
      expect(res.statusCode, query).toBe(200);
      expect(numbersOf(res.json().orders), query).toEqual(newestFirst.slice(0, 10));
    }
  });

  it('answers {orders: [], pages: 0} to a shopper without archived orders, and 401 to a guest', async () => {
    const fresh = await signedInShopper(t);
    expect((await archived(fresh)).json()).toEqual({ orders: [], pages: 0 });
    const guest = await createClient(t.app).request({ method: 'GET', url: API.order.archived });
    expect(guest.statusCode).toBe(401);
  });
});
