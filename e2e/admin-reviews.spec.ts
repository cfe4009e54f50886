import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { API } from '../common/api-paths';
import type { Order } from '../common/schemas/order';
import { isReviewableStatus, type ReviewEligibility } from '../common/schemas/reviews';
import { DEMO_SHOPPER } from '../server/db/demo/shopper';
import { expect, test } from './fixtures';
import { fitsTheScreen, signInToBackOffice } from './staff';

/**
 * The back office's review queue: the demo shopper sends a review with a photo, support staff find it
 * waiting with its photo and approve or reject it in one tap; the owner reads in the audit log who did it.
 */

test.slow();

/** The demo shopper, through the API, reviews a delivered item they have not reviewed yet, with a photo. */
async function reviewWithPhoto(page: Page, title: string): Promise<string> {
  const token = async () => (await (await page.request.get(API.users.csrf)).json()).csrfToken;
  const login = await page.request.post(API.users.login, {
    data: { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password },
    headers: { 'X-CSRF-Token': await token() },
  });
  expect(login.status()).toBe(200);
  const { orders } = (await (await page.request.get(`${API.order.mine}?page=1`)).json()) as {
    orders: Order[];
  };
  const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
  for (const order of orders.filter((o) => isReviewableStatus(o.deliveryStatus))) {
    for (const item of order.items) {
      const mine = (await (
        await page.request.get(API.reviews.mine(item.productId))
      ).json()) as ReviewEligibility;
      if (mine.status !== 'canReview') continue;
      const sent = await page.request.post(API.reviews.product(item.productId), {
        headers: { 'X-CSRF-Token': await token() },
        multipart: {
          rating: '4',
          title,
          comment: 'Lovely fabric; the colour is a shade darker than the picture.',
          consent: 'true',
          image: { name: 'kurta.jpg', mimeType: 'image/jpeg', buffer: photo },
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      await page.request.post(API.users.logout, { headers: { 'X-CSRF-Token': await token() } });
      return item.name;
    }
  }
  throw new Error('the demo shopper has no delivered item left to review');
}

async function moderate(page: Page, testInfo: TestInfo, width: number, action: 'Approve' | 'Reject') {
  const title = `Queue check ${width} ${Date.now().toString(36)}`;
  await reviewWithPhoto(page, title);

  await signInToBackOffice(page, 'support', '/admin/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Waiting' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByRole('img', { name: /^Photo by / })).toBeVisible();
  // Support may not read the audit log: its screen is not offered.
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`review-queue-${width}.png`) });
  expect(await fitsTheScreen(page)).toBe(true);

  if (action === 'Reject')
    await card.getByLabel('Note to the author (optional)').fill('Please show the product itself.');
  await card.getByRole('button', { name: action }).click();
  await expect(
    page.getByText(
      action === 'Approve' ? 'Review published.' : 'Review rejected; the author sees your note.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: title })).toHaveCount(0);
  await page.getByRole('tab', { name: action === 'Approve' ? 'Published' : 'Rejected' }).click();
  await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
}

test('support approves a waiting review with its photo in one tap, and the owner sees it in the audit log', async ({
  page,
}, testInfo) => {
  await moderate(page, testInfo, 1280, 'Approve');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInToBackOffice(page, 'owner', '/admin/audit?entity=review');
  const entry = page.getByRole('row').filter({ hasText: 'review.approve' }).first();
  await expect(entry).toContainText('support@pehnava.test');
  await page.screenshot({ path: testInfo.outputPath('audit-1280.png') });
});

test('@mobile support rejects a waiting review with a note on a 360 px screen', async ({
  page,
}, testInfo) => {
  await moderate(page, testInfo, 360, 'Reject');
  expect(await fitsTheScreen(page)).toBe(true);
});
