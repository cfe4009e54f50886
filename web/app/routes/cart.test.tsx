import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartProvider } from '../../features/cart/cart-context';
import CartPage from './cart';

const line = (id: string, price: number, quantity: number, countInStock = 5) => ({
  _id: id,
  image: `/images/products/${id}.webp`,
  name: `Kurta ${id}`,
  price,
  quantity,
  countInStock,
  selectedColor: 'Red',
  selectedSize: 'M',
  isRefundable: false,
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderCart() {
  const router = createMemoryRouter(
    [
      { path: '/cart', element: <CartPage /> },
      { path: '/checkout', element: <h1>Checkout</h1> },
    ],
    { initialEntries: ['/cart'] },
  );
  render(
    <StrictMode>
      <CartProvider>
        <RouterProvider router={router} />
      </CartProvider>
    </StrictMode>,
  );
  return router;
}

describe('CartPage', () => {
  it('shows an empty state with a link to shop', () => {
    renderCart();
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes prices once on opening and shows the new total', async () => {
    localStorage.setItem('cartItems', JSON.stringify([line('a', 500, 2)]));
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ price: 617, isRefundable: true }), { status: 200 }),
    );
    renderCart();
    expect(await screen.findByText('Cart Price Updated! New Total: Rs 1,234')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText('Rs 1,234').length).toBeGreaterThan(0);
  });

  it('changes quantities, caps + at the stock with the modal, removes, and leads to checkout', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cartItems', JSON.stringify([line('a', 100, 1, 2), line('b', 50, 1)]));
    fetchMock.mockImplementation(
      async (url) =>
        new Response(JSON.stringify({ price: String(url).endsWith('/a') ? 100 : 50, isRefundable: false }), {
          status: 200,
        }),
    );
    const router = renderCart();
    const more = screen.getByRole('button', { name: 'Add one more Kurta a' });
    await user.click(more);
    expect(
      within(screen.getByRole('group', { name: 'Quantity of Kurta a' })).getByText('2'),
    ).toBeInTheDocument();
    await user.click(more);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Stock limit reached. Contack us directly for bulk orders!'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Remove one Kurta b' }));
    expect(screen.queryByText('Kurta b')).not.toBeInTheDocument();
    expect(screen.getAllByText('Rs 200').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('link', { name: 'Proceed to checkout' }));
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('clears the cart', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cartItems', JSON.stringify([line('a', 100, 1)]));
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ price: 100, isRefundable: false }), { status: 200 }),
    );
    renderCart();
    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(localStorage.getItem('cartItems')).toBe('[]');
  });
});
