import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import type { ProductDetail } from '../../../common/schemas/catalog';
import { renderWithApp } from '../../testing/render-with-app';
import ProductPage from './product';

const kurta: ProductDetail = {
  _id: 'p1',
  name: 'Block Print Kurta',
  description: 'Hand block printed cotton.',
  brand: 'Pehnava',
  gender: 'Women',
  category: 'Ethnic Wear',
  subCategory: 'Kurtas',
  type: 'Straight Kurta',
  price: 1299,
  mrp: 1999,
  images: ['/images/products/p1-red.webp', '/images/products/p1-red-2.webp', '/images/products/p1-blue.webp'],
  // Green has no pictures of its own.
  colorImages: [
    { color: 'Red', images: ['/images/products/p1-red.webp', '/images/products/p1-red-2.webp'] },
    { color: 'Blue', images: ['/images/products/p1-blue.webp'] },
  ],
  colors: ['Red', 'Blue', 'Green'],
  sizes: ['S', 'M', 'L'],
  variants: [
    { color: 'Red', size: 'S', countInStock: 0 },
    { color: 'Red', size: 'M', countInStock: 3 },
    { color: 'Red', size: 'L', countInStock: 0 },
    { color: 'Blue', size: 'S', countInStock: 8 },
    { color: 'Blue', size: 'M', countInStock: 0 },
    { color: 'Green', size: 'S', countInStock: 0 },
  ],
  countInStock: 11,
  isRefundable: true,
  rating: 4.5,
  numReviews: 12,
};

/** Rust has its own picture, Peach none: Peach falls back to the product's first image. */
const dupatta: ProductDetail = {
  ...kurta,
  _id: 'p2',
  name: 'Chanderi Dupatta',
  images: ['/images/products/p2-rust.webp'],
  colorImages: [{ color: 'Rust', images: ['/images/products/p2-rust.webp'] }],
  colors: ['Rust', 'Peach'],
  sizes: ['Free Size'],
  variants: [
    { color: 'Rust', size: 'Free Size', countInStock: 4 },
    { color: 'Peach', size: 'Free Size', countInStock: 6 },
  ],
  countInStock: 10,
};

const noReviews = {
  summary: { average: 0, count: 0, stars: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })) },
  reviews: [],
  sort: 'newest',
  page: 1,
  pages: 0,
  total: 0,
};

afterEach(() => vi.unstubAllGlobals());

/** A guest on the product page: p1 and p2 exist (with no reviews), any other id is not found. */
function renderProduct(id: string) {
  return renderWithApp(
    [
      { path: '/product/:id', element: <ProductPage /> },
      { path: '/cart', element: <h1>Cart page</h1> },
    ],
    {
      path: `/product/${id}`,
      session: true,
      cart: true,
      api: {
        // Listed first, so p1 and p2 below replace it.
        [`GET ${API.catalog.product(id)}`]: () => ({ status: 404, body: { message: 'Product not found' } }),
        [`GET ${API.users.checkAuth}`]: () => ({
          status: 200,
          body: { user: null, isMobVerified: false, lastPhoneReminder: null },
        }),
        [`GET ${API.catalog.product('p1')}`]: () => ({ status: 200, body: kurta }),
        [`GET ${API.catalog.product('p2')}`]: () => ({ status: 200, body: dupatta }),
        [`GET ${API.reviews.product('p1')}`]: () => ({ status: 200, body: noReviews }),
        [`GET ${API.reviews.product('p2')}`]: () => ({ status: 200, body: noReviews }),
      },
    },
  );
}

const radio = (group: string, name: RegExp) =>
  within(screen.getByRole('group', { name: new RegExp(`^${group}`) })).getByRole('radio', { name });

