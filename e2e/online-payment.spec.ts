import type { Page } from '@playwright/test';
import { API } from '../common/api-paths';
import { formatInr as inr } from '../common/money';
import { expect, test } from './fixtures';
import {
  addAddressInCheckout,
  addToCart,
  closePhoneReminder,
  dialogsOpened,
  productInStock,
  rs,
  signUpInForm,
  uniqueEmail,
  watchDialogs,
} from './journeys';

/**
 * Online payment through the simulator, which signs as Razorpay does: a guest fills a cart, signs up, adds an
 * address, places an order with "Pay online", pays (or fails) on the simulator's hosted page and comes
 * back to the confirmation, then finds the order in My Orders.
 */

/**
 * From a guest's cart to the simulator's payment page; answers the placed order and its total.
 * `scrollProduct` leaves the product page scrolled down that far before going to the cart, as a
 * shopper reading the reviews would.
 */
async function placeOnlineOrder(page: Page, label: string, { scrollProduct = 0 } = {}) {
  const product = await productInStock(page);
  const config = await (await page.request.get(API.system.config)).json();
  expect(config.paymentProvider).toBe('simulator');
  await addToCart(page, product);
  if (scrollProduct > 0) {
    await page.evaluate((top) => window.scrollTo(0, top), scrollProduct);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(scrollProduct);
  }
  const nav = page.getByRole('navigation', { name: scrollProduct > 0 ? 'Shortcuts' : 'Main' });
  await nav.getByRole('link', { name: /^Cart, 1 item/ }).click();
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup&redirect=%2Fcheckout$/);
  await signUpInForm(page, uniqueEmail(label));
  await expect(page).toHaveURL(/\/checkout$/);
  await addAddressInCheckout(page);

  await page.getByRole('radio', { name: /Pay online/ }).check();
  await expect(page.getByRole('radio', { name: /Cash on delivery/ })).not.toBeChecked();
  const placed = page.waitForResponse(
    (r) => r.url().endsWith(API.order.place) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  const answer = await placed;
  expect(answer.status()).toBe(201);
  const { order, payment } = await answer.json();
  expect(order).toMatchObject({ paymentMode: 'ONLINE', paymentStatus: 'Pending', deliveryStatus: 'Pending' });
  expect(payment).toMatchObject({ provider: 'simulator', amount: order.totalPrice, currency: 'INR' });
  const shipping = product.price >= config.shipping.freeFromRupees ? 0 : config.shipping.feeRupees;
  expect(order.totalPrice).toBe(product.price + shipping);

  // The app hands over to the simulator's hosted page: the shop, the order and the amount in INR.
  await expect(page).toHaveURL(new RegExp(`${API.payments.simulatorCheckout(payment.providerOrderId)}$`));
  await expect(page.getByRole('heading', { level: 1, name: config.shopName })).toBeVisible();
  await expect(page.getByText(`Order ${order.orderNumber}`)).toBeVisible();
  await expect(page.getByText(inr(order.totalPrice), { exact: true })).toBeVisible();
  return { order, payment };
}

/** The order's page is shown from its top: its heading (what happened) and the payment part are on screen. */
async function expectAtTop(page: Page) {
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
}

