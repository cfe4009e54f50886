import type { Page, TestInfo } from '@playwright/test';
import { API } from '../common/api-paths';
import type { Order } from '../common/schemas/order';
import { DEMO_SHOPPER } from '../server/db/demo/shopper';
import { expect, test } from './fixtures';
import { fitsTheScreen, signInAsStaff, signInToBackOffice } from './staff';

/**
 * The back office's orders: a manager ships a new order and the shopper sees it Shipped in My Orders;
 * support approves a return; support is never offered a refund. Each at 1280 and 360 px.
 */

test.slow();

const token = async (page: Page) =>
  (await (await page.request.get(API.users.csrf)).json()).csrfToken as string;

/** Runs `work` signed in as the demo shopper through the API (the page's cookies), then signs out. */
async function asShopper<T>(page: Page, work: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  const login = await page.request.post(API.users.login, {
    data: { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password },
    headers: { 'X-CSRF-Token': await token(page) },
  });
  expect(login.status()).toBe(200);
  const result = await work({ 'X-CSRF-Token': await token(page) });
  await page.request.post(API.users.logout, { headers: { 'X-CSRF-Token': await token(page) } });
  return result;
}

async function myOrders(page: Page): Promise<Order[]> {
  return (await (await page.request.get(`${API.order.mine}?page=1`)).json()).orders;
}

/** The demo shopper places a cash order of a line they bought before (same product, colour, size, price). */
function placeOrder(
  page: Page,
  wanted: (item: Order['items'][number]) => boolean = () => true,
): Promise<Order> {
  return asShopper(page, async (headers) => {
    const bought = (await myOrders(page)).flatMap((order) => order.items).find(wanted);
    if (!bought) throw new Error('the demo shopper has no orders');
    const { addresses } = await (await page.request.get(API.address.collection)).json();
    const placed = await page.request.post(API.order.place, {
      headers: { ...headers, 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` },
      data: {
        addressId: addresses[0]._id,
        cartItems: [
          {
            productId: bought.productId,
            quantity: 1,
            price: bought.price,
            selectedColor: bought.selectedColor,
            selectedSize: bought.selectedSize,
          },
        ],
        orderNotes: '',
        paymentMode: 'COD',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    return (await placed.json()).order as Order;
  });
}

/**
 * A new cash order of a refundable line, delivered by staff through the API; the demo shopper asks to
 * return it. Answers its number. The demo's own recent deliveries are left to the shopper's journeys.
 */
async function requestReturn(page: Page): Promise<string> {
  const order = await placeOrder(page, (item) => item.isRefundable);
  const { api, csrfToken } = await signInAsStaff(test.info().project.use.baseURL as string);
  const steps = ['Shipped', 'Out for Delivery', 'Delivered'];
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const now = (await (await api.get(API.admin.order(order._id))).json()).order.deliveryStatus as string;
    if (now === 'Delivered') break;
    // The courier simulator may move it a step itself: take the step after wherever it is now.
    const next = steps[steps.indexOf(now) + 1] ?? 'Shipped';
    await api.post(API.admin.orderStatus(order._id), {
      data: { deliveryStatus: next },
      headers: { 'X-CSRF-Token': csrfToken },
    });
  }
  await api.dispose();
  return asShopper(page, async (headers) => {
    const asked = await page.request.post(API.order.return(order._id), {
      headers,
      data: { reason: 'The size runs small.' },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    return order.orderNumber;
  });
}

async function ship(page: Page, testInfo: TestInfo, width: number) {
  const order = await placeOrder(page);
  await signInToBackOffice(page, 'manager', '/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: order.orderNumber })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`orders-${width}.png`), fullPage: true });
  expect(await fitsTheScreen(page)).toBe(true);

  await page.getByLabel('Order number, email or phone').fill(order.orderNumber);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${order.orderNumber}`));
  await page.getByRole('link', { name: order.orderNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: order.orderNumber })).toBeVisible();
  await page.getByRole('button', { name: 'Ship with the courier' }).click();
  await expect(page.getByText('Order moved to Shipped.')).toBeVisible();
  await expect(page.getByText(/ · AWB /)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`order-${width}.png`), fullPage: true });
  expect(await fitsTheScreen(page)).toBe(true);
  await page.getByRole('button', { name: 'Sign out' }).click();

  await page.goto('/auth?mode=login');
  await page.getByLabel('Email').fill(DEMO_SHOPPER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_SHOPPER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/myorders');
  const card = page.getByRole('listitem').filter({ hasText: order.orderNumber });
  await expect(card.getByText('Shipped', { exact: true }).first()).toBeVisible();
}

async function approveReturn(page: Page, testInfo: TestInfo, width: number) {
  const orderNumber = await requestReturn(page);
  await signInToBackOffice(page, 'support', '/admin/returns');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await page.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: orderNumber })).toBeVisible();
  await page.getByRole('button', { name: 'Approve return' }).click();
  await expect(page.getByText('Return updated.')).toBeVisible();
  await expect(page.getByText('Return Approved', { exact: true }).first()).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
  await page.goto('/admin/returns?status=Approved');
  const row = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(row).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`returns-${width}.png`), fullPage: true });
  expect(await fitsTheScreen(page)).toBe(true);
}

/** A delivered cash order has money to refund: the manager is offered it, support is not. */
async function refundHidden(page: Page) {
  const delivered = await asShopper(page, async () =>
    (await myOrders(page)).find((o) => o.deliveryStatus === 'Delivered' && o.paymentMode === 'COD'),
  );
  if (!delivered) throw new Error('the demo shopper has no delivered cash order');
  await signInToBackOffice(page, 'support', `/admin/orders/${delivered._id}`);
  await expect(page.getByRole('heading', { level: 1, name: delivered.orderNumber })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInToBackOffice(page, 'manager', `/admin/orders/${delivered._id}`);
  await expect(page.getByRole('button', { name: 'Refund' })).toBeVisible();
}

test('a manager ships an order and the shopper sees Shipped in My Orders', async ({ page }, testInfo) => {
  await ship(page, testInfo, 1280);
});

test('@mobile a manager ships an order on a 360 px screen', async ({ page }, testInfo) => {
  await ship(page, testInfo, 360);
});

test('support approves a return', async ({ page }, testInfo) => {
  await approveReturn(page, testInfo, 1280);
});

test('@mobile support approves a return on a 360 px screen', async ({ page }, testInfo) => {
  await approveReturn(page, testInfo, 360);
});

test('a support account is not offered the refund button', async ({ page }) => {
  await refundHidden(page);
});

test('@mobile a support account is not offered the refund button on a 360 px screen', async ({ page }) => {
  await refundHidden(page);
});
