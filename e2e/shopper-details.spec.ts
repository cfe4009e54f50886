import type { Locator, Page } from '@playwright/test';
import { API } from '../common/api-paths';
import { DEMO_SHOPPER } from '../server/db/demo/shopper';
import { expect, test } from './fixtures';

/**
 * The smaller things a shopper notices: rails that start at their first card, a search box whose
 * placeholder shows whole, an empty search without filters or a spinner-like picture, readable
 * disabled buttons and placeholders, archived orders as cards on a phone, honest demo photos, and
 * suggestions that show what matched and a picture.
 */

/** WCAG contrast of two CSS colours (any syntax the browser knows, oklch included). */
async function contrastOf(element: Locator, pseudo?: string): Promise<number> {
  return element.evaluate((node, pseudoElement) => {
    const rgb = (color: string) => {
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data].slice(0, 3);
    };
    const luminance = (color: string) => {
      const [r, g, b] = rgb(color).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    const foreground = getComputedStyle(node, pseudoElement).color;
    let background = 'rgb(255, 255, 255)';
    for (let at: Element | null = node; at; at = at.parentElement) {
      const color = getComputedStyle(at).backgroundColor;
      if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') {
        background = color;
        break;
      }
    }
    const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
    return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
  }, pseudo);
}

async function signInAsDemoShopper(page: Page) {
  await page.goto('/auth?mode=login');
  await page.getByLabel('Email').fill(DEMO_SHOPPER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_SHOPPER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

test('@mobile home rails start at their first card, clear of the screen edge', async ({ page }) => {
  await page.goto('/');
  const rail = page.getByRole('region', { name: 'New arrivals' }).getByRole('list').first();
  await expect(rail.getByRole('listitem').first()).toBeVisible();
  expect(await rail.evaluate((list) => list.scrollLeft)).toBe(0);
  const first = await rail.getByRole('listitem').first().boundingBox();
  expect(first?.x).toBeGreaterThanOrEqual(16);
});

test('the signed-in header shows the search placeholder whole', async ({ page }) => {
  await signInAsDemoShopper(page);
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 800 });
    const box = page.locator('#site-search');
    const room = await box.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const inner =
        input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return inner - context.measureText(input.placeholder).width;
    });
    expect(room, `at ${width} px`).toBeGreaterThanOrEqual(0);
  }
});

test('@mobile a search that finds nothing offers no filters or sort, and no spinner-like wheel', async ({
  page,
}) => {
  await page.goto('/search?name=qqzzxxjj');
  await expect(page.getByRole('link', { name: 'Browse all products' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
  await expect(page.getByLabel('Sort by')).toHaveCount(0);
  await expect(page.locator('main .empty-motif')).toHaveCount(0);
});

test('a sold-out Add to cart and the pincode placeholder are readable (WCAG AA 4.5:1), with no gap under the button', async ({
  page,
}) => {
  const list = await (await page.request.get(`${API.catalog.products}?limit=100`)).json();
  const soldOut = (list.products as { _id: string; countInStock: number }[]).find(
    (p) => p.countInStock === 0,
  );
  if (!soldOut) throw new Error('the demo catalog has no sold-out product');
  await page.goto(`/product/${soldOut._id}`);
  const button = page.getByRole('button', { name: 'Sold out' });
  await expect(button).toBeDisabled();
  expect(await contrastOf(button)).toBeGreaterThanOrEqual(4.5);
  const pincode = page.getByLabel('Delivery pincode');
  expect(await contrastOf(pincode, '::placeholder')).toBeGreaterThanOrEqual(4.5);
  // Nothing said yet under the button: the pincode check follows at the section's own spacing.
  const status = await page.getByRole('status').filter({ hasText: /^$/ }).first().boundingBox();
  expect(status?.height ?? 0).toBe(0);
});

test('@mobile archived orders are cards on a phone: each value on its line, none wrapped', async ({
  page,
}) => {
  await signInAsDemoShopper(page);
  await page.goto('/archivedorders');
  const card = page.getByRole('main').getByRole('article').first();
  await expect(card).toBeVisible();
  const cell = card.locator('td[data-label="Color / Size"]').first();
  await expect(cell).toBeVisible();
  const [box, lineHeight] = await cell.evaluate((td) => [
    td.getBoundingClientRect().height,
    Number.parseFloat(getComputedStyle(td).lineHeight),
  ]);
  expect(box).toBeLessThanOrEqual(lineHeight * 1.5);
  await expect(cell).toContainText('/');
});

test('the demo’s Happy Customers page says its photos are illustrations, not buyers’ photos', async ({
  page,
}) => {
  const config = await (await page.request.get(API.system.config)).json();
  expect(config.demo).toBe(true);
  await page.goto('/happy-customers');
  const intro = page.getByTestId('happy-customers-intro');
  await expect(intro).toContainText('drawn illustrations');
  await expect(intro).not.toContainText('Every photo here comes from a verified buyer:');
});

test('search suggestions mark what matched and show a small picture for products', async ({ page }) => {
  await page.goto('/');
  await page.locator('#site-search').fill('kurta');
  const option = page.getByRole('option', { name: /Product/ }).first();
  await expect(option).toBeVisible();
  await expect(option.locator('mark').first()).toHaveText(/kurta/i);
  await expect(option.locator('img')).toHaveAttribute('src', /\/images\//);
});