test('guest → sign up → address → pay online → simulator → Pay → confirmation Paid → My Orders Paid', async ({
  page,
}, testInfo) => {
  // A whole journey (sign-up with its password hashing, address, checkout, a second site) on a busy machine.
  test.slow();
  const { order } = await placeOnlineOrder(page, 'pay-online');
  await page.screenshot({ path: testInfo.outputPath('simulator-1280.png'), fullPage: true });
  await page.getByRole('button', { name: `Pay ${inr(order.totalPrice)}` }).click();

  // Back on the order's page: the payment is verified and the order is paid; the cart is empty.
  await expect(page).toHaveURL(new RegExp(`/order-confirmed/${order._id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your order is placed.');
  await expectAtTop(page);
  await expect(page).toHaveTitle('Order placed | Pehnava');
  await expect(page.getByTestId('order-number')).toHaveText(order.orderNumber);
  await expect(page.getByTestId('payment-status')).toHaveText('Payment: Paid');
  await expect(page.getByTestId('amount-due')).toHaveText(
    `Nothing is due: your payment of ${rs(order.totalPrice)} is received.`,
  );
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart, 0 items' }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('paid-1280.png'), fullPage: true });

  await page.getByRole('link', { name: 'View it in My Orders' }).click();
  // The phone reminder held back while buying comes up on the first page after it.
  await closePhoneReminder(page);
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(card).toContainText('Online payment · Paid');
  await expect(card.getByTestId('delivery-status')).toHaveText(/^(Processing|Shipped)$/);
});

test('pay online → simulator → Fail → says the payment failed, with the time left and Pay now; paying then works', async ({
  page,
}, testInfo) => {
  test.slow();
  const { order } = await placeOnlineOrder(page, 'fail-online');
  await page.getByRole('button', { name: 'Fail payment' }).click();

  await expect(page).toHaveURL(new RegExp(`/order-confirmed/${order._id}$`));
  await expectFailedPage(page, order);
  await page.screenshot({ path: testInfo.outputPath('failed-1280.png'), fullPage: true });

  // A reload reads the same from the server.
  await page.reload();
  await expectFailedPage(page, order);

  await page.getByRole('link', { name: 'View it in My Orders' }).click();
  await closePhoneReminder(page);
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(card).toContainText('Online payment · Failed');
  await expect(card).toContainText('Not confirmed until it is paid');
  await expect(card.getByTestId('delivery-status')).toHaveText('Pending');
  await page.screenshot({ path: testInfo.outputPath('myorders-unpaid-1280.png'), fullPage: true });

  // The shopper pays it from My Orders: straight to the payment page.
  await card.getByRole('link', { name: `Pay now for order ${order.orderNumber}` }).click();
  await page.getByRole('button', { name: `Pay ${inr(order.totalPrice)}` }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Payment: Paid');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your order is placed.');
});

/** The page of an order whose payment failed: said plainly, at the top, with the time left and Pay now. */
async function expectFailedPage(page: Page, order: { orderNumber: string; totalPrice: number }) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Your payment failed. Your order is not confirmed.',
  );
  await expectAtTop(page);
  await expect(page).toHaveTitle('Payment failed | Pehnava');
  await expect(page.getByText('Thank you! Your order is placed.')).toHaveCount(0);
  await expect(page.getByText(`Pay ${rs(order.totalPrice)} to confirm your order.`)).toBeVisible();
  const timer = page.getByRole('timer', { name: 'Time left to pay' });
  await expect(timer).toHaveText(/^(30:00|[12]?\d:[0-5]\d)$/);
  const [minutes = 0] = ((await timer.textContent()) ?? '').split(':').map(Number);
  expect(minutes).toBeGreaterThanOrEqual(25);
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeInViewport();
  await expect(page.getByTestId('payment-status')).toHaveText('Payment: Failed');
  await expect(page.getByTestId('order-number')).toHaveText(order.orderNumber);
}

test('@mobile a failed payment at 360 px: checkout undisturbed, the result at the top of the page, Pay now pays', async ({
  page,
}, testInfo) => {
  test.slow();
  await watchDialogs(page);
  // The product page is left scrolled far down: the page the payment hands back to must not open there.
  const { order } = await placeOnlineOrder(page, 'fail-online-360', { scrollProduct: 1500 });
  await page.screenshot({ path: testInfo.outputPath('simulator-360.png') });
  await page.getByRole('button', { name: 'Fail payment' }).click();

  await expect(page).toHaveURL(new RegExp(`/order-confirmed/${order._id}$`));
  await expectFailedPage(page, order);
  await page.screenshot({ path: testInfo.outputPath('failed-360.png') });
  await page.screenshot({ path: testInfo.outputPath('failed-360-full.png'), fullPage: true });
  // Nothing popped up over the result (the phone reminder waits while the shopper is paying).
  expect(await dialogsOpened(page)).toEqual([]);

  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.getByRole('button', { name: `Pay ${inr(order.totalPrice)}` }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Payment: Paid');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your order is placed.');
  await expectAtTop(page);
  await expect(page).toHaveTitle('Order placed | Pehnava');
  await page.screenshot({ path: testInfo.outputPath('paid-360.png') });
});
