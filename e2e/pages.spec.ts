import { expect, test } from './fixtures';

test('About page', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await expect(page.getByText('Where Fashion Meets Purity')).toBeVisible();
  for (const reason of [
    /exclusive collections/i,
    /premium pure fabrics/i,
    /ethical sourcing/i,
    /fast,? secure shipping/i,
    /customer satisfaction/i,
  ]) {
    await expect(page.locator('main').getByText(reason).first()).toBeVisible();
  }
  await expect(page).toHaveTitle('About Us | Pehnava');
});

test('Contact page with WhatsApp, call and copy buttons', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: "Need help? We're here." })).toBeVisible();
  await expect(page.getByText(/WhatsApp/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/919876543210',
  );
  await expect(page.getByRole('link', { name: 'Call Support' })).toHaveAttribute(
    'href',
    /^tel:\+?919876543210$/,
  );
  await expect(page.getByText('support@pehnava.in')).toBeVisible();
  await expect(page.getByText('+91 98765 43210').first()).toBeVisible();
  await expect(page.getByText('Support hours: 9:00 AM – 9:00 PM IST · Mon–Sat')).toBeVisible();
  await expect(page.getByText('For quicker resolution')).toBeVisible();

  await page.getByRole('button', { name: 'Copy email address' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('support@pehnava.in');
});

test('Terms state every shop policy and the privacy policy its data rules', async ({ page }) => {
  const termsPolicies = [
    /18 years/,
    /30 minutes/,
    /6 hours/,
    /7 days of delivery/,
    /one return request (can be made )?per order/i,
    /5 business days/,
    /90 days/,
    /15 business days/,
  ];
  const privacyPolicies = [/18/, /90 days/, /15 business days/, /do-not-track|do not track/i, /opt out/i];
  for (const [path, policies] of [
    ['/terms', termsPolicies],
    ['/privacy-policy', privacyPolicies],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const text = (await page.locator('main').textContent()) ?? '';
    for (const policy of policies) expect(text, `${path} states ${policy}`).toMatch(policy);
  }
});

test('an unknown path shows the error page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('footer links and notices', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const name of ['About Us', 'Privacy policy', 'Terms & Conditions', 'Support']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(footer).toContainText('AI-generated');
  await expect(footer).toContainText('©');
});
