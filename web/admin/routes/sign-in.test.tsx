import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app';
import SignInPage from './sign-in';

afterEach(() => vi.unstubAllGlobals());

describe('staff sign-in', () => {
  it('asks for the authenticator code when the account has two-factor sign-in on, then goes where the member was going', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.endsWith('/dancingcable')) return new Response(JSON.stringify({ csrfToken: 't' }));
        if (url.endsWith('/login'))
          return new Response(JSON.stringify({ user: null, twoFactorRequired: true }));
        return new Response(JSON.stringify({ user: { _id: 'u1' } }));
      }),
    );
    renderWithApp(
      [
        { path: '/sign-in', element: <SignInPage /> },
        { path: '/orders', element: <h1>Orders</h1> },
      ],
      { path: '/sign-in?redirect=%2Forders' },
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'owner@pehnava.test');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Pehnava#Owner2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(calls).toContain('POST /api/users/login/2fa');
  });
});
