/**
 * Local storage that never throws: some browsers (private modes, blocked storage) throw on access,
 * and analytics must never break a page.
 */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage is unavailable; the caller falls back to memory for this page load.
  }
}
