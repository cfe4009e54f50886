import { act, render, screen, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify/unstyled';
import { describe, expect, it, vi } from 'vitest';
import { type CartContextValue, CartProvider, useCart } from './cart-context';
import { ERROR_UPDATING_CART_MODAL, ERROR_UPDATING_CART_TOAST } from './texts';

// The whole refresh failing (not one product's request, which is handled per product).
vi.mock('./api/refresh-cart-prices', () => ({
  fetchFreshPrices: vi.fn(async () => {
    throw new Error('refresh failed');
  }),
}));

let cart: CartContextValue;
function Probe() {
  cart = useCart();
  return null;
}

describe('CartProvider.refreshPrices when the refresh fails as a whole', () => {
  it('keeps the prices, toasts "Error updating cart" and shows "Error updating cart." in the modal', async () => {
    localStorage.setItem(
      'cartItems',
      JSON.stringify([
        {
          _id: 'p1',
          image: '/images/p1.webp',
          name: 'Kurta',
          price: 1000,
          quantity: 1,
          countInStock: 3,
          selectedColor: 'Red',
          selectedSize: 'M',
          isRefundable: false,
        },
      ]),
    );
    render(
      <CartProvider>
        <Probe />
        <ToastContainer />
      </CartProvider>,
    );
    await act(() => cart.refreshPrices());
    expect(cart.items[0]?.price).toBe(1000);
    expect(within(screen.getByRole('dialog')).getByText('Error updating cart.')).toBeVisible();
    expect(await screen.findByText('Error updating cart')).toBeInTheDocument();
    expect([ERROR_UPDATING_CART_MODAL, ERROR_UPDATING_CART_TOAST]).toEqual([
      'Error updating cart.',
      'Error updating cart',
    ]);
  });
});
