import { API } from '../common/api-paths';
import { productImageUrl } from '../common/images';
import { expect, test } from './fixtures';
import {
  addAddressInCheckout,
  expectAboveTheDock,
  expectLoaded,
  PASSWORD,
  productInASecondColour,
  uniqueEmail,
} from './journeys';

/**
 * A new shopper on a 360 px phone, from the product to the placed order: the picture of the colour
 * chosen at every step, and the buy button in reach on every screen, never under the bottom dock.
 */
test('@mobile guest → second colour → bag → sign-up with a mistake → checkout → order, the buy button always in reach', async ({
  page,
}, testInfo) => {
  const { product, colour, picture } = await productInASecondColour(page);
  const small = productImageUrl(picture, 'sm');

  await page.goto(`/product/${product._id}`);
  await page
    .getByRole('group', { name: /^Colour/ })
    .getByRole('radio', { name: colour, exact: true })
    .check({ force: true });
  const main = page.getByRole('img', { name: `${product.name} in ${colour}`, exact: true });
  await expect(main).toHaveAttribute('src', picture);
  const size = product.variants.find((v) => v.color === colour && v.countInStock > 0)?.size as string;
  await page
    .getByRole('group', { name: /^Size/ })
    .getByRole('radio', { name: size, exact: true })
    .check({ force: true });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to your cart.')).toBeVisible();

  // The bag: the colour's picture, and "Proceed to checkout" with the total on screen from the start.
  await page.goto('/cart');
  const bagLine = page.getByRole('main').getByRole('listitem').filter({ hasText: product.name });
  await expect(bagLine.locator('img')).toHaveAttribute('src', small);
  await expectLoaded(bagLine.locator('img'));
  const proceed = page.getByRole('link', { name: 'Proceed to checkout' });
  await expectAboveTheDock(page, proceed);
  await expect(page.getByTestId('phone-action-bar')).toContainText('Total');
  await page.screenshot({ path: testInfo.outputPath('cart-360.png') });
  await proceed.click();

  // Sign-up with one mistake: the wrong field takes focus, in view; corrected, the shopper goes on.
  await expect(page).toHaveURL(/\/auth\?mode=signup&redirect=%2Fcheckout$/);
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('Email').fill('meera@');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('I confirm that I am 18 years of age or older.').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  const email = page.getByLabel('Email');
  await expect(email).toBeFocused();
  await expect(email).toBeInViewport();
  await email.fill(uniqueEmail('phone-journey'));
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // Checkout: the address added in place, the colour's picture, and "Place order" in reach at the top.
  await addAddressInCheckout(page);
  const summaryLine = page.getByRole('listitem').filter({ hasText: product.name });
  await expect(summaryLine.locator('img')).toHaveAttribute('src', small);
  await page.evaluate(() => window.scrollTo(0, 0));
  const placeOrder = page.getByRole('button', { name: 'Place order' });
  await expectAboveTheDock(page, placeOrder);
  await page.screenshot({ path: testInfo.outputPath('checkout-360.png') });

  const placed = page.waitForResponse(
    (r) => r.url().endsWith(API.order.place) && r.request().method() === 'POST',
  );
  await placeOrder.click();
  const answer = await placed;
  expect(answer.status()).toBe(201);
  const { order } = await answer.json();
  expect(order.items[0].image).toBe(picture);
  await expect(page).toHaveURL(new RegExp(`/order-confirmed/${order._id}$`));
  await page.screenshot({ path: testInfo.outputPath('order-360.png'), fullPage: true });
});
