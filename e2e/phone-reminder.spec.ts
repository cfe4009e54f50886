import { expect, test } from './fixtures';
import {
  addToCart,
  closePhoneReminder,
  dialogsOpened,
  productInStock,
  signUpInForm,
  uniqueEmail,
  watchDialogs,
} from './journeys';

/**
 * The phone reminder (SPEC.md §4) never interrupts checkout: a guest who signs up on the way there
 * lands on a checkout they can use, and the reminder comes up on the next page, its dimmed backdrop
 * over the whole screen, the bottom dock included.
 */
test('@mobile the phone reminder waits until the shopper leaves checkout, and dims the bottom dock', async ({
  page,
}, testInfo) => {
  await watchDialogs(page);
  const product = await productInStock(page);
  await addToCart(page, product);
  const dock = page.getByRole('navigation', { name: 'Shortcuts' });
  await dock.getByRole('link', { name: /^Cart, 1 item/ }).click();
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup&redirect=%2Fcheckout$/);
  await signUpInForm(page, uniqueEmail('reminder-checkout'));

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Nothing came up over checkout, not even for a moment, and its controls answer.
  expect(await dialogsOpened(page)).toEqual([]);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('radio', { name: /Pay online/ }).check();
  await expect(page.getByRole('radio', { name: /Pay online/ })).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('checkout-after-signup-360.png') });

  // The next page shows it.
  await dock.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/myorders$/);
  const reminder = page.getByRole('dialog', { name: 'Verify your mobile number' });
  await expect(reminder).toBeVisible();
  // The backdrop lies over the dock: a tap there lands on the dialog's backdrop, not on the dock.
  const box = await dock.boundingBox();
  if (!box) throw new Error('the bottom dock is not on screen');
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName ?? '', {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(hit).toBe('DIALOG');
  const backdrop = await reminder.evaluate(
    (dialog) => getComputedStyle(dialog, '::backdrop').backgroundColor,
  );
  expect(backdrop).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
  await page.screenshot({ path: testInfo.outputPath('reminder-over-dock-360.png') });
  await closePhoneReminder(page);
});
