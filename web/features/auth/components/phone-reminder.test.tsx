import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import { HOUR } from '../../../../common/constants';
import { toast } from '../../../components/ui/toast';
import { type Handler, renderWithApp } from '../../../testing/render-with-app';
import { makeUser } from '../testing/users';
import { REMINDER_TEXTS } from '../texts';
import { PhoneReminder } from './phone-reminder';

const NOW = new Date('2025-06-01T12:00:00.000Z').getTime();

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function status(overrides: {
  user?: ReturnType<typeof makeUser> | null;
  isMobVerified?: boolean;
  last?: number | null;
}) {
  const { user = makeUser(), isMobVerified = false, last = null } = overrides;
  return {
    status: 200,
    body: { user, isMobVerified, lastPhoneReminder: last === null ? null : new Date(last).toISOString() },
  };
}

function renderReminder(handlers: Record<string, Handler>) {
  return renderWithApp(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/profile', element: <p>Profile page</p> },
    ],
    { path: '/', session: true, extra: <PhoneReminder />, api: handlers },
  );
}

/** Lets the mocked fetches and React settle while the clock is fake. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => vi.advanceTimersByTimeAsync(0));
}

describe('PhoneReminder', () => {
  it.each([
    ['a guest', status({ user: null })],
    ['a shopper with a verified number', status({ isMobVerified: true })],
    ['a shopper reminded an hour ago', status({ last: NOW - HOUR })],
    ['a shopper reminded exactly 24 hours ago', status({ last: NOW - 24 * HOUR })],
  ])('stays hidden for %s', async (_who, answer) => {
    vi.useFakeTimers({ now: NOW });
    renderReminder({ [`GET ${API.users.checkAuth}`]: () => answer });
    await settle();
    expect(screen.getByText('Home page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['never reminded', status({ last: null })],
    ['reminded 24 hours and 1 ms ago', status({ last: NOW - 24 * HOUR - 1 })],
  ])('shows for an unverified shopper %s', async (_when, answer) => {
    vi.useFakeTimers({ now: NOW });
    renderReminder({ [`GET ${API.users.checkAuth}`]: () => answer });
    await settle();
    expect(screen.getByRole('dialog', { name: REMINDER_TEXTS.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Now' })).toBeInTheDocument();
  });

  it('comes up when the 24 hours run out while the page is open', async () => {
    vi.useFakeTimers({ now: NOW });
    renderReminder({ [`GET ${API.users.checkAuth}`]: () => status({ last: NOW - 24 * HOUR + 1000 }) });
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('dialog', { name: REMINDER_TEXTS.title })).toBeInTheDocument();
  });

  it('Close refreshes the session, then records the reminder, then closes', async () => {
    let reminded: number | null = null;
    const { api } = renderReminder({
      [`GET ${API.users.checkAuth}`]: () => status({ last: reminded }),
      [`PATCH ${API.users.updateLastReminder}`]: () => {
        reminded = Date.now();
        return { status: 200, body: { lastPhoneReminder: new Date(reminded).toISOString() } };
      },
    });
    await screen.findByRole('dialog', { name: REMINDER_TEXTS.title });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const keys = api.keys().filter((key) => key !== `GET ${API.users.csrf}`);
    expect(keys).toEqual([
      `GET ${API.users.checkAuth}`,
      `GET ${API.users.checkAuth}`,
      `PATCH ${API.users.updateLastReminder}`,
    ]);
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('Update Now does the same and then goes to /profile', async () => {
    const { api, router } = renderReminder({
      [`GET ${API.users.checkAuth}`]: () => status({}),
      [`PATCH ${API.users.updateLastReminder}`]: () => ({ status: 200, body: {} }),
    });
    await screen.findByRole('dialog', { name: REMINDER_TEXTS.title });
    fireEvent.click(screen.getByRole('button', { name: 'Update Now' }));
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const keys = api.keys();
    expect(keys.lastIndexOf(`GET ${API.users.checkAuth}`)).toBeLessThan(
      keys.indexOf(`PATCH ${API.users.updateLastReminder}`),
    );
  });

  it('toasts "Failed to update reminder timestamp" when recording fails, and still closes', async () => {
    const toastError = vi.spyOn(toast, 'error');
    renderReminder({
      [`GET ${API.users.checkAuth}`]: () => status({}),
      [`PATCH ${API.users.updateLastReminder}`]: () => ({ status: 500, body: { message: 'boom' } }),
    });
    await screen.findByRole('dialog', { name: REMINDER_TEXTS.title });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to update reminder timestamp'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
