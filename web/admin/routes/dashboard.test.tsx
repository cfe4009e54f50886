import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '../../../common/schemas/admin-staff';
import { renderWithApp } from '../../testing/render-with-app';
import DashboardPage from './dashboard';

// uPlot draws on a canvas, which jsdom does not have; the chart is looked at in the browser journeys.
vi.mock('../components/sales-chart', () => ({ SalesChart: () => null }));

afterEach(() => vi.unstubAllGlobals());

const dashboard: Dashboard = {
  range: '7d',
  from: '2026-11-18',
  to: '2026-11-24',
  revenue: 124999.5,
  orders: 42,
  averageOrderValue: 2976.18,
  unitsSold: 57,
  series: [
    { date: '2026-11-23', revenue: 5000, orders: 2 },
    { date: '2026-11-24', revenue: 7499, orders: 3 },
  ],
  topProducts: [{ productId: 'p1', name: 'Bandhani Cotton Kurta', unitsSold: 9, revenue: 13491 }],
  lowStock: [
    {
      sku: 'KT-01-RED-M',
      productId: 'p1',
      name: 'Bandhani Cotton Kurta',
      color: 'Red',
      size: 'M',
      countInStock: 0,
    },
  ],
  toShip: 4,
  returnsWaiting: 1,
  reviewsWaiting: 3,
  visitors: 310,
  topSearches: [{ term: 'saree', searches: 25 }],
  searchesWithNoResults: [],
};

describe('the dashboard', () => {
  it('shows the figures of the range asked for in the URL, the to-do counts and what runs low', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(dashboard), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    // uPlot measures a canvas that jsdom does not have; the chart's figures are checked through the API.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    renderWithApp(<DashboardPage />, { path: '/?range=7d' });
    expect(await screen.findByText('₹1,24,999.5')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('4 to ship')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '3 reviews waiting' })).toHaveAttribute(
      'href',
      '/reviews?status=pending',
    );
    const low = screen.getByRole('region', { name: 'Running low' });
    expect(within(low).getByText('Sold out')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Searches that found nothing' })).getByText('None.'),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/dashboard?range=7d', expect.anything());
  });
});
