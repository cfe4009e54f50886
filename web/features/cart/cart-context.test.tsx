import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import { type CartContextValue, CartProvider, useCart } from './cart-context';
import type { CartItem, NewCartItem } from './cart-logic';
import { ERROR_PARSING_CART, STOCK_LIMIT_MESSAGE } from './texts';

const kurta: NewCartItem = {
  _id: 'p1',
  image: '/images/p1.webp',
  name: 'Cotton Kurta',
  price: 1000,
  countInStock: 1,
  selectedColor: 'Red',
  selectedSize: 'M',
  isRefundable: false,
};

const stored = (items: Partial<CartItem>[]) =>
  localStorage.setItem(
    'cartItems',
    JSON.stringify(items.map((item) => ({ ...kurta, quantity: 1, isRefundable: false, ...item }))),
  );

let cart: CartContextValue;
function Probe() {
  cart = useCart();
  return <output aria-label="count">{cart.items.length}</output>;
}

function renderCart() {
  return render(
    <CartProvider>
      <Probe />
      <ToastContainer />
    </CartProvider>,
  );
}

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('CartProvider storage', () => {
  it('keeps the cart in local storage under cartItems', () => {
    renderCart();
    act(() => {
      cart.addItem(kurta);
    });
    const saved = JSON.parse(localStorage.getItem('cartItems') ?? 'null');
    expect(saved).toEqual([{ ...kurta, quantity: 1, isRefundable: false }]);
  });

  it('sanitises text fields before storing: tags go, the text stays', () => {
    renderCart();
    act(() => {
      cart.addItem({ ...kurta, name: '<img src=x onerror=alert(1)>Kurta' });
    });
    expect(cart.items[0]?.name).toBe('Kurta');
    expect(JSON.parse(localStorage.getItem('cartItems') ?? '[]')[0].name).toBe('Kurta');
    expect(localStorage.getItem('cartItems')).not.toContain('<img');
  });

  it('restores a stored cart at start-up', () => {
    stored([{ quantity: 1 }]);
    renderCart();
    expect(screen.getByLabelText('count')).toHaveTextContent('1');
  });

  it('starts empty and toasts when the stored cart cannot be parsed', async () => {
    localStorage.setItem('cartItems', '{not json');
    renderCart();
    expect(screen.getByLabelText('count')).toHaveTextContent('0');
    expect(await screen.findByText(ERROR_PARSING_CART)).toBeInTheDocument();
    expect(ERROR_PARSING_CART).toBe('Error parsing cart items from localStorage');
  });
});

describe('CartProvider actions', () => {
  it('shows the stock-limit message in a modal with a Close button', async () => {
    const user = userEvent.setup();
    renderCart();
    act(() => {
      cart.addItem(kurta);
    });
    let outcome: string | undefined;
    act(() => {
      outcome = cart.addItem(kurta);
    });
    expect(outcome).toBe('stock-limit');
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog).getByText('Stock limit reached. Contack us directly for bulk orders!'),
    ).toBeVisible();
    expect(STOCK_LIMIT_MESSAGE).toBe('Stock limit reached. Contack us directly for bulk orders!');
    expect(cart.items[0]?.quantity).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('clears items, address and notes together', () => {
    renderCart();
    act(() => {
      cart.addItem(kurta);
      cart.setAddress('addr-1');
      cart.setOrderNotes('Leave at the door');
    });
    expect(cart.address).toBe('addr-1');
    act(() => cart.clearCart());
    expect(cart.items).toEqual([]);
    expect(cart.address).toBe('');
    expect(cart.orderNotes).toBe('');
    expect(localStorage.getItem('cartItems')).toBe('[]');
  });

  it('decrements to removal and hard-removes', () => {
    stored([
      { quantity: 2, countInStock: 5 },
      { _id: 'p2', quantity: 3, countInStock: 5 },
    ]);
    renderCart();
    act(() => cart.decrementItem(kurta));
    expect(cart.items[0]?.quantity).toBe(1);
    act(() => cart.decrementItem(kurta));
    expect(cart.items.map((line) => line._id)).toEqual(['p2']);
    act(() => cart.removeItem({ ...kurta, _id: 'p2' }));
    expect(cart.items).toEqual([]);
  });
});

describe('CartProvider.refreshPrices', () => {
  it('replaces changed prices and shows the new total in the modal', async () => {
    stored([
      { _id: 'p1', price: 500, quantity: 2, countInStock: 5 },
      { _id: 'p2', name: 'Dupatta', price: 100, quantity: 1, countInStock: 5 },
    ]);
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/p1')
        ? jsonResponse({ price: 567, isRefundable: true })
        : jsonResponse({ price: 100, isRefundable: false }),
    );
    renderCart();
    await act(() => cart.refreshPrices());
    expect(fetchMock.mock.calls.map(([url]) => String(url)).sort()).toEqual([
      API.catalog.product('p1'),
      API.catalog.product('p2'),
    ]);
    expect(cart.items.map((line) => [line.price, line.isRefundable])).toEqual([
      [567, true],
      [100, false],
    ]);
    // 567 × 2 + 100 = 1234
    expect(
      within(screen.getByRole('dialog')).getByText('Cart Price Updated! New Total: Rs 1,234'),
    ).toBeVisible();
    expect(JSON.parse(localStorage.getItem('cartItems') ?? '[]')[0].price).toBe(567);
  });

  it('shows no modal when no price changed', async () => {
    stored([{ price: 1000 }]);
    fetchMock.mockResolvedValue(jsonResponse({ price: 1000, isRefundable: false }));
    renderCart();
    await act(() => cart.refreshPrices());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the old price of a product that fails and toasts its name', async () => {
    stored([
      { _id: 'p1', name: 'Silk Saree', price: 2000 },
      { _id: 'p2', name: 'Dupatta', price: 100 },
    ]);
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/p1')
        ? jsonResponse({ message: 'Server error' }, 500)
        : jsonResponse({ price: 150, isRefundable: false }),
    );
    renderCart();
    await act(() => cart.refreshPrices());
    expect(cart.items.map((line) => line.price)).toEqual([2000, 150]);
    expect(await screen.findByText('Error updating product Silk Saree')).toBeInTheDocument();
    expect(screen.getByText('Cart Price Updated! New Total: Rs 2,150')).toBeVisible();
  });

  it("shows a stored line in its colour's picture after the refresh, without a modal", async () => {
    // A cart stored before pictures followed the colour: a Peach line with the product's first picture.
    stored([{ _id: 'p1', selectedColor: 'Peach', image: '/images/products/p1-rust.webp', price: 1000 }]);
    fetchMock.mockResolvedValue(
      jsonResponse({
        price: 1000,
        isRefundable: false,
        images: ['/images/products/p1-rust.webp', '/images/products/p1-peach.webp'],
        colorImages: [
          { color: 'Rust', images: ['/images/products/p1-rust.webp'] },
          { color: 'Peach', images: ['/images/products/p1-peach.webp'] },
        ],
      }),
    );
    renderCart();
    await act(() => cart.refreshPrices());
    expect(cart.items.map((line) => [line.selectedColor, line.image])).toEqual([
      ['Peach', '/images/products/p1-peach.webp'],
    ]);
    expect(JSON.parse(localStorage.getItem('cartItems') ?? '[]')[0].image).toBe(
      '/images/products/p1-peach.webp',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('runs one refresh at a time', async () => {
    stored([{ price: 1000 }]);
    fetchMock.mockResolvedValue(jsonResponse({ price: 1000, isRefundable: false }));
    renderCart();
    await act(() => Promise.all([cart.refreshPrices(), cart.refreshPrices()]));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});
