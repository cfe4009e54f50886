import { createBrowserRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { keyThisHistoryEntry } from './history-entry-key';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('keyThisHistoryEntry', () => {
  it('gives an entry without state a key of its own, which the router then uses as location.key', () => {
    window.history.replaceState(null, '', '/about');
    const key = keyThisHistoryEntry(window.history);
    expect(key).toMatch(/^[0-9a-z]{8}$/);
    expect(key).not.toBe('default');
    expect(window.history.state).toEqual({ key });

    const router = createBrowserRouter([{ path: '*', element: null }]);
    expect(router.state.location.pathname).toBe('/about');
    expect(router.state.location.key).toBe(key);
    // The router adds its index and keeps the key.
    expect(window.history.state).toEqual({ key, idx: 0 });
    router.dispose();
  });

  it('keeps the key of an entry that has one (a reload, or back to this document)', () => {
    window.history.replaceState({ usr: { from: 'cart' }, key: 'k1k2k3k4', idx: 3 }, '', '/product/1');
    expect(keyThisHistoryEntry(window.history)).toBe('k1k2k3k4');
    expect(window.history.state).toEqual({ usr: { from: 'cart' }, key: 'k1k2k3k4', idx: 3 });
  });

  it('keeps what else the entry holds when it adds the key', () => {
    window.history.replaceState({ idx: 0 }, '', '/');
    const key = keyThisHistoryEntry(window.history);
    expect(window.history.state).toEqual({ idx: 0, key });
  });

  it('draws a different key for each new entry', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      window.history.replaceState(null, '', '/');
      keys.add(keyThisHistoryEntry(window.history));
    }
    expect(keys.size).toBe(20);
  });
});
