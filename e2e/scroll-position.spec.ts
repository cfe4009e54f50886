import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { productInStock } from './journeys';

/**
 * Where a page opens: a page loaded afresh (typed, linked from elsewhere, or handed back by the
 * payment page) opens at its top, never at the position another page was left at; moving back and
 * forward inside the shop returns to where the shopper was.
 */

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => scrollY(page)).toBe(y);
}

test('@mobile a page loaded afresh opens at its top after another page was scrolled down', async ({
  page,
}) => {
  const product = await productInStock(page);
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await scrollTo(page, 1500);

  await page.goto('/about');
  const heading = page.getByRole('heading', { level: 1, name: 'About Us' });
  await expect(heading).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  await expect(heading).toBeInViewport();

  // A fragment is honoured: the page opens at it (less the page's scroll padding).
  await page.goto('/contact#main');
  await expect(page.getByRole('heading', { name: "Need help? We're here." })).toBeVisible();
  const offset = await page.evaluate(() => ({
    top: Math.round(document.getElementById('main')?.getBoundingClientRect().top ?? -1),
    padding: Math.round(Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0),
  }));
  expect(offset.top).toBe(offset.padding);
  expect(await scrollY(page)).toBeGreaterThan(0);
});

test('@mobile back and forward inside the shop return to where the shopper was', async ({ page }) => {
  const product = await productInStock(page);
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  // The footer's link is a move inside the shop: the new page starts at its top. (The link is
  // scrolled into view first, so the position left behind is the one read here.)
  const aboutLink = page.getByRole('contentinfo').getByRole('link', { name: 'About Us' });
  await aboutLink.scrollIntoViewIfNeeded();
  const leftAt = await scrollY(page);
  expect(leftAt).toBeGreaterThan(1000);
  await aboutLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
  await scrollTo(page, 400);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect.poll(() => scrollY(page)).toBe(leftAt);

  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(400);
});
