import type { Locator, Page } from '@playwright/test';
import { API } from '../common/api-paths';
import type { ProductDetail } from '../common/schemas/catalog';
import { expect } from './fixtures';

/**
 * Steps of the shopping journeys shared by the checkout specs (cash on delivery, online payment):
 * finding a product in stock, filling the cart, signing up, adding an address, reaching checkout.
 */
export const PASSWORD = 'Kurta#2025';

interface Summary {
  _id: string;
  image: string;
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
  const list = await page.request.get(`${API.catalog.products}?limit=50`);
  for (const summary of (await list.json()).products as Summary[]) {
    // Products the back office's journeys add (pictureless, imported) are not the demo catalog's.
    if (summary.countInStock === 0 || !summary.image) continue;
    const product = (await (await page.request.get(API.catalog.product(summary._id))).json()) as Detail;
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

/**
 * Fills and sends the sign-up form on /auth, then waits until the shop has left /auth: only then is the
 * new session's cookie set, so a journey may go to another page straight after.
 */
export async function signUpInForm(page: Page, email: string) {
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('I confirm that I am 18 years of age or older.').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).not.toHaveURL(/\/auth(\?|$)/);
}

/**
 * A new account has no verified phone, so the phone reminder comes up on the first page that allows
 * it (SPEC.md §4; never on checkout); this closes it.
 */
export async function closePhoneReminder(page: Page) {
  const reminder = page.getByRole('dialog', { name: 'Verify your mobile number' });
  await expect(reminder).toBeVisible();
  await reminder.getByRole('button', { name: 'Close' }).click();
  await expect(reminder).toBeHidden();
}

/**
 * Records every dialog the page opens, from its first script on, so a journey can tell that none
 * came up, not even for a moment; read it with `dialogsOpened`.
 */
export async function watchDialogs(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __dialogsOpened: seen });
    new MutationObserver(() => {
      for (const dialog of document.querySelectorAll('dialog[open]')) {
        const title = dialog.querySelector('h2')?.textContent ?? '';
        if (!seen.includes(title)) seen.push(title);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  });
}

/** The titles of the dialogs opened since `watchDialogs`. */
export function dialogsOpened(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __dialogsOpened: string[] }).__dialogsOpened);
}

/** Fills the address form with Meera's Mumbai address; the pincode fills the state. */
async function fillMeerasAddress(form: Locator) {
  await form.getByLabel('Full name').fill('Meera Iyer');
  await form.getByLabel('Mobile number').fill('9876543210');
  await form.getByLabel('Address line 1').fill('14 Marine Drive');
  await form.getByLabel('Pincode').fill('400020');
  await form.getByLabel('District').fill('Mumbai');
  await expect(form.getByLabel('State / union territory')).toHaveValue('Maharashtra');
}

/** On /address?new: adds Meera's address and lands on the address book. */
export async function addAddress(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Add an address' })).toBeVisible();
  await fillMeerasAddress(page.getByRole('form', { name: 'Add an address' }));
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/address$/);
}

/**
 * On checkout, for a shopper with no address yet: the address form is open in place; the saved
 * address is chosen and the shopper is still on checkout.
 */
export async function addAddressInCheckout(page: Page) {
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(
    page.getByText('You have no saved address yet. Add one to deliver your order to.'),
  ).toBeVisible();
  const form = page.getByRole('form', { name: 'Add an address' });
  await fillMeerasAddress(form);
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('radio', { name: 'Meera Iyer' })).toBeChecked();
}

/** "Rs 1,299": the cart's currency format, as the pages show it. */
export const rs = (rupees: number) =>
  `Rs ${rupees.toLocaleString('en-IN', { minimumFractionDigits: rupees % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;

export interface SecondColour {
  product: ProductDetail;
  colour: string;
  /** The colour's own first picture (the large rendition's URL). */
  picture: string;
}

/** A product whose first two colours are in stock, the second with a picture of its own. */
export async function productInASecondColour(page: Page): Promise<SecondColour> {
  const list = await page.request.get(`${API.catalog.products}?limit=100`);
  for (const summary of (await list.json()).products as Summary[]) {
    // Products the back office's journeys add (pictureless, imported) are not the demo catalog's.
    if (summary.countInStock === 0 || !summary.image) continue;
    const product = (await (
      await page.request.get(API.catalog.product(summary._id))
    ).json()) as ProductDetail;
    const [first, colour] = product.colors;
    const inStock = (c: string | undefined) =>
      product.variants.some((v) => v.color === c && v.countInStock > 0);
    const picture = product.colorImages.find((entry) => entry.color === colour)?.images[0];
    if (colour && picture && inStock(first) && inStock(colour) && picture !== product.images[0]) {
      return { product, colour, picture };
    }
  }
  throw new Error('the demo catalog has no product in stock in two colours with pictures of their own');
}

/** Waits until the image has loaded (the demo draws a missing picture when it is first asked for). */
export async function expectLoaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

/**
 * The element is on screen and clear of the bottom dock a phone shows (SPEC.md §2), so a thumb can
 * reach it without scrolling.
 */
export async function expectAboveTheDock(page: Page, element: Locator) {
  await expect(element).toBeInViewport();
  const dock = await page.getByRole('navigation', { name: 'Shortcuts' }).boundingBox();
  const box = await element.boundingBox();
  expect(dock && box && box.y + box.height <= dock.y).toBe(true);
}
