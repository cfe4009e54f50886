import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import { mockApi, renderWithApp } from '../../../testing/render-with-app';
import { GUEST_STATUS } from '../api/check-auth';
import { makeUser } from '../testing/users';
import { AUTH_TEXTS, PASSWORD_TEXTS, SESSION_TEXTS } from '../texts';
import { AuthPanel } from './auth-panel';
import { RequireAuth } from './require-auth';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [
  { path: '/', element: <p>Home page</p> },
  { path: '/auth', element: <AuthPanel /> },
  { element: <RequireAuth />, children: [{ path: '/profile', element: <p>Profile page</p> }] },
];

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('RequireAuth', () => {
  it('shows a loading indicator while check-auth is pending, then the page for a signed-in shopper', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    mockApi({
      [`GET ${API.users.checkAuth}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderWithApp(routes, { path: '/profile', session: true });
    expect(screen.getByRole('status')).toHaveTextContent(SESSION_TEXTS.checking);
    answer({ status: 200, body: { user: makeUser(), isMobVerified: true, lastPhoneReminder: null } });
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
  });

  it('sends a guest to /auth?mode=signup and, after registering, back to the page they wanted', async () => {
    const api = mockApi({
      [`GET ${API.users.checkAuth}`]: () => ({ status: 200, body: GUEST_STATUS }),
      [`POST ${API.users.register}`]: () => ({ status: 201, body: { user: makeUser() } }),
    });
    const { router } = renderWithApp(routes, { path: '/profile?tab=likes', session: true });
    await screen.findByRole('heading', { name: AUTH_TEXTS.signupTitle });
    expect(router.state.location.pathname).toBe('/auth');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('mode')).toBe('signup');
    expect(params.get('redirect')).toBe('/profile?tab=likes');

    // After the register call the session re-reads check-auth: now it has the user.
    api.fetchMock.mockClear();
    mockApi({
      [`GET ${API.users.checkAuth}`]: () => ({
        status: 200,
        body: { user: makeUser(), isMobVerified: false, lastPhoneReminder: null },
      }),
      [`POST ${API.users.register}`]: () => ({ status: 201, body: { user: makeUser() } }),
    });
    fill(AUTH_TEXTS.name, 'Asha Verma');
    fill(AUTH_TEXTS.email, 'asha@example.com');
    fill(AUTH_TEXTS.password, 'Secret#123');
    fill(AUTH_TEXTS.confirmPassword, 'Secret#123');
    fireEvent.click(screen.getByLabelText(AUTH_TEXTS.isAdult));
    fireEvent.click(screen.getByRole('button', { name: AUTH_TEXTS.signupSubmit }));

    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/profile?tab=likes');
  });

  it('keeps the target when the guest switches to sign in, and returns there after signing in', async () => {
    let signedIn = false;
    const api = mockApi({
      [`GET ${API.users.checkAuth}`]: () => ({
        status: 200,
        body: signedIn ? { user: makeUser(), isMobVerified: true, lastPhoneReminder: null } : GUEST_STATUS,
      }),
      [`POST ${API.users.login}`]: () => {
        signedIn = true;
        return { status: 200, body: { user: makeUser({ isMobVerified: true }) } };
      },
    });
    const { router } = renderWithApp(routes, { path: '/profile', session: true });
    await screen.findByRole('heading', { name: AUTH_TEXTS.signupTitle });
    const tabs = within(screen.getByRole('navigation', { name: 'Sign in or register' }));
    expect(tabs.getByRole('link', { name: AUTH_TEXTS.signupTab })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(tabs.getByRole('link', { name: AUTH_TEXTS.loginTab }));
    await screen.findByRole('heading', { name: AUTH_TEXTS.loginTitle });
    expect(router.state.location.search).toBe('?mode=login&redirect=%2Fprofile');

    fill(AUTH_TEXTS.email, 'asha@example.com');
    fill(AUTH_TEXTS.password, 'Secret#123');
    fireEvent.click(screen.getByRole('button', { name: AUTH_TEXTS.loginSubmit }));
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    // The CSRF token is tied to the session: a new one is fetched after signing in.
    const keys = api.keys();
    expect(keys.lastIndexOf(`GET ${API.users.csrf}`)).toBeGreaterThan(
      keys.indexOf(`POST ${API.users.login}`),
    );
  });
});

describe('sign-up form', () => {
  it('shows the live and the submit confirm-password messages and blocks the submit', async () => {
    const api = mockApi({ [`GET ${API.users.checkAuth}`]: () => ({ status: 200, body: GUEST_STATUS }) });
    renderWithApp(routes, { path: '/auth?mode=signup', session: true });
    await screen.findByRole('heading', { name: AUTH_TEXTS.signupTitle });
    fill(AUTH_TEXTS.name, 'Asha Verma');
    fill(AUTH_TEXTS.email, 'asha@example.com');
    fill(AUTH_TEXTS.password, 'Secret#123');
    expect(screen.queryByText(PASSWORD_TEXTS.mismatchLive)).not.toBeInTheDocument();

    fill(AUTH_TEXTS.confirmPassword, 'Secret#12');
    expect(screen.getByText('❌ Passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText(AUTH_TEXTS.confirmPassword)).toHaveAccessibleDescription(
      '❌ Passwords do not match.',
    );
    fill(AUTH_TEXTS.confirmPassword, 'Secret#123');
    expect(screen.queryByText('❌ Passwords do not match.')).not.toBeInTheDocument();

    fill(AUTH_TEXTS.confirmPassword, 'Other#123');
    fireEvent.click(screen.getByLabelText(AUTH_TEXTS.isAdult));
    fireEvent.click(screen.getByRole('button', { name: AUTH_TEXTS.signupSubmit }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(screen.queryByText('❌ Passwords do not match.')).not.toBeInTheDocument();
    expect(api.keys()).not.toContain(`POST ${API.users.register}`);
  });

  it('shows the mismatch when the shopper leaves an empty confirm field', async () => {
    mockApi({ [`GET ${API.users.checkAuth}`]: () => ({ status: 200, body: GUEST_STATUS }) });
    renderWithApp(routes, { path: '/auth?mode=signup', session: true });
    await screen.findByRole('heading', { name: AUTH_TEXTS.signupTitle });
    fill(AUTH_TEXTS.password, 'Secret#123');
    fireEvent.blur(screen.getByLabelText(AUTH_TEXTS.confirmPassword));
    expect(screen.getByText('❌ Passwords do not match.')).toBeInTheDocument();
  });

  it('requires the 18+ confirmation and shows the server field errors on their fields', async () => {
    const api = mockApi({
      [`GET ${API.users.checkAuth}`]: () => ({ status: 200, body: GUEST_STATUS }),
      [`POST ${API.users.register}`]: () => ({
        status: 409,
        body: {
          message: 'Validation failed',
          errors: [{ path: 'email', msg: 'This email is already registered.' }],
        },
      }),
    });
    renderWithApp(routes, { path: '/auth?mode=signup', session: true });
    await screen.findByRole('heading', { name: AUTH_TEXTS.signupTitle });
    fill(AUTH_TEXTS.name, 'Asha Verma');
    fill(AUTH_TEXTS.email, 'asha@example.com');
    fill(AUTH_TEXTS.password, 'Secret#123');
    fill(AUTH_TEXTS.confirmPassword, 'Secret#123');
    fireEvent.click(screen.getByRole('button', { name: AUTH_TEXTS.signupSubmit }));
    expect(await screen.findByText(AUTH_TEXTS.isAdultRequired)).toBeInTheDocument();
    expect(api.keys()).not.toContain(`POST ${API.users.register}`);

    fireEvent.click(screen.getByLabelText(AUTH_TEXTS.isAdult));
    fireEvent.click(screen.getByRole('button', { name: AUTH_TEXTS.signupSubmit }));
    await waitFor(() =>
      expect(screen.getByLabelText(AUTH_TEXTS.email)).toHaveAccessibleDescription(
        'This email is already registered.',
      ),
    );
    expect(api.calls.find((call) => call.key === `POST ${API.users.register}`)?.body).toEqual({
      name: 'Asha Verma',
      email: 'asha@example.com',
      password: 'Secret#123',
      confirmPassword: 'Secret#123',
      isAdult: true,
    });
  });
});

describe('sign-in form', () => {
  it('shows the server message for wrong credentials, and toasts "Error during login" when the call fails', async () => {
    const { toast } = await import('../../../components/ui/toast');
    const toastError = vi.spyOn(toast, 'error');
    let reply: 'unauthorised' | 'offline' = 'unauthorised';
    mockApi({
      [`GET ${API.users.checkAuth}`]: () => ({ status: 200, body: GUEST_STATUS }),
      [`POST ${API.users.login}`]: () =>
        reply === 'offline'
          ? 'network-error'
          : { status: 401, body: { message: 'Invalid email or password.' } },
    });
    renderWithApp(routes, { path: '/auth?mode=login', session: true });
    await screen.findByRole('heading', { name: AUTH_TEXTS.loginTitle });
    expect(screen.getByRole('link', { name: AUTH_TEXTS.forgotPassword })).toHaveAttribute(
      'href',
      '/forgotpwd',
    );
    fill(AUTH_TEXTS.email, 'asha@example.com');
    fill(AUTH_TEXTS.password, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: AUTH_TEXTS.loginSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(toastError).not.toHaveBeenCalled();

    reply = 'offline';
    fireEvent.click(screen.getByRole('button', { name: AUTH_TEXTS.loginSubmit }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Error during login'));
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXTS.noResponse);
  });
});
