import { API } from '../common/api-paths';
import { expect, test } from './fixtures';

// The contract's reference page: Swagger UI served by the shop itself, under the shop's CSP. The
// fixture fails the test on any console error, so a blocked script or style fails it too.
test('API reference at /api/docs shows the operations of /api/openapi.json', async ({ page }) => {
  const documentLoaded = page.waitForResponse((response) =>
    response.url().endsWith(`${API.docs.reference}/json`),
  );
  await page.goto(API.docs.reference);
  expect((await documentLoaded).status()).toBe(200);

  await expect(page.getByRole('heading', { name: /Pehnava API/ })).toBeVisible();
  for (const area of ['catalog', 'users', 'orders', 'staff']) {
    await expect(page.locator(`[data-tag="${area}"]`)).toBeVisible();
  }

  const signIn = page.locator('.opblock').filter({ has: page.locator(`[data-path="${API.users.login}"]`) });
  await expect(signIn.getByText('Sign in', { exact: true })).toBeVisible();
  await signIn.locator('.opblock-summary-control').click();
  await expect(signIn.getByText('Request body')).toBeVisible();
  await expect(signIn.getByText('Not signed in, or a wrong password or token.')).toBeVisible();

  const customers = page
    .locator('.opblock')
    .filter({ has: page.locator(`[data-path="${API.admin.customers}"]`) });
  await expect(customers.getByText('List customer accounts')).toBeVisible();
  // The padlock of an operation that needs a session (here a staff one).
  await expect(customers.locator('.authorization__btn')).toBeVisible();
});
