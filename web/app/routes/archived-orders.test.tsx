import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import { renderWithApp } from '../../testing/render-with-app';
import ArchivedOrdersPage from './archived-orders';

beforeEach(() => {
  // jsdom has no scrolling; the page scrolls to the top when it changes page.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The archive answers one order per page, over two pages. */
function renderAt(url: string) {
  return renderWithApp(
    [
      { path: '/archivedorders', element: <ArchivedOrdersPage /> },
      { path: '/myorders', element: <h1>My Orders</h1> },
    ],
    {
      path: url,
      api: {
        [`GET ${API.order.archived}`]: (_body, sent) => {
          const page = Number(new URL(sent.url, 'http://shop.test').searchParams.get('page'));
          const orders = [{ _id: `o${page}`, orderNumber: `PNV-2608-PAGE${page}`, items: [] }];
          return { status: 200, body: { orders, pages: 2 } };
        },
      },
    },
  );
}

describe('/archivedorders', () => {
  it('has the title, the subtitle and the way back to My Orders', async () => {
    const { router } = renderAt('/archivedorders');
    expect(screen.getByRole('heading', { level: 1, name: 'Archived Orders' })).toBeInTheDocument();
    expect(
      screen.getByText('Orders older than 60 days, and Failed/Cancelled orders older than 3 days.'),
    ).toBeInTheDocument();
    expect(document.title).toBe('Archived Orders | Pehnava');
    await screen.findByRole('article', { name: 'Order PNV-2608-PAGE1' });
    await userEvent.click(screen.getByRole('link', { name: '← Back to My Orders' }));
    expect(router.state.location.pathname).toBe('/myorders');
  });

  it('keeps the page in the address: ?page=2 opens page 2, Previous goes back to the bare path', async () => {
    const { router, api } = renderAt('/archivedorders?page=2');
    await screen.findByRole('article', { name: 'Order PNV-2608-PAGE2' });
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('article', { name: 'Order PNV-2608-PAGE1' });
    expect(router.state.location.search).toBe('');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(api.calls.map((call) => call.url)).toEqual([
      `${API.order.archived}?page=2`,
      `${API.order.archived}?page=1`,
    ]);
  });

  it('reads a bad page in the address as page 1', async () => {
    renderAt('/archivedorders?page=abc');
    await screen.findByRole('article', { name: 'Order PNV-2608-PAGE1' });
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });
});
