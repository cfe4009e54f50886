import { countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { ORDER_MESSAGES, type Order } from '../../common/schemas/order';
import { createProduct } from '../db/factories/product.factory';
import { products } from '../modules/catalog/catalog.schema';
import { orderHistory, orderItems, orders } from '../modules/order/order.schema';
import { cod, line, place, type Shopper, signedInShopper, stockOf as stockOfVariant } from './order-kit';
import { createClient, createTestApp, type TestApp } from './test-app';

let t: TestApp;
/** The app's clock; tests move it instead of sleeping. */
let clock = new Date('2026-11-22T10:00:00.000Z');
const HOUR = 60 * 60 * 1000;

const shopper = () => signedInShopper(t);
const stockOf = (productId: string, color?: string, size?: string) =>
  stockOfVariant(t, productId, color, size);

async function soldOf(productId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: products.soldCount })
    .from(products)
    .where(eq(products.id, productId));
  return row?.n ?? -1;
}

async function ordersOf(userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.userId, userId));
  return row?.n ?? -1;
}

/** A product priced 499 with 10 White/M and 5 White/L, refundable. */
const kurta = (overrides: Parameters<typeof createProduct>[1] = {}) =>
  createProduct(t.database.db, { name: 'Cotton Kurta', price: 499, mrp: 799, ...overrides });

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

