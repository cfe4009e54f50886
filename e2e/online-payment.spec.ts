import type { Page } from '@playwright/test';
import { formatInr as inr } from '../common/money';
import { expect, test } from './fixtures';
import { addAddress, addToCart, goToCheckout, productInStock, signUpInForm, uniqueEmail } from './journeys';

/**
 * Online payment through the payment simulator (issue 4): a guest fills a cart, signs up, adds an
 * address, places an order with "Pay online", pays (or fails) on the simulator's hosted page and comes
 * back to the confirmation, then finds the order in My Orders.
 */

/** From a guest's cart to the simulator's payment page; answers the placed order and its total. */
async function placeOnlineOrder(page: Page, label: string) {
  const product = await productInStock(page);
  const config = await (await page.request.get('/api/config')).json();
  expect(config.paymentProvider).toBe('simulator');
  await addToCart(page, product);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup&redirect=%2Fcheckout$/);
  await signUpInForm(page, uniqueEmail(label));
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('link', { name: 'Add a new address' }).click();
  await addAddress(page);
  await goToCheckout(page);

  await page.getByRole('radio', { name: /Pay online/ }).check();
  await expect(page.getByRole('radio', { name: /Cash on delivery/ })).not.toBeChecked();
  const placed = page.waitForResponse(
    (r) => r.url().endsWith('/api/order') && r.request().method() === 'POST',
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
  await expect(page).toHaveURL(new RegExp(`/api/payments/simulator/checkout/${payment.providerOrderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: config.shopName })).toBeVisible();
  await expect(page.getByText(`Order ${order.orderNumber}`)).toBeVisible();
  await expect(page.getByText(inr(order.totalPrice), { exact: true })).toBeVisible();
  return { order, payment };
}

test('guest → sign up → address → pay online → simulator → Pay → confirmation Paid → My Orders Paid', async ({
  page,
}, testInfo) => {
  // A whole journey (sign-up with its password hashing, address, checkout, a second site) on a busy machine.
  test.slow();
  const { order } = await placeOnlineOrder(page, 'pay-online');
  await page.screenshot({ path: testInfo.outputPath('simulator-1280.png'), fullPage: true });
  await page.getByRole('button', { name: `Pay ${inr(order.totalPrice)}` }).click();

  // Back on the confirmation: the payment is verified and the order is paid; the cart is empty.
  await expect(page).toHaveURL(new RegExp(`/order-confirmed/${order._id}$`));
  await expect(page.getByRole('heading', { name: 'Thank you! Your order is placed.' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(order.orderNumber);
  await expect(page.getByTestId('payment-status')).toHaveText('Payment: Paid');
  await expect(page.getByText('Your payment is received. We are preparing your order.')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart, 0 items' }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('paid-1280.png'), fullPage: true });

  await page.getByRole('link', { name: 'View it in My Orders' }).click();
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(card).toContainText('Online payment · Paid');
  await expect(card.getByTestId('delivery-status')).toHaveText(/^(Processing|Shipped)$/);
});

test('pay online → simulator → Fail → a clear message, the order waits in My Orders; paying again works', async ({
  page,
}) => {
  test.slow();
  const { order } = await placeOnlineOrder(page, 'fail-online');
  await page.getByRole('button', { name: 'Fail payment' }).click();

  await expect(page).toHaveURL(new RegExp(`/order-confirmed/${order._id}\\?payment=failed`));
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Your payment did not go through.');
  await expect(alert).toContainText('Your order is saved in My Orders, waiting for payment.');
  await expect(page.getByTestId('payment-status')).toHaveText('Payment: Failed');

  await page.getByRole('link', { name: 'View it in My Orders' }).click();
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(card).toContainText('Online payment · Failed');
  await expect(card.getByTestId('delivery-status')).toHaveText('Pending');

  // The shopper tries again from the confirmation page and pays.
  await page.goBack();
  await page.getByRole('button', { name: 'Try paying again' }).click();
  await page.getByRole('button', { name: `Pay ${inr(order.totalPrice)}` }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Payment: Paid');
});
