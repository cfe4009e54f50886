import { writeFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { PRODUCT_CSV_COLUMNS } from '../common/schemas/admin-products';
import { expect, test } from './fixtures';
import { fitsTheScreen, signInToBackOffice } from './staff';

/**
 * The back office's catalogue: an owner adds a product with two variants and a photo, activates it and
 * finds it in the shop's search; a manager imports a CSV with one bad row, sees the problem, fixes the
 * file and applies it.
 */

test.slow();

/** Letters only, so the shop's search reads the name as words. */
const tag = () =>
  Date.now()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .padEnd(4, 'q');

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  expect(await fitsTheScreen(page), `${name} fits the screen`).toBe(true);
}

async function ownerAddsAProduct(page: Page, testInfo: TestInfo, width: number) {
  const name = `Bandhej Kurta ${tag()}${width === 360 ? 'mob' : 'desk'}`;
  const sku = name.replace(/\W+/g, '-').toUpperCase();
  await signInToBackOffice(page, 'owner', '/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await shot(page, testInfo, `products-${width}`);

  await page.getByRole('link', { name: 'Add a product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a product' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Tie-dyed by hand in Jaipur.');
  await page.getByLabel('Brand').fill('Pehnava');
  await page.getByLabel('Category', { exact: true }).fill('Clothing');
  await page.getByLabel('Sub-category').fill('Ethnic Wear');
  await page.getByLabel('Type', { exact: true }).fill('Kurta');
  await page.getByLabel('Price (₹)').fill('1499');
  await page.getByLabel('MRP (₹)').fill('1899');
  await page.getByLabel('HSN code').fill('6211');
  await page.getByLabel('SKU, variant 1').fill(`${sku}-M`);
  await page.getByLabel('Colour, variant 1').fill('Red');
  await page.getByLabel('Size, variant 1').fill('M');
  await page.getByLabel('In stock, variant 1').fill('5');
  await page.getByRole('button', { name: 'Add a variant' }).click();
  await page.getByLabel('SKU, variant 2').fill(`${sku}-L`);
  await page.getByLabel('Colour, variant 2').fill('Red');
  await page.getByLabel('Size, variant 2').fill('L');
  await page.getByLabel('In stock, variant 2').fill('3');
  await shot(page, testInfo, `product-new-${width}`);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Product created. Add its photos below.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#b91c1c' } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel('Choose photos')
    .setInputFiles({ name: 'kurta.jpg', mimeType: 'image/jpeg', buffer: photo });
  const first = page.getByRole('listitem', { name: 'Photo 1' });
  await expect(first).toBeVisible();
  await first.getByLabel('Alt text').fill('Red bandhej kurta, front');
  await first.getByLabel('Colour').selectOption('Red');
  await page.getByLabel('Status').selectOption('active');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Product saved.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View in shop' })).toBeVisible();
  await shot(page, testInfo, `product-edit-${width}`);

  await page.goto(`/search?name=${encodeURIComponent(name)}`);
  await expect(page.getByText(name).first()).toBeVisible();
}

test('an owner creates a product with two variants and a photo, activates it and finds it in the shop', async ({
  page,
}, testInfo) => {
  await ownerAddsAProduct(page, testInfo, 1280);
});

test('@mobile an owner creates and activates a product on a 360 px screen', async ({ page }, testInfo) => {
  await ownerAddsAProduct(page, testInfo, 360);
});

/** A CSV of one new product in two sizes; `price` of the second row as given. */
function csv(prefix: string, secondPrice: string): string {
  const row = (size: string, price: string) =>
    [
      `${prefix}-${size}`,
      `Imported Dupatta ${prefix}`,
      'Chanderi silk.',
      'Pehnava',
      'Women',
      'Accessories',
      'Dupattas',
      'Dupatta',
      'Gold',
      size,
      price,
      '1299',
      '6',
      'active',
      '6214',
      'true',
    ].join(',');
  return [PRODUCT_CSV_COLUMNS.join(','), row('S', '999'), row('M', secondPrice)].join('\n');
}

async function managerImports(page: Page, testInfo: TestInfo, width: number) {
  const prefix = `IMP${tag().toUpperCase()}${width}`;
  const bad = testInfo.outputPath('catalogue.csv');
  const fixed = testInfo.outputPath('catalogue-fixed.csv');
  writeFileSync(bad, csv(prefix, '9.999'));
  writeFileSync(fixed, csv(prefix, '999'));

  await signInToBackOffice(page, 'manager', '/admin/products/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import / Export' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the CSV' })).toBeVisible();
  await page.getByLabel('Choose a CSV file').setInputFiles(bad);
  await expect(page.getByRole('heading', { name: '1 problem: nothing was applied' })).toBeVisible();
  const problem = page.getByRole('row').filter({ hasText: 'price' });
  await expect(problem).toContainText('3');
  await expect(page.getByRole('button', { name: /^Apply/ })).toHaveCount(0);
  await shot(page, testInfo, `import-errors-${width}`);

  await page.getByLabel('Choose a CSV file').setInputFiles(fixed);
  const apply = page.getByRole('button', { name: 'Apply: 2 new, 0 changed' });
  await expect(apply).toBeVisible();
  await apply.click();
  await expect(page.getByText('Imported: 2 new, 0 changed, 0 unchanged.').first()).toBeVisible();
  await shot(page, testInfo, `import-applied-${width}`);

  await page.goto(`/admin/products?q=${encodeURIComponent(`Imported Dupatta ${prefix}`)}`);
  await expect(page.getByRole('link', { name: new RegExp(`Imported Dupatta ${prefix}`) })).toBeVisible();
}

test('a manager imports a CSV with one bad row, sees the problem, fixes it and applies it', async ({
  page,
}, testInfo) => {
  await managerImports(page, testInfo, 1280);
});

test('@mobile a manager imports a CSV on a 360 px screen', async ({ page }, testInfo) => {
  await managerImports(page, testInfo, 360);
});

test('@mobile the categories screen fits a 360 px screen', async ({ page }, testInfo) => {
  await signInToBackOffice(page, 'owner', '/admin/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await page.getByRole('button', { name: /^Men \d+ products$/ }).click();
  await expect(page.getByRole('button', { name: /^Rename Men › / }).first()).toBeVisible();
  await shot(page, testInfo, 'categories-360');
});

test('the categories screen at 1280 px', async ({ page }, testInfo) => {
  await signInToBackOffice(page, 'owner', '/admin/categories');
  await page.getByRole('button', { name: /^Women \d+ products$/ }).click();
  await expect(page.getByRole('button', { name: /^Rename Women › / }).first()).toBeVisible();
  await shot(page, testInfo, 'categories-1280');
});
