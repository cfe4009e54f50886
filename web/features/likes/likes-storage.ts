import { STORAGE_KEYS } from '../../../common/constants';

/** More likes than this are not kept in the browser (the newest stay); a wishlist is never this long. */
export const MAX_STORED_LIKES = 500;
const MAX_ID_LENGTH = 64;

function isProductId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH;
}

/** A list of product ids without repeats; anything else in it is dropped. */
function idsFrom(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter(isProductId))].slice(0, MAX_STORED_LIKES);
}

function read(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    // Unreadable storage or a broken value: start from no likes rather than failing the page.
    return null;
  }
}

function write(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or private mode: the likes still work for this visit.
  }
}

/** A guest's likes (SPEC.md §3), newest first. */
export function loadGuestLikes(storage: Storage = localStorage): string[] {
  return idsFrom(read(storage, STORAGE_KEYS.guestLikes));
}

export function saveGuestLikes(ids: readonly string[], storage: Storage = localStorage): void {
  write(storage, STORAGE_KEYS.guestLikes, ids.slice(0, MAX_STORED_LIKES));
}

/**
 * A signed-in shopper's last known likes. They are stored with the shopper's id, so on a shared
 * browser one account never shows another's likes while the server list loads.
 */
export function loadUserLikes(userId: string, storage: Storage = localStorage): string[] {
  const stored = read(storage, STORAGE_KEYS.userLikes);
  if (!stored || typeof stored !== 'object' || !('userId' in stored) || stored.userId !== userId) return [];
  return 'productIds' in stored ? idsFrom(stored.productIds) : [];
}

export function saveUserLikes(userId: string, ids: readonly string[], storage: Storage = localStorage): void {
  write(storage, STORAGE_KEYS.userLikes, { userId, productIds: ids.slice(0, MAX_STORED_LIKES) });
}

/** Forgets the signed-in shopper's likes (after sign-out). */
export function clearUserLikes(storage: Storage = localStorage): void {
  try {
    storage.removeItem(STORAGE_KEYS.userLikes);
  } catch {
    // Nothing to do: storage is unavailable.
  }
}
