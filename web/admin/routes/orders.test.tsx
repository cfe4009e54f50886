import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import { renderScreen, staffMe } from '../testing/render-screen';
import OrdersPage from './orders';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ROW = {
  _id: 'o1',
  orderNumber: 'PNV-2611-7K3Q9',
  orderTimestamp: '2026-11-24T10:00:00.000Z',
  customer: { _id: 'c1', name: 'Asha Verma', email: 'asha@example.com' },
  items: 2,
  totalPrice: 1249,
  paymentMode: 'COD',
  paymentStatus: 'Pending',
  deliveryStatus: 'Processing',
};

describe('the orders screen', () => {
  it('lists orders linking to each, and keeps a status chip and the search in the URL', async () => {
    const { router } = renderScreen(<OrdersPage />, {
      me: staffMe('support'),
      path: '/orders',
      handlers: {
        [`GET ${API.admin.orders}`]: () => ({
          status: 200,
          body: { orders: [ROW], page: 1, pages: 1, total: 1 },
        }),
      },
    });
    expect(await screen.findByRole('link', { name: ROW.orderNumber })).toHaveAttribute('href', '/orders/o1');
    expect(screen.getByText('₹1,249')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Shipped' }));
    expect(router.state.location.search).toBe('?status=Shipped');
    await user.type(screen.getByLabelText('Order number, email or phone'), 'asha');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('asha');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('Shipped');
  });
});
