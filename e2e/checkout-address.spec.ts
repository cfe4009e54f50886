import type { Page, TestInfo } from '@playwright/test';
import { API } from '../common/api-paths';
import { expect, test } from './fixtures';
import {
  addAddress,
  addToCart,
  closePhoneReminder,
  productInStock,
  signUpInForm,
  uniqueEmail,
} from './journeys';

/**
 * Addresses are added and edited inside checkout: the shopper never leaves it, and the address just
 * saved is the one the order goes to.
 */
async function addAndEditInsideCheckout(page: Page, testInfo: TestInfo, width: number) {
  await page.goto('/auth?mode=signup');
  await signUpInForm(page, uniqueEmail(`checkout-address-${width}`));
  await closePhoneReminder(page);
  await page.goto('/address?new');
  await addAddress(page);
  await addToCart(page, await productInStock(page));
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('radio', { name: 'Meera Iyer' })).toBeChecked();

  // A second address, added in place.
  await page.getByRole('button', { name: 'Add a new address' }).click();
  const form = page.getByRole('form', { name: 'Add an address' });
  await expect(form).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Add an address' })).toBeVisible();
  await form.getByLabel('Full name').fill('Kabir Shah');
  await form.getByLabel('Mobile number').fill('9123456780');
  await form.getByLabel('Address line 1').fill('7 Residency Road');
  await form.getByLabel('Pincode').fill('560025');
  await form.getByLabel('District').fill('Bengaluru');
  await expect(form.getByLabel('State / union territory')).toHaveValue('Karnataka');
  await page.screenshot({ path: testInfo.outputPath(`checkout-add-address-${width}.png`), fullPage: true });
  await form.getByRole('button', { name: 'Save address' }).click();

  // Still on checkout, the new address chosen (and focused, where the shopper continues).
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);
  const kabir = page.getByRole('radio', { name: 'Kabir Shah' });
  await expect(kabir).toBeChecked();
  await expect(kabir).toBeFocused();
  await expect(page.getByRole('radio', { name: 'Meera Iyer' })).not.toBeChecked();

  // Edited in place too.
  await page.getByRole('button', { name: 'Edit the address of Kabir Shah' }).click();
  const edit = page.getByRole('form', { name: 'Edit address' });
  await expect(edit.getByLabel('Address line 1')).toHaveValue('7 Residency Road');
  await edit.getByLabel('Address line 1').fill('9 Residency Road');
  // Enter in a field saves the address, never the order.
  await edit.getByLabel('Address line 1').press('Enter');
  await expect(edit).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(kabir).toBeChecked();
  await expect(page.getByText('9 Residency Road')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`checkout-address-saved-${width}.png`), fullPage: true });

  // Cancel leaves the list as it was.
  await page.getByRole('button', { name: 'Add a new address' }).click();
  await page.getByRole('form', { name: 'Add an address' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('form', { name: 'Add an address' })).toBeHidden();
  await expect(kabir).toBeChecked();

  // The order goes to the address saved inside checkout.
  const placed = page.waitForResponse(
    (r) => r.url().endsWith(API.order.place) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  const answer = await placed;
  expect(answer.status()).toBe(201);
  const { order } = await answer.json();
  expect(order.address).toMatchObject({
    name: 'Kabir Shah',
    addressLine1: '9 Residency Road',
    pincode: '560025',
    state: 'Karnataka',
  });
  await expect(page).toHaveURL(new RegExp(`/order-confirmed/${order._id}$`));
}

test('add and edit a delivery address inside checkout, and the order goes there', async ({
  page,
}, testInfo) => {
  test.slow();
  await addAndEditInsideCheckout(page, testInfo, 1280);
});

test('@mobile add and edit a delivery address inside checkout at 360 px', async ({ page }, testInfo) => {
  test.slow();
  await addAndEditInsideCheckout(page, testInfo, 360);
});
