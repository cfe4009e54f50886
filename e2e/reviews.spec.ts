import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { API } from '../common/api-paths';
import type { Order } from '../common/schemas/order';
import { isReviewableStatus, type ReviewEligibility } from '../common/schemas/reviews';
import { DEMO_SHOPPER } from '../server/db/demo/shopper';
import { expect, test } from './fixtures';
import { signInAsStaff } from './staff';

/**
 * Reviews: the demo shopper reviews a product from a delivered order, with a photo, from the
 * "Review this product" link in My Orders; staff approve it through the API; it then shows on the
 * product page and first on the Happy Customers wall.
 */

// The fresh demo shop draws its pictures in the background while the journey runs.
test.slow();

async function signInAsDemoShopper(page: Page) {
  await page.goto('/auth?mode=login');
  await page.getByLabel('Email').fill(DEMO_SHOPPER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_SHOPPER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

/** A delivered item on the first page of My Orders that the shopper has not reviewed yet. */
async function reviewableItem(page: Page): Promise<{ productId: string; name: string; orderNumber: string }> {
  const answer = await page.request.get(`${API.order.mine}?page=1`);
  expect(answer.status()).toBe(200);
  const { orders } = (await answer.json()) as { orders: Order[] };
  for (const order of orders.filter((o) => isReviewableStatus(o.deliveryStatus))) {
    for (const item of order.items) {
      const mine = (await (
        await page.request.get(API.reviews.mine(item.productId))
      ).json()) as ReviewEligibility;
      if (mine.status === 'canReview') {
        return { productId: item.productId, name: item.name, orderNumber: order.orderNumber };
      }
    }
  }
  throw new Error('the demo shopper has no delivered item left to review on the first page of My Orders');
}

/** A phone photo as a shopper would send it: a JPEG carrying camera and GPS data. */
function phonePhoto() {
  return sharp({ create: { width: 1200, height: 1500, channels: 3, background: '#b5651d' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1500"><rect x="300" y="300" width="600" height="900" rx="60" fill="#f4d35e"/></svg>',
        ),
      },
    ])
    .jpeg()
    .withExif({ IFD0: { Make: 'PehnavaCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 4/1 0/1' } })
    .toBuffer();
}

test('a verified buyer reviews with a photo; once staff approve it, it shows on the product and Happy Customers', async ({
  page,
  baseURL,
}) => {
  await signInAsDemoShopper(page);
  const item = await reviewableItem(page);
  const title = `Lovely colours ${Date.now().toString(36)}`;

  // From My Orders, the delivered order's page links the item to its review form.
  await page.goto('/myorders');
  await page.getByRole('link', { name: `View order ${item.orderNumber}` }).click();
  await page
    .getByRole('link', { name: `Review this product: ${item.name}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/product/${item.productId}#write-review$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.name);
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Write a review' }) });
  await expect(form).toBeVisible();

  await form.getByRole('radio', { name: '5 stars' }).check({ force: true });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Your review').fill('The colour is exactly as shown and the fabric feels lovely.');
  const consent = form.getByRole('checkbox', {
    name: 'Everyone shown in this photo agreed to it being published with my review.',
  });
  await expect(consent).not.toHaveAttribute('required');
  await form.getByLabel('Add a photo (optional)').setInputFiles({
    name: 'IMG_2041.jpg',
    mimeType: 'image/jpeg',
    buffer: await phonePhoto(),
  });
  await expect(form.getByRole('img', { name: 'Preview of your photo' })).toBeVisible();
  await expect(consent).toHaveAttribute('required');
  await consent.check();
  await form.getByRole('button', { name: 'Submit review' }).click();

  await expect(
    page.getByText('Thank you! Your review will appear once our team has checked the photo.'),
  ).toBeVisible();
  const own = page.getByRole('region', { name: 'Your review' });
  await expect(
    own.getByText('Waiting for approval: our team checks every photo before it is shown.'),
  ).toBeVisible();
  // Not among the published reviews until staff approve the photo.
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);

  // Staff approve it through the API: this journey is the shopper's, not the moderation screen's.
  const { review } = (await (
    await page.request.get(API.reviews.mine(item.productId))
  ).json()) as ReviewEligibility;
  if (!review) throw new Error('the review was not stored');
  const staff = await signInAsStaff(baseURL as string);
  const pending = await staff.api.get(API.admin.reviews);
  expect((await pending.json()).reviews.map((r: { _id: string }) => r._id)).toContain(review._id);
  const approved = await staff.api.post(API.admin.approveReview(review._id), {
    headers: { 'X-CSRF-Token': staff.csrfToken },
  });
  expect(approved.status()).toBe(200);
  await staff.api.dispose();

  // On the product page: published, with the photo, which opens larger.
  await page.goto(`/product/${item.productId}`);
  const published = page.getByRole('article', { name: title });
  await expect(published).toBeVisible();
  await expect(published.getByText('Verified buyer')).toBeVisible();
  await expect(own.getByText('Published.')).toBeVisible();
  const thumbnail = published.getByRole('img', { name: /^Photo from / });
  await expect(thumbnail).toHaveAttribute('loading', 'lazy');
  await published.getByRole('button', { name: /photo larger$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Photo from / });
  await expect(dialog.getByRole('img')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // On Happy Customers: the newest photo review comes first, linking to the product.
  await page.goto('/happy-customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Happy Customers' })).toBeVisible();
  const first = page.getByRole('list', { name: 'Customer photos' }).getByRole('listitem').first();
  await expect(first.getByText(title)).toBeVisible();
  await expect(first.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
  await expect(first.getByRole('link', { name: item.name })).toHaveAttribute(
    'href',
    `/product/${item.productId}`,
  );
  await expect(page.getByText('Page 1 of')).toBeVisible();
});
