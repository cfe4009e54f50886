import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The page frame on tablets and laptops: full-width bands reach both edges, centred content is centred
 * on the page, and the floating quick actions cover no text or control.
 */

const WIDTHS = [768, 1280] as const;

async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not on the page`);
  return found;
}

/** Texts and controls of the page that a visible quick-action button overlaps, by their text. */
function coveredByQuickActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Quick actions"]');
    if (!nav || !(nav instanceof HTMLElement) || nav.offsetParent === null) return [];
    const buttons = [...nav.querySelectorAll('a')].map((link) => link.getBoundingClientRect());
    const targets = document.querySelectorAll(
      'main :is(a, button, input, p, h1, h2, h3, li img), footer :is(a, button, p)',
    );
    const covered: string[] = [];
    for (const target of targets) {
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const overlaps = buttons.some(
        (b) => b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom,
      );
      if (overlaps) covered.push((target.textContent ?? target.tagName).trim().slice(0, 40));
    }
    return covered;
  });
}

for (const width of WIDTHS) {
  test(`bands reach both edges and centred cards are centred at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    for (const band of ['header', 'section[aria-labelledby="home-hero-title"]']) {
      const { x, width: w } = await box(page, band);
      expect(x).toBe(0);
      expect(x + w).toBe(width);
    }
    await page.goto('/auth?mode=login');
    const card = await box(page, 'main .surface-card');
    expect(Math.abs(card.x + card.width / 2 - width / 2)).toBeLessThanOrEqual(1);
    const header = await box(page, 'header');
    expect(Math.abs(header.x + header.width / 2 - width / 2)).toBeLessThanOrEqual(1);
  });

  test(`the floating quick actions cover no text or control at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
    for (const y of [0, 600, 1200, 100_000]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(await coveredByQuickActions(page), `scrolled to ${y}`).toEqual([]);
    }
  });
}

test('on a wide screen the quick actions float in the free margin beside the page', async ({ page }) => {
  await page.setViewportSize({ width: 1536, height: 900 });
  await page.goto('/');
  const quick = page.getByRole('navigation', { name: 'Quick actions' });
  await expect(quick.getByRole('link', { name: 'Go to Home' })).toBeVisible();
  for (const y of [0, 600, 1200, 100_000]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    expect(await coveredByQuickActions(page), `scrolled to ${y}`).toEqual([]);
  }
});
