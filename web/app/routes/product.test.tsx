import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '../../../common/schemas/catalog';
import { SessionProvider } from '../../features/auth/session';
import { CartProvider } from '../../features/cart/cart-context';
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
  images: ['/images/products/p1.webp', '/images/products/p1-2.webp'],
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

const noReviews = {
  summary: { average: 0, count: 0, stars: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })) },
  reviews: [],
  sort: 'newest',
  page: 1,
  pages: 0,
  total: 0,
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderProduct(id: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/product/:id',
        element: (
          <SessionProvider>
            <ProductPage />
          </SessionProvider>
        ),
      },
      { path: '/cart', element: <h1>Cart page</h1> },
    ],
    { initialEntries: [`/product/${id}`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CartProvider>
        <RouterProvider router={router} />
      </CartProvider>
    </QueryClientProvider>,
  );
  return router;
}

const radio = (group: string, name: RegExp) =>
  within(screen.getByRole('group', { name: new RegExp(`^${group}`) })).getByRole('radio', { name });

describe('ProductPage', () => {
  beforeEach(() => {
    fetchMock.mockImplementation(async (url) => {
      const path = String(url).split('?')[0];
      if (path === '/api/products/p1') return new Response(JSON.stringify(kurta), { status: 200 });
      if (path === '/api/users/check-auth') {
        return new Response(JSON.stringify({ user: null, isMobVerified: false, lastPhoneReminder: null }));
      }
      if (path === '/api/products/p1/reviews') return new Response(JSON.stringify(noReviews));
      return new Response(JSON.stringify({ message: 'Product not found' }), { status: 404 });
    });
  });

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
        image: '/images/products/p1.webp',
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
    renderProduct('nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    // A 404 is final: the product is not asked for again.
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/products/nope')).toHaveLength(1);
  });
});
