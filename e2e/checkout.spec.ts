import { API } from '../common/api-paths';
import { expect, test } from './fixtures';
import {
  addAddress,
  addAddressInCheckout,
  addToCart,
  closePhoneReminder,
  productInStock,
  rs,
  signUpInForm,
  uniqueEmail,
} from './journeys';

/**
 * Checkout journeys: a guest with a cart is sent to sign up on the way to /checkout, adds an
 * address, places a cash-on-delivery order, sees the confirmation, finds it in My Orders and cancels it.
 */
test('guest → sign up → address → cash-on-delivery order → confirmation → My Orders → cancel', async ({
  page,
}, testInfo) => {
  const product = await productInStock(page);
  const config = await (await page.request.get(API.system.config)).json();
  await addToCart(page, product);

  // A guest on the way to checkout is sent to sign up, and comes back after.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup&redirect=%2Fcheckout$/);
  await signUpInForm(page, uniqueEmail('checkout'));
  await expect(page).toHaveURL(/\/checkout$/);

  // No address yet: the form to add one is open inside checkout, and the saved address is chosen.
  await addAddressInCheckout(page);

  // The address is chosen, cash on delivery comes first, the summary is the server's pricing.
  await expect(page.getByRole('radio', { name: 'Meera Iyer' })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Cash on delivery/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Pay online/ })).not.toBeChecked();
  const shipping = product.price >= config.shipping.freeFromRupees ? 0 : config.shipping.feeRupees;
  const expectedTotal = product.price + shipping;
  await expect(page.getByTestId('checkout-total')).toHaveText(rs(expectedTotal));
  await page.getByLabel('Notes for the shop (optional)').fill('Please ring the bell twice.');
  await page.screenshot({ path: testInfo.outputPath('checkout-1280.png'), fullPage: true });

  const placed = page.waitForResponse(
    (r) => r.url().endsWith(API.order.place) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  const answer = await placed;
  expect(answer.status()).toBe(201);
  expect(answer.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  const { order } = await answer.json();
  expect(order.totalPrice).toBe(expectedTotal);

  // The confirmation, and the cart is empty.
  await expect(page).toHaveURL(new RegExp(`/order-confirmed/${order._id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your order is placed.');
  await expect(page).toHaveTitle('Order placed | Pehnava');
  await expect(page.getByTestId('order-number')).toHaveText(order.orderNumber);
  await expect(page.getByTestId('amount-due')).toHaveText(
    `Please keep ${rs(expectedTotal)} ready to pay on delivery.`,
  );
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart, 0 items' }),
  ).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]'))).toEqual([]);

  // My Orders lists it as a compact card; its page shows it in full with a Cancel button.
  await page.getByRole('link', { name: 'View it in My Orders' }).click();
  await expect(page).toHaveURL(/\/myorders$/);
  // The phone reminder held back during checkout comes up on the first page after it.
  await closePhoneReminder(page);
  const listed = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(listed).toContainText(product.name);
  await expect(listed).toContainText(rs(expectedTotal));
  await expect(listed).not.toContainText('14 Marine Drive');
  await page.screenshot({ path: testInfo.outputPath('myorders-1280.png'), fullPage: true });
  await listed.getByRole('link', { name: `View order ${order.orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/order-confirmed/${order._id}$`));
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(card).toContainText(product.name);
  await expect(card).toContainText('14 Marine Drive');
  await expect(card).toContainText('Please ring the bell twice.');
  await expect(card).toContainText('Cash on delivery · Pending');
  await expect(card.getByTestId('delivery-status')).toHaveText(/^(Pending|Processing)$/);

  await card.getByRole('button', { name: `Cancel order ${order.orderNumber}` }).click();
  await card.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText(`Order ${order.orderNumber} is cancelled.`)).toBeVisible();
  await expect(card.getByTestId('delivery-status')).toHaveText('Cancelled');
  await expect(card.getByRole('button', { name: `Cancel order ${order.orderNumber}` })).toHaveCount(0);
  await expect(card.getByRole('list').last()).toContainText('Cancelled');
  // A cancelled cash-on-delivery order owes nothing.
  await expect(card).toContainText('Cash on delivery · Nothing due');
  await expect(card).not.toContainText('Cash on delivery · Pending');

  // The order's page says so at the top too: cancelled, nothing due, and no cash to keep ready.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This order is cancelled.');
  await expect(page).toHaveTitle('Order cancelled | Pehnava');
  await expect(page.getByTestId('amount-due')).toHaveText('Nothing is due.');
  await expect(page.getByText(/ready to pay on delivery/)).toHaveCount(0);
  await expect(page.getByText('Thank you! Your order is placed.')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('cancelled-order-1280.png'), fullPage: true });

  // The server has the truth, on the order's page and in My Orders.
  await page.reload();
  const reloaded = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(reloaded.getByTestId('delivery-status')).toHaveText('Cancelled');
  await expect(reloaded).toContainText('Cash on delivery · Nothing due');
  await page.goto('/myorders');
  await expect(listed.getByTestId('delivery-status')).toHaveText('Cancelled');
});

test('checkout and My Orders fit a 360 px screen @mobile', async ({ page }, testInfo) => {
  const product = await productInStock(page);
  await page.goto('/auth?mode=signup');
  await signUpInForm(page, uniqueEmail('checkout-mobile'));
  await closePhoneReminder(page);
  await page.goto('/address?new');
  await addAddress(page);
  await addToCart(page, product);
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: 'Meera Iyer' })).toBeChecked();
  await expect(page.getByTestId('checkout-total')).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('checkout-360.png'), fullPage: true });

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you! Your order is placed.' })).toBeVisible();
  await page.getByRole('link', { name: 'View it in My Orders' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('myorders-360.png'), fullPage: true });
});
