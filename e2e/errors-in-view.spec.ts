import { API } from '../common/api-paths';
import { expect, test } from './fixtures';
import { closePhoneReminder, PASSWORD, signUpInForm, uniqueEmail } from './journeys';

/**
 * A failed submit is seen on a phone: focus moves to the first invalid field, scrolled into view, and
 * a live summary reads the errors out, on sign-up and on the address form (the two forms taller than
 * a 360 px screen whose errors come back from the server or the schema).
 */

test('@mobile sign-up with a mistake: focus goes to the wrong field, in view, and the errors are read out', async ({
  page,
}) => {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('Email').fill('meera-at-example.com');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('I confirm that I am 18 years of age or older.').check();
  const submit = page.getByRole('button', { name: 'Create account' });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();

  const email = page.getByLabel('Email');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeInViewport();
  const form = page.getByRole('form', { name: 'Create your account' });
  await expect(form.locator('[aria-live="assertive"]')).toContainText('There is 1 problem to fix:');

  // The mistake corrected, the same form goes through.
  await signUpInForm(page, uniqueEmail('errors-in-view'));
});

test('@mobile the address form: the field the server refused takes focus, in view', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/auth?mode=signup');
  await signUpInForm(page, uniqueEmail('address-errors'));
  await closePhoneReminder(page);
  await page.goto('/address?new');
  const form = page.getByRole('form', { name: 'Add an address' });
  await form.getByLabel('Full name').fill('Meera Iyer');
  await form.getByLabel('Mobile number').fill('9876543210');
  await form.getByLabel('Address line 1').fill('14 Marine Drive');
  await form.getByLabel('Pincode').fill('012345');
  await form.getByLabel('District').fill('Mumbai');
  await form.getByLabel('State / union territory').selectOption('Maharashtra');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(API.address.collection) && r.request().method() === 'POST',
  );
  const save = form.getByRole('button', { name: 'Save address' });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  expect((await saved).status()).toBe(422);

  const pincode = form.getByLabel('Pincode');
  await expect(pincode).toBeFocused();
  await expect(pincode).toBeInViewport();
  await expect(form.locator('[aria-live="assertive"]')).toContainText(
    'Enter a 6-digit pincode that does not start with 0.',
  );
  // Chromium logs the expected 422 itself; only that entry is taken out.
  const expected =
    'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)';
  expect(consoleErrors.filter((line) => line === expected)).toHaveLength(1);
  consoleErrors.splice(consoleErrors.indexOf(expected), 1);
});
