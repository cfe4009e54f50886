import type { Page, TestInfo } from '@playwright/test';
import { API } from '../common/api-paths';
import type { Order } from '../common/schemas/order';
import { DEMO_SHOPPER } from '../server/db/demo/shopper';
import { expect, test } from './fixtures';
import { rs } from './journeys';

/**
 * An order's page (/order-confirmed/{id}) says what the order is now and what is due on it, for the
 * demo shopper's orders in every state: on its way with cash to pay, delivered and paid (on delivery
 * or online), cancelled, and returned with the refund made.
 */

test.slow();

async function signIn(page: Page) {
  await page.goto('/auth?mode=login');
  await page.getByLabel('Email').fill(DEMO_SHOPPER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_SHOPPER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

/**
 * Every order of My Orders, all its pages: the journeys before this one return recent deliveries and
 * place new orders, so a state may be found only further down the list.
 */
async function demoOrders(page: Page): Promise<Order[]> {
  const orders: Order[] = [];
  for (let pageNumber = 1, pages = 1; pageNumber <= pages; pageNumber += 1) {
    const answer = await page.request.get(`${API.order.mine}?page=${pageNumber}`);
    expect(answer.status()).toBe(200);
    const body = await answer.json();
    orders.push(...body.orders);
    pages = body.pages;
  }
  return orders;
}

interface Expected {
  what: string;
  find: (order: Order) => boolean;
  title: string;
  heading: string;
  due: (order: Order) => string;
}

const EXPECTED: Expected[] = [
  {
    what: 'on its way, cash on delivery',
    find: (o) =>
      o.paymentMode === 'COD' && o.paymentStatus === 'Pending' && o.deliveryStatus === 'Out for Delivery',
    title: 'Order placed | Pehnava',
    heading: 'Thank you! Your order is placed.',
    due: (o) => `Please keep ${rs(o.totalPrice)} ready to pay on delivery.`,
  },
  {
    what: 'delivered, paid on delivery',
    find: (o) => o.paymentMode === 'COD' && o.paymentStatus === 'Paid' && o.deliveryStatus === 'Delivered',
    title: 'Order delivered | Pehnava',
    heading: 'Your order has been delivered.',
    due: (o) => `Nothing is due: you paid ${rs(o.totalPrice)} on delivery.`,
  },
  {
    what: 'delivered, paid online',
    find: (o) => o.paymentMode === 'ONLINE' && o.paymentStatus === 'Paid' && o.deliveryStatus === 'Delivered',
    title: 'Order delivered | Pehnava',
    heading: 'Your order has been delivered.',
    due: (o) => `Nothing is due: your payment of ${rs(o.totalPrice)} is received.`,
  },
  {
    what: 'cancelled, cash on delivery',
    find: (o) => o.paymentMode === 'COD' && o.deliveryStatus === 'Cancelled',
    title: 'Order cancelled | Pehnava',
    heading: 'This order is cancelled.',
    due: () => 'Nothing is due.',
  },
  {
    what: 'returned and refunded',
    find: (o) => o.deliveryStatus === 'Returned' && o.paymentStatus === 'Refunded',
    title: 'Order returned | Pehnava',
    heading: 'Your order has been returned.',
    due: () => 'Nothing is due. Your refund has been made.',
  },
];

async function checkEveryState(page: Page, testInfo: TestInfo, width: number) {
  await signIn(page);
  const orders = await demoOrders(page);
  for (const expected of EXPECTED) {
    const order = orders.find(expected.find);
    if (!order) throw new Error(`the demo shopper has no order ${expected.what}`);
    await page.goto(`/order-confirmed/${order._id}`);
    await expect(page.getByRole('heading', { level: 1 }), expected.what).toHaveText(expected.heading);
    await expect(page).toHaveTitle(expected.title);
    await expect(page.getByTestId('order-number')).toHaveText(order.orderNumber);
    await expect(page.getByTestId('amount-due'), expected.what).toHaveText(expected.due(order));
    if (!expected.due(order).includes('ready to pay on delivery')) {
      await expect(page.getByText(/ready to pay on delivery/)).toHaveCount(0);
    }
    await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
    const slug = expected.what.replaceAll(/[^a-z]+/g, '-');
    await page.screenshot({ path: testInfo.outputPath(`order-${slug}-${width}.png`), fullPage: true });
  }
}

test('the order page says what is due for a placed, delivered, cancelled and returned order', async ({
  page,
}, testInfo) => {
  await checkEveryState(page, testInfo, 1280);
});

test('@mobile the order page says what is due, whatever the order’s state, at 360 px', async ({
  page,
}, testInfo) => {
  await checkEveryState(page, testInfo, 360);
});
