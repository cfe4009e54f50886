import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { DAY } from '../../common/constants';
import { ORDER_MESSAGES, type Order, RETURN_MESSAGES } from '../../common/schemas/order';
import { moveOrder } from '../db/factories/order.factory';
import { createProduct } from '../db/factories/product.factory';
import { orderHistory, orderReturns, orders } from '../modules/order/order.schema';
import { deliver, line, placeCod, type Shopper, signedInShopper } from './order-kit';
import { createClient, createTestApp, type TestApp } from './test-app';

let t: TestApp;
/** The app's clock; tests move it instead of sleeping. */
let clock = new Date('2026-11-22T10:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

const shopper = () => signedInShopper(t);

/** Runs `work` with the app's clock at `at`, then puts it back. */
async function at<T>(when: Date, work: () => Promise<T>): Promise<T> {
  const saved = clock;
  clock = when;
  try {
    return await work();
  } finally {
    clock = saved;
  }
}

const requestReturn = (s: Shopper, orderId: string, payload?: object) =>
  s.client.request({
    method: 'POST',
    url: API.order.return(orderId),
    ...(payload === undefined ? {} : { payload }),
  });

const product = (overrides: Parameters<typeof createProduct>[1] = {}) =>
  createProduct(t.database.db, { name: 'Cotton Kurta', price: 499, mrp: 799, ...overrides });

/**
 * A shopper with an order placed 10 days before the clock and delivered 2 days before it: a refundable
 * kurta (White/M and White/L) and a non-refundable pair of earrings.
 */
async function deliveredOrder(deliveredAt = new Date(clock.getTime() - 2 * DAY)) {
  const s = await shopper();
  const kurta = await product();
  const earrings = await product({ name: 'Jhumka Earrings', price: 299, isRefundable: false });
  const order = await at(new Date(clock.getTime() - 10 * DAY), () =>
    placeCod(s, [
      line(kurta),
      line(kurta, { selectedSize: 'L' }),
      line(earrings, { price: 299, quantity: 2 }),
    ]),
  );
  await deliver(t, order, deliveredAt);
  return { s, order, kurta, earrings, deliveredAt };
}

async function returnRows(orderId: string) {
  return t.database.db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId));
}

