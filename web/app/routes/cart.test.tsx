import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import { type Handler, renderWithApp } from '../../testing/render-with-app';
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

afterEach(() => vi.unstubAllGlobals());

/** The cart page in StrictMode, as the app runs it, with the products' answers for the price refresh. */
function renderCart(api: Record<string, Handler> = {}) {
  return renderWithApp(
    [
      { path: '/cart', element: <CartPage /> },
      { path: '/checkout', element: <h1>Checkout</h1> },
    ],
    { path: '/cart', cart: true, strict: true, api },
  );
}

describe('CartPage', () => {
  it('shows an empty state with a link to shop', () => {
    const { api } = renderCart();
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes prices once on opening and shows the new total', async () => {
    localStorage.setItem('cartItems', JSON.stringify([line('a', 500, 2)]));
    const { api } = renderCart({
      [`GET ${API.catalog.product('a')}`]: () => ({ status: 200, body: { price: 617, isRefundable: true } }),
    });
    expect(await screen.findByText('Cart Price Updated! New Total: Rs 1,234')).toBeInTheDocument();
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText('Rs 1,234').length).toBeGreaterThan(0);
  });

  it('changes quantities, caps + at the stock with the modal, removes, and leads to checkout', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cartItems', JSON.stringify([line('a', 100, 1, 2), line('b', 50, 1)]));
    const { router } = renderCart({
      [`GET ${API.catalog.product('a')}`]: () => ({ status: 200, body: { price: 100, isRefundable: false } }),
      [`GET ${API.catalog.product('b')}`]: () => ({ status: 200, body: { price: 50, isRefundable: false } }),
    });
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
    renderCart({
      [`GET ${API.catalog.product('a')}`]: () => ({ status: 200, body: { price: 100, isRefundable: false } }),
    });
    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(localStorage.getItem('cartItems')).toBe('[]');
  });
});
