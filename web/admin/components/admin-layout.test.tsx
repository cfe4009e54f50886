import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMe } from '../../../common/schemas/admin';
import { permissionsOf, type StaffRole } from '../../../common/staff';
import { AdminLayout } from './admin-layout';

afterEach(() => vi.unstubAllGlobals());

/** Answers check-auth for this user (null: a guest) and, for staff, GET /api/admin/me, as the server would. */
function serve(
  user: AdminMe['user'] | null,
  permissions: AdminMe['permissions'] = [],
  twoFactorSetupRequired = false,
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.endsWith('/check-auth')
        ? { user, isMobVerified: false, lastPhoneReminder: null }
        : { user, permissions, twoFactorEnabled: false, twoFactorSetupRequired };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}

function userOf(role: StaffRole | 'customer'): AdminMe['user'] {
  return {
    _id: 'u1',
    name: 'Kavya Nair',
    email: 'kavya@pehnava.test',
    phone: null,
    isMobVerified: false,
    role,
    createdAt: '2026-11-01T00:00:00.000Z',
  };
}

const serveStaff = (role: StaffRole) => serve(userOf(role), [...permissionsOf(role)]);

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/sign-in', element: <h1>Staff sign-in</h1> },
      {
        path: '/',
        element: <AdminLayout />,
        children: [
          { path: 'reviews', element: <h1>Reviews</h1> },
          { path: 'account', element: <h1>My account</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the back office frame', () => {
  it('sends a guest to the staff sign-in, to come back afterwards', async () => {
    serve(null);
    const router = renderAt('/reviews?status=rejected');
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/reviews?status=rejected')}`);
  });

  it('tells a signed-in customer the area is for staff, with a way back to the shop', async () => {
    serve(userOf('customer'));
    renderAt('/reviews');
    expect(await screen.findByRole('alert')).toHaveTextContent('This area is for shop staff only.');
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  });

  it('shows each role only the screens it may use', async () => {
    serveStaff('support');
    renderAt('/reviews');
    expect(await screen.findByRole('heading', { name: 'Reviews' })).toBeInTheDocument();
    const [sidebar] = screen.getAllByRole('navigation', { name: 'Back office' });
    expect(within(sidebar as HTMLElement).getByRole('link', { name: 'Reviews' })).toBeInTheDocument();
    expect(within(sidebar as HTMLElement).queryByRole('link', { name: 'Audit log' })).toBeNull();
  });

  it('shows the owner every screen', async () => {
    serveStaff('owner');
    renderAt('/reviews');
    const [sidebar] = await screen.findAllByRole('navigation', { name: 'Back office' });
    expect(within(sidebar as HTMLElement).getByRole('link', { name: 'Audit log' })).toBeInTheDocument();
  });

  it('sends a member to My account while the owner requires a second factor they have not set up', async () => {
    serve(userOf('manager'), [...permissionsOf('manager')], true);
    const router = renderAt('/reviews');
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
    const [sidebar] = screen.getAllByRole('navigation', { name: 'Back office' });
    expect(within(sidebar as HTMLElement).queryByRole('link', { name: 'Reviews' })).toBeNull();
  });
});
