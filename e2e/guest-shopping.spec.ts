import type { Page } from '@playwright/test';
import { API } from '../common/api-paths';
import { expect, test } from './fixtures';

interface Summary {
  _id: string;
  name: string;
  price: number;
  image: string;
  countInStock: number;
}
interface Detail {
  _id: string;
  name: string;
  price: number;
  images: string[];
  isRefundable: boolean;
  variants: { color: string; size: string; countInStock: number }[];
}

/** A real product with a variant in stock, read from the API so the cart's price refresh agrees. */
async function productInStock(page: Page): Promise<{ product: Detail; variant: Detail['variants'][number] }> {
  const list = await page.request.get(`${API.catalog.products}?limit=50`);
  for (const summary of (await list.json()).products as Summary[]) {
    // Products the back office's journeys add (pictureless, imported) are not the demo catalog's.
    if (summary.countInStock === 0 || !summary.image) continue;
    const product = (await (await page.request.get(API.catalog.product(summary._id))).json()) as Detail;
    const variant = product.variants.find((v) => v.countInStock > 0);
    if (variant) return { product, variant };
  }
  throw new Error('the demo catalog has no product in stock');
}

/** Chooses the first colour and then the first size that are in stock, as a shopper would. */
async function chooseAvailableVariant(page: Page) {
  for (const group of ['Colour', 'Size']) {
    const options = page
      .getByRole('group', { name: new RegExp(`^${group}`) })
      .getByRole('radio', { disabled: false });
    await options.first().check({ force: true });
    await expect(options.first()).toBeChecked();
  }
}

/** Puts a cart into local storage before the app starts, as a returning shopper would have it. */
async function withStoredCart(page: Page, items: unknown[]) {
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem('cart-seeded')) {
      localStorage.setItem('cartItems', stored);
      sessionStorage.setItem('cart-seeded', '1');
    }
  }, JSON.stringify(items));
}

test('home → category menu → search results → product → add to cart → cart', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Pehnava/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  await nav.getByRole('button', { name: 'Categories' }).click();
  const menu = page.getByRole('navigation', { name: 'Categories' });
  await menu.getByRole('button', { name: 'Men subcategories', exact: true }).click();
  await menu.getByRole('link', { name: 'Clothing', exact: true }).first().click();

  await expect(page).toHaveURL(/\/search\?gender=Men&category=Clothing$/);
  await expect(menu).toBeHidden();
  const cards = page.locator('main article');
  await expect(cards.first()).toBeVisible();

  const inStock = cards.filter({ hasNotText: 'Sold out' }).first().getByRole('link');
  const productName = (await inStock.textContent())?.trim() ?? '';
  await inStock.click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);

  await chooseAvailableVariant(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to your cart.')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  await nav.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(productName).first()).toBeVisible();
  await expect(page.getByText(/Rs [\d,]+/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('href', '/checkout');

  // The cart survives a reload: it lives in local storage under cartItems.
  await page.reload();
  await expect(page.getByText(productName).first()).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]'));
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ name: productName, quantity: 1 });
});

test('search box suggests products and searches by name', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('k');
  await page.waitForTimeout(400);
  await expect(page.getByRole('listbox')).toBeHidden();

  await box.fill('kurta');
  const suggestions = page.getByRole('listbox');
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  await expect(suggestions).toContainText(/kurta/i);

  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?name=kurta$/);
  await expect(page.getByRole('heading', { name: "Results for 'kurta'" })).toBeVisible();
  await expect(box).toHaveValue('kurta');
  await expect(page.locator('main article').getByRole('link', { name: /Kurta/ }).first()).toBeVisible();

  // A typo still finds kurtas.
  await box.fill('kurtha');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?name=kurtha$/);
  await expect(page.locator('main article').getByRole('link', { name: /Kurta/ }).first()).toBeVisible();
});

test('opening the cart refreshes prices and shows the new total', async ({ page }) => {
  const { product, variant } = await productInStock(page);
  await withStoredCart(page, [
    {
      _id: product._id,
      image: product.images[0],
      name: product.name,
      price: 1,
      quantity: 1,
      countInStock: variant.countInStock,
      selectedColor: variant.color,
      selectedSize: variant.size,
      isRefundable: product.isRefundable,
    },
  ]);
  await page.goto('/cart');
  const dialog = page.getByRole('dialog');
  const total = `Rs ${product.price.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
  await expect(dialog).toContainText(`Cart Price Updated! New Total: ${total}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]'));
  expect(stored[0].price).toBe(product.price);
});

test('the cart stops at the stock and says so', async ({ page }) => {
  const { product, variant } = await productInStock(page);
  await withStoredCart(page, [
    {
      _id: product._id,
      image: product.images[0],
      name: product.name,
      price: product.price,
      quantity: 1,
      countInStock: 1,
      selectedColor: variant.color,
      selectedSize: variant.size,
      isRefundable: product.isRefundable,
    },
  ]);
  await page.goto('/cart');
  await page.getByRole('button', { name: `Add one more ${product.name}` }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'Stock limit reached. Contack us directly for bulk orders!',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: `Remove ${product.name} from cart` }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});

test('a stored cart that cannot be read starts empty with a toast', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cartItems', '{not json'));
  await page.goto('/cart');
  await expect(page.getByText('Error parsing cart items from localStorage')).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});
