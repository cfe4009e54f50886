import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import { STORAGE_KEYS } from '../../../common/constants';
import { type LikesContextValue, LikesProvider, type LikesProviderProps, useLikes } from './likes-context';
import { LIKE_UPDATE_FAILED } from './texts';

const USER = 'u-asha';

let likes: LikesContextValue;
function Probe() {
  likes = useLikes();
  return (
    <output aria-label="likes" data-ready={String(likes.ready)}>
      {likes.ids.join(',')}
    </output>
  );
}

type Session = Omit<LikesProviderProps, 'children'>;

function tree(session: Session, client: QueryClient): ReactNode {
  return (
    <QueryClientProvider client={client}>
      <LikesProvider {...session}>
        <Probe />
        <ToastContainer />
      </LikesProvider>
    </QueryClientProvider>
  );
}

function renderLikes(session: Session) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(tree(session, client));
  return { ...view, rerenderWith: (next: Session) => view.rerender(tree(next, client)) };
}

const shown = () => screen.getByLabelText('likes').textContent;
const isReady = () => screen.getByLabelText('likes').dataset.ready === 'true';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A deferred answer the test resolves when it wants. */
function later() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

type Route = (method: string, url: string) => Response | Promise<Response> | undefined;
const fetchMock = vi.fn<typeof fetch>();
let route: Route = () => undefined;
const calls = () =>
  fetchMock.mock.calls
    .map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)
    .filter((call) => !call.includes('dancingcable'));

beforeEach(() => {
  fetchMock.mockReset();
  route = () => undefined;
  fetchMock.mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    if (url === API.users.csrf) return json({ csrfToken: 'token' });
    const answer = route(method, url);
    if (!answer) throw new Error(`unexpected ${method} ${url}`);
    return answer;
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const storedGuest = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.guestLikes) ?? 'null');
const storedUser = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.userLikes) ?? 'null');

