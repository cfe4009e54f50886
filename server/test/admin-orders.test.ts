import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { DAY, MINUTE } from '../../common/constants';
import { ADMIN_ORDER_MESSAGES, type AdminOrder } from '../../common/schemas/admin-orders';
import type { Order } from '../../common/schemas/order';
import { createProduct } from '../db/factories/product.factory';
import { deliver, line, placeCod, type Shopper, signedInShopper, stockOf } from './order-kit';
import {
  paymentRowOf,
  placeOnline,
  recordingPaymentProvider,
  signedPayment,
  verify,
} from './payments-helpers';
import { type StaffMember, signedInStaff } from './staff-kit';
import { createTestApp, jobsNamed, type TestApp } from './test-app';

let t: TestApp;
let clock = new Date('2026-11-23T10:00:00.000Z');
const payments = recordingPaymentProvider();
let manager: StaffMember;
let support: StaffMember;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, providers: { payment: payments.provider } });
  manager = await signedInStaff(t, 'manager');
  support = await signedInStaff(t, 'support');
}, 60_000);
afterAll(() => t.close());

const kurta = () => createProduct(t.database.db, { name: 'Cotton Kurta', price: 499, mrp: 799 });

async function codOrder(s?: Shopper): Promise<{ s: Shopper; order: Order; product: string }> {
  const shopper = s ?? (await signedInShopper(t));
  const product = await kurta();
  const order = await placeCod(shopper, [line(product, { quantity: 2 })]);
  return { s: shopper, order, product };
}

const post = (who: StaffMember, url: string, payload?: object) =>
  who.client.request({ method: 'POST', url, ...(payload ? { payload } : {}) });
const get = (who: StaffMember, url: string) => who.client.request({ method: 'GET', url });

async function detail(orderId: string): Promise<AdminOrder> {
  const res = await get(support, API.admin.order(orderId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order;
}

async function step(orderId: string, deliveryStatus: string, who = manager) {
  return post(who, API.admin.orderStatus(orderId), { deliveryStatus });
}

async function auditOf(orderId: string) {
  const res = await get(manager, `${API.admin.audit}?entity=order&entityId=${orderId}`);
  return res.json().entries as { action: string; actor: { email: string } }[];
}

describe('GET /api/admin/orders', () => {
  it('lists every shopper’s orders newest first, with who placed them, to every staff role', async () => {
    const first = await codOrder();
    clock = new Date(clock.getTime() + 60_000);
    const second = await codOrder();
    const res = await get(support, API.admin.orders);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.orders[0]).toEqual({
      _id: second.order._id,
      orderNumber: second.order.orderNumber,
      orderTimestamp: second.order.orderTimestamp,
      customer: { _id: second.s.userId, name: second.s.account.name, email: second.s.account.email },
      items: 2,
      totalPrice: second.order.totalPrice,
      paymentMode: 'COD',
      paymentStatus: 'Pending',
      deliveryStatus: 'Processing',
    });
    expect(body.orders[1]._id).toBe(first.order._id);
    expect(body).toMatchObject({ page: 1, total: expect.any(Number), pages: expect.any(Number) });
  });

  it('finds an order by its number, by the start of the customer’s email, and filters by status and mode', async () => {
    const { s, order } = await codOrder();
    const byNumber = (await get(support, `${API.admin.orders}?q=${order.orderNumber.toLowerCase()}`)).json();
    expect(byNumber.orders.map((o: Order) => o._id)).toEqual([order._id]);
    const byEmail = (
      await get(support, `${API.admin.orders}?q=${encodeURIComponent(s.account.email.slice(0, 12))}`)
    ).json();
    expect(byEmail.orders.map((o: Order) => o._id)).toContain(order._id);
    const online = (await get(support, `${API.admin.orders}?paymentMode=ONLINE`)).json();
    expect(online.orders.map((o: Order) => o._id)).not.toContain(order._id);
    const cancelled = (await get(support, `${API.admin.orders}?status=Cancelled`)).json();
    expect(cancelled.orders.every((o: Order) => o.deliveryStatus === 'Cancelled')).toBe(true);
    const later = (
      await get(support, `${API.admin.orders}?from=${new Date(clock.getTime() + DAY).toISOString()}`)
    ).json();
    expect(later.total).toBe(0);
  });

  it('refuses a bad filter with 422', async () => {
    expect((await get(support, `${API.admin.orders}?status=Lost`)).statusCode).toBe(422);
    expect((await get(support, `${API.admin.orders}?from=yesterday`)).statusCode).toBe(422);
  });
});

describe('GET /api/admin/orders/{id}', () => {
  it('answers the order with its customer, history, notes, payment, shipment and refunds', async () => {
    const { s, order } = await codOrder();
    const found = await detail(order._id);
    expect(found).toMatchObject({
      _id: order._id,
      customer: { _id: s.userId, name: s.account.name, email: s.account.email },
      notes: [],
      refunds: [],
      refundable: 0,
      payment: null,
      shipment: null,
      history: [expect.objectContaining({ deliveryStatus: 'Processing' })],
    });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['7c1a0e4e-3a4b-4c5d-8e9f-0a1b2c3d4e5f', 'not-an-id']) {
      const res = await get(support, API.admin.order(id));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ADMIN_ORDER_MESSAGES.notFound);
    }
  });
});

