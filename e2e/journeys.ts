import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Steps of the shopping journeys shared by the checkout specs (cash on delivery, online payment):
 * finding a product in stock, filling the cart, signing up, adding an address, reaching checkout.
 */
export const PASSWORD = 'Kurta#2025';

interface Summary {
  _id: string;
  countInStock: number;
}
export interface Detail {
  _id: string;
  name: string;
  price: number;
  variants: { color: string; size: string; countInStock: number }[];
}

export function uniqueEmail(label: string) {
  return `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A product with a variant in stock, read from the API. */
export async function productInStock(page: Page): Promise<Detail> {
  const list = await page.request.get('/api/products?limit=50');
  for (const summary of (await list.json()).products as Summary[]) {
    if (summary.countInStock === 0) continue;
    const product = (await (await page.request.get(`/api/products/${summary._id}`)).json()) as Detail;
    if (product.variants.some((v) => v.countInStock > 0)) return product;
  }
  throw new Error('the demo catalog has no product in stock');
}

/** Chooses the first colour and then the first size that are in stock, as a shopper would. */
export async function addToCart(page: Page, product: Detail) {
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  for (const group of ['Colour', 'Size']) {
    const options = page
      .getByRole('group', { name: new RegExp(`^${group}`) })
      .getByRole('radio', { disabled: false });
    await options.first().check({ force: true });
    await expect(options.first()).toBeChecked();
  }
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to your cart.')).toBeVisible();
}

export async function signUpInForm(page: Page, email: string) {
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('I confirm that I am 18 years of age or older.').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  const reminder = page.getByRole('dialog', { name: 'Verify your mobile number' });
  await expect(reminder).toBeVisible();
  await reminder.getByRole('button', { name: 'Close' }).click();
  await expect(reminder).toBeHidden();
}

export async function addAddress(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Add an address' })).toBeVisible();
  const form = page.getByRole('form');
  await form.getByLabel('Full name').fill('Meera Iyer');
  await form.getByLabel('Mobile number').fill('9876543210');
  await form.getByLabel('Address line 1').fill('14 Marine Drive');
  await form.getByLabel('Pincode').fill('400020');
  await form.getByLabel('District').fill('Mumbai');
  await expect(form.getByLabel('State / union territory')).toHaveValue('Maharashtra');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/address$/);
}

/** "Rs 1,299": the cart's currency format, as the pages show it. */
export const rs = (rupees: number) =>
  `Rs ${rupees.toLocaleString('en-IN', { minimumFractionDigits: rupees % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;

export async function goToCheckout(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Cart, / })
    .click();
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}
