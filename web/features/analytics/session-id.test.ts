import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../common/constants';
import { clearSessionId, createSessionId, getSessionId } from './session-id';

beforeEach(() => clearSessionId());
afterEach(() => vi.restoreAllMocks());

describe('analytics session id', () => {
  it('is 16 random bytes from crypto.getRandomValues written as 32 lowercase hex characters', () => {
    const random = vi.spyOn(crypto, 'getRandomValues');
    const id = createSessionId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(random).toHaveBeenCalledWith(expect.any(Uint8Array));
    expect(random.mock.calls[0]?.[0]).toHaveLength(16);
  });

  it('keeps leading zero bytes as two hex digits', () => {
    vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      new Uint8Array(array.buffer).set([0, 1, 15, 16, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10]);
      return array;
    });
    expect(createSessionId()).toBe('00010f10ff000000000000000000000a');
  });

  it('is stored under its local storage key on first use and reused afterwards', () => {
    const first = getSessionId();
    expect(localStorage.getItem(STORAGE_KEYS.analyticsSession)).toBe(first);
    expect(getSessionId()).toBe(first);
  });

  it('reuses an id already in local storage, as after a reload', () => {
    localStorage.setItem(STORAGE_KEYS.analyticsSession, 'ab'.repeat(16));
    expect(getSessionId()).toBe('ab'.repeat(16));
  });

  it('replaces a malformed stored value, which the server would refuse', () => {
    localStorage.setItem(STORAGE_KEYS.analyticsSession, 'not-a-session-id');
    const id = getSessionId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem(STORAGE_KEYS.analyticsSession)).toBe(id);
  });

  it('keeps one id for the page load when local storage throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const id = getSessionId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(getSessionId()).toBe(id);
  });

  it('is forgotten by clearSessionId, so the next one is new', () => {
    const first = getSessionId();
    clearSessionId();
    expect(localStorage.getItem(STORAGE_KEYS.analyticsSession)).toBeNull();
    expect(getSessionId()).not.toBe(first);
  });
});
