import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import { toast } from '../../components/ui/toast';
import { type Handler, renderWithApp } from '../../testing/render-with-app';
import { checkAuthQueryKey, GUEST_STATUS } from './api/check-auth';
import { useSession } from './session';
import { makeUser } from './testing/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function SessionProbe() {
  const session = useSession();
  return (
    <div>
      <p>
        {session.isAuthLoading
          ? 'loading'
          : session.isAuthenticated
            ? `signed in as ${session.user?.name}`
            : 'guest'}
      </p>
      <button type="button" onClick={() => void session.logout()}>
        Logout
      </button>
    </div>
  );
}

const SIGNED_IN = { user: makeUser(), isMobVerified: true, lastPhoneReminder: null };

function renderProbe(handlers: Record<string, Handler>, path = '/profile') {
  return renderWithApp(
    [
      { path: '/', element: <SessionProbe /> },
      { path: '/profile', element: <SessionProbe /> },
      { path: '/admin/*', element: <SessionProbe /> },
    ],
    { path, session: true, api: handlers },
  );
}

describe('SessionProvider', () => {
  it('caches check-auth 5 minutes, keeps it 10, with no retry and no refetch on focus', async () => {
    const { queryClient } = renderProbe({
      [`GET ${API.users.checkAuth}`]: () => ({ status: 200, body: SIGNED_IN }),
    });
    await screen.findByText('signed in as Asha Verma');
    const query = queryClient.getQueryCache().find({ queryKey: checkAuthQueryKey });
    expect(query?.options).toMatchObject({
      staleTime: 5 * 60_000,
      gcTime: 10 * 60_000,
      retry: false,
      refetchOnWindowFocus: false,
    });
  });

  it('skips the automatic auth check under /admin', async () => {
    const { api } = renderProbe({}, '/admin/orders');
    expect(await screen.findByText('guest')).toBeInTheDocument();
    expect(api.keys()).not.toContain(`GET ${API.users.checkAuth}`);
  });

  it('logout calls the server, clears the status, fetches a new CSRF token and goes to / replacing history', async () => {
    const { api, router, queryClient } = renderProbe({
      [`GET ${API.users.checkAuth}`]: () => ({ status: 200, body: SIGNED_IN }),
      [`POST ${API.users.logout}`]: () => ({ status: 200, body: { message: 'Logged out' } }),
    });
    await screen.findByText('signed in as Asha Verma');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByText('guest');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(queryClient.getQueryData(checkAuthQueryKey)).toEqual(GUEST_STATUS);
    const keys = api.keys();
    expect(keys.lastIndexOf(`GET ${API.users.csrf}`)).toBeGreaterThan(
      keys.indexOf(`POST ${API.users.logout}`),
    );
  });

  it('toasts "Logout failed!" when the server refuses, and stays signed in', async () => {
    const toastError = vi.spyOn(toast, 'error');
    renderProbe({
      [`GET ${API.users.checkAuth}`]: () => ({ status: 200, body: SIGNED_IN }),
      [`POST ${API.users.logout}`]: () => ({ status: 500, body: { message: 'boom' } }),
    });
    await screen.findByText('signed in as Asha Verma');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Logout failed!'));
    expect(screen.getByText('signed in as Asha Verma')).toBeInTheDocument();
  });

  it('toasts "Error logging out: {message}" when the call gets no answer', async () => {
    const toastError = vi.spyOn(toast, 'error');
    renderProbe({
      [`GET ${API.users.checkAuth}`]: () => ({ status: 200, body: SIGNED_IN }),
      [`POST ${API.users.logout}`]: () => 'network-error',
    });
    await screen.findByText('signed in as Asha Verma');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Error logging out: No response from server.'),
    );
  });
});
