import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { User } from '../../../../common/schemas/auth';
import { SessionProvider } from '../session';

export type Reply = { status: number; body?: unknown } | 'network-error';
export type Handler = (body: unknown) => Reply | Promise<Reply>;

/**
 * Stubs fetch with handlers keyed "METHOD /path" and records each call. The CSRF endpoint answers
 * unless a handler replaces it; an unknown call fails the test loudly.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0] as string;
    const key = `${method} ${path}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ key, body });
    const handler =
      handlers[key] ??
      (key === 'GET /api/users/dancingcable' ? () => ({ status: 200, body: { csrfToken: 't' } }) : undefined);
    if (!handler) throw new Error(`Unexpected call in test: ${key}`);
    const reply = await handler(body);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, keys: () => calls.map((call) => call.key) };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    name: 'Asha Verma',
    email: 'asha@example.com',
    phone: null,
    isMobVerified: false,
    role: 'customer',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Renders routes under a SessionProvider, in a memory router, with a fresh query cache. */
export function renderWithSession(routes: RouteObject[], initialPath: string, extra?: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider>
            <Outlet />
            {extra}
          </SessionProvider>
        ),
        children: routes,
      },
    ],
    { initialEntries: [initialPath] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
