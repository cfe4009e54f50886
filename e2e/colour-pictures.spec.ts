import type { Page, TestInfo } from '@playwright/test';
import { API } from '../common/api-paths';
import { productImageUrl } from '../common/images';
import { expect, test } from './fixtures';
import {
  addAddress,
  closePhoneReminder,
  expectLoaded,
  productInASecondColour,
  signUpInForm,
  uniqueEmail,
} from './journeys';

/**
 * The picture follows the chosen colour: a product bought in its second colour shows that colour's
 * picture on the product page, in the bag, at checkout and on the placed order.
 */

async function pictureFollowsTheColour(page: Page, testInfo: TestInfo, width: number) {
  const { product, colour, picture } = await productInASecondColour(page);
  const small = productImageUrl(picture, 'sm');

  await page.goto('/auth?mode=signup');
  await signUpInForm(page, uniqueEmail(`colour-${width}`));
  await page.goto('/address?new');
  // The phone reminder waits for the first page after sign-up that is not checkout: this one.
  await closePhoneReminder(page);
  await addAddress(page);

  // The product page opens on the first colour; choosing the second shows its own picture.
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  const colours = page.getByRole('group', { name: /^Colour/ });
  await expect(colours.getByRole('radio', { name: product.colors[0], exact: true })).toBeChecked();
  await colours.getByRole('radio', { name: colour, exact: true }).check({ force: true });
  const main = page.getByRole('img', { name: `${product.name} in ${colour}`, exact: true });
  await expect(main).toHaveAttribute('src', picture);
  await expectLoaded(main);
  await main.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`product-${width}.png`) });

  const size = product.variants.find((v) => v.color === colour && v.countInStock > 0)?.size as string;
  await page
    .getByRole('group', { name: /^Size/ })
    .getByRole('radio', { name: size, exact: true })
    .check({ force: true });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to your cart.')).toBeVisible();

  // The bag shows the colour bought, in its picture.
  await page.goto('/cart');
  const bagLine = page.getByRole('main').getByRole('listitem').filter({ hasText: product.name });
  await expect(bagLine).toContainText(`Colour: ${colour}`);
  await expect(bagLine.locator('img')).toHaveAttribute('src', small);
  await expectLoaded(bagLine.locator('img'));
  await bagLine.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`bag-${width}.png`) });

  // So does checkout's summary.
  await page.goto('/checkout');
  const summaryLine = page.getByRole('listitem').filter({ hasText: product.name });
  await expect(summaryLine).toContainText(colour);
  await expect(summaryLine.locator('img')).toHaveAttribute('src', small);
  await page.screenshot({ path: testInfo.outputPath(`checkout-${width}.png`), fullPage: true });

  // The placed order keeps that picture: its page and its card in My Orders show it.
  const placed = page.waitForResponse(
    (r) => r.url().endsWith(API.order.place) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  const answer = await placed;
  expect(answer.status()).toBe(201);
  const { order } = await answer.json();
  expect(
    order.items.map((item: { selectedColor: string; image: string }) => [item.selectedColor, item.image]),
  ).toEqual([[colour, picture]]);
  await expect(page).toHaveURL(new RegExp(`/order-confirmed/${order._id}$`));

  const orderLine = page.getByRole('main').getByRole('listitem').filter({ hasText: product.name });
  await expect(orderLine.locator('img')).toHaveAttribute('src', small);
  await page.goto('/myorders');
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(card.locator('img')).toHaveAttribute('src', small);
  await expectLoaded(card.locator('img'));
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`my-orders-${width}.png`) });
}

test('a product in its second colour: its picture on the product page, in the bag, at checkout and on the order', async ({
  page,
}, testInfo) => {
  await pictureFollowsTheColour(page, testInfo, 1280);
});

test('@mobile a product in its second colour shows its picture at every step on a 360 px screen', async ({
  page,
}, testInfo) => {
  await pictureFollowsTheColour(page, testInfo, 360);
});

test('a bag stored before pictures followed the colour shows the colour bought once it is opened', async ({
  page,
}) => {
  const { product, colour, picture } = await productInASecondColour(page);
  const variant = product.variants.find((v) => v.color === colour && v.countInStock > 0);
  const stored = [
    {
      _id: product._id,
      // Before, every line kept the product's first picture, whatever its colour.
      image: product.images[0],
      name: product.name,
      price: product.price,
      quantity: 1,
      countInStock: variant?.countInStock,
      selectedColor: colour,
      selectedSize: variant?.size,
      isRefundable: product.isRefundable,
    },
  ];
  await page.addInitScript((items) => localStorage.setItem('cartItems', JSON.stringify(items)), stored);
  await page.goto('/cart');
  const line = page.getByRole('main').getByRole('listitem').filter({ hasText: product.name });
  await expect(line.locator('img')).toHaveAttribute('src', productImageUrl(picture, 'sm'));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]'));
  expect(saved).toEqual([{ ...stored[0], image: picture }]);
});
