import { expect, test } from './fixtures';

test('@mobile the shop fits a 360 px screen with a menu and a bottom dock', async ({ page }) => {
  await page.goto('/');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const dock = page.getByRole('navigation', { name: /dock|shortcuts|bottom/i });
  await expect(dock).toBeVisible();
  for (const name of [/Home/, /Search/, /Cart/, /Orders/])
    await expect(dock.getByRole('link', { name }).or(dock.getByRole('button', { name }))).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'Happy Customers', 'Login']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await nav.getByRole('button', { name: 'Categories' }).click();
  const menu = page.getByRole('navigation', { name: 'Categories' });
  await expect(menu.getByRole('button', { name: 'Women subcategories', exact: true })).toBeVisible();
  await menu.getByRole('link', { name: 'Women', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?gender=Women$/);

  const card = page.locator('main article').filter({ hasNotText: 'Sold out' }).first().getByRole('link');
  await card.click();
  for (const group of ['Colour', 'Size']) {
    await page
      .getByRole('group', { name: new RegExp(`^${group}`) })
      .getByRole('radio', { disabled: false })
      .first()
      .check({ force: true });
  }
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dock.getByRole('link', { name: /Cart, 1 item/ })).toBeVisible();
  const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(pageOverflow).toBeLessThanOrEqual(0);
});