describe('staff notes', () => {
  it('support keeps a note on the order, audited', async () => {
    const { order } = await codOrder();
    const res = await post(support, API.admin.orderNotes(order._id), {
      text: 'Customer called about the size.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.notes).toEqual([
      expect.objectContaining({
        text: 'Customer called about the size.',
        author: expect.objectContaining({ email: support.email }),
      }),
    ]);
    expect((await auditOf(order._id)).map((e) => e.action)).toEqual(['order.note']);
    expect((await post(support, API.admin.orderNotes(order._id), { text: '  ' })).statusCode).toBe(422);
  });
});

describe('POST /api/admin/orders/{id}/status', () => {
  it('ships a Processing order with the courier, and the shopper sees Shipped', async () => {
    const { s, order } = await codOrder();
    const res = await step(order._id, 'Shipped', support);
    expect(res.statusCode, res.body).toBe(200);
    const shipped = res.json().order as AdminOrder;
    expect(shipped.deliveryStatus).toBe('Shipped');
    expect(shipped.shipment).toMatchObject({ status: 'Shipped', awb: expect.any(String) });
    expect(shipped.history.at(-1)).toMatchObject({ actor: 'admin', deliveryStatus: 'Shipped' });
    const mine = await s.client.request({ method: 'GET', url: API.order.mine });
    expect(mine.json().orders[0]).toMatchObject({ _id: order._id, deliveryStatus: 'Shipped' });
    expect((await auditOf(order._id))[0]).toMatchObject({
      action: 'order.status',
      actor: { email: support.email },
    });
  });

  it('moves one step at a time (else 409), and marks a cash order paid on delivery', async () => {
    const { order } = await codOrder();
    const skipped = await step(order._id, 'Delivered');
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json()).toMatchObject({
      code: 'STEP_NOT_ALLOWED',
      message: ADMIN_ORDER_MESSAGES.stepNotAllowed('Processing', 'Delivered'),
    });
    expect((await step(order._id, 'Shipped')).statusCode).toBe(200);
    expect((await step(order._id, 'Out for Delivery')).statusCode).toBe(200);
    const delivered = await step(order._id, 'Delivered');
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().order).toMatchObject({
      deliveryStatus: 'Delivered',
      paymentStatus: 'Paid',
      refundable: order.totalPrice,
    });
    expect((await step(order._id, 'Shipped')).statusCode).toBe(409);
    expect((await step(order._id, 'Pending')).statusCode).toBe(422);
  });

  it('returns a shipped order to origin (RTO): its items are back in stock', async () => {
    const { order, product } = await codOrder();
    const before = await stockOf(t, product);
    await step(order._id, 'Shipped');
    const rto = await step(order._id, 'Failed');
    expect(rto.statusCode, rto.body).toBe(200);
    expect(rto.json().order.deliveryStatus).toBe('Failed');
    expect(await stockOf(t, product)).toBe(before + 2);
  });
});

