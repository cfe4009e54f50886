import type { Page } from '@playwright/test';
import { API } from '../common/api-paths';
import { expect, test } from './fixtures';

/**
 * The delivery check on the product page, on the local simulator's fixed answers: it delivers to Mumbai in
 * 2 days with cash on delivery, takes no cash in Srinagar, and does not reach Port Blair.
 */

/** "Tue, 24 Nov": today + days, as the page shows it (the browser and this process share the time zone). */
function dayAfter(days: number): string {
  const date = new Date();
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days).toLocaleDateString('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
}

async function openAProduct(page: Page) {
  const list = await page.request.get(`${API.catalog.products}?limit=1`);
  const [product] = (await list.json()).products as { _id: string; name: string }[];
  if (!product) throw new Error('the demo catalog is empty');
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
}

async function checkPincode(page: Page, pincode: string) {
  const section = page.getByRole('region', { name: 'Check delivery' });
  await section.getByLabel('Delivery pincode').fill(pincode);
  await section.getByRole('button', { name: 'Check' }).click();
  return section.getByRole('status');
}

async function journey(page: Page) {
  await openAProduct(page);

  const mumbai = await checkPincode(page, '400020');
  await expect(mumbai).toContainText(`Delivery by ${dayAfter(2)}`);
  await expect(mumbai).toContainText('Cash on delivery available');

  const srinagar = await checkPincode(page, '190001');
  await expect(srinagar).toContainText(`Delivery by ${dayAfter(7)}`);
  await expect(srinagar).toContainText('Cash on delivery is not available at this pincode');

  const portBlair = await checkPincode(page, '744101');
  await expect(portBlair).toHaveText('Sorry, we do not deliver to pincode 744101 yet.');

  const typo = await checkPincode(page, '04001');
  await expect(typo).toHaveText('Enter a 6-digit pincode that does not start with 0.');
  await expect(page.getByLabel('Delivery pincode')).toHaveAttribute('aria-invalid', 'true');
}

test('a shopper checks delivery to a pincode on the product page', async ({ page }) => {
  await journey(page);
});

test('@mobile the pincode check fits a 360 px screen', async ({ page }) => {
  await journey(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const button = page.getByRole('region', { name: 'Check delivery' }).getByRole('button', { name: 'Check' });
  const box = await button.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
});
