import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toast';
import { SessionProviders } from '../providers';
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
      if (url === '/api/users/dancingcable') throw new TypeError('Failed to fetch');
      return new Response('{}', { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const NeverLoads = lazy(() => new Promise<{ default: () => null }>(() => {}));
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <SessionProviders>
              <RootLayout />
            </SessionProviders>
          ),
          children: [{ index: true, element: <NeverLoads /> }],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByText(LAYOUT_TEXTS.skipToContent)).toHaveAttribute('href', '#main');
    expect(document.querySelector('main')).toHaveAttribute('id', 'main');
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Error fetching CSRF token'));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/users/dancingcable')).toHaveLength(1);

    // The footer's links and notices.
    const footer = within(document.querySelector('footer') as HTMLElement);
    expect(footer.getByText('About Us', { selector: 'a' })).toHaveAttribute('href', '/about');
    expect(footer.getByText('Privacy policy')).toHaveAttribute('href', '/privacy-policy');
    expect(footer.getByText('Terms & Conditions')).toHaveAttribute('href', '/terms');
    expect(footer.getByText('Support')).toHaveAttribute('href', '/contact');
    expect(screen.getByText(/AI-generated and are for illustrative purposes only/)).toBeInTheDocument();
    expect(screen.getByText(/© \d{4} Pehnava\. All rights reserved\./)).toBeInTheDocument();
  });
});