describe('cancel and refund', () => {
  it('support may neither cancel nor refund', async () => {
    const { order } = await codOrder();
    expect((await post(support, API.admin.orderCancel(order._id), { reason: 'x' })).statusCode).toBe(403);
    expect(
      (await post(support, API.admin.orderRefund(order._id), { amount: 1, reason: 'x' })).statusCode,
    ).toBe(403);
  });

  it('a manager cancels a cash order before it ships: stock back, audited; a shipped one answers 409', async () => {
    const { order, product } = await codOrder();
    const before = await stockOf(t, product);
    const res = await post(manager, API.admin.orderCancel(order._id), { reason: 'Out of the fabric.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ deliveryStatus: 'Cancelled', refunds: [] });
    expect(res.json().order.history.at(-1).note).toBe('Cancelled by the shop: Out of the fabric.');
    expect(await stockOf(t, product)).toBe(before + 2);
    expect((await auditOf(order._id))[0]?.action).toBe('order.cancel');

    const other = await codOrder();
    await step(other.order._id, 'Shipped');
    const late = await post(manager, API.admin.orderCancel(other.order._id), { reason: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('CANCEL_NOT_ALLOWED');
  });

  it('refunds a paid online order in parts, never more than was paid, each through the provider', async () => {
    const s = await signedInShopper(t);
    const { order, payment } = await placeOnline(s, await kurta());
    expect(
      (await verify(s, { orderId: order._id, ...signedPayment(payment.providerOrderId) })).statusCode,
    ).toBe(200);
    expect((await detail(order._id)).refundable).toBe(order.totalPrice);

    const part = await post(manager, API.admin.orderRefund(order._id), {
      amount: 100,
      reason: 'Late delivery',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().order).toMatchObject({
      paymentStatus: 'Paid',
      refundable: order.totalPrice - 100,
      refunds: [expect.objectContaining({ amount: 100, reason: 'Late delivery' })],
    });
    const paymentId = (await paymentRowOf(t, order._id))?.paymentId;
    expect(payments.calls.refund.at(-1)).toMatchObject({ paymentId, amountPaise: 10000 });

    const tooMuch = await post(manager, API.admin.orderRefund(order._id), {
      amount: order.totalPrice,
      reason: 'x',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      code: 'REFUND_TOO_LARGE',
      message: ADMIN_ORDER_MESSAGES.tooMuch(order.totalPrice - 100),
    });
    const rest = await post(manager, API.admin.orderRefund(order._id), {
      amount: order.totalPrice - 100,
      reason: 'Goodwill',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().order).toMatchObject({ paymentStatus: 'Refund Initiated', refundable: 0 });
    expect(rest.json().order.refunds).toHaveLength(2);
    const none = await post(manager, API.admin.orderRefund(order._id), { amount: 1, reason: 'x' });
    expect(none.json().code).toBe('NOTHING_TO_REFUND');
    expect(
      (await post(manager, API.admin.orderRefund(order._id), { amount: -5, reason: 'x' })).statusCode,
    ).toBe(422);
  });

  it('calls the provider again for a part refund whose call failed, once its lease has run out, and only once', async () => {
    const s = await signedInShopper(t);
    const { order, payment } = await placeOnline(s, await kurta());
    expect(
      (await verify(s, { orderId: order._id, ...signedPayment(payment.providerOrderId) })).statusCode,
    ).toBe(200);
    // Counts of this order's refund alone: earlier tests' refunds the simulator refused wait here too.
    const retryStaffRefunds = async () => {
      const calls = payments.calls.refund.length;
      await jobsNamed(t.container, 'retry-staff-refunds')[0]?.run();
      return payments.calls.refund.slice(calls).filter((call) => call.receipt === refundId).length;
    };

    payments.fail.refund = true;
    const before = payments.calls.refund.length;
    const part = await post(manager, API.admin.orderRefund(order._id), { amount: 100, reason: 'Late' });
    expect(part.statusCode, part.body).toBe(200);
    expect(payments.calls.refund.length).toBe(before + 1);
    const refundId = payments.calls.refund.at(-1)?.receipt;
    payments.fail.refund = false;

    // Within the lease the job leaves it: the request's call may still be on its way.
    expect(await retryStaffRefunds()).toBe(0);
    clock = new Date(clock.getTime() + 5 * MINUTE);
    expect(await retryStaffRefunds()).toBe(1);
    expect(payments.calls.refund.at(-1)).toMatchObject({ receipt: refundId, amountPaise: 10000 });
    // Answered now: never called again.
    clock = new Date(clock.getTime() + 5 * MINUTE);
    expect(await retryStaffRefunds()).toBe(0);
  });

  it('a shopper who cancels after a partial refund gets back only the rest', async () => {
    const s = await signedInShopper(t);
    const { order, payment } = await placeOnline(s, await kurta());
    await verify(s, { orderId: order._id, ...signedPayment(payment.providerOrderId) });
    await post(manager, API.admin.orderRefund(order._id), { amount: 100, reason: 'Price match' });
    const cancelled = await s.client.request({
      method: 'POST',
      url: API.order.cancel(order._id),
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(payments.calls.refund.at(-1)).toMatchObject({
      amountPaise: Math.round(order.totalPrice * 100) - 10000,
    });
  });

  it('cancelling a paid online order refunds all of it', async () => {
    const s = await signedInShopper(t);
    const { order, payment } = await placeOnline(s, await kurta());
    const paid = await verify(s, { orderId: order._id, ...signedPayment(payment.providerOrderId) });
    expect(paid.statusCode, paid.body).toBe(200);
    const res = await post(manager, API.admin.orderCancel(order._id), { reason: 'Damaged in the store' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      deliveryStatus: 'Cancelled',
      paymentStatus: 'Refund Initiated',
      refundable: 0,
      refunds: [expect.objectContaining({ amount: order.totalPrice })],
    });
  });
});

describe('returns', () => {
  async function returned() {
    const s = await signedInShopper(t);
    const product = await createProduct(t.database.db, { name: 'Linen Shirt', price: 499, mrp: 799 });
    const order = await placeCod(s, [line(product, { isRefundable: true })]);
    await deliver(t, order, new Date(clock.getTime() - DAY));
    const res = await s.client.request({
      method: 'POST',
      url: API.order.return(order._id),
      payload: { reason: 'Too small' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { s, order, product };
  }

  it('support approves, the queue shows when the refund is due, and receiving restocks and refunds', async () => {
    const { order, product } = await returned();
    const queue = (await get(support, `${API.admin.returns}?status=Requested`)).json();
    expect(queue.returns).toContainEqual(
      expect.objectContaining({ orderId: order._id, status: 'Requested', refundDueBy: null, overdue: false }),
    );
    const approved = await post(support, API.admin.returnApprove(order._id));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().order.deliveryStatus).toBe('Return Approved');
    expect((await post(support, API.admin.returnApprove(order._id))).statusCode).toBe(409);

    const waiting = (await get(support, `${API.admin.returns}?status=Approved`)).json();
    const row = waiting.returns.find((r: { orderId: string }) => r.orderId === order._id);
    // Approved on Monday 23 Nov 2026: five business days later is Monday 30 Nov, the same time.
    expect(row).toMatchObject({
      refundDueBy: new Date(clock.getTime() + 7 * DAY).toISOString(),
      overdue: false,
    });

    const before = await stockOf(t, product);
    const received = await post(support, API.admin.returnReceived(order._id));
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().order).toMatchObject({
      deliveryStatus: 'Returned',
      refunds: [expect.objectContaining({ amount: 499 })],
    });
    expect(await stockOf(t, product)).toBe(before + 1);
    expect((await auditOf(order._id)).map((e) => e.action)).toEqual(['return.received', 'return.approve']);
  });

  it('support rejects with a note the shopper reads; an order without a return answers 409', async () => {
    const { s, order } = await returned();
    expect((await post(support, API.admin.returnReject(order._id), {})).statusCode).toBe(422);
    const res = await post(support, API.admin.returnReject(order._id), { note: 'Worn and washed.' });
    expect(res.statusCode, res.body).toBe(200);
    const mine = await s.client.request({ method: 'GET', url: API.order.mine });
    const seen = mine.json().orders.find((o: Order) => o._id === order._id);
    expect(seen.deliveryStatus).toBe('Return Rejected');
    expect(seen.history.at(-1).note).toBe('Return rejected: Worn and washed.');
    const { order: plain } = await codOrder();
    expect((await post(support, API.admin.returnApprove(plain._id))).json().code).toBe('NO_RETURN');
  });
});