describe('POST /api/order with cash on delivery', () => {
  it('answers 401 to a guest', async () => {
    const guest = createClient(t.app);
    const res = await guest.request({ method: 'POST', url: API.order.place, payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('answers 201 {order, payment: null} priced by the server, with the shipping fee below ₹999', async () => {
    const s = await shopper();
    const productId = await kurta({ images: ['/images/kurta.webp'] });
    const res = await place(s, cod(s, [line(productId, { quantity: 1 })]));
    expect(res.statusCode).toBe(201);
    const { order, payment } = res.json() as { order: Order; payment: null };
    expect(payment).toBeNull();
    expect(order).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      orderNumber: expect.stringMatching(/^PNV-2611-[2-9A-HJKMNP-TV-Z]{5}$/),
      orderTimestamp: clock.toISOString(),
      items: [
        {
          productId,
          name: 'Cotton Kurta',
          image: '/images/kurta.webp',
          quantity: 1,
          price: 499,
          selectedColor: 'White',
          selectedSize: 'M',
          // The cart said false; the server's catalog says the kurta is refundable.
          isRefundable: true,
        },
      ],
      itemsPrice: 499,
      shippingPrice: 49,
      taxPrice: 0,
      discount: 0,
      totalPrice: 548,
      paymentMode: 'COD',
      paymentStatus: 'Pending',
      deliveryStatus: 'Processing',
      address: {
        _id: s.address._id,
        name: 'Asha Verma',
        phone: '9876543210',
        addressLine1: '12 Rangoli Lane',
        addressLine2: 'Near the temple',
        addressLine3: '',
        pincode: '302001',
        district: 'Jaipur',
        state: 'Rajasthan',
        country: 'India',
      },
      orderNotes: 'Please call before delivery.',
      history: [
        {
          at: clock.toISOString(),
          deliveryStatus: 'Processing',
          paymentStatus: 'Pending',
          actor: 'customer',
          note: 'Order placed with cash on delivery.',
        },
      ],
    });
    expect(await stockOf(productId)).toBe(9);
    expect(await soldOf(productId)).toBe(1);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.userId).toBe(s.userId);
  });

  it('ships free from ₹999 of items up, and sums several lines', async () => {
    const s = await shopper();
    const a = await kurta({ price: 599, mrp: 799 });
    const b = await kurta({ price: 400, mrp: 799 });
    const res = await place(
      s,
      cod(s, [line(a, { price: 599, quantity: 1 }), line(b, { price: 400, selectedSize: 'L', quantity: 1 })]),
    );
    expect(res.statusCode).toBe(201);
    const { order } = res.json() as { order: Order };
    expect(order.items.map((i) => [i.productId, i.selectedSize, i.quantity, i.price])).toEqual([
      [a, 'M', 1, 599],
      [b, 'L', 1, 400],
    ]);
    expect([order.itemsPrice, order.shippingPrice, order.taxPrice, order.totalPrice]).toEqual([
      999, 0, 0, 999,
    ]);
    expect(await stockOf(b, 'White', 'L')).toBe(4);
  });

  it('charges the fee one rupee below the threshold; notes are optional and trimmed', async () => {
    const s = await shopper();
    const productId = await kurta();
    const res = await place(s, cod(s, [line(productId, { quantity: 2 })], { orderNotes: undefined }));
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({
      orderNotes: '',
      itemsPrice: 998,
      shippingPrice: 49,
      totalPrice: 1047,
    });
    const trimmed = await place(s, cod(s, [line(productId)], { orderNotes: '  Ring the bell twice  ' }));
    expect(trimmed.json().order.orderNotes).toBe('Ring the bell twice');
  });
});

describe('POST /api/order refuses what the shop cannot take, with 400 and nothing changed', () => {
  let s: Shopper;
  let other: Shopper;
  let productId: string;

  beforeAll(async () => {
    s = await shopper();
    other = await shopper();
    productId = await kurta();
  });

  const cases: [string, () => object, string][] = [
    ['an empty cart', () => cod(s, []), ORDER_MESSAGES.emptyCart],
    ['no cart at all', () => ({ addressId: s.address._id, paymentMode: 'COD' }), ORDER_MESSAGES.emptyCart],
    ['a quantity of 0', () => cod(s, [line(productId, { quantity: 0 })]), ORDER_MESSAGES.quantity],
    ['a negative quantity', () => cod(s, [line(productId, { quantity: -2 })]), ORDER_MESSAGES.quantity],
    ['a fractional quantity', () => cod(s, [line(productId, { quantity: 1.5 })]), ORDER_MESSAGES.quantity],
    [
      'a quantity sent as text',
      () => cod(s, [{ ...line(productId), quantity: '2' }]),
      ORDER_MESSAGES.quantity,
    ],
    [
      'an unknown payment mode',
      () => cod(s, [line(productId)], { paymentMode: 'UPI' }),
      ORDER_MESSAGES.paymentMode,
    ],
    [
      'an unknown product',
      () => cod(s, [line('00000000-0000-4000-8000-000000000000')]),
      ORDER_MESSAGES.unknownProduct,
    ],
    ['a malformed product id', () => cod(s, [line('not-a-product')]), ORDER_MESSAGES.unknownProduct],
    [
      'an unknown colour',
      () => cod(s, [line(productId, { selectedColor: 'Purple' })]),
      ORDER_MESSAGES.unknownVariant,
    ],
    [
      'an unknown size',
      () => cod(s, [line(productId, { selectedSize: 'XXXL' })]),
      ORDER_MESSAGES.unknownVariant,
    ],
    ['no address', () => cod(s, [line(productId)], { addressId: undefined }), ORDER_MESSAGES.address],
    [
      'an unknown address',
      () => cod(s, [line(productId)], { addressId: '00000000-0000-4000-8000-000000000000' }),
      ORDER_MESSAGES.address,
    ],
    [
      "someone else's address",
      () => cod(s, [line(productId)], { addressId: other.address._id }),
      ORDER_MESSAGES.address,
    ],
    [
      'notes over 500 characters',
      () => cod(s, [line(productId)], { orderNotes: 'x'.repeat(501) }),
      'Order notes can be at most 500 characters.',
    ],
  ];

  it.each(cases)('%s', async (_name, payload, message) => {
    const res = await place(s, payload());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await stockOf(productId)).toBe(10);
    expect(await ordersOf(s.userId)).toBe(0);
  });

  it('answers 400 PRICE_CHANGED with the current prices when a cart price differs from today', async () => {
    const cheaper = await kurta({ price: 350, mrp: 799 });
    const res = await place(
      s,
      cod(s, [line(productId, { price: 499 }), line(cheaper, { price: 400, quantity: 2 })]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: ORDER_MESSAGES.priceChanged,
      code: 'PRICE_CHANGED',
      errors: [{ path: 'cartItems.1.price', msg: 'Cotton Kurta now costs Rs 350.' }],
      prices: [
        { productId, selectedColor: 'White', selectedSize: 'M', price: 499 },
        { productId: cheaper, selectedColor: 'White', selectedSize: 'M', price: 350 },
      ],
    });
    expect(await stockOf(cheaper)).toBe(10);
    expect(await ordersOf(s.userId)).toBe(0);
  });

  it('answers 400 OUT_OF_STOCK beyond the variant stock, and a short second line rolls back the first', async () => {
    const plenty = await kurta();
    const res = await place(s, cod(s, [line(productId, { quantity: 11 })]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: ORDER_MESSAGES.outOfStock });

    const mixed = await place(
      s,
      cod(s, [line(plenty, { quantity: 3 }), line(productId, { selectedSize: 'L', quantity: 6 })]),
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().code).toBe('OUT_OF_STOCK');
    expect(mixed.json().errors).toEqual([
      { path: 'cartItems.1.quantity', msg: 'Cotton Kurta (White, L) does not have 6 left.' },
    ]);
    expect(await stockOf(plenty)).toBe(10);
    expect(await soldOf(plenty)).toBe(0);
    expect(await stockOf(productId, 'White', 'L')).toBe(5);
    expect(await ordersOf(s.userId)).toBe(0);
  });
});

