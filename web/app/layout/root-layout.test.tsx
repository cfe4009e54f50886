import { act, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import { toast } from '../../components/ui/toast';
import { makeUser } from '../../features/auth/testing/users';
import { REMINDER_TEXTS } from '../../features/auth/texts';
import { renderWithApp } from '../../testing/render-with-app';
import { SessionProviders } from '../providers';
import { UNINTERRUPTED } from '../route-handle';
import { RootLayout } from './root-layout';
import { LAYOUT_TEXTS } from './texts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RootLayout', () => {
  it('fetches the CSRF token at start-up, toasts on failure, and shows "Loading..." while a page loads', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const fetchMock = vi.fn(async (url: string) => {
      if (url === API.users.csrf) throw new TypeError('Failed to fetch');
      if (url === API.system.config) {
        return Response.json({
          grievanceOfficer: {
            name: 'Asha Menon',
            designation: 'Grievance Officer',
            email: 'grievances@pehnava.in',
            phone: '+91 98765 43211',
          },
        });
      }
      return new Response('{}', { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const NeverLoads = lazy(() => new Promise<{ default: () => null }>(() => {}));
    renderWithApp([
      {
        path: '/',
        element: (
          <SessionProviders>
            <RootLayout />
          </SessionProviders>
        ),
        children: [{ index: true, element: <NeverLoads /> }],
      },
    ]);

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByText(LAYOUT_TEXTS.skipToContent)).toHaveAttribute('href', '#main');
    expect(document.querySelector('main')).toHaveAttribute('id', 'main');
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Error fetching CSRF token'));
    expect(fetchMock.mock.calls.filter(([url]) => url === API.users.csrf)).toHaveLength(1);

    // The footer's links and notices.
    const footer = within(document.querySelector('footer') as HTMLElement);
    expect(footer.getByText('About Us', { selector: 'a' })).toHaveAttribute('href', '/about');
    expect(footer.getByText('Privacy policy')).toHaveAttribute('href', '/privacy-policy');
    expect(footer.getByText('Terms & Conditions')).toHaveAttribute('href', '/terms');
    expect(footer.getByText('Support')).toHaveAttribute('href', '/contact');
    expect(screen.getByText(/AI-generated and are for illustrative purposes only/)).toBeInTheDocument();
    expect(screen.getByText(/© \d{4} Pehnava\. All rights reserved\./)).toBeInTheDocument();
    // The Grievance Officer, once the shop's settings arrive.
    expect(await footer.findByText('grievances@pehnava.in')).toHaveAttribute(
      'href',
      'mailto:grievances@pehnava.in',
    );
    expect(footer.getByText(/Asha Menon, Grievance Officer/)).toBeInTheDocument();
  });

  it('holds the phone reminder back on a page where the shopper is buying, and shows it on the next', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url === API.users.checkAuth) {
        return Response.json({ user: makeUser(), isMobVerified: false, lastPhoneReminder: null });
      }
      return Response.json({});
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderWithApp(
      [
        {
          path: '/',
          element: (
            <SessionProviders>
              <RootLayout />
            </SessionProviders>
          ),
          children: [
            { path: 'checkout', element: <h1>Checkout</h1>, handle: UNINTERRUPTED },
            { path: 'cart', element: <h1>Cart</h1> },
          ],
        },
      ],
      { path: '/checkout' },
    );

    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === API.users.checkAuth)).toBe(true));
    await screen.findByRole('link', { name: 'My Orders' });
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: REMINDER_TEXTS.title })).not.toBeInTheDocument();

    await act(() => router.navigate('/cart'));
    expect(await screen.findByRole('dialog', { name: REMINDER_TEXTS.title })).toBeInTheDocument();
  });
});
