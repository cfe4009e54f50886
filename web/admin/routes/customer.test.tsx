import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import type { AdminCustomerDetail } from '../../../common/schemas/admin-customers';
import type { StaffRole } from '../../../common/staff';
import { renderScreen, staffMe } from '../testing/render-screen';
import CustomerPage from './customer';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ID = 'c0a80101-0000-4000-8000-000000000001';

const DETAIL: AdminCustomerDetail = {
  customer: {
    _id: ID,
    name: 'Asha Verma',
    email: 'asha@example.com',
    phone: '9876543210',
    createdAt: '2026-10-01T00:00:00.000Z',
    closed: false,
    blocked: false,
  },
  addresses: [],
  orders: [],
  reviews: [],
  lifetimeValue: 2498,
};

function renderCustomer(role: StaffRole) {
  return renderScreen(<CustomerPage />, {
    me: staffMe(role),
    path: `/customers/${ID}`,
    route: '/customers/:id',
    handlers: {
      [`GET ${API.admin.customer(ID)}`]: () => ({ status: 200, body: DETAIL }),
      [`POST ${API.admin.customerBlock(ID)}`]: () => ({
        status: 200,
        body: { customer: { ...DETAIL.customer, blocked: true } },
      }),
    },
  });
}

describe('the customer screen', () => {
  it('shows the lifetime value, and hides the block button from support', async () => {
    renderCustomer('support');
    expect(await screen.findByRole('heading', { name: 'Asha Verma' })).toBeInTheDocument();
    expect(screen.getByText('₹2,498')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block customer' })).toBeNull();
  });

  it('a manager blocks after a confirmation that says the customer is signed out at once', async () => {
    const { calls } = renderCustomer('manager');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Block customer' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/signed out at once everywhere/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(calls.some((call) => call.key === `POST ${API.admin.customerBlock(ID)}`)).toBe(true),
    );
  });
});