describe('stock under concurrency', () => {
  it('200 concurrent checkouts of a variant with 10 units sell exactly 10', async () => {
    const productId = await kurta({ variants: [{ color: 'White', size: 'M', countInStock: 10 }] });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const buyer = buyers[i % buyers.length] as Shopper;
        return place(buyer, cod(buyer, [line(productId)]));
      }),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((code) => code === 201)).toHaveLength(10);
    expect(statuses.filter((code) => code === 400)).toHaveLength(190);
    expect(new Set(answers.filter((res) => res.statusCode === 400).map((res) => res.json().code))).toEqual(
      new Set(['OUT_OF_STOCK']),
    );
    expect(await stockOf(productId)).toBe(0);
    expect(await soldOf(productId)).toBe(10);
    const [sold] = await t.database.db
      .select({ n: countDistinct(orderItems.orderId) })
      .from(orderItems)
      .where(eq(orderItems.productId, productId));
    expect(sold?.n).toBe(10);
  });
});

describe('Idempotency-Key', () => {
  it('the same key and body sent twice at once make one order and both get its answer', async () => {
    const s = await shopper();
    const productId = await kurta();
    const body = cod(s, [line(productId, { quantity: 2 })]);
    const headers = { 'idempotency-key': 'checkout-7f3a9c' };
    const [a, b] = await Promise.all([place(s, body, headers), place(s, body, headers)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    const retry = await place(s, body, headers);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(a.json());
    expect(await ordersOf(s.userId)).toBe(1);
    expect(await stockOf(productId)).toBe(8);
  });

  it('refuses the same key with another body with 422, and another key makes another order', async () => {
    const s = await shopper();
    const productId = await kurta();
    const headers = { 'idempotency-key': 'checkout-b2' };
    expect((await place(s, cod(s, [line(productId)]), headers)).statusCode).toBe(201);
    const reused = await place(s, cod(s, [line(productId, { quantity: 3 })]), headers);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      message: ORDER_MESSAGES.idempotencyReused,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect((await place(s, cod(s, [line(productId)]), { 'idempotency-key': 'checkout-b3' })).statusCode).toBe(
      201,
    );
    expect(await ordersOf(s.userId)).toBe(2);
    expect(await stockOf(productId)).toBe(8);
  });

  it('keys belong to one shopper, a failed request does not use its key up, and a bad key answers 400', async () => {
    const s = await shopper();
    const other = await shopper();
    const productId = await kurta();
    const headers = { 'idempotency-key': 'shared-key' };
    expect((await place(s, cod(s, [line(productId)]), headers)).statusCode).toBe(201);
    expect((await place(other, cod(other, [line(productId)]), headers)).statusCode).toBe(201);
    expect(await ordersOf(other.userId)).toBe(1);

    const failed = await place(s, cod(s, [line(productId, { quantity: 50 })]), {
      'idempotency-key': 'k-retry',
    });
    expect(failed.json().code).toBe('OUT_OF_STOCK');
    const fixed = await place(s, cod(s, [line(productId, { quantity: 50 })]), {
      'idempotency-key': 'k-retry',
    });
    expect(fixed.json().code).toBe('OUT_OF_STOCK');

    const bad = await place(s, cod(s, [line(productId)]), { 'idempotency-key': 'x'.repeat(201) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ORDER_MESSAGES.idempotencyKey);
  });
});

describe('reading orders', () => {
  it("GET /api/order/{id} answers the owner's order and 404 for others', unknown and malformed ids", async () => {
    const s = await shopper();
    const intruder = await shopper();
    const productId = await kurta();
    const placed = (await place(s, cod(s, [line(productId)]))).json().order as Order;

    const mine = await s.client.request({ method: 'GET', url: API.order.one(placed._id) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(placed);

    for (const id of [placed._id, '00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1"]) {
      const res = await intruder.client.request({ method: 'GET', url: API.order.one(id) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ORDER_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
    const guest = await createClient(t.app).request({ method: 'GET', url: API.order.one(placed._id) });
    expect(guest.statusCode).toBe(401);
  });

  it('GET /api/order/myorders pages 10 orders at a time, newest first, only the shopper’s own', async () => {
    const s = await shopper();
    const other = await shopper();
    const productId = await kurta({ variants: [{ color: 'White', size: 'M', countInStock: 50 }] });
    const start = clock;
    const numbers: string[] = [];
    try {
      for (let i = 0; i < 12; i += 1) {
        clock = new Date(start.getTime() + i * 60_000);
        const res = await place(s, cod(s, [line(productId)]));
        expect(res.statusCode).toBe(201);
        numbers.push(res.json().order.orderNumber);
      }
      expect((await place(other, cod(other, [line(productId)]))).statusCode).toBe(201);
    } finally {
      clock = start;
    }
    const page1 = await s.client.request({ method: 'GET', url: `${API.order.mine}?page=1` });
    expect(page1.statusCode).toBe(200);
    expect(page1.json().page).toBe(1);
    expect(page1.json().pages).toBe(2);
    const newestFirst = [...numbers].reverse();
    expect(page1.json().orders.map((o: Order) => o.orderNumber)).toEqual(newestFirst.slice(0, 10));
    const page2 = await s.client.request({ method: 'GET', url: `${API.order.mine}?page=2` });
    expect(page2.json()).toMatchObject({ page: 2, pages: 2 });
    expect(page2.json().orders.map((o: Order) => o.orderNumber)).toEqual(newestFirst.slice(10));
    const none = await (await shopper()).client.request({ method: 'GET', url: API.order.mine });
    expect(none.json()).toEqual({ orders: [], page: 1, pages: 0 });
  });
});

describe('POST /api/order/{id}/cancel', () => {
  const cancel = (s: Shopper, id: string, payload?: object) =>
    s.client.request({ method: 'POST', url: API.order.cancel(id), ...(payload ? { payload } : {}) });

  it('cancels within 6 hours: stock returns, the history records it, 200 {order}; a second cancel is 409', async () => {
    const s = await shopper();
    const productId = await kurta();
    const placed = (await place(s, cod(s, [line(productId, { quantity: 3 })]))).json().order as Order;
    expect(await stockOf(productId)).toBe(7);
    const start = clock;
    try {
      clock = new Date(start.getTime() + 6 * HOUR);
      const res = await cancel(s, placed._id, { reason: 'Ordered the wrong size' });
      expect(res.statusCode).toBe(200);
      const { order } = res.json() as { order: Order };
      expect(order.deliveryStatus).toBe('Cancelled');
      expect(order.paymentStatus).toBe('Pending');
      expect(order.history).toEqual([
        placed.history[0],
        {
          at: clock.toISOString(),
          deliveryStatus: 'Cancelled',
          paymentStatus: 'Pending',
          actor: 'customer',
          note: 'Cancelled by the customer: Ordered the wrong size',
        },
      ]);
      expect(await stockOf(productId)).toBe(10);
      expect(await soldOf(productId)).toBe(0);

      const again = await cancel(s, placed._id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(ORDER_MESSAGES.alreadyCancelled);
      expect(await stockOf(productId)).toBe(10);
    } finally {
      clock = start;
    }
  });

  it('answers 409 one millisecond past the 6-hour window and changes nothing', async () => {
    const s = await shopper();
    const productId = await kurta();
    const placed = (await place(s, cod(s, [line(productId)]))).json().order as Order;
    const start = clock;
    try {
      clock = new Date(start.getTime() + 6 * HOUR + 1);
      const res = await cancel(s, placed._id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: ORDER_MESSAGES.cancelWindow, code: 'CANCEL_WINDOW_PASSED' });
    } finally {
      clock = start;
    }
    expect(await stockOf(productId)).toBe(9);
    const rows = await t.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, placed._id));
    expect(rows).toHaveLength(1);
  });

  it('answers 409 once the order has shipped, and 404 for another shopper’s order', async () => {
    const s = await shopper();
    const intruder = await shopper();
    const productId = await kurta();
    const placed = (await place(s, cod(s, [line(productId)]))).json().order as Order;

    const stolen = await cancel(intruder, placed._id);
    expect(stolen.statusCode).toBe(404);
    expect((await cancel(intruder, 'not-an-id')).statusCode).toBe(404);

    await t.database.db.update(orders).set({ deliveryStatus: 'Shipped' }).where(eq(orders.id, placed._id));
    const res = await cancel(s, placed._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ORDER_MESSAGES.cancelShipped, code: 'CANCEL_NOT_ALLOWED' });
    expect(await stockOf(productId)).toBe(9);
  });

  it('two cancels at once return the stock once', async () => {
    const s = await shopper();
    const productId = await kurta();
    const placed = (await place(s, cod(s, [line(productId, { quantity: 4 })]))).json().order as Order;
    const [a, b] = await Promise.all([cancel(s, placed._id), cancel(s, placed._id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await stockOf(productId)).toBe(10);
  });
});
