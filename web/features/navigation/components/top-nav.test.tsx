import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES_DROPDOWN_OPEN_DELAY_MS } from '../../../../common/constants';
import { CLOSE_NAVBAR_CATEGORIES_EVENT, cartLabel, NAV_TEXTS } from '../texts';
import { TopNav } from './top-nav';

function renderNav(cartCount = 2) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <TopNav cartCount={cartCount} />
            <p>Page body</p>
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const menuButton = () => screen.getByRole('button', { name: /menu/i });
const categoriesButton = () => screen.getByRole('button', { name: NAV_TEXTS.categories });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ Men: { Shirts: {} } }), { status: 200 })),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TopNav', () => {
  it('links Home, Cart with its count, Happy Customers and Login', () => {
    renderNav(3);
    expect(screen.getByRole('link', { name: 'Pehnava home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: NAV_TEXTS.home })).toHaveAttribute('href', '/');
    const cart = screen.getByRole('link', { name: cartLabel(NAV_TEXTS.cart, 3) });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(cart).toHaveTextContent('Cart3');
    expect(screen.getByRole('link', { name: NAV_TEXTS.happyCustomers })).toHaveAttribute(
      'href',
      '/happy-customers',
    );
    expect(screen.getByRole('link', { name: NAV_TEXTS.login })).toHaveAttribute('href', '/auth?mode=login');
  });

  it('toggles the categories dropdown and closes it on close-navbar-categories', async () => {
    renderNav();
    fireEvent.click(categoriesButton());
    expect(categoriesButton()).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Men' })).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event(CLOSE_NAVBAR_CATEGORIES_EVENT));
    });
    expect(categoriesButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Men' })).not.toBeInTheDocument();
  });

  it('closes the hamburger menu first and opens the dropdown 300 ms later', () => {
    vi.useFakeTimers();
    renderNav();
    fireEvent.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');

    fireEvent.click(categoriesButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(categoriesButton()).toHaveAttribute('aria-expanded', 'false');
    expect(CATEGORIES_DROPDOWN_OPEN_DELAY_MS).toBe(300);
    act(() => vi.advanceTimersByTime(299));
    expect(categoriesButton()).toHaveAttribute('aria-expanded', 'false');
    act(() => vi.advanceTimersByTime(1));
    expect(categoriesButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes the menu and the dropdown when the shopper clicks outside', () => {
    renderNav();
    fireEvent.click(menuButton());
    fireEvent.pointerDown(screen.getByText('Page body'));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(categoriesButton());
    fireEvent.pointerDown(screen.getByText('Page body'));
    expect(categoriesButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the dropdown on Escape', () => {
    renderNav();
    fireEvent.click(categoriesButton());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(categoriesButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu after a navigation', () => {
    const router = renderNav();
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole('link', { name: NAV_TEXTS.happyCustomers }));
    expect(router.state.location.pathname).toBe('/happy-customers');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });
});
