import type { Page } from '@playwright/test';
import { API } from '../common/api-paths';
import { expect, test } from './fixtures';
import { closePhoneReminder, signUpInForm, uniqueEmail } from './journeys';

/**
 * Address journeys: a new shopper opens /address, adds an address, sees it listed, edits
 * it, chooses the default, deletes one; an invalid pincode shows the server's field error.
 */

/** Signs up a new shopper through the form and lands on /address. */
async function signedInOnAddresses(page: Page, label: string) {
  await page.goto('/auth?mode=signup');
  await signUpInForm(page, uniqueEmail(label));
  await closePhoneReminder(page);
  await page.goto('/address');
  await expect(page.getByRole('heading', { level: 1, name: 'Addresses' })).toBeVisible();
}

async function fillAddress(
  page: Page,
  a: { name: string; phone: string; line1: string; pincode: string; district: string; state?: string },
) {
  const form = page.getByRole('form');
  await form.getByLabel('Full name').fill(a.name);
  await form.getByLabel('Mobile number').fill(a.phone);
  await form.getByLabel('Address line 1').fill(a.line1);
  await form.getByLabel('Pincode').fill(a.pincode);
  await form.getByLabel('District').fill(a.district);
  if (a.state) await form.getByLabel('State / union territory').selectOption(a.state);
}

const card = (page: Page, name: string) => page.getByRole('article', { name });

test('add, list, edit, set default and delete addresses', async ({ page }, testInfo) => {
  await signedInOnAddresses(page, 'address');
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();

  await page.getByRole('link', { name: 'Add address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add an address' })).toBeVisible();
  await fillAddress(page, {
    name: 'Meera Iyer',
    phone: '9876543210',
    line1: '14 Marine Drive',
    pincode: '400020',
    district: 'Mumbai',
  });
  // The bundled prefix map filled the state from the pincode.
  await expect(page.getByLabel('State / union territory')).toHaveValue('Maharashtra');
  await page.screenshot({ path: testInfo.outputPath('address-form-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save address' }).click();

  await expect(page).toHaveURL(/\/address$/);
  const home = card(page, 'Meera Iyer');
  await expect(home).toContainText('14 Marine Drive');
  await expect(home).toContainText('Mumbai, Maharashtra 400020');
  await expect(home).toContainText('Default');

  // Edit it.
  await home.getByRole('link', { name: 'Edit Meera Iyer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit address' })).toBeVisible();
  await expect(page.getByLabel('Mobile number')).toHaveValue('9876543210');
  await page.getByLabel('Address line 2 (optional)').fill('Flat 3B');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/address$/);
  await expect(card(page, 'Meera Iyer')).toContainText('Flat 3B');

  // A second address, then make it the default.
  await page.getByRole('link', { name: 'Add address' }).click();
  await fillAddress(page, {
    name: 'Meera at Work',
    phone: '7012345678',
    line1: '2 MG Road',
    pincode: '560001',
    district: 'Bengaluru Urban',
    state: 'Karnataka',
  });
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/address$/);
  const work = card(page, 'Meera at Work');
  await expect(work).not.toContainText('Default');
  await work.getByRole('button', { name: 'Set as default: Meera at Work' }).click();
  await expect(card(page, 'Meera at Work')).toContainText('Default');
  await expect(card(page, 'Meera Iyer')).not.toContainText('Default');
  // The default is listed first.
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Meera at Work');
  await page.screenshot({ path: testInfo.outputPath('address-list-1280.png'), fullPage: true });

  // Delete the first address, with a confirmation; cancelling keeps it.
  await card(page, 'Meera Iyer').getByRole('button', { name: 'Delete Meera Iyer' }).click();
  await card(page, 'Meera Iyer').getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, 'Meera Iyer')).toBeVisible();
  await card(page, 'Meera Iyer').getByRole('button', { name: 'Delete Meera Iyer' }).click();
  await card(page, 'Meera Iyer').getByRole('button', { name: 'Yes, delete' }).click();
  await expect(card(page, 'Meera Iyer')).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(1);

  // It stays that way after a reload: the server has the truth.
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Meera at Work')).toContainText('Default');
});

test('an invalid pincode shows the server’s message on the pincode field', async ({
  page,
  consoleErrors,
}) => {
  await signedInOnAddresses(page, 'address-invalid');
  await page.getByRole('link', { name: 'Add address' }).click();
  await fillAddress(page, {
    name: 'Meera Iyer',
    phone: '9876543210',
    line1: '14 Marine Drive',
    pincode: '012345',
    district: 'Mumbai',
    state: 'Maharashtra',
  });
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(API.address.collection) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save address' }).click();
  expect((await saved).status()).toBe(422);
  const pincode = page.getByLabel('Pincode');
  await expect(pincode).toHaveAttribute('aria-invalid', 'true');
  await expect(pincode).toHaveAccessibleDescription(/Enter a 6-digit pincode that does not start with 0\./);
  await expect(page).toHaveURL(/\/address\?new/);
  // Chromium logs every 4xx answer to the console itself; this one 422 is the point of the test, so
  // exactly that entry is taken out and anything else still fails the journey.
  const expected =
    'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)';
  expect(consoleErrors.filter((line) => line === expected)).toHaveLength(1);
  consoleErrors.splice(consoleErrors.indexOf(expected), 1);
});

test('the address page and form fit a 360 px screen @mobile', async ({ page }, testInfo) => {
  await signedInOnAddresses(page, 'address-mobile');
  await page.getByRole('link', { name: 'Add address' }).click();
  await fillAddress(page, {
    name: 'Meera Iyer',
    phone: '9876543210',
    line1: '14 Marine Drive',
    pincode: '400020',
    district: 'Mumbai',
  });
  await page.screenshot({ path: testInfo.outputPath('address-form-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(card(page, 'Meera Iyer')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('address-list-360.png'), fullPage: true });
});