async function statusOf(orderId: string) {
  const [row] = await t.database.db
    .select({ delivery: orders.deliveryStatus, payment: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

describe('POST /api/order/{id}/return', () => {
  it('answers 201 {order, returnRequest} for every refundable line; the order is Return Requested with a history entry', async () => {
    const { s, order, kurta } = await deliveredOrder();
    const res = await requestReturn(s, order._id, { reason: '  The fabric is thinner than shown.  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { order: Order; returnRequest: NonNullable<Order['returnRequest']> };
    const kurtaLine = (size: string) => ({
      productId: kurta,
      name: 'Cotton Kurta',
      image: expect.any(String),
      quantity: 1,
      price: 499,
      selectedColor: 'White',
      selectedSize: size,
      isRefundable: true,
    });
    expect(body.returnRequest).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'Requested',
      reason: 'The fabric is thinner than shown.',
      // The earrings are not refundable, so they are left out.
      items: [kurtaLine('M'), kurtaLine('L')],
      requestedAt: clock.toISOString(),
    });
    expect(body.order.deliveryStatus).toBe('Return Requested');
    expect(body.order.paymentStatus).toBe('Paid');
    expect(body.order.returnRequest).toEqual(body.returnRequest);
    expect(body.order.history.at(-1)).toEqual({
      at: clock.toISOString(),
      deliveryStatus: 'Return Requested',
      paymentStatus: 'Paid',
      actor: 'customer',
      note: 'Return requested: The fabric is thinner than shown.',
    });

    // The order reads the same afterwards, alone and in My Orders.
    const one = await s.client.request({ method: 'GET', url: API.order.one(order._id) });
    expect(one.json()).toEqual(body.order);
    const mine = await s.client.request({ method: 'GET', url: API.order.mine });
    expect(mine.json().orders).toEqual([body.order]);
    expect(await returnRows(order._id)).toEqual([
      expect.objectContaining({ linePositions: [0, 1], status: 'Requested' }),
    ]);
  });

  it('`items` narrows the request to the lines named', async () => {
    const { s, order, kurta } = await deliveredOrder();
    const res = await requestReturn(s, order._id, {
      reason: 'Size L is too big.',
      items: [{ productId: kurta.toUpperCase(), selectedColor: 'White', selectedSize: 'L' }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().returnRequest.items.map((i: Order['items'][number]) => i.selectedSize)).toEqual(['L']);
    expect(await returnRows(order._id)).toEqual([expect.objectContaining({ linePositions: [1] })]);
  });

  it('allows a request exactly 7 days after delivery', async () => {
    const { s, order, deliveredAt } = await deliveredOrder();
    const res = await at(new Date(deliveredAt.getTime() + 7 * DAY), () =>
      requestReturn(s, order._id, { reason: 'Changed my mind.' }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('answers 409 one millisecond past 7 days of delivery and changes nothing', async () => {
    const { s, order, deliveredAt } = await deliveredOrder();
    const res = await at(new Date(deliveredAt.getTime() + 7 * DAY + 1), () =>
      requestReturn(s, order._id, { reason: 'Changed my mind.' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: RETURN_MESSAGES.window, code: 'RETURN_WINDOW_PASSED' });
    expect(await returnRows(order._id)).toEqual([]);
    expect(await statusOf(order._id)).toEqual({ delivery: 'Delivered', payment: 'Paid' });
  });

  it('counts the window from the delivery in the history, not from placing', async () => {
    // Placed 10 days ago (past 7 days of placing), delivered yesterday: still returnable.
    const { s, order } = await deliveredOrder(new Date(clock.getTime() - DAY));
    expect((await requestReturn(s, order._id, { reason: 'Late and wrong colour.' })).statusCode).toBe(201);
  });

  it('answers 409 for an order that is not delivered, and once a request was made', async () => {
    const s = await shopper();
    const kurta = await product();
    const processing = await placeCod(s, [line(kurta)]);
    const notDelivered = await requestReturn(s, processing._id, { reason: 'Not needed.' });
    expect(notDelivered.statusCode).toBe(409);
    expect(notDelivered.json()).toEqual({ message: RETURN_MESSAGES.notDelivered, code: 'NOT_DELIVERED' });

    const cancelled = await placeCod(s, [line(kurta)]);
    expect(
      (await s.client.request({ method: 'POST', url: API.order.cancel(cancelled._id), payload: {} }))
        .statusCode,
    ).toBe(200);
    expect((await requestReturn(s, cancelled._id, { reason: 'Not needed.' })).json().code).toBe(
      'NOT_DELIVERED',
    );

    const { s: buyer, order } = await deliveredOrder();
    expect((await requestReturn(buyer, order._id, { reason: 'Too small.' })).statusCode).toBe(201);
    const again = await requestReturn(buyer, order._id, { reason: 'Also the colour.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: RETURN_MESSAGES.alreadyRequested,
      code: 'RETURN_ALREADY_REQUESTED',
    });
    expect(await returnRows(order._id)).toEqual([expect.objectContaining({ reason: 'Too small.' })]);
  });

  it('keeps one request per order even after it was decided', async () => {
    const { s, order } = await deliveredOrder();
    expect((await requestReturn(s, order._id, { reason: 'Too small.' })).statusCode).toBe(201);
    // Staff reject it (the admin slice): the order is no longer Return Requested, but stays refused.
    await moveOrder(t.database.db, order._id, {
      deliveryStatus: 'Delivered',
      paymentStatus: 'Paid',
      actor: 'admin',
      actorUserId: null,
      note: 'Return rejected: worn.',
      at: clock,
    });
    const again = await requestReturn(s, order._id, { reason: 'Please reconsider.' });
    expect(again.json().code).toBe('RETURN_ALREADY_REQUESTED');
  });

  it('answers 422 when nothing in the order is refundable, or a named line is not refundable or not in the order', async () => {
    const s = await shopper();
    const earrings = await product({ name: 'Jhumka Earrings', price: 299, isRefundable: false });
    const placed = await at(new Date(clock.getTime() - 3 * DAY), () =>
      placeCod(s, [line(earrings, { price: 299 })]),
    );
    await deliver(t, placed, new Date(clock.getTime() - DAY));
    const nothing = await requestReturn(s, placed._id, { reason: 'Did not like them.' });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json()).toEqual({ message: RETURN_MESSAGES.nothingRefundable, code: 'NOT_RETURNABLE' });

    const { s: buyer, order, earrings: other, kurta } = await deliveredOrder();
    const notRefundable = await requestReturn(buyer, order._id, {
      reason: 'Did not like them.',
      items: [
        { productId: kurta, selectedColor: 'White', selectedSize: 'M' },
        { productId: other, selectedColor: 'White', selectedSize: 'M' },
      ],
    });
    expect(notRefundable.statusCode).toBe(422);
    expect(notRefundable.json()).toEqual({
      message: RETURN_MESSAGES.notRefundable,
      code: 'NOT_RETURNABLE',
      errors: [{ path: 'items.1', msg: 'Jhumka Earrings cannot be returned.' }],
    });

    const unknown = await requestReturn(buyer, order._id, {
      reason: 'Wrong size.',
      items: [{ productId: kurta, selectedColor: 'White', selectedSize: 'XXL' }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      message: RETURN_MESSAGES.unknownLine,
      code: 'NOT_RETURNABLE',
      errors: [{ path: 'items.0', msg: RETURN_MESSAGES.unknownLine }],
    });
    expect(await returnRows(order._id)).toEqual([]);
    expect(await statusOf(order._id)).toEqual({ delivery: 'Delivered', payment: 'Paid' });
  });

  it('answers 422 naming the field for a missing, blank or too long reason and an empty items list', async () => {
    const { s, order } = await deliveredOrder();
    for (const payload of [undefined, {}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 7 }]) {
      const res = await requestReturn(s, order._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const blank = await requestReturn(s, order._id, { reason: '   ' });
    expect(blank.json().errors).toEqual([{ path: 'reason', msg: RETURN_MESSAGES.reason }]);
    const empty = await requestReturn(s, order._id, { reason: 'Too small.', items: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual([{ path: 'items', msg: RETURN_MESSAGES.chooseItems }]);
    expect(await returnRows(order._id)).toEqual([]);
  });

  it('answers 404 for another shopper’s order, unknown and malformed ids; 401 for a guest; 403 without CSRF', async () => {
    const { s, order } = await deliveredOrder();
    const intruder = await shopper();
    for (const id of [order._id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await requestReturn(intruder, id, { reason: 'Mine now.' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ORDER_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
    const guest = await createClient(t.app).request({
      method: 'POST',
      url: API.order.return(order._id),
      payload: { reason: 'Guest.' },
    });
    expect(guest.statusCode).toBe(401);
    const noCsrf = await s.client.request({
      method: 'POST',
      url: API.order.return(order._id),
      payload: { reason: 'No token.' },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await returnRows(order._id)).toEqual([]);
  });

  it('five requests sent at once make one request and one history entry', async () => {
    const { s, order } = await deliveredOrder();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => requestReturn(s, order._id, { reason: `Attempt ${i}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().code).toBe('RETURN_ALREADY_REQUESTED');
    }
    expect(await returnRows(order._id)).toHaveLength(1);
    const history = await t.database.db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, order._id));
    expect(history.filter((entry) => entry.deliveryStatus === 'Return Requested')).toHaveLength(1);
  });
});