describe('ProductPage', () => {
  it('shows name, brand, price, MRP with % off and the refund note', async () => {
    renderProduct('p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Block Print Kurta' })).toBeInTheDocument();
    expect(screen.getByText('Rs 1,299')).toBeInTheDocument();
    expect(screen.getByText('Rs 1,999').tagName).toBe('S');
    expect(screen.getByText('35% off')).toBeInTheDocument();
    expect(screen.getByText(/Refundable: returns accepted within 7 days of delivery/)).toBeInTheDocument();
    expect(document.title).toBe('Block Print Kurta | Pehnava');
  });

  it('disables sizes that are out of stock for the chosen colour, and colours with no stock at all', async () => {
    const user = userEvent.setup();
    renderProduct('p1');
    await screen.findByRole('heading', { level: 1 });
    // Red is the first colour with stock and starts selected.
    expect(radio('Colour', /^Red$/)).toBeChecked();
    expect(radio('Colour', /^Green \(out of stock\)$/)).toBeDisabled();
    expect(radio('Size', /^S \(out of stock\)$/)).toBeDisabled();
    expect(radio('Size', /^M$/)).toBeEnabled();
    expect(radio('Size', /^L \(out of stock\)$/)).toBeDisabled();

    await user.click(radio('Colour', /^Blue$/));
    expect(radio('Size', /^S$/)).toBeEnabled();
    expect(radio('Size', /^M \(out of stock\)$/)).toBeDisabled();
    expect(radio('Size', /^L \(out of stock\)$/)).toBeDisabled();
  });

  it('caps the quantity at the chosen variant stock and adds that variant to the cart', async () => {
    const user = userEvent.setup();
    renderProduct('p1');
    await screen.findByRole('heading', { level: 1 });
    await user.click(radio('Size', /^M$/));
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(more);
    await user.click(more);
    expect(more).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByText('Added 3 to your cart.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(JSON.parse(localStorage.getItem('cartItems') ?? '[]')).toEqual([
      {
        _id: 'p1',
        image: '/images/products/p1-red.webp',
        name: 'Block Print Kurta',
        price: 1299,
        quantity: 3,
        countInStock: 3,
        selectedColor: 'Red',
        selectedSize: 'M',
        isRefundable: true,
      },
    ]);
    // The variant is now at its stock: adding again shows the stock-limit modal.
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      within(screen.getByRole('dialog')).getByText(
        'Stock limit reached. Contack us directly for bulk orders!',
      ),
    ).toBeVisible();
  });

  it("shows the chosen colour's pictures first, opening on its first one", async () => {
    const user = userEvent.setup();
    renderProduct('p1');
    await screen.findByRole('heading', { level: 1 });
    const main = () => screen.getAllByRole('img')[0];
    const thumbnails = () =>
      screen
        .getAllByRole('button', { name: /^Show image/ })
        .map((button) => button.querySelector('img')?.getAttribute('src'));

    expect(main()).toHaveAccessibleName('Block Print Kurta in Red');
    expect(main()).toHaveAttribute('src', '/images/products/p1-red.webp');
    expect(thumbnails()).toEqual([
      '/images/products/p1-red-sm.webp',
      '/images/products/p1-red-2-sm.webp',
      '/images/products/p1-blue-sm.webp',
    ]);
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 3' }));
    expect(main()).toHaveAccessibleName('Block Print Kurta in Red, view 2');

    await user.click(radio('Colour', /^Blue$/));
    expect(main()).toHaveAccessibleName('Block Print Kurta in Blue');
    expect(main()).toHaveAttribute('src', '/images/products/p1-blue.webp');
    expect(thumbnails()).toEqual([
      '/images/products/p1-blue-sm.webp',
      '/images/products/p1-red-sm.webp',
      '/images/products/p1-red-2-sm.webp',
    ]);
    expect(screen.getByRole('button', { name: 'Show image 1 of 3' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("puts the chosen colour's picture in the cart", async () => {
    const user = userEvent.setup();
    renderProduct('p1');
    await screen.findByRole('heading', { level: 1 });
    await user.click(radio('Colour', /^Blue$/));
    await user.click(radio('Size', /^S$/));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(JSON.parse(localStorage.getItem('cartItems') ?? '[]')).toEqual([
      expect.objectContaining({ selectedColor: 'Blue', image: '/images/products/p1-blue.webp' }),
    ]);
  });

  it("falls back to the product's first picture for a colour without its own", async () => {
    const user = userEvent.setup();
    renderProduct('p2');
    await screen.findByRole('heading', { level: 1, name: 'Chanderi Dupatta' });
    expect(screen.getAllByRole('img')[0]).toHaveAccessibleName('Chanderi Dupatta in Rust');

    await user.click(radio('Colour', /^Peach$/));
    const main = screen.getAllByRole('img')[0];
    expect(main).toHaveAccessibleName('Chanderi Dupatta');
    expect(main).toHaveAttribute('src', '/images/products/p2-rust.webp');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(JSON.parse(localStorage.getItem('cartItems') ?? '[]')).toEqual([
      expect.objectContaining({ selectedColor: 'Peach', image: '/images/products/p2-rust.webp' }),
    ]);
  });

  it('shows the reviews section, asking a guest to sign in to review', async () => {
    renderProduct('p1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Ratings & reviews' })).toBeInTheDocument();
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth?mode=login&redirect=%2Fproduct%2Fp1',
    );
  });

  it('answers an unknown id with "Product not found"', async () => {
    const { api } = renderProduct('nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    // A 404 is final: the product is not asked for again.
    expect(api.keys().filter((key) => key === `GET ${API.catalog.product('nope')}`)).toHaveLength(1);
  });
});
