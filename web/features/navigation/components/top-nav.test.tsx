import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import { CATEGORIES_DROPDOWN_OPEN_DELAY_MS } from '../../../../common/constants';
import { renderWithApp } from '../../../testing/render-with-app';
import { CLOSE_NAVBAR_CATEGORIES_EVENT, cartLabel, NAV_TEXTS } from '../texts';
import { TopNav, type TopNavAccount } from './top-nav';

const GUEST: TopNavAccount = { isAuthenticated: false, isAuthLoading: false, onLogout: () => {} };

function renderNav(cartCount = 2, account: TopNavAccount = GUEST) {
  return renderWithApp(
    <>
      <TopNav cartCount={cartCount} account={account} />
      <p>Page body</p>
    </>,
    { api: { [`GET ${API.catalog.categoryTree}`]: () => ({ status: 200, body: { Men: { Shirts: {} } } }) } },
  ).router;
}

const menuButton = () => screen.getByRole('button', { name: /menu/i });
const categoriesButton = () => screen.getByRole('button', { name: NAV_TEXTS.categories });

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
    expect(screen.getByRole('link', { name: NAV_TEXTS.wishlist })).toHaveAttribute('href', '/wishlist');
    expect(screen.getByRole('link', { name: NAV_TEXTS.login })).toHaveAttribute('href', '/auth?mode=login');
  });

  it('shows a guest Login and no account links', () => {
    renderNav(0, GUEST);
    expect(screen.getByRole('link', { name: NAV_TEXTS.login })).toHaveAttribute('href', '/auth?mode=login');
    expect(screen.queryByRole('link', { name: NAV_TEXTS.myOrders })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: NAV_TEXTS.profile })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: NAV_TEXTS.logout })).not.toBeInTheDocument();
  });

  it('shows a signed-in shopper My Orders, Profile and Logout instead of Login', () => {
    const onLogout = vi.fn();
    renderNav(0, { isAuthenticated: true, isAuthLoading: false, onLogout });
    expect(screen.getByRole('link', { name: NAV_TEXTS.myOrders })).toHaveAttribute('href', '/myorders');
    expect(screen.getByRole('link', { name: NAV_TEXTS.profile })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: NAV_TEXTS.login })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: NAV_TEXTS.logout }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('shows neither Login nor the account links while the sign-in status is unknown', () => {
    renderNav(0, { isAuthenticated: false, isAuthLoading: true, onLogout: () => {} });
    expect(screen.queryByRole('link', { name: NAV_TEXTS.login })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: NAV_TEXTS.logout })).not.toBeInTheDocument();
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