describe('LikesProvider for a guest', () => {
  it('keeps likes in local storage only, under the guest key', async () => {
    renderLikes({ isAuthenticated: false });
    await waitFor(() => expect(isReady()).toBe(true));

    act(() => likes.toggle('p1'));
    act(() => likes.toggle('p2'));
    expect(shown()).toBe('p2,p1');
    expect(likes.likedIds.has('p1')).toBe(true);
    expect(storedGuest()).toEqual(['p2', 'p1']);

    act(() => likes.toggle('p1'));
    expect(shown()).toBe('p2');
    expect(storedGuest()).toEqual(['p2']);
    expect(localStorage.getItem(STORAGE_KEYS.userLikes)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the stored likes, dropping what is not a product id', async () => {
    localStorage.setItem(STORAGE_KEYS.guestLikes, JSON.stringify(['p3', 42, 'p3', 'p4']));
    renderLikes({ isAuthenticated: false });
    await waitFor(() => expect(shown()).toBe('p3,p4'));
  });

  it('starts with no likes when the stored value is not readable', async () => {
    localStorage.setItem(STORAGE_KEYS.guestLikes, '{not json');
    renderLikes({ isAuthenticated: false });
    await waitFor(() => expect(isReady()).toBe(true));
    expect(shown()).toBe('');
    act(() => likes.toggle('p5'));
    expect(storedGuest()).toEqual(['p5']);
  });

  it('is not ready, and ignores toggles, while the session is being decided', async () => {
    localStorage.setItem(STORAGE_KEYS.guestLikes, JSON.stringify(['p1']));
    const view = renderLikes({ isAuthenticated: false, isAuthLoading: true });
    expect(isReady()).toBe(false);
    expect(shown()).toBe('');
    act(() => likes.toggle('p9'));
    expect(storedGuest()).toEqual(['p1']);

    view.rerenderWith({ isAuthenticated: false, isAuthLoading: false });
    await waitFor(() => expect(isReady()).toBe(true));
    expect(shown()).toBe('p1');
  });
});

describe('LikesProvider for a signed-in shopper', () => {
  it('shows the stored ids first, then the server list replaces them', async () => {
    localStorage.setItem(
      STORAGE_KEYS.userLikes,
      JSON.stringify({ userId: USER, productIds: ['old1', 'old2'] }),
    );
    localStorage.setItem(STORAGE_KEYS.guestLikes, JSON.stringify(['guest1']));
    const answer = later();
    route = (method, url) => (method === 'GET' && url === API.likes.ids ? answer.promise : undefined);

    renderLikes({ isAuthenticated: true, userId: USER });
    await waitFor(() => expect(isReady()).toBe(true));
    expect(shown()).toBe('old1,old2');

    await act(async () => answer.resolve(json({ productIds: ['s1', 's2'] })));
    await waitFor(() => expect(shown()).toBe('s1,s2'));
    expect(storedUser()).toEqual({ userId: USER, productIds: ['s1', 's2'] });
    // The guest's likes are left as they were, for after sign-out.
    expect(storedGuest()).toEqual(['guest1']);
  });

  it("never shows another account's stored likes", async () => {
    localStorage.setItem(STORAGE_KEYS.userLikes, JSON.stringify({ userId: 'u-ravi', productIds: ['ravi1'] }));
    const answer = later();
    route = (method, url) => (method === 'GET' && url === API.likes.ids ? answer.promise : undefined);
    renderLikes({ isAuthenticated: true, userId: USER });
    await waitFor(() => expect(isReady()).toBe(true));
    expect(shown()).toBe('');
    await act(async () => answer.resolve(json({ productIds: ['mine'] })));
    await waitFor(() => expect(shown()).toBe('mine'));
  });

  it('keeps the stored ids, silently, when the refresh on sign-in fails', async () => {
    localStorage.setItem(STORAGE_KEYS.userLikes, JSON.stringify({ userId: USER, productIds: ['old1'] }));
    route = (method, url) =>
      method === 'GET' && url === API.likes.ids ? json({ message: 'down' }, 500) : undefined;
    renderLikes({ isAuthenticated: true, userId: USER });
    await waitFor(() => expect(calls()).toEqual([`GET ${API.likes.ids}`]));
    await act(async () => {});
    expect(shown()).toBe('old1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('updates at once, then calls the server; the change stays when it succeeds', async () => {
    const answer = later();
    route = (method, url) => {
      if (method === 'GET' && url === API.likes.ids) return json({ productIds: [] });
      if (method === 'POST' && url === API.likes.like('p1')) return answer.promise;
      return undefined;
    };
    renderLikes({ isAuthenticated: true, userId: USER });
    await waitFor(() => expect(calls()).toEqual([`GET ${API.likes.ids}`]));

    act(() => likes.toggle('p1'));
    expect(shown()).toBe('p1');
    await waitFor(() => expect(calls()).toContain(`POST ${API.likes.like('p1')}`));
    const post = fetchMock.mock.calls.find(([url]) => url === API.likes.like('p1'));
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe('token');

    await act(async () => answer.resolve(json({ productId: 'p1', liked: true })));
    expect(shown()).toBe('p1');
    expect(storedUser()).toEqual({ userId: USER, productIds: ['p1'] });
    expect(storedGuest()).toBeNull();
  });

  it('reverses the change and shows a toast when the server call fails', async () => {
    route = (method, url) => {
      if (method === 'GET' && url === API.likes.ids) return json({ productIds: ['p2'] });
      if (method === 'DELETE' && url === API.likes.like('p2')) return json({ message: 'oops' }, 500);
      if (method === 'POST' && url === API.likes.like('p3')) return Promise.reject(new TypeError('offline'));
      return undefined;
    };
    renderLikes({ isAuthenticated: true, userId: USER });
    await waitFor(() => expect(shown()).toBe('p2'));

    act(() => likes.toggle('p2'));
    expect(shown()).toBe('');
    expect(await screen.findByText(LIKE_UPDATE_FAILED)).toBeInTheDocument();
    expect(shown()).toBe('p2');
    expect(storedUser()).toEqual({ userId: USER, productIds: ['p2'] });

    act(() => likes.toggle('p3'));
    expect(shown()).toBe('p3,p2');
    await waitFor(() => expect(shown()).toBe('p2'));
    expect(calls()).toEqual([
      `GET ${API.likes.ids}`,
      `DELETE ${API.likes.like('p2')}`,
      `POST ${API.likes.like('p3')}`,
    ]);
  });

  it('sends a quick like-then-unlike in order, one request at a time', async () => {
    const posted = later();
    route = (method, url) => {
      if (method === 'GET' && url === API.likes.ids) return json({ productIds: [] });
      if (method === 'POST' && url === API.likes.like('p1')) return posted.promise;
      if (method === 'DELETE' && url === API.likes.like('p1')) return json({ productId: 'p1', liked: false });
      return undefined;
    };
    renderLikes({ isAuthenticated: true, userId: USER });
    await waitFor(() => expect(calls()).toEqual([`GET ${API.likes.ids}`]));

    act(() => likes.toggle('p1'));
    act(() => likes.toggle('p1'));
    expect(shown()).toBe('');
    await waitFor(() => expect(calls()).toContain(`POST ${API.likes.like('p1')}`));
    expect(calls()).not.toContain(`DELETE ${API.likes.like('p1')}`);

    await act(async () => posted.resolve(json({ productId: 'p1', liked: true })));
    await waitFor(() => expect(calls()).toContain(`DELETE ${API.likes.like('p1')}`));
    expect(shown()).toBe('');
  });

  it('keeps a change made while the sign-in refresh was loading', async () => {
    const answer = later();
    route = (method, url) => {
      if (method === 'GET' && url === API.likes.ids) return answer.promise;
      if (method === 'POST' && url === API.likes.like('p9')) return json({ productId: 'p9', liked: true });
      return undefined;
    };
    renderLikes({ isAuthenticated: true, userId: USER });
    await waitFor(() => expect(isReady()).toBe(true));
    act(() => likes.toggle('p9'));
    await act(async () => answer.resolve(json({ productIds: ['s1'] })));
    await waitFor(() => expect(shown()).toBe('p9,s1'));
  });

  it("forgets the account's likes on sign-out and shows the guest's again", async () => {
    localStorage.setItem(STORAGE_KEYS.guestLikes, JSON.stringify(['guest1']));
    route = (method, url) =>
      method === 'GET' && url === API.likes.ids ? json({ productIds: ['s1'] }) : undefined;
    const view = renderLikes({ isAuthenticated: true, userId: USER });
    await waitFor(() => expect(shown()).toBe('s1'));

    view.rerenderWith({ isAuthenticated: false, userId: null });
    await waitFor(() => expect(shown()).toBe('guest1'));
    expect(localStorage.getItem(STORAGE_KEYS.userLikes)).toBeNull();
  });
});
