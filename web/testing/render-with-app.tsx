import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { type ReactNode, StrictMode, useState } from 'react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { API } from '../../common/api-paths';
import { SessionProvider } from '../features/auth/session';
import { CartProvider } from '../features/cart/cart-context';
import { LikesProvider, type LikesProviderProps } from '../features/likes/likes-context';

export type Reply = { status: number; statusText?: string; body?: unknown } | 'network-error';
/** What the app sent beyond the body: the query string lives in `url`, the CSRF token in `headers`. */
export interface Sent {
  url: string;
  headers: Headers;
}
export type Handler = (body: unknown, sent: Sent) => Reply | Promise<Reply>;

/**
 * Stubs fetch with handlers keyed "METHOD /path" (the query string left out) and records each call.
 * The CSRF endpoint answers unless a handler replaces it; an unknown call fails the test loudly.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ({ key: string; body: unknown } & Sent)[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0] as string;
    const key = `${method} ${path}`;
    // A JSON body is read back; any other (a FormData) is kept as sent.
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const sent = { url, headers: new Headers(init?.headers) };
    calls.push({ key, body, ...sent });
    const handler: Handler | undefined =
      handlers[key] ??
      (key === `GET ${API.users.csrf}` ? () => ({ status: 200, body: { csrfToken: 't' } }) : undefined);
    if (!handler) throw new Error(`Unexpected call in test: ${key}`);
    const reply = await handler(body, sent);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      statusText: reply.statusText,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, keys: () => calls.map((call) => call.key) };
}

export type MockApi = ReturnType<typeof mockApi>;

export interface RenderWithAppOptions {
  /** The URL the router starts at: `/` unless told. */
  path?: string;
  /**
   * The API's answers, keyed "METHOD /path" (see `mockApi`). Left out, fetch is not stubbed here: a
   * test that needs more control stubs it itself.
   */
  api?: Record<string, Handler>;
  /** The shop's session provider around the routes (it asks check-auth first), as every shop page has. */
  session?: boolean;
  /** The cart provider (the cart lives in localStorage) around the router, as the shop has it. */
  cart?: boolean;
  /** The likes provider around the router, given the session the app would hand it. */
  likes?: Omit<LikesProviderProps, 'children'>;
  /** Answers already in the query cache when the page opens, as if an earlier page had loaded them. */
  queryData?: [QueryKey, unknown][];
  /** Renders in StrictMode, for a test that proves an effect survives React running it twice. */
  strict?: boolean;
  /** Rendered after the routes, inside the providers: a toaster, a probe of the location. */
  extra?: ReactNode;
}

/** Shows a component and lets `rerender` swap it in place, so it gets new props without a remount. */
function Swappable({
  initial,
  expose,
}: {
  initial: ReactNode;
  expose: (show: (ui: ReactNode) => void) => void;
}) {
  const [ui, setUi] = useState(initial);
  expose(setUi);
  return ui;
}

type Rendered = ReturnType<typeof render> & {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
};

/**
 * Renders a component (at every path) or a set of routes the way the app does, in one call: in a
 * memory router, with a fresh query cache that does not retry, the providers asked for, and the API
 * stubbed with `api`'s answers (then `api` of the result holds the calls made). The result's
 * `rerender(ui)` gives a rendered component new props in place.
 */
export function renderWithApp(
  ui: ReactNode | RouteObject[],
  options: RenderWithAppOptions & { api: Record<string, Handler> },
): Rendered & { api: MockApi };
export function renderWithApp(ui: ReactNode | RouteObject[], options?: RenderWithAppOptions): Rendered;
export function renderWithApp(
  ui: ReactNode | RouteObject[],
  {
    path = '/',
    api,
    session = false,
    cart = false,
    likes,
    queryData = [],
    strict = false,
    extra,
  }: RenderWithAppOptions = {},
): Rendered & { api?: MockApi } {
  const stubbed = api ? mockApi(api) : undefined;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  for (const [key, data] of queryData) queryClient.setQueryData(key, data);
  let show: ((next: ReactNode) => void) | undefined;
  const routes: RouteObject[] = Array.isArray(ui)
    ? ui
    : [{ path: '*', element: <Swappable initial={ui} expose={(setUi) => (show = setUi)} /> }];
  const layout = (
    <>
      <Outlet />
      {extra}
    </>
  );
  const router = createMemoryRouter(
    [{ element: session ? <SessionProvider>{layout}</SessionProvider> : layout, children: routes }],
    { initialEntries: [path] },
  );
  let app = <RouterProvider router={router} />;
  if (likes) app = <LikesProvider {...likes}>{app}</LikesProvider>;
  if (cart) app = <CartProvider>{app}</CartProvider>;
  app = <QueryClientProvider client={queryClient}>{app}</QueryClientProvider>;
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  // A component gets its new props inside the same router, cache and providers; routes change by navigating.
  const rerender = (next: ReactNode) => {
    if (!show) throw new Error('rerender swaps a component; with routes, navigate the router instead');
    const swap = show;
    act(() => swap(next));
  };
  return { ...view, rerender, router, queryClient, api: stubbed };
}
