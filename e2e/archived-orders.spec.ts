import type { Page } from '@playwright/test';
import { API } from '../common/api-paths';
import { DEMO_SHOPPER } from '../server/db/demo/shopper';
import { expect, test } from './fixtures';

/**
 * Orders after delivery: the demo shopper (SEED=demo, see README) asks to return a recent
 * delivery from My Orders, then pages through the archived orders and comes back.
 */

// Each journey walks several pages (and the archive's every page) while the fresh demo shop still
// draws its product pictures in the background.
test.slow();

/** Opens My Orders as a guest, is sent to sign in, signs in as the demo shopper and lands back there. */
async function signInToMyOrders(page: Page) {
  await page.goto('/myorders');
  await expect(page).toHaveURL(/\/auth\?mode=signup&redirect=%2Fmyorders$/);
  await page
    .getByRole('navigation', { name: 'Sign in or register' })
    .getByRole('link', { name: 'Sign in' })
    .click();
  await expect(page).toHaveURL(/\/auth\?mode=login&redirect=%2Fmyorders$/);
  await page.getByLabel('Email').fill(DEMO_SHOPPER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_SHOPPER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/myorders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
}

/** How many archive pages the server has for the signed-in shopper (the page must show the same). */
async function archivePages(page: Page): Promise<number> {
  const answer = await page.request.get(`${API.order.archived}?page=1`);
  expect(answer.status()).toBe(200);
  return (await answer.json()).pages;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** On My Orders: opens the newest delivered order's own page from its card; answers its number. */
async function openNewestDelivery(page: Page): Promise<string> {
  const delivered = page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByTestId('delivery-status').getByText('Delivered', { exact: true }) })
    .first();
  const link = delivered.getByRole('link', { name: /^View order / });
  const orderNumber = ((await link.getAttribute('aria-label')) ?? '').replace('View order ', '');
  await link.click();
  await expect(page.getByRole('article', { name: `Order ${orderNumber}` })).toBeVisible();
  return orderNumber;
}

/** From My Orders to the archive: page 1 of N, Next, Previous, each disabled at its end, and back. */
async function pageThroughArchive(page: Page) {
  const pages = await archivePages(page);
  expect(pages).toBeGreaterThanOrEqual(2);
  await page.getByRole('link', { name: 'View archived orders' }).click();
  await expect(page).toHaveURL(/\/archivedorders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Archived Orders' })).toBeVisible();
  await expect(
    page.getByText('Orders older than 60 days, and Failed/Cancelled orders older than 3 days.'),
  ).toBeVisible();

  const previous = page.getByRole('button', { name: 'Previous' });
  const next = page.getByRole('button', { name: 'Next' });
  const cards = page.getByRole('main').getByRole('article');
  await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(cards).toHaveCount(10);
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
  const first = cards.first();
  await expect(first.getByRole('columnheader')).toHaveText([
    'Item',
    'Qty',
    'Price',
    'Color / Size',
    'Subtotal',
  ]);
  await expect(first.getByTestId('archived-total')).toHaveText(/^₹[\d,]+(\.\d{1,2})?$/);
  await expect(first.getByTestId('archived-date')).toHaveText(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
  await expectNoSidewaysScroll(page);

  for (let n = 2; n <= pages; n += 1) {
    await next.click();
    await expect(page).toHaveURL(new RegExp(`/archivedorders\\?page=${n}$`));
    await expect(page.getByText(`Page ${n} of ${pages}`)).toBeVisible();
    await expect(cards.first()).toBeVisible();
    await expect(previous).toBeEnabled();
  }
  await expect(next).toBeDisabled();

  await previous.click();
  await expect(page.getByText(`Page ${pages - 1} of ${pages}`)).toBeVisible();
  await expect(next).toBeEnabled();

  await page.getByRole('link', { name: '← Back to My Orders' }).click();
  await expect(page).toHaveURL(/\/myorders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
}

test('demo shopper → My Orders → request a return → archive pages → back to My Orders', async ({
  page,
}, testInfo) => {
  await signInToMyOrders(page);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Orders' }),
  ).toHaveAttribute('aria-current', 'page');

  // The newest delivery, opened from its card in My Orders, offers the return.
  const orderNumber = await openNewestDelivery(page);
  const label = `Request a return for order ${orderNumber}`;
  const card = page.getByRole('article', { name: `Order ${orderNumber}` });
  await expect(card.getByTestId('delivery-status')).toHaveText('Delivered');

  await card.getByRole('button', { name: label }).click();
  const form = card.getByRole('form', { name: 'Request a return' });
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(form.getByText('Please tell us why you are returning the items.')).toBeVisible();
  await form.getByLabel('Reason for the return').fill('The size runs small.');
  await page.screenshot({ path: testInfo.outputPath('return-form-1280.png'), fullPage: true });
  const sent = page.waitForResponse((r) => r.url().endsWith('/return') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Send return request' }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText(`Your return request for order ${orderNumber} has been sent.`)).toBeVisible();
  await expect(card.getByTestId('delivery-status')).toHaveText('Return Requested');
  await expect(card.getByTestId('return-status')).toHaveText('Requested');
  await expect(card.getByRole('button', { name: label })).toHaveCount(0);

  await page.getByRole('link', { name: 'View it in My Orders' }).click();
  await pageThroughArchive(page);
  await page.screenshot({ path: testInfo.outputPath('myorders-after-archive-1280.png'), fullPage: true });
});

test('@mobile the demo shopper’s orders, return form and archive fit a 360 px screen', async ({
  page,
}, testInfo) => {
  await signInToMyOrders(page);
  await expect(
    page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name: /Orders/ }),
  ).toHaveAttribute('aria-current', 'page');

  await expectNoSidewaysScroll(page);
  // A page of ten orders is a list of compact cards, not each order in full (once about 10,000 px).
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(10);
  const listHeight = await page.getByRole('main').evaluate((main) => main.scrollHeight);
  expect(listHeight).toBeLessThan(3500);
  await page.screenshot({ path: testInfo.outputPath('myorders-360.png'), fullPage: true });

  // The return form opens and fits; closing it sends nothing (the recent deliveries stay returnable).
  const orderNumber = await openNewestDelivery(page);
  await page.getByRole('button', { name: `Request a return for order ${orderNumber}` }).click();
  const form = page.getByRole('form', { name: 'Request a return' });
  await expect(form.getByLabel('Reason for the return')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await form.getByRole('button', { name: 'Never mind' }).click();
  await expect(form).toHaveCount(0);

  await page.getByRole('link', { name: 'View it in My Orders' }).click();
  await pageThroughArchive(page);
  await page.goto('/archivedorders');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('archive-360.png'), fullPage: true });
});
