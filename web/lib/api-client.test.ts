import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../common/api-paths';
import { api, HttpError, refreshCsrfToken } from './api-client';

const CSRF_INVALID = { message: 'Invalid or missing CSRF token.', code: 'CSRF_INVALID' };

/** Stubs fetch: the CSRF endpoint hands out token-1, token-2, …; `save` answers everything else. */
function mockFetch(save: (token: string | null) => { status: number; body?: unknown }) {
  const calls: { key: string; token: string | null }[] = [];
  let tokens = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${(init?.method ?? 'GET').toUpperCase()} ${url}`;
      const token = new Headers(init?.headers).get('X-CSRF-Token');
      calls.push({ key, token });
      if (key === `GET ${API.users.csrf}`) {
        tokens += 1;
        return Response.json({ csrfToken: `token-${tokens}` });
      }
      const reply = save(token);
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
      });
    }),
  );
  return calls;
}

beforeEach(async () => {
  mockFetch(() => ({ status: 200 }));
  await refreshCsrfToken();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client CSRF token', () => {
  it('after a 403 CSRF_INVALID fetches a new token and sends the call once more', async () => {
    // The page holds token-1, which died with its session (it expired, or was renewed for a signed-in
    // shopper); the server takes only the token fetched after that.
    const calls = mockFetch((token) =>
      token === 'token-2' ? { status: 200, body: { ok: true } } : { status: 403, body: CSRF_INVALID },
    );
    await refreshCsrfToken();
    calls.length = 0;
    await expect(api.post(API.passwordReset.resetPassword, { a: 1 })).resolves.toEqual({ ok: true });
    expect(calls).toEqual([
      { key: `POST ${API.passwordReset.resetPassword}`, token: 'token-1' },
      { key: `GET ${API.users.csrf}`, token: null },
      { key: `POST ${API.passwordReset.resetPassword}`, token: 'token-2' },
    ]);
  });

  it('sends a refused call once more only, then reports the 403', async () => {
    const calls = mockFetch(() => ({ status: 403, body: CSRF_INVALID }));
    const error = await api.post(API.users.logout).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(403);
    expect(calls.map((call) => call.key)).toEqual([
      `POST ${API.users.logout}`,
      `GET ${API.users.csrf}`,
      `POST ${API.users.logout}`,
    ]);
  });

  it('does not send again after any other 403', async () => {
    const calls = mockFetch(() => ({ status: 403, body: { message: 'Staff only.', code: 'FORBIDDEN' } }));
    await expect(api.post('/api/admin/x')).rejects.toBeInstanceOf(HttpError);
    expect(calls.map((call) => call.key)).toEqual(['POST /api/admin/x']);
  });
});
