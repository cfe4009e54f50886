import type { Page } from '@playwright/test';
import { API } from '../common/api-paths';
import type { SearchResult } from '../common/schemas/catalog';
import { expect, test } from './fixtures';

const START = '/search?gender=Women';

/** The two most common sizes of the listing, as its facets count them. */
async function twoSizes(page: Page): Promise<[string, string]> {
  const res = await page.request.get(`${API.catalog.search}?gender=Women`);
  const { facets } = (await res.json()) as SearchResult;
  const [first, second] = facets.size.map((s) => s.value);
  if (!first || !second) throw new Error('the demo shop lists fewer than two sizes for Women');
  return [first, second];
}

/** The sizes the URL filters to, in order. */
const sizesInUrl = (page: Page) => () => new URL(page.url()).searchParams.getAll('size');

/** The first product of the same search through the API: what the listing must now start with. */
async function expectListingOf(page: Page, query: URLSearchParams) {
  expect(new URL(page.url()).search).toBe(`?${query}`);
  const res = await page.request.get(`${API.catalog.search}?${query}`);
  const body = (await res.json()) as SearchResult;
  expect(body.total).toBeGreaterThan(0);
  await expect(page.getByText(new RegExp(`^${body.total} products?$`))).toBeVisible();
  await expect(page.locator('main article').first()).toContainText(body.products[0]?.name ?? '');
}

const sizeBox = (scope: Page | ReturnType<Page['getByRole']>, size: string) =>
  scope.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: new RegExp(`^${size}, `) });

test('choosing two sizes and a sort updates the listing and the URL at 1280 px', async ({
  page,
}, testInfo) => {
  const [a, b] = await twoSizes(page);
  await page.goto(START);
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await sizeBox(filters, a).check();
  await expect.poll(sizesInUrl(page)).toEqual([a]);
  await sizeBox(filters, b).check();
  await expect.poll(sizesInUrl(page)).toEqual([a, b]);
  await expect(sizeBox(filters, a)).toBeChecked();
  await expect(sizeBox(filters, b)).toBeChecked();

  await page.getByLabel('Sort by').filter({ visible: true }).selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/&sort=price_asc$/);
  await expectListingOf(
    page,
    new URLSearchParams([
      ['gender', 'Women'],
      ['size', a],
      ['size', b],
      ['sort', 'price_asc'],
    ]),
  );
  await expect(page.getByRole('link', { name: new RegExp(`Remove filter Size: ${a}$`) })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('listing-filters-1280.png') });
});

test('@mobile at 360 px the Sort/Filter bar stays on screen and the filters open in a bottom sheet', async ({
  page,
}, testInfo) => {
  const [a, b] = await twoSizes(page);
  await page.goto(START);
  const bar = page.getByRole('button', { name: /^Filters/ });
  await expect(page.locator('main article').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await expect(bar).toBeInViewport();

  await bar.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await sizeBox(sheet, a).check();
  await expect.poll(sizesInUrl(page)).toEqual([a]);
  await sizeBox(sheet, b).check();
  await expect.poll(sizesInUrl(page)).toEqual([a, b]);
  await expect(sizeBox(sheet, a)).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('listing-filters-sheet-360.png') });
  await sheet.getByRole('button', { name: /^Show \d+ products?$/ }).click();
  await expect(sheet).toBeHidden();
  // Shop for Women and the two sizes.
  await expect(bar).toContainText('3');

  await page.getByLabel('Sort by').filter({ visible: true }).selectOption({ label: 'Popularity' });
  await expect(page).toHaveURL(/&sort=popular$/);
  await expectListingOf(
    page,
    new URLSearchParams([
      ['gender', 'Women'],
      ['size', a],
      ['size', b],
      ['sort', 'popular'],
    ]),
  );
  // The filter chips keep to one line that scrolls sideways instead of widening the page.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('listing-filters-360.png') });
});
